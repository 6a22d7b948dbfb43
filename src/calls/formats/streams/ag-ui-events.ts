import { childPath } from '../../path'
import type { ToolCall } from '../../tool-call'
import { streamErrorCall } from '../api-error'
import { peek } from '../reader'
import { addArgumentsPiece, type PendingCalls } from './pending-calls'

/** The event types of AG-UI, the Agent-User Interaction protocol (`@ag-ui/core`), that CopilotKit's agents and others stream. */
export const AG_UI_EVENTS = new Set([
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'STEP_STARTED',
  'STEP_FINISHED',
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'TEXT_MESSAGE_CHUNK',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_CHUNK',
  'TOOL_CALL_RESULT',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'MESSAGES_SNAPSHOT',
  'ACTIVITY_SNAPSHOT',
  'ACTIVITY_DELTA',
  'REASONING_START',
  'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_END',
  'REASONING_MESSAGE_CHUNK',
  'REASONING_END',
  'REASONING_ENCRYPTED_VALUE',
  'SUBAGENT_STARTED',
  'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
  'RAW',
  'CUSTOM',
])

/** What tells one of the model's messages from the next in an AG-UI stream: the message its calls name as their parent, and a tool's result after them. */
export class AgUiTurn {
  parent: unknown = undefined
  resultSeen = false

  clear(): void {
    this.parent = undefined
    this.resultSeen = false
  }
}

/** Whether an event begins the calls of another message: a call whose parent message is another, or a call after a tool's result. */
export function beginsAgUiMessage(calls: PendingCalls, turn: AgUiTurn, event: object): boolean {
  const type = peek(event, 'type')
  if (type === 'RUN_STARTED') return calls.size > 0
  if (type !== 'TOOL_CALL_START' && !(type === 'TOOL_CALL_CHUNK' && peek(event, 'toolCallName') !== undefined)) return false
  if (turn.resultSeen) return true
  const parent = peek(event, 'parentMessageId')
  return parent !== undefined && turn.parent !== undefined && parent !== turn.parent
}

/**
 * AG-UI's events, as its client puts them together: a `TOOL_CALL_START` begins a call (by its
 * `toolCallId`), its `TOOL_CALL_ARGS` deltas add to its arguments, its `TOOL_CALL_END` completes it;
 * `TOOL_CALL_CHUNK`s do the same, a chunk without an id adding to the last call. Snapshots repeat
 * the conversation and state the other events give, and are passed over. True at the run's end,
 * a `RUN_ERROR` too (agUiFailure says why).
 */
export function takeAgUiEvent(calls: PendingCalls, turn: AgUiTurn, event: object, path: string): boolean {
  const type = peek(event, 'type')
  switch (type) {
    case 'RUN_FINISHED':
    case 'RUN_ERROR':
      return true
    case 'TOOL_CALL_RESULT':
      turn.resultSeen = true
      return false
    case 'TOOL_CALL_START':
    case 'TOOL_CALL_CHUNK': {
      const name = peek(event, 'toolCallName')
      const id = peek(event, 'toolCallId')
      const call = id === undefined && type === 'TOOL_CALL_CHUNK' ? calls.last() : calls.at(id, childPath(path, 'toolCallName'))
      if (call === undefined) return false
      if (name !== undefined) {
        call.name = name
        call.namePath = childPath(path, 'toolCallName')
        call.started = true
        turn.parent ??= peek(event, 'parentMessageId')
      }
      addArgumentsPiece(call, peek(event, 'delta'), childPath(path, 'delta'))
      return false
    }
    case 'TOOL_CALL_ARGS':
      addArgumentsPiece(calls.at(peek(event, 'toolCallId'), childPath(path, 'toolCallId')), peek(event, 'delta'), childPath(path, 'delta'))
      return false
    case 'TOOL_CALL_END': {
      const call = calls.find(peek(event, 'toolCallId'))
      if (call !== undefined) call.complete = true
      return false
    }
    default:
      return false
  }
}

/** The run's failure that a `RUN_ERROR` event ends it with: an unparseable call saying why; undefined for any other event. */
export function agUiFailure(event: object, path: string): ToolCall | undefined {
  return peek(event, 'type') === 'RUN_ERROR' ? streamErrorCall(event, path) : undefined
}
