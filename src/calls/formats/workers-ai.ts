import { childPath } from '../path'
import { isPlainObject } from '../plain-value'
import { get, has, peek, type FormatReader } from './reader'

/** The fields of Workers AI's text generation output, and no others. */
const OUTPUT_FIELDS = new Set(['response', 'tool_calls', 'usage'])

/**
 * Cloudflare Workers AI: what `env.AI.run()` gives a text generation model, `{ response, tool_calls, usage }`,
 * its calls `{ name, arguments }` (or, of newer models, Chat Completions' `{ id, type, function }`). Told by
 * being plain data that holds those fields alone, `response` text where given, and `tool_calls` or `usage` among them: a lone
 * `{ response: … }` may be BFCL's one-key call. Tried before BFCL's form, which would read `{ tool_calls }` as a call.
 */
export const readWorkersAiOutput: FormatReader = (value, path, context) => {
  if (!has(value, 'tool_calls') && !(has(value, 'response') && has(value, 'usage'))) return undefined
  if (!isPlainObject(value)) return undefined
  const response = peek(value, 'response')
  if ((response !== undefined && response !== null && typeof response !== 'string') || !holdsOnly(value, OUTPUT_FIELDS)) return undefined
  const toolCallsPath = childPath(path, 'tool_calls')
  return { turns: [context.calls(get(value, 'tool_calls', toolCallsPath), toolCallsPath)] }
}

/** Whether every own key of `value` is among `fields`; false where listing them throws. */
function holdsOnly(value: object, fields: ReadonlySet<string>): boolean {
  try {
    return Object.keys(value).every((key) => fields.has(key))
  } catch {
    return false
  }
}
