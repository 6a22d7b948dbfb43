import { childPath } from '../path'
import type { ToolCall } from '../tool-call'
import { callsOfTurn, get, has, isObject, noCalls, peek, type FormatReader } from './reader'

/**
 * The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`): its messages `{ type: 'assistant',
 * message, session_id }`, whose `message` is an Anthropic `Message`. Claude Code may send each
 * content block of a response as a message of its own, so an assistant message's calls join
 * the calls beside it; the tool results sent back, a `user` message, end the turn. Messages of a
 * subagent (`parent_tool_use_id` set) are read too. Its other messages (`system`, `result`)
 * are read as tagged items.
 */
export const readClaudeAgentSdk: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if ((type !== 'assistant' && type !== 'user') || !isObject(peek(value, 'message'))) return undefined
  if (!has(value, 'session_id') && !has(value, 'parent_tool_use_id')) return undefined
  if (type === 'user') return noCalls()
  const messagePath = childPath(path, 'message')
  const reading = context.read(get(value, 'message', messagePath), messagePath)
  if ('call' in reading) return callsOfTurn([reading.call])
  const calls: ToolCall[] = []
  for (const turn of reading.turns) for (const call of turn) calls.push(call)
  return callsOfTurn(calls)
}
