import { parseBfclJson } from '../bfcl/typed-json'
import { jsonDocumentProblem } from './json-document'
import { lineError, oneLine } from './user-error'

/**
 * A line of BFCL data read as BFCL reads it, `1.0` kept apart from `1`; a line that is not JSON is
 * a user error. The model's output, under `deepUnder`, may nest too deep: its entry is graded, not refused.
 */
export function parseBfclLine(text: string, where: string, deepUnder?: string): unknown {
  try {
    return parseBfclJson(text, deepUnder)
  } catch (error) {
    throw lineError(where, jsonDocumentProblem(text) ?? `not valid JSON (${oneLine(error)})`)
  }
}
