import { atPath, childPath } from '../path'
import { type ToolCall, unparseableCall } from '../tool-call'
import { because } from './api-error'
import { get, has, hasOwnField, isObject, noCalls, peek, type Context, type FormatReader, type Reading } from './reader'

/** The events of a run streamed from a LangGraph server (`@langchain/langgraph-sdk`'s `client.runs.stream()`), by the mode each is of. */
const SDK_EVENTS = new Set([
  'values',
  'updates',
  'messages',
  'messages/complete',
  'messages/partial',
  'messages/metadata',
  'metadata',
  'end',
  'error',
  'events',
  'debug',
  'tasks',
  'checkpoints',
  'custom',
  'tools',
  'lifecycle',
])

/** An event `{ event, data }` a LangGraph server streams, its mode (a subgraph's, `values|ns`, as its graph's); undefined for anything else. Never throws. */
export function sdkEventOf(item: unknown): { mode: string; data: unknown } | undefined {
  if (!isObject(item) || !hasOwnField(item, 'event') || !has(item, 'data')) return undefined
  const event = peek(item, 'event')
  if (typeof event !== 'string') return undefined
  const mode = event.split('|', 1)[0]!
  return SDK_EVENTS.has(mode) ? { mode, data: peek(item, 'data') } : undefined
}

/**
 * One event of a LangGraph server's stream, read alone: a state's, a complete message's, an
 * update's or a message pair's data as such; an `error` event is the run failing; the others
 * hold no call. (In a list, the events of one mode are read, as `graph.stream()`'s chunks are.)
 * A thread's state (`client.threads.getState()`) is read as its `values`.
 */
export const readLangGraphSdk: FormatReader = (value, path, context) => {
  const event = sdkEventOf(value)
  if (event === undefined) return threadStateValues(value, path, context)
  const dataPath = childPath(path, 'data')
  if (event.mode === 'error') return { call: runFailed(event.data, dataPath) }
  if (event.mode === 'values' || event.mode === 'updates' || event.mode === 'messages' || event.mode === 'messages/complete') return context.read(get(value, 'data', dataPath), dataPath)
  return noCalls()
}

/** A server's error event's data, `{ error, message }`: the error's class and what it said. */
function runFailed(data: unknown, path: string): ToolCall {
  const said = isObject(data) ? because({ code: peek(data, 'error'), message: peek(data, 'message') }) : because(data)
  return unparseableCall(atPath(path, `the run failed${said}`))
}

function threadStateValues(value: object, path: string, context: Context): Reading | undefined {
  if (!has(value, 'values') || !has(value, 'next') || !has(value, 'checkpoint')) return undefined
  const valuesPath = childPath(path, 'values')
  return context.read(get(value, 'values', valuesPath), valuesPath)
}
