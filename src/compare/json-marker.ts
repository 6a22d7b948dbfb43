import { type LazyPath, spellPath } from '../calls/path'
import { printValue } from './print-value'

/** Which marker an object of gold's JSON form is: `{ "$oneOf": [a, b] }`, `{ "$optional": [v] }` or `{ "$optional": [] }`. */
export type JsonMarker = 'oneOf' | 'optional'

/**
 * The marker an object of the JSON form stands for, checked (so `$oneOf` holds a non-empty list
 * and `$optional` a list of at most one), or undefined when it is an ordinary object. A
 * malformed one throws a TypeError at `where` (the object's path, or a function that spells it).
 */
export function readJsonMarker(object: Record<string, unknown>, keys: readonly string[], where: LazyPath | (() => string)): JsonMarker | undefined {
  if (keys.length !== 1) return undefined
  if (keys[0] === '$oneOf') {
    const alternatives = object.$oneOf
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      throw new TypeError(`${spelled(where)}.$oneOf: expected a non-empty list of alternatives, received ${printValue(alternatives)}`)
    }
    return 'oneOf'
  }
  if (keys[0] === '$optional') {
    const inner = object.$optional
    if (!Array.isArray(inner) || inner.length > 1) throw new TypeError(`${spelled(where)}.$optional: expected [] or [value], received ${printValue(inner)}`)
    return 'optional'
  }
  // A marker with a slip of case would be read as a literal object that no prediction matches.
  if (keys[0]!.charCodeAt(0) === DOLLAR) {
    const marker = MARKER_KEYS.find((key) => key.toLowerCase() === keys[0]!.toLowerCase())
    if (marker !== undefined) throw new TypeError(`${spelled(where)}.${keys[0]}: not a marker; did you mean ${marker}?`)
  }
  return undefined
}

const DOLLAR = 0x24
const MARKER_KEYS = ['$oneOf', '$optional']

function spelled(where: LazyPath | (() => string)): string {
  return typeof where === 'function' ? where() : spellPath(where)
}
