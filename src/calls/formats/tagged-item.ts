import { noCalls, partOfTurn, peek, type FormatReader } from './reader'

/**
 * Types of what the model is sent back: Anthropic's `tool_result`, the AI SDK's `tool-result`
 * and `tool-error`, the Responses API's `function_call_output` and other `*_output` items, and
 * its `mcp_approval_response`. (An Anthropic server tool's `*_tool_result` is the model's own.)
 */
function isSentBack(type: string): boolean {
  return type === 'tool_result' || type === 'tool-result' || type === 'tool-error' || type.endsWith('_output') || type.endsWith('_response')
}

/**
 * An object tagged with a `type` that no reader above claims: a content part or an item
 * that carries no call of ours. A tool's result ends a turn; text, reasoning and a vendor's
 * built-in tool do not.
 */
export const readTaggedItem: FormatReader = (value) => {
  const type = peek(value, 'type')
  if (typeof type !== 'string') return undefined
  return isSentBack(type) ? noCalls() : partOfTurn()
}
