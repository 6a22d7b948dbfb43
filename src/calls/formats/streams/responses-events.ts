import { childPath } from '../../path'
import type { ToolCall } from '../../tool-call'
import { failedResponseCall } from '../api-error'
import { inNamespace } from '../openai-responses'
import { get, isList, isObject, peek, type Context } from '../reader'
import { addArgumentsPiece, member, type PendingCall, type PendingCalls } from './pending-calls'

/** The events that end a response, the Realtime API's `response.done` among them; each holds the whole response. */
const RESPONSE_ENDS = new Set(['response.completed', 'response.incomplete', 'response.failed', 'response.done'])

const ITEM_ADDED = 'response.output_item.added'
const ITEM_DONE = 'response.output_item.done'

/**
 * Whether an event begins another response: its creation, or an item added (or done) again at
 * an index of this one; not the item done of a call whose arguments' done event gave it whole
 * (the Realtime API names the call there), which has the same id.
 */
export function beginsResponsesResponse(calls: PendingCalls, event: object): boolean {
  const type = peek(event, 'type')
  if (type === 'response.created') return true
  if (type !== ITEM_ADDED && type !== ITEM_DONE) return false
  const call = calls.find(peek(event, 'output_index'))
  if (call === undefined || !(type === ITEM_ADDED ? call.started : call.complete)) return false
  const item = member(event, 'item')
  const sameItem = type === ITEM_DONE && item !== undefined && [peek(item, 'id'), peek(item, 'call_id')].some((id) => id !== undefined && calls.findId(id) === call)
  return !sameItem
}

/**
 * The Responses API's events, as OpenAI's SDK puts them together: a `function_call` item
 * begins a call when added, its arguments' deltas add to it, and it is given whole when done.
 * The event that ends the response repeats its items; one is read from it only if no event
 * gave it whole before (`doneIds` holds the ids of those that did, across responses). True
 * when the response ends.
 */
export function takeResponsesEvent(calls: PendingCalls, doneIds: Set<unknown>, event: object, path: string, context: Context): boolean {
  const type = peek(event, 'type')
  if (type === ITEM_ADDED || type === ITEM_DONE) {
    const itemPath = childPath(path, 'item')
    takeItem(calls, doneIds, get(event, 'item', itemPath), peek(event, 'output_index'), itemPath, type === ITEM_DONE, false)
    return false
  }
  if (type === 'response.function_call_arguments.done' && typeof peek(event, 'name') === 'string') {
    // The Realtime API names the call here, with its arguments whole.
    takeCall(calls, doneIds, event, [peek(event, 'item_id'), peek(event, 'call_id')], peek(event, 'output_index'), path, 'function_call', true, false)
    return false
  }
  if (type === 'response.function_call_arguments.delta') {
    // A delta before its item was added still counts: the item names the call.
    const call = calls.at(peek(event, 'output_index'), childPath(path, 'item_id'))
    if (!call.complete) addArgumentsPiece(call, peek(event, 'delta'), childPath(path, 'delta'))
    return false
  }
  if (typeof type !== 'string' || !RESPONSE_ENDS.has(type)) return false
  const outputPath = childPath(childPath(path, 'response'), 'output')
  const response = member(event, 'response')
  const output = response === undefined ? undefined : peek(response, 'output')
  if (isList(output)) {
    context.indices(output, outputPath, (i) => {
      const itemPath = childPath(outputPath, i)
      takeItem(calls, doneIds, get(output, i, itemPath), i, itemPath, true, true)
    })
  }
  return true
}

/** The unparseable call that a response's end adds where it says the response failed (`response.failed`). */
export function responsesFailure(event: object, path: string): ToolCall | undefined {
  const response = member(event, 'response')
  return response === undefined ? undefined : failedResponseCall(response, childPath(path, 'response'))
}

/**
 * A Responses output item: a function call (or a custom tool's) begun, or given whole; other
 * items are no calls. An item `repeated` by the response's end is passed over when given whole before.
 */
function takeItem(calls: PendingCalls, doneIds: Set<unknown>, item: unknown, index: unknown, path: string, whole: boolean, repeated: boolean): void {
  if (!isObject(item)) return
  const type = get(item, 'type', childPath(path, 'type'))
  if (type !== 'function_call' && type !== 'custom_tool_call') return
  // Items carry an `id` and a `call_id`; an event may give either.
  takeCall(calls, doneIds, item, [peek(item, 'id'), peek(item, 'call_id')], index, path, type, whole, repeated)
}

/** A call given by an item, or by an event that names it: found by its ids, else at its place, or begun. */
function takeCall(
  calls: PendingCalls,
  doneIds: Set<unknown>,
  item: object,
  givenIds: unknown[],
  index: unknown,
  path: string,
  type: 'function_call' | 'custom_tool_call',
  whole: boolean,
  repeated: boolean,
): void {
  const ids = givenIds.filter((id) => id !== undefined)
  let call: PendingCall | undefined
  for (const id of ids) call ??= calls.findId(id)
  if (call === undefined) {
    // At its place: a call without ids (an item of another response would have another id), or one begun by a delta.
    const atIndex = calls.find(index)
    if (atIndex !== undefined && (ids.length === 0 || atIndex.id === undefined)) call = atIndex
  }
  if (repeated && (call?.complete === true || ids.some((id) => doneIds.has(id)))) return
  const namePath = childPath(path, 'name')
  call ??= calls.begin(index, ids[0], namePath)
  for (const id of ids) calls.setId(id, call)
  call.started = true
  call.name = inNamespace(item, peek(item, 'name'))
  call.namePath = namePath
  call.custom = type === 'custom_tool_call'
  if (call.argsText === '') call.argsPath = call.custom ? path : childPath(path, 'arguments')
  if (!whole) return
  // Given whole, the item's arguments replace what the deltas gave.
  call.argsText = ''
  call.argsScan = undefined
  call.argsProblem = undefined
  call.argsGiven = get(item, 'arguments', childPath(path, 'arguments'))
  call.argsPath = call.custom ? path : childPath(path, 'arguments')
  call.complete = true
  for (const id of ids) doneIds.add(id)
}
