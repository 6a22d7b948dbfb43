import { parseBfclJson } from '../bfcl/typed-json'
import { lineError, oneLine } from './user-error'

/** A line of BFCL data read as BFCL reads it, `1.0` kept apart from `1`; a line that is not JSON is a user error. */
export function parseBfclLine(text: string, where: string): unknown {
  try {
    return parseBfclJson(text)
  } catch (error) {
    throw lineError(where, `not valid JSON (${oneLine(error)})`)
  }
}
