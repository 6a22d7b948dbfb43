import { streamErrorCall } from './api-error'
import { noCalls, partOfTurn, peek, type FormatReader } from './reader'

/**
 * Types of items that end a turn: what the model is sent back (Anthropic's `tool_result`, the
 * AI SDK's `tool-result` and `tool-error` (in a UI message stream, `tool-output-available` and
 * `tool-output-error`), the Responses API's `function_call_output` and other
 * `*_output` items, its `mcp_approval_response`, the OpenAI Agents SDK's `function_call_result`
 * and `computer_call_result`), and the AI SDK's parts that begin or end a step (a UI message's
 * `step-start`; a stream's `start-step` and `finish-step`, v4's `step-start` and `step-finish`).
 * (An Anthropic server tool's `*_tool_result` is the model's own.)
 */
function endsTurn(type: string): boolean {
  return (
    type === 'tool_result' ||
    type === 'function_call_result' ||
    type === 'computer_call_result' ||
    type === 'tool-result' ||
    type === 'tool-error' ||
    type === 'tool-output-available' ||
    type === 'tool-output-error' ||
    type === 'step-start' ||
    type === 'start-step' ||
    type === 'step-finish' ||
    type === 'finish-step' ||
    type.endsWith('_output') ||
    type.endsWith('_response')
  )
}

/**
 * An object tagged with a `type` that no reader above claims: a content part or an item
 * that carries no call of ours. A tool's result or a new step ends a turn; text, reasoning
 * and a vendor's built-in tool do not. A stream's error event is the run failing.
 */
export const readTaggedItem: FormatReader = (value, path) => {
  const type = peek(value, 'type')
  if (typeof type !== 'string') return undefined
  // The Realtime API's error events (with an `event_id`) leave the session open: most are recoverable, and no run ends there.
  if (type === 'error' && peek(value, 'event_id') === undefined) return { call: streamErrorCall(value, path) }
  return endsTurn(type) && !isServerOutput(type, value) ? noCalls() : partOfTurn()
}

/** The output of a Responses tool search the server ran: part of the response, like the search itself. */
function isServerOutput(type: string, value: object): boolean {
  return type === 'tool_search_output' && peek(value, 'execution') === 'server'
}
