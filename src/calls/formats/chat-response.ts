import { childPath } from '../path'
import { has, isObject, peek, type FormatReader } from './reader'

/** Fields by which a response or a choice says that its message is done. */
const STOP_FIELDS = ['finish_reason', 'finishReason', 'done']

/**
 * A response or a choice that wraps one message: a Chat Completions choice (`{ index,
 * message, finish_reason }`, Mistral's SDK spells it `finishReason`), a Cohere v2 response, or
 * an Ollama chat response (`{ model, message, done }`). Read as its message.
 */
export const readChatResponse: FormatReader = (value, path, context) => {
  const message = peek(value, 'message')
  if (!isObject(message) || has(value, 'role') || !STOP_FIELDS.some((field) => has(value, field))) return undefined
  return context.read(message, childPath(path, 'message'))
}
