import { childPath } from '../../path'
import { get, isObject, peek } from '../reader'
import { addArgumentsPiece, type PendingCalls } from './pending-calls'

export const ANTHROPIC_EVENTS = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping'])

/** Whether an event begins another message: its start, or a block started again at an index of this one. */
export function beginsAnthropicMessage(calls: PendingCalls, event: object): boolean {
  const type = peek(event, 'type')
  return type === 'message_start' || (type === 'content_block_start' && calls.find(peek(event, 'index'))?.started === true)
}

/**
 * Anthropic's raw message events, as its SDK's MessageStream puts them together: a `tool_use`
 * block begins a call, its `input_json_delta`s add to its input, its stop completes it. Other
 * blocks (text, thinking, a server tool's call) are passed over. True at the message's stop.
 */
export function takeAnthropicEvent(calls: PendingCalls, event: object, path: string): boolean {
  const type = peek(event, 'type')
  if (type === 'message_stop') return true
  const index = peek(event, 'index')
  if (type === 'content_block_start') {
    const blockPath = childPath(path, 'content_block')
    const block = get(event, 'content_block', blockPath)
    const isToolUse = isObject(block) && get(block, 'type', childPath(blockPath, 'type')) === 'tool_use'
    const call = calls.at(index, childPath(blockPath, 'name'))
    call.started = true
    if (!isToolUse) {
      call.skipped = true
      return false
    }
    call.namePath = childPath(blockPath, 'name')
    call.name = peek(block, 'name')
    call.argsGiven = peek(block, 'input')
    if (call.argsText === '') call.argsPath = childPath(blockPath, 'input')
  } else if (type === 'content_block_delta') {
    const deltaPath = childPath(path, 'delta')
    const delta = get(event, 'delta', deltaPath)
    if (!isObject(delta) || get(delta, 'type', childPath(deltaPath, 'type')) !== 'input_json_delta') return false
    // A delta before its block's start still counts: the start names the call.
    addArgumentsPiece(calls.at(index, childPath(path, 'content_block')), peek(delta, 'partial_json'), childPath(deltaPath, 'partial_json'))
  } else if (type === 'content_block_stop') {
    const call = calls.find(index)
    if (call !== undefined) call.complete = true
  }
  return false
}
