import { callOfParsed } from '../arguments'
import { childPath } from '../path'
import { wrapsOneMessage } from './chat-response'
import { addTurns, callAt, get, has, isList, isObject, peek, type FormatReader } from './reader'
import { turnsSincePrompt } from './since-prompt'

/**
 * Genkit: a message's part `{ toolRequest: { name, ref, input } }`, its `input` the value Genkit parsed
 * (text there is arguments the model encoded twice; none, a tool without input). A `toolResponse`
 * part holds no call, and is read with Gemini's parts. Tried before BFCL's one-key form, which
 * would read the part as a call to `toolRequest`.
 */
export const readGenkitPart: FormatReader = (value, path) => {
  if (!has(value, 'toolRequest') || has(value, 'type') || has(value, 'role')) return undefined
  const requestPath = childPath(path, 'toolRequest')
  const request = get(value, 'toolRequest', requestPath)
  if (!isObject(request) || !has(request, 'name')) return undefined
  return { call: callAt(request, 'name', childPath(requestPath, 'name'), 'input', childPath(requestPath, 'input'), callOfParsed) }
}

/**
 * Genkit's response (`ai.generate()`'s, a chat's `send()`'s, or its JSON), which holds its request:
 * its `message` is the last of the run, where Genkit ran the tools itself its answer, of no calls.
 * The run's calls are in the request's messages after the last user message, the prompt; those
 * before it are the conversation so far. Tried before the other responses that wrap a message.
 */
export const readGenkitResponse: FormatReader = (value, path, context) => {
  if (!has(value, 'request') || !wrapsOneMessage(value)) return undefined
  const request = peek(value, 'request')
  const messages = isObject(request) ? peek(request, 'messages') : undefined
  if (!isList(messages)) return undefined
  const turns = turnsSincePrompt(messages, childPath(childPath(path, 'request'), 'messages'), context, (message) => peek(message, 'role') === 'user')
  const messagePath = childPath(path, 'message')
  addTurns(turns, context.read(get(value, 'message', messagePath), messagePath))
  return { turns }
}
