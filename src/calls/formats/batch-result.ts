import { atPath, childPath, describe } from '../path'
import { unparseableCall } from '../tool-call'
import { because } from './api-error'
import { get, has, isObject, peek, type Context, type FormatReader, type Reading } from './reader'

/** The batch APIs whose result lines are read, each told by its keys. */
export type BatchKind = 'openai' | 'anthropic' | 'gemini' | 'vertex'

/**
 * Which batch API's result line a value is: OpenAI's (and Mistral's) `{ custom_id, response,
 * error }`, Anthropic's `{ custom_id, result: { type } }`, Gemini's `{ key, response }` or
 * `{ key, error }` and nothing else, Vertex AI's `{ request, response?, status }`.
 */
export function batchKindOf(value: object): BatchKind | undefined {
  if (has(value, 'custom_id')) {
    const result = peek(value, 'result')
    if (isObject(result) && typeof peek(result, 'type') === 'string') return 'anthropic'
    return has(value, 'response') || has(value, 'error') ? 'openai' : undefined
  }
  if (has(value, 'key')) return isGeminiLine(value) ? 'gemini' : undefined
  if (isObject(peek(value, 'request')) && (has(value, 'response') || has(value, 'status'))) return 'vertex'
  return undefined
}

/**
 * What a line of a batch's *input* is, when it is one: OpenAI's `{ custom_id, method, url, body }`
 * (Mistral's `{ custom_id, body }`), Anthropic's `{ custom_id, params }`, Gemini's `{ key, request }`.
 * Such a line holds a request, not a result: a results file that holds
 * it was mixed up with the input.
 */
export function batchRequestOf(value: object): string | undefined {
  if (batchKindOf(value) !== undefined) return undefined
  if (has(value, 'custom_id')) {
    if (isObject(peek(value, 'params'))) return "Anthropic's { custom_id, params }"
    const body = peek(value, 'body')
    if (!isObject(body)) return undefined
    if (has(value, 'url') && has(value, 'method')) return "OpenAI's { custom_id, method, url, body }"
    // Mistral's lines name no endpoint: a body holding the request's messages tells them from a response.
    return has(body, 'messages') && !has(body, 'choices') ? "Mistral's { custom_id, body }" : undefined
  }
  // Vertex AI's `{ request }` is left out: one key holding an object is a BFCL call to a tool of that name.
  // A line that holds a response, an error or a status beside its request is some result, not the batch's input.
  if (has(value, 'response') || has(value, 'error') || has(value, 'status')) return undefined
  return has(value, 'key') && isObject(peek(value, 'request')) ? "Gemini's { key, request }" : undefined
}

/** The id a batch result line gives its request (`custom_id`, Gemini's `key`); `undefined` for any other value. */
export function batchResultId(value: object): unknown {
  switch (batchKindOf(value)) {
    case 'openai':
    case 'anthropic':
      return peek(value, 'custom_id')
    case 'gemini':
      return peek(value, 'key')
    default:
      return undefined
  }
}

/**
 * A line of a batch API's results, a response of its own: its response read in whatever format
 * it is, at its path (`response.body`, `result.message`), as a turn of its own; a request that
 * failed (an `error`, a status other than 200, a result `errored`, `canceled` or `expired`, a
 * Vertex AI `status` given) is one unparseable call that says why.
 */
export const readBatchResult: FormatReader = (value, path, context) => {
  switch (batchKindOf(value)) {
    case 'openai':
      return openAIResult(value, path, context)
    case 'anthropic':
      return anthropicResult(value, path, context)
    case 'gemini':
      return has(value, 'error') ? failedWith(value, path) : response(value, 'response', path, context)
    case 'vertex':
      return vertexResult(value, path, context)
    default: {
      const request = batchRequestOf(value)
      return request === undefined ? undefined : failed(path, batchRequestReason(request))
    }
  }
}

/** Why a batch's request line is no result. */
export function batchRequestReason(request: string): string {
  return `a batch request line (${request}), not a result: the batch's input, where its output was expected`
}

function isGeminiLine(value: object): boolean {
  try {
    const keys = Object.keys(value)
    return keys.length === 2 && keys.includes('key') && (keys.includes('response') || keys.includes('error'))
  } catch {
    return false
  }
}

