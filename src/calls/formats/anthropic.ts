import { childPath } from '../path'
import { callAt, peek, type FormatReader } from './reader'

/**
 * Anthropic Messages: a `tool_use` content block. A `Message` and `{ role, content }` are read
 * as messages; `tool_result`, text and server-side tool blocks carry no call.
 */
export const readAnthropic: FormatReader = (value, path) => {
  if (peek(value, 'type') !== 'tool_use') return undefined
  const namePath = childPath(path, 'name')
  const inputPath = childPath(path, 'input')
  return { call: callAt(value, 'name', namePath, 'input', inputPath) }
}
