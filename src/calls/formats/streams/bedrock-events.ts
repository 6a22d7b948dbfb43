import { atPath, describe } from '../../path'
import { has, isObject, peek } from '../reader'
import { addArgumentsPiece, member, pathOf, type PendingCalls } from './pending-calls'

/**
 * Bedrock's ConverseStream events are objects of one member named for the event, each told
 * from a BFCL call to a tool of that name by the fields the event has.
 */
const BEDROCK_EVENTS: ReadonlyArray<readonly [event: string, isEvent: (body: object) => boolean]> = [
  ['messageStart', (body) => typeof peek(body, 'role') === 'string'],
  // An index of another type is the event's still, read as a broken call, not a call to a tool named for the event.
  ['contentBlockStart', (body) => isObject(peek(body, 'start')) && has(body, 'contentBlockIndex')],
  ['contentBlockDelta', (body) => isObject(peek(body, 'delta')) && has(body, 'contentBlockIndex')],
  ['contentBlockStop', (body) => has(body, 'contentBlockIndex')],
  ['messageStop', (body) => typeof peek(body, 'stopReason') === 'string'],
  ['metadata', (body) => isObject(peek(body, 'usage')) || isObject(peek(body, 'metrics'))],
]

export function isBedrockEvent(value: object): boolean {
  for (const [event, isEvent] of BEDROCK_EVENTS) {
    const body = peek(value, event)
    if (isObject(body)) return isEvent(body)
  }
  return false
}

/** Whether an event begins another message: its start, or a block started again at an index of this one. */
export function beginsBedrockMessage(calls: PendingCalls, event: object): boolean {
  if (isObject(peek(event, 'messageStart'))) return true
  const start = member(event, 'contentBlockStart')
  return start !== undefined && calls.find(peek(start, 'contentBlockIndex'))?.started === true
}

/**
 * Bedrock's ConverseStream events: a `toolUse` start begins a call (a server tool's is passed
 * over), `toolUse` deltas add to its input, its stop completes it. True at the message's stop.
 */
export function takeBedrockEvent(calls: PendingCalls, event: object, path: string): boolean {
  if (isObject(peek(event, 'messageStop'))) return true
  const start = member(event, 'contentBlockStart')
  if (start !== undefined) {
    const index = peek(start, 'contentBlockIndex')
    const call = calls.at(index, pathOf(path, 'contentBlockStart', 'start', 'toolUse', 'name'))
    call.started = true
    if (!Number.isSafeInteger(index) || (index as number) < 0) {
      call.argsProblem ??= atPath(pathOf(path, 'contentBlockStart', 'contentBlockIndex'), `expected a block's index, a whole number, received ${describe(index)}`)
    }
    const toolUse = member(member(start, 'start'), 'toolUse')
    if (toolUse === undefined || peek(toolUse, 'type') === 'server_tool_use') call.skipped = true
    else call.name = peek(toolUse, 'name')
    return false
  }
  const delta = member(event, 'contentBlockDelta')
  if (delta !== undefined) {
    const toolUse = member(member(delta, 'delta'), 'toolUse')
    if (toolUse === undefined) return false
    const call = calls.at(peek(delta, 'contentBlockIndex'), pathOf(path, 'contentBlockDelta', 'contentBlockIndex'))
    addArgumentsPiece(call, peek(toolUse, 'input'), pathOf(path, 'contentBlockDelta', 'delta', 'toolUse', 'input'))
    return false
  }
  const stop = member(event, 'contentBlockStop')
  if (stop !== undefined) {
    const call = calls.find(peek(stop, 'contentBlockIndex'))
    if (call !== undefined) call.complete = true
  }
  return false
}