/** `{ id, custom_id, response: { status_code, request_id, body } | null, error: { code, message } | null }`. */
function openAIResult(line: object, path: string, context: Context): Reading {
  // Read, not peeked: an error that cannot be read is named as such, not taken for no error.
  const error = get(line, 'error', childPath(path, 'error'))
  if (error !== undefined && error !== null) return failedWith(line, path)
  const responsePath = childPath(path, 'response')
  const answer = get(line, 'response', responsePath)
  if (!isObject(answer)) return failed(responsePath, `expected a response or an error, received ${describe(answer)}`)
  const statusPath = childPath(responsePath, 'status_code')
  const status = get(answer, 'status_code', statusPath)
  const bodyPath = childPath(responsePath, 'body')
  const body = get(answer, 'body', bodyPath)
  // The body of a request that failed is `{ error: { message, type, code } }`, which read as a response would be a call to a tool named `error`.
  const bodyError = isObject(body) && !has(body, 'choices') && !has(body, 'output') ? get(body, 'error', childPath(bodyPath, 'error')) : undefined
  // A line written without its status (by hand, or by a tool that keeps only the body) is read as what its body shows.
  if (status === undefined && isObject(bodyError)) return failed(bodyPath, `the request failed${because(bodyError)}`)
  if (status === undefined || status === 200) return response(answer, 'body', responsePath, context)
  const shownStatus = typeof status === 'number' ? String(status) : describe(status)
  return failed(statusPath, `the request failed with status ${shownStatus}${because(bodyError)}`)
}

/** `{ custom_id, result: { type: 'succeeded', message } | { type: 'errored', error: { type: 'error', error } } | { type: 'canceled' } | { type: 'expired' } }`. */
function anthropicResult(line: object, path: string, context: Context): Reading {
  const resultPath = childPath(path, 'result')
  const result = get(line, 'result', resultPath)
  // Told apart as an object with a type, though a getter may give another value when read again.
  if (!isObject(result)) return failed(resultPath, `expected a result, received ${describe(result)}`)
  const type = peek(result, 'type')
  switch (type) {
    case 'succeeded':
      return response(result, 'message', resultPath, context)
    case 'errored': {
      const error = get(result, 'error', childPath(resultPath, 'error'))
      // The error response's body, `{ type: 'error', error: { type, message } }`, holds the error.
      const inner = isObject(error) && peek(error, 'type') === 'error' && isObject(peek(error, 'error')) ? peek(error, 'error') : error
      return failed(resultPath, `the request was errored${because(inner)}`)
    }
    case 'canceled':
      return failed(resultPath, 'the request was canceled before it was processed')
    case 'expired':
      return failed(resultPath, 'the request expired before it was processed')
    default:
      return failed(childPath(resultPath, 'type'), `expected a result succeeded, errored, canceled or expired, received ${typeof type === 'string' ? JSON.stringify(type) : describe(type)}`)
  }
}

/** `{ request, response, status, processed_time }`: a status other than the empty string says why the request failed. */
function vertexResult(line: object, path: string, context: Context): Reading {
  const statusPath = childPath(path, 'status')
  const status = get(line, 'status', statusPath)
  if (typeof status === 'string' && status !== '') return failed(statusPath, `the request failed${because(status)}`)
  return response(line, 'response', path, context)
}

/** The response at `key`, read as a turn of its own: a batch line is one whole response. */
function response(holder: object, key: string, path: string, context: Context): Reading {
  const responsePath = childPath(path, key)
  const answer = get(holder, key, responsePath)
  if (!isObject(answer)) return failed(responsePath, `expected a response, received ${describe(answer)}`)
  const reading = context.read(answer, responsePath)
  return 'call' in reading ? { turns: [[reading.call]] } : { turns: reading.turns }
}

/** A line whose `error` says why its request failed (OpenAI's, Gemini's). */
function failedWith(line: object, path: string): Reading {
  const errorPath = childPath(path, 'error')
  return failed(errorPath, `the request failed${because(get(line, 'error', errorPath))}`)
}

function failed(path: string, reason: string): Reading {
  return { turns: [[unparseableCall(atPath(path, reason))]] }
}
