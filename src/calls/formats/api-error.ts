import { startOf } from '../text-excerpt'
import { atPath, childPath } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { type FormatReader, has, isObject, peek } from './reader'

/** Characters of a failed request's message kept in its reason: an API's error may quote much of the request. */
const MESSAGE_SHOWN = 200

/**
 * What an API's error says, in parentheses: its kind (Gemini's `status`, OpenAI's `code`, the
 * most precise it gives, else its `type`, Anthropic's) and its message, cut when long; nothing when it says nothing.
 */
export function because(error: unknown): string {
  if (typeof error === 'string') return error === '' ? '' : ` (${shortened(error)})`
  if (!isObject(error)) return ''
  const message = peek(error, 'message')
  const kind = [peek(error, 'status'), peek(error, 'code'), peek(error, 'type')].find((field) => (typeof field === 'string' && field !== '') || typeof field === 'number')
  const text = typeof message === 'string' && message !== '' ? message : undefined
  if (kind === undefined && text === undefined) return ''
  const said = kind === undefined ? text! : text === undefined ? String(kind) : `${String(kind)}: ${text}`
  return ` (${shortened(said)})`
}

/** A message on one line, cut after MESSAGE_SHOWN characters. */
function shortened(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  return oneLine.length <= MESSAGE_SHOWN ? oneLine : `${startOf(oneLine, MESSAGE_SHOWN)}…`
}

/**
 * A stream's error event, the run failing: the AI SDK's `{ type: 'error', error }` part (a UI
 * message stream's `{ type: 'error', errorText }`), Anthropic's and the Responses API's
 * `{ type: 'error', error | message }` events. One unparseable call saying so, as for a batch
 * request that failed: a run that crashed passes no test by making no calls.
 */
export function streamErrorCall(event: object, path: string): ToolCall {
  const key = ['errorText', 'error'].find((field) => has(event, field))
  // The event's own `type` is its tag, not the error's kind.
  const said = because(key === undefined ? { code: peek(event, 'code'), message: peek(event, 'message') } : peek(event, key))
  return unparseableCall(atPath(key === undefined ? path : childPath(path, key), `the stream reported an error${said}`))
}

/** A whole response whose `status` says it failed (the Responses API's `failed`): an unparseable call naming its `error`. */
export function failedResponseCall(response: object, path: string): ToolCall | undefined {
  if (peek(response, 'status') !== 'failed') return undefined
  return unparseableCall(atPath(childPath(path, 'status'), `the response failed${because(peek(response, 'error'))}`))
}

/**
 * An API's error body given as the response, OpenAI's `{ error: { message, type, code } }` or Gemini's
 * `{ error: { code, message, status } }`: one unparseable call saying the request failed, where BFCL's
 * one-key form would read a call to a tool named `error`. Told by a message beside the error's kind.
 */
export const readApiErrorBody: FormatReader = (value, path) => {
  const error = peek(value, 'error')
  if (!isObject(error) || Object.keys(value).length !== 1 || typeof peek(error, 'message') !== 'string') return undefined
  if (![peek(error, 'type'), peek(error, 'code'), peek(error, 'status')].some((kind) => kind !== undefined)) return undefined
  return { call: unparseableCall(atPath(childPath(path, 'error'), `the request failed${because(error)}`)) }
}
