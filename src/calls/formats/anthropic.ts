import { childPath } from '../path'
import { callAt, peek, type FormatReader } from './reader'

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
