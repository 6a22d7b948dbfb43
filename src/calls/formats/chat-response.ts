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
  if (!wrapsOneMessage(value)) return undefined
  return context.read(peek(value, 'message'), childPath(path, 'message'))
}

/** Whether `value` is such a response or choice: a `message` object beside a field that says it is done, and no `role` of its own. Never throws. */
export function wrapsOneMessage(value: object): boolean {
  return isObject(peek(value, 'message')) && !has(value, 'role') && STOP_FIELDS.some((field) => has(value, field))
}
