import { type LazyPath, spellPath } from '../calls/path'
import { nearest } from './nearest'
import { printValue } from './print-value'

/** Which marker an object of gold's JSON form is: `{ "$oneOf": [a, b] }`, `{ "$optional": [v] }` or `{ "$optional": [] }`. */
export type JsonMarker = 'oneOf' | 'optional'

/**
 * The marker an object of the JSON form stands for, checked (so `$oneOf` holds a non-empty list
 * and `$optional` a list of at most one), or undefined when it is an ordinary object. A
 * malformed one throws a TypeError at `where` (the object's path, or a function that spells it).
 */
export function readJsonMarker(object: Record<string, unknown>, keys: readonly string[], where: LazyPath | (() => string)): JsonMarker | undefined {
  if (keys.length !== 1) {
    // A marker with a key beside it would be a literal object that nothing matches.
    if (hasMarkerBesideOthers(object, keys)) throw markerWithOtherKeys(keys, where)
    return undefined
  }
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
  // A misspelt marker (`$oneof`, `$optinal`), holding a list as a marker does, would be read as a literal object that no prediction matches.
  const near = nearMarker(keys[0]!)
  if (near !== undefined && Array.isArray(object[keys[0]!])) throw new TypeError(`${spelled(where)}.${keys[0]}: not a marker; did you mean ${near}?`)
  return undefined
}

/** Whether an object of the JSON form holds a marker's key beside other keys: no marker, and no object that reads back as itself. */
export function hasMarkerBesideOthers(object: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.length > 1 && (Object.hasOwn(object, '$oneOf') || Object.hasOwn(object, '$optional'))
}

function markerWithOtherKeys(keys: readonly string[], where: LazyPath | (() => string)): TypeError {
  const marker = keys.find((key) => MARKER_KEYS.includes(key))!
  const others = keys.filter((key) => key !== marker)
  const nest = others.some((key) => MARKER_KEYS.includes(key)) ? '; nest one marker in the other, as { "$optional": [{ "$oneOf": [...] }] }' : ''
  return new TypeError(`${spelled(where)}: a marker is an object of one key, ${marker}, received also ${others.map((key) => JSON.stringify(key)).join(', ')}${nest}`)
}

/** The marker key that `key` spells, exactly or misspelt, or undefined. */
export function markerKeyOf(key: string): string | undefined {
  return MARKER_KEYS.includes(key) ? key : nearMarker(key)
}

/** Whether an object is written as a marker: one key, a marker's in any case, holding a list. The `$` is checked first, so that it costs other objects one comparison. */
export function isMarkerShaped(object: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.length === 1 && keys[0]!.charCodeAt(0) === DOLLAR && markerKeyOf(keys[0]!) !== undefined && Array.isArray(object[keys[0]!])
}

/** The marker key that `key` misspells, in case or in letters (`$oneof`, `$optinal`), or undefined. */
function nearMarker(key: string): string | undefined {
  if (key.charCodeAt(0) !== DOLLAR) return undefined
  const near = nearest(key.toLowerCase(), LOWER_MARKER_KEYS)
  const marker = near === undefined ? undefined : MARKER_KEYS[LOWER_MARKER_KEYS.indexOf(near)]
  return marker === key ? undefined : marker
}

const DOLLAR = 0x24
/** The keys of the JSON form's markers. */
const MARKER_KEYS: readonly string[] = ['$oneOf', '$optional']
const LOWER_MARKER_KEYS = MARKER_KEYS.map((key) => key.toLowerCase())

function spelled(where: LazyPath | (() => string)): string {
  return typeof where === 'function' ? where() : spellPath(where)
}
