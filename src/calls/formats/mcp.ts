import { atPath, childPath, describe } from '../path'
import { unparseableCall } from '../tool-call'
import { callAt, get, isObject, noCalls, peek, type FormatReader } from './reader'

/**
 * The Model Context Protocol: a `tools/call` request, `{ method: 'tools/call', params: { name,
 * arguments } }`, as a JSON-RPC message or as a server's handler receives it. Every other
 * JSON-RPC message (a result sent back, a list of tools, a notification) holds no call and
 * ends a turn.
 */
export const readMcp: FormatReader = (value, path) => {
  if (peek(value, 'method') !== 'tools/call') return peek(value, 'jsonrpc') === '2.0' ? noCalls() : undefined
  const paramsPath = childPath(path, 'params')
  const params = get(value, 'params', paramsPath)
  if (!isObject(params)) return { call: unparseableCall(atPath(paramsPath, `expected { name, arguments }, received ${describe(params)}`)) }
  const namePath = childPath(paramsPath, 'name')
  const argsPath = childPath(paramsPath, 'arguments')
  return { call: callAt(params, 'name', namePath, 'arguments', argsPath) }
}
