import { childPath } from '../path'
import { callsIn, callsOfTurn, get, has, isObject, noCalls, peek, type FormatReader } from './reader'

/**
 * The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`): its messages `{ type: 'assistant',
 * message, session_id }`, whose `message` is an Anthropic `Message`. Claude Code may send each
 * content block of a response as a message of its own, so an assistant message's calls join
 * the calls beside it; the tool results sent back, a `user` message, end the turn. A message of
 * a subagent (`parent_tool_use_id` set) is read too, as a turn of its own. Its other messages
 * (`system`, `result`) are read as tagged items.
 */
export const readClaudeAgentSdk: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if ((type !== 'assistant' && type !== 'user') || !isObject(peek(value, 'message'))) return undefined
  if (!has(value, 'session_id') && !has(value, 'parent_tool_use_id')) return undefined
  if (type === 'user') return noCalls()
  const messagePath = childPath(path, 'message')
  const calls = callsIn(context.read(get(value, 'message', messagePath), messagePath))
  // A subagent's calls are its own turn: they are not made beside the call that started it.
  const parent = peek(value, 'parent_tool_use_id')
  return parent === undefined || parent === null ? callsOfTurn(calls) : { turns: calls.length === 0 ? [] : [calls] }
}
