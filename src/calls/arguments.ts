import { atPath, describe, errorMessage } from './path'
import { isPlainObject, readValue } from './plain-value'
import { unparseableCall, type ToolCall } from './tool-call'

export type ArgumentsReading = { ok: true; args: Record<string, unknown> } | { ok: false; reason: string }

/**
 * A call's arguments as an API gives them: an object, or a JSON string of one (OpenAI,
 * Responses, raw AI SDK input). Absent, `null`, blank and `"null"` arguments are no arguments,
 * as models and OpenAI-compatible servers send them for tools without parameters.
 */
export function readArguments(raw: unknown, path: string): ArgumentsReading {
  if (raw === undefined || raw === null) return { ok: true, args: {} }
  if (typeof raw === 'string') return readJsonArguments(raw, path)
  if (!isPlainObject(raw)) {
    return { ok: false, reason: atPath(path, `expected an object of arguments, received ${describe(raw)}`) }
  }
  const copy = readValue(raw, path)
  return copy.ok ? { ok: true, args: copy.value as Record<string, unknown> } : copy
}

function readJsonArguments(text: string, path: string): ArgumentsReading {
  if (text.trim() === '') return { ok: true, args: {} }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { ok: false, reason: atPath(path, `not valid JSON (${errorMessage(error)})`) }
  }
  if (parsed === null) return { ok: true, args: {} }
  if (!isPlainObject(parsed)) {
    return { ok: false, reason: atPath(path, `expected a JSON object of arguments, received ${describe(parsed)}`) }
  }
  const copy = readValue(parsed, path)
  return copy.ok ? { ok: true, args: copy.value as Record<string, unknown> } : copy
}

/** A call that gives its arguments under two keys: unparseable, as grading either set would pass over the other. */
export function twoArgumentSets(name: unknown, path: string, first: string, second: string): ToolCall {
  return unparseableCall(atPath(path, `gives both ${first} and ${second}; a call has one`), typeof name === 'string' ? name : '')
}

/** A call from a name and raw arguments read at the given paths; a bad one is unparseable. */
export function callOf(name: unknown, namePath: string, rawArgs: unknown, argsPath: string): ToolCall {
  if (typeof name !== 'string' || name === '') {
    return unparseableCall(atPath(namePath, `expected a tool name, received ${describe(name)}`))
  }
  const args = readArguments(rawArgs, argsPath)
  return args.ok ? { name, args: args.args } : unparseableCall(args.reason, name)
}

/**
 * A call whose arguments an SDK has parsed already (the AI SDK's calls past the model, LangChain's
 * `tool_calls`): a string there is what the model's JSON held, a string rather than an object, not
 * JSON text to parse again, which would grade arguments encoded twice as right. Where the SDK
 * could not parse the text (`failed`), it keeps the text as it came, and one that is not JSON is said so.
 */
export function callOfParsed(name: unknown, namePath: string, input: unknown, inputPath: string, failed = false): ToolCall {
  // Blank text is no arguments, as anywhere.
  if (typeof input !== 'string' || input.trim() === '' || typeof name !== 'string' || name === '') return callOf(name, namePath, input, inputPath)
  if (failed) {
    try {
      JSON.parse(input)
    } catch (error) {
      return unparseableCall(atPath(inputPath, `not valid JSON (${errorMessage(error)})`), name)
    }
  }
  return unparseableCall(atPath(inputPath, `expected an object of arguments, received ${describe(input)}`), name)
}
