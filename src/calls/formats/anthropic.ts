import { atPath, childPath } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { callAt, isList, isObject, peek, type FormatReader } from './reader'

/**
 * Where the Anthropic SDK's MessageStream keeps, on a `tool_use` block of the message it puts
 * together (`finalMessage()`, `currentMessage`), the text the model sent as the input; the
 * block's `input` is that text parsed leniently, so a call cut short (by `max_tokens`, say)
 * would read as whole. Not enumerable, it does not survive JSON.
 */
const STREAMED_INPUT_TEXT = '__json_buf'

/**
 * Anthropic Messages: a `tool_use` content block, its input read from the text the model sent
 * where the SDK's stream kept it, as the raw events are read. A `Message` and `{ role, content }`
 * are read as messages; `tool_result`, text and server-side tool blocks carry no call.
 */
export const readAnthropic: FormatReader = (value, path) => {
  if (peek(value, 'type') !== 'tool_use') return undefined
  const namePath = childPath(path, 'name')
  const inputKey = typeof peek(value, STREAMED_INPUT_TEXT) === 'string' ? STREAMED_INPUT_TEXT : 'input'
  // Named `input` either way: the SDK's field is its own, not one the user would know.
  return { call: callAt(value, 'name', namePath, inputKey, childPath(path, 'input')) }
}

/** Why a Message stopped where its last block may be cut short: the token limit, or the context window's. */
const CUTTING_STOP_REASONS = new Set(['max_tokens', 'model_context_window_exceeded'])

/** Where a message stopped at a limit: Anthropic's `stop_reason`, or MCP sampling's `stopReason` of `maxTokens`. */
function limitStoppedAt(message: object): string | undefined {
  const stopReason = peek(message, 'stop_reason')
  if (typeof stopReason === 'string' && CUTTING_STOP_REASONS.has(stopReason)) return stopReason
  return peek(message, 'stopReason') === 'maxTokens' ? 'maxTokens' : undefined
}

/**
 * The last call of a message's turn, made unparseable where the message stopped at a limit
 * inside it: stored as JSON, the block holds the input the SDK parsed leniently from a cut
 * text, which would read as whole. (The SDK's own object keeps that text; read from it, the
 * call is whole or not by what the model sent.) `content` is a list of blocks, or MCP's one block.
 */
export function cutByStopReason(message: object, content: unknown, contentPath: string, turn: ToolCall[]): void {
  const stopReason = limitStoppedAt(message)
  if (stopReason === undefined || turn.length === 0) return
  let block = content
  let blockPath = contentPath
  if (isList(content)) {
    const length = peek(content, 'length')
    if (typeof length !== 'number' || length < 1) return
    block = peek(content, length - 1)
    blockPath = childPath(contentPath, length - 1)
  }
  if (!isObject(block) || peek(block, 'type') !== 'tool_use' || typeof peek(block, STREAMED_INPUT_TEXT) === 'string') return
  const last = turn[turn.length - 1]!
  if (last.unparseable !== undefined) return
  turn[turn.length - 1] = unparseableCall(atPath(blockPath, `the message stopped at ${stopReason} inside this call, so its input may be cut short`), last.name)
}
