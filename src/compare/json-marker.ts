import { printValue } from './print-value'

/** A marker as gold's JSON form writes it: `{ "$oneOf": [a, b] }`, `{ "$optional": [v] }` or `{ "$optional": [] }`. */
export type JsonMarker = { kind: 'oneOf'; alternatives: unknown[] } | { kind: 'optional'; inner: unknown[] }

/**
 * The marker an object of the JSON form stands for, checked, or undefined when it is an
 * ordinary object. A malformed one throws a TypeError at `where()` (the object's path).
 */
export function readJsonMarker(object: Record<string, unknown>, keys: readonly string[], where: () => string): JsonMarker | undefined {
  if (keys.length !== 1) return undefined
  if (keys[0] === '$oneOf') {
    const alternatives = object.$oneOf
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      throw new TypeError(`${where()}.$oneOf: expected a non-empty list of alternatives, received ${printValue(alternatives)}`)
    }
    return { kind: 'oneOf', alternatives }
  }
  if (keys[0] === '$optional') {
    const inner = object.$optional
    if (!Array.isArray(inner) || inner.length > 1) throw new TypeError(`${where()}.$optional: expected [] or [value], received ${printValue(inner)}`)
    return { kind: 'optional', inner }
  }
  return undefined
}
