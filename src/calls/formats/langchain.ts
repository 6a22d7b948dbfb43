import { forEachIndex } from '../list-indices'
import { atPath, childPath, describe } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { get, has, isList, isObject, lengthOf, noCalls, peek, type Context, type FormatReader, type Reading } from './reader'

/** `type` of LangChain messages other than the AI's; they hold no call. */
const OTHER_MESSAGE_TYPES = new Set(['human', 'system', 'tool', 'generic', 'developer', 'function', 'remove'])

/**
 * LangChain: an `AIMessage` or `AIMessageChunk` (class instance or plain `{ type: 'ai' }`),
 * its serialised `toJSON()` form `{ lc, type: 'constructor', id, kwargs }`, and the stored
 * form `{ type: 'ai', data }`. Its `tool_calls` are its calls, `invalid_tool_calls` are
 * unparseable ones; its `content` may repeat the calls as vendor blocks and is not read.
 */
export const readLangChain: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if (type === 'ai') {
    const data = peek(value, 'data')
    const hasOwnFields = has(value, 'tool_calls') || has(value, 'content')
    if (!hasOwnFields && isObject(data)) return readAIMessage(data, childPath(path, 'data'), context)
    return readAIMessage(value, path, context)
  }
  if (type === 'constructor' && has(value, 'lc') && has(value, 'kwargs')) return readSerialized(value, path, context)
  if (type === 'invalid_tool_call') return { call: invalidToolCall(value, path) }
  if (typeof type === 'string' && OTHER_MESSAGE_TYPES.has(type) && (has(value, 'content') || has(value, 'data'))) {
    return noCalls()
  }
  return undefined
}

function readSerialized(value: object, path: string, context: Context): Reading {
  const id = peek(value, 'id')
  const className = isList(id) ? peek(id, lengthOf(id, childPath(path, 'id')) - 1) : undefined
  const kwargsPath = childPath(path, 'kwargs')
  const kwargs = get(value, 'kwargs', kwargsPath)
  if (className === 'AIMessage' || className === 'AIMessageChunk') {
    return isObject(kwargs) ? readAIMessage(kwargs, kwargsPath, context) : noCalls()
  }
  if (typeof className === 'string' && /Message(Chunk)?$/.test(className)) return noCalls()
  return { call: unparseableCall(atPath(path, `expected a serialised LangChain message, received ${String(className)}`)) }
}

function readAIMessage(message: object, path: string, context: Context): Reading {
  const toolCallsPath = childPath(path, 'tool_calls')
  const turn = context.calls(get(message, 'tool_calls', toolCallsPath), toolCallsPath)
  const invalidPath = childPath(path, 'invalid_tool_calls')
  const invalid = get(message, 'invalid_tool_calls', invalidPath)
  if (isList(invalid)) {
    forEachIndex(invalid, lengthOf(invalid, invalidPath), (index) => {
      const itemPath = childPath(invalidPath, index)
      turn.push(invalidToolCall(get(invalid, index, itemPath), itemPath))
    })
  }
  return { turns: [turn] }
}

/** LangChain's record of a call whose arguments did not parse: unparseable, with its error. */
function invalidToolCall(value: unknown, path: string): ToolCall {
  if (!isObject(value)) return unparseableCall(atPath(path, `expected an invalid tool call, received ${describe(value)}`))
  const name = get(value, 'name', childPath(path, 'name'))
  const error = get(value, 'error', childPath(path, 'error'))
  const reason = typeof error === 'string' && error !== '' ? error : 'invalid tool call'
  return unparseableCall(atPath(path, reason), typeof name === 'string' ? name : '')
}
