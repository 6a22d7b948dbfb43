import { callOf, twoArgumentSets } from '../arguments'
import { opensAsJsonObject } from '../looks-like-json'
import { atPath, childPath } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { readValue } from '../plain-value'
import { callAt, get, has, holds, isList, peek, type FormatReader } from './reader'

/**
 * Our own form: `{ name, args }` or `{ name, arguments }` (an object or a JSON string), and
 * `{ name }` alone for a call without arguments.
 */
export const readOwnCall: FormatReader = (value, path) => {
  const type = peek(value, 'type')
  if (isServerItem(type)) return undefined
  // A Responses call in a namespace is named within it, by the Responses reader.
  if (type === 'function_call' && peek(value, 'namespace') !== undefined) return undefined
  const argsGiven = holds(value, 'args')
  const argumentsGiven = holds(value, 'arguments')
  // The key that holds a value, before one that is only there, undefined.
  const argsKey = argsGiven ? 'args' : argumentsGiven ? 'arguments' : has(value, 'args') ? 'args' : has(value, 'arguments') ? 'arguments' : undefined
  if (argsKey === undefined && !isNameOnly(value)) return undefined
  if (isOneJsonText(value, argsKey ?? 'name')) return undefined
  const namePath = childPath(path, 'name')
  if (argsGiven && argumentsGiven) return { call: twoArgumentSets(get(value, 'name', namePath), path, 'args', 'arguments') }
  if (argsKey === undefined) return { call: callOf(get(value, 'name', namePath), namePath, undefined, path) }
  return { call: asWritten(value, path, callAt(value, 'name', namePath, argsKey, childPath(path, argsKey))) }
}

/**
 * A call as `toolCalls` writes it, read back as it was: one marked `unparseable` stays so, with its
 * reason, and arguments given by position are kept, so that calls read once and graded again are graded the same.
 */
function asWritten(value: object, path: string, call: ToolCall): ToolCall {
  const unparseable = peek(value, 'unparseable')
  if (typeof unparseable === 'string') return unparseableCall(unparseable, call.name)
  const positional = peek(value, 'positional')
  if (!isList(positional) || call.unparseable !== undefined) return call
  const copy = readValue(positional, childPath(path, 'positional'))
  if (!copy.ok) return unparseableCall(copy.reason, call.name)
  const items = copy.value as unknown[]
  return items.length === 0 ? call : { ...call, positional: items }
}

/** Our tuple form `[name]` or `[name, args]`: any array whose first element is a string. */
export function readTupleCall(tuple: unknown[], path: string): ToolCall {
  const length = get(tuple, 'length', path)
  if (length !== 1 && length !== 2) {
    return unparseableCall(atPath(path, `expected a call tuple [name, args], received an array of length ${String(length)}`))
  }
  const namePath = childPath(path, 0)
  const argsPath = childPath(path, 1)
  return callAt(tuple, 0, namePath, 1, argsPath)
}

/**
 * A Responses item for a tool the server runs or asks leave to run (`mcp_call`,
 * `mcp_approval_request`, `mcp_list_tools`), its built-in tool search (`tool_search_call`), or
 * the OpenAI Agents SDK's record of a built-in tool OpenAI ran (`hosted_tool_call`): it has
 * arguments, and some a name, but no call of ours.
 */
function isServerItem(type: unknown): boolean {
  return typeof type === 'string' && (type.startsWith('mcp_') || type === 'hosted_tool_call' || type === 'tool_search_call')
}

/**
 * `key` alone, holding the JSON text of an object (`{ name: '{"first": "Ada"}' }`): a
 * function-calling model's call as BFCL's result files hold it, to a tool named `key`, which
 * BFCL's reader takes. The text is looked at first, so that our own calls with arguments as
 * an object pay no key list.
 */
function isOneJsonText(value: object, key: string): boolean {
  const text = peek(value, key)
  if (typeof text !== 'string' || !opensAsJsonObject(text)) return false
  try {
    return Object.keys(value).length === 1
  } catch {
    return false
  }
}

function isNameOnly(value: object): boolean {
  try {
    const keys = Object.keys(value)
    return keys.length === 1 && keys[0] === 'name'
  } catch {
    return false
  }
}
