import { childPath } from '../path'
import { callsIn, callsOfTurn, get, has, isObject, noCalls, peek, type FormatReader } from './reader'

/**
 * The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`): its messages `{ type: 'assistant',
 * message, session_id }`, whose `message` is an Anthropic `Message`, and the lines of a Claude Code
 * session's transcript, `{ type, message, uuid, parentUuid, sessionId, isSidechain }`. Claude Code may
 * send each content block of a response as a message of its own, so an assistant message's calls join
 * the calls beside it; the tool results sent back, a `user` message, end the turn. A message of
 * a subagent (`parent_tool_use_id` set, or in a transcript `isSidechain`) is read too, as a turn of
 * its own. Its other messages (`system`, `result`, a transcript's `summary`) are read as tagged items.
 */
export const readClaudeAgentSdk: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if ((type !== 'assistant' && type !== 'user') || !isObject(peek(value, 'message'))) return undefined
  if (!SESSION_FIELDS.some((field) => has(value, field))) return undefined
  if (type === 'user') return noCalls()
  const messagePath = childPath(path, 'message')
  const calls = callsIn(context.read(get(value, 'message', messagePath), messagePath))
  // A subagent's calls are its own turn: they are not made beside the call that started it.
  return isSubagentMessage(value) ? { turns: calls.length === 0 ? [] : [calls] } : callsOfTurn(calls)
}

/** Fields that tell the SDK's messages (`session_id`, `parent_tool_use_id`) and a transcript's lines (the others) from other tagged items. */
const SESSION_FIELDS = ['session_id', 'parent_tool_use_id', 'sessionId', 'isSidechain', 'parentUuid']

function isSubagentMessage(message: object): boolean {
  const parent = peek(message, 'parent_tool_use_id')
  return (parent !== undefined && parent !== null) || peek(message, 'isSidechain') === true
}
