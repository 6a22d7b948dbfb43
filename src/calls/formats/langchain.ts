import { callOf, callOfParsed } from '../arguments'
import { atPath, childPath, describe } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { forEachItem, get, has, isList, isObject, lengthOf, noCalls, partOfTurn, peek, type Context, type FormatReader, type Reading } from './reader'

/** `type` of LangChain messages other than the AI's; they hold no call. */
const OTHER_MESSAGE_TYPES = new Set(['human', 'system', 'tool', 'generic', 'developer', 'function', 'remove'])

/**
 * LangChain: an `AIMessage` or `AIMessageChunk` (class instance, of @langchain/core 0.3 too, or plain `{ type: 'ai' }`),
 * its serialised `toJSON()` form `{ lc, type: 'constructor', id, kwargs }`, and the stored
 * form `{ type: 'ai', data }`. Its `tool_calls` are its calls, `invalid_tool_calls` are
 * unparseable ones (a message without `tool_calls` has them in `additional_kwargs.tool_calls`);
 * its `content` may repeat the calls as vendor blocks and is not read.
 */
export const readLangChain: FormatReader = (value, path, context) => {
  const type = langChainTypeOf(value)
  if (type === 'ai') {
    const data = peek(value, 'data')
    const hasOwnFields = has(value, 'tool_calls') || has(value, 'content')
    if (!hasOwnFields && isObject(data)) return readAIMessage(data, childPath(path, 'data'), context)
    return readAIMessage(value, path, context)
  }
  if (type === 'constructor' && has(value, 'lc') && has(value, 'kwargs')) return readSerialized(value, path, context)
  if (type === 'invalid_tool_call') return { call: invalidToolCall(value, path) }
  // A standard content block of a call the provider ran itself (a web search): not the agent's.
  if (type === 'server_tool_call') return partOfTurn()
  if (typeof type === 'string' && OTHER_MESSAGE_TYPES.has(type) && (has(value, 'content') || has(value, 'data'))) {
    return noCalls()
  }
  return undefined
}

/** The `type` Python's LangChain gives a chunk's dump (`model_dump()`), as a LangGraph server sends it, and its message's. */
const PYTHON_CHUNK_TYPES: Record<string, string> = {
  AIMessageChunk: 'ai',
  HumanMessageChunk: 'human',
  ToolMessageChunk: 'tool',
  SystemMessageChunk: 'system',
  ChatMessageChunk: 'generic',
  FunctionMessageChunk: 'function',
}

/**
 * A LangChain message's `type` (a chunk dumped by Python's LangChain, `AIMessageChunk`, as its
 * message's, `ai`); a message of @langchain/core 0.3 or before has no such field, and says its type
 * through its class's `_getType()` (asked only of LangChain's own objects, which hold `lc_kwargs`).
 * Undefined where neither tells, and where asking throws.
 */
