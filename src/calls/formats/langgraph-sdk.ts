import { atPath, childPath } from '../path'
import { type ToolCall, unparseableCall } from '../tool-call'
import { because } from './api-error'
import { graphMessageOf, sdkEventOf } from './langgraph'
import { get, has, isObject, noCalls, peek, type Context, type FormatReader, type Reading } from './reader'

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
  // A message pair, [message, metadata], is its message.
  const message = event.mode === 'messages' ? graphMessageOf(event.data) : undefined
  if (message !== undefined) return context.read(message, childPath(dataPath, 0))
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
