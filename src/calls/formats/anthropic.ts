import { callOf } from '../arguments'
import { childPath } from '../path'
import { get, peek, type FormatReader } from './reader'

/**
 * Anthropic Messages: a `tool_use` content block. A `Message` and `{ role, content }` are read
 * as messages; `tool_result`, text and server-side tool blocks carry no call.
 */
export const readAnthropic: FormatReader = (value, path) => {
  if (peek(value, 'type') !== 'tool_use') return undefined
  const namePath = childPath(path, 'name')
  const inputPath = childPath(path, 'input')
  return { call: callOf(get(value, 'name', namePath), namePath, get(value, 'input', inputPath), inputPath) }
}