export function langChainTypeOf(value: object): unknown {
  const type = peek(value, 'type')
  if (typeof type === 'string' && Object.hasOwn(PYTHON_CHUNK_TYPES, type)) return PYTHON_CHUNK_TYPES[type]
  if (type !== undefined || !has(value, 'lc_kwargs')) return type
  try {
    const getType: unknown = (value as { _getType?: unknown })._getType
    return typeof getType === 'function' ? getType.call(value) : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `value` is a LangChain message of any type in a form that only LangChain writes: a
 * class instance, its stored form `{ type, data }`, or its serialised `toJSON()` form; a plain
 * `{ type: 'ai', content }` could be anyone's data. Never throws.
 */
export function isLangChainMessage(value: unknown): boolean {
  if (!isObject(value)) return false
  const type = langChainTypeOf(value)
  if (type === 'constructor') return has(value, 'lc') && has(value, 'kwargs')
  if (type !== 'ai' && !(typeof type === 'string' && OTHER_MESSAGE_TYPES.has(type))) return false
  return has(value, 'data') || !hasPlainPrototype(value)
}

function hasPlainPrototype(value: object): boolean {
  try {
    const prototype = Object.getPrototypeOf(value)
    return prototype === Object.prototype || prototype === null
  } catch {
    return true
  }
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
  const named = typeof className === 'string' ? className : describe(className)
  return { call: unparseableCall(atPath(path, `expected a serialised LangChain message, received ${named}`)) }
}

function readAIMessage(message: object, path: string, context: Context): Reading {
  const toolCallsPath = childPath(path, 'tool_calls')
  const toolCalls = get(message, 'tool_calls', toolCallsPath)
  if (toolCalls === undefined) {
    // An older stored message keeps its calls only in the vendor's form, as LangChain itself then reads them.
    const legacy = legacyToolCalls(message, path)
    if (legacy !== undefined) return { turns: [context.calls(legacy.calls, legacy.path)] }
  }
  const turn = context.calls(toolCalls, toolCallsPath)
  checkChunkArguments(message, path, toolCalls, turn, context)
  refuseArgumentsAsText(toolCalls, toolCallsPath, turn, context)
  const invalidPath = childPath(path, 'invalid_tool_calls')
  const invalid = get(message, 'invalid_tool_calls', invalidPath)
  if (isList(invalid)) forEachItem(invalid, invalidPath, context, (item, itemPath) => turn.push(invalidToolCall(item, itemPath)))
  return { turns: [turn] }
}

/** The OpenAI-form calls in `additional_kwargs.tool_calls`, where a message has them. */
function legacyToolCalls(message: object, path: string): { calls: unknown[]; path: string } | undefined {
  const kwargs = peek(message, 'additional_kwargs')
  const calls = isObject(kwargs) ? peek(kwargs, 'tool_calls') : undefined
  return isList(calls) ? { calls, path: childPath(childPath(path, 'additional_kwargs'), 'tool_calls') } : undefined
}

/**
 * A streamed message's `tool_calls` are parsed from its chunks leniently: a stream cut off in
 * `{"city":"Paris"` still gives `{ city: 'Paris' }`. The model's own text is in
 * `tool_call_chunks`; a call whose text is not valid JSON is unparseable, as it is in any
 * other format. A chunk is told to its call by id, or by place where ids tell nothing.
 */
function checkChunkArguments(message: object, path: string, toolCalls: unknown, turn: ToolCall[], context: Context): void {
  const chunksPath = childPath(path, 'tool_call_chunks')
  const chunks = peek(message, 'tool_call_chunks')
  if (!isList(chunks) || !isList(toolCalls)) return
  const toolCallsPath = childPath(path, 'tool_calls')
  const count = lengthOf(chunks, chunksPath)
  const calls = lengthOf(toolCalls, toolCallsPath)
  // Each call's place by its id (-2 where two calls share it), found once: not one search of the calls for every chunk.
  let placeById: Map<unknown, number> | undefined
  context.indices(chunks, chunksPath, (index) => {
    const chunkPath = childPath(chunksPath, index)
    const chunk = get(chunks, index, chunkPath)
    if (!isObject(chunk)) return
    const text = peek(chunk, 'args')
    if (typeof text !== 'string') return
    const id = peek(chunk, 'id')
    let at = -1
    // By id where it names one call alone; else, as many chunks as calls, by place.
    if (typeof id === 'string' && id !== '') {
      placeById ??= placesById(toolCalls, toolCallsPath, context)
      at = placeById.get(id) ?? -1
    }
    if (at < 0) at = count === calls ? index : -1
    const call = turn[at]
    if (call === undefined || call.unparseable !== undefined) return
    const read = callOf(call.name, childPath(chunkPath, 'name'), text, childPath(chunkPath, 'args'))
    if (read.unparseable !== undefined) turn[at] = read
  })
}

/**
 * LangChain's `tool_calls` hold arguments parsed from the model's JSON: a string there is what that JSON
 * held (arguments encoded twice, which LangChain's own tools refuse), not text to parse again.
 */
function refuseArgumentsAsText(toolCalls: unknown, path: string, turn: ToolCall[], context: Context): void {
  if (!isList(toolCalls)) return
  context.indices(toolCalls, path, (index) => {
    const call = turn[index]
    const toolCall = peek(toolCalls, index)
    if (call === undefined || call.unparseable !== undefined || !isObject(toolCall)) return
    const args = peek(toolCall, 'args')
    const callPath = childPath(path, index)
    if (typeof args === 'string') turn[index] = callOfParsed(call.name, childPath(callPath, 'name'), args, childPath(callPath, 'args'), false)
  })
}

/** Where each id stands among the calls: its index, or -2 where more than one call has it. The calls are walked as they are read, never a vast length. */
function placesById(toolCalls: unknown[], path: string, context: Context): Map<unknown, number> {
  const places = new Map<unknown, number>()
  context.indices(toolCalls, path, (i) => {
    const toolCall = peek(toolCalls, i)
    if (!isObject(toolCall)) return
    const id = peek(toolCall, 'id')
    places.set(id, places.has(id) ? -2 : i)
  })
  return places
}

/** LangChain's record of a call whose arguments did not parse: unparseable, with its error. */
function invalidToolCall(value: unknown, path: string): ToolCall {
  if (!isObject(value)) return unparseableCall(atPath(path, `expected an invalid tool call, received ${describe(value)}`))
  const name = get(value, 'name', childPath(path, 'name'))
  const error = get(value, 'error', childPath(path, 'error'))
  const reason = typeof error === 'string' && error !== '' ? error : 'invalid tool call'
  return unparseableCall(atPath(path, reason), typeof name === 'string' ? name : '')
}
