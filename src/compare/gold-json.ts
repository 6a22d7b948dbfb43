import type { Gold } from './gold-calls'
import { setOwnEntry } from './gold-node'
import { childPath } from '../calls/path'
import { isAsymmetricMatcher, isOneOf, isOptional, isSatisfies, type OneOf, oneOfList, type Optional, optional } from './gold-values'
import { printValue } from './print-value'
import { markerKeyOf, readJsonMarker } from './json-marker'
import { isPlainObject } from '../calls/plain-value'
import { PyFloat } from '../calls/python-values'
import { firstHole } from '../calls/list-indices'
import { MAX_DEPTH } from '../calls/limits'

function mapRecord(record: Record<string, unknown>, map: (value: unknown, key: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(record)) setOwnEntry(out, key, map(record[key], key))
  return out
}

/**
 * Gold as JSON: `oneOf(a, b)` becomes `{ "$oneOf": [a, b] }`, `optional(v)` `{ "$optional": [v] }`,
 * `optional()` `{ "$optional": [] }`. Predicates and matchers have no JSON form: a TypeError names them.
 */
export function goldToJSON(gold: unknown, path = 'gold'): unknown {
  return toJSON(gold, path, 0, path)
}

/** A value nested deeper than values are read: a cycle, mostly, which would otherwise overflow the stack. */
function tooDeep(path: string): TypeError {
  return new TypeError(`${path}: nested deeper than ${MAX_DEPTH} levels (does the value contain itself?)`)
}

function toJSON(gold: unknown, path: string, depth: number, root: string): unknown {
  if (depth > MAX_DEPTH) throw tooDeep(root)
  if (isOneOf(gold)) return { $oneOf: gold.alternatives.map((alt, i) => toJSON(alt, `${path}.oneOf[${i}]`, depth + 1, root)) }
  if (isOptional(gold)) return { $optional: gold.constrained ? [toJSON(gold.value, `${path}.optional`, depth + 1, root)] : [] }
  if (isSatisfies(gold) || isAsymmetricMatcher(gold) || typeof gold === 'function') throw noJsonForm(gold, path)
  // JSON has one kind of number; gold reads a float of BFCL's typed JSON as its number too.
  if (gold instanceof PyFloat) return gold.value
  // What JSON.stringify would write as null or leave out reads back as other gold: refused here, as reading such gold refuses it.
  if (gold === undefined) throw new TypeError(`${path}: expected a gold value, received undefined (use optional() for an argument that may be left out)`)
  if ((typeof gold === 'number' && !Number.isFinite(gold)) || typeof gold === 'symbol' || typeof gold === 'bigint') throw noJsonForm(gold, path)
  if (Array.isArray(gold)) {
    const hole = firstHole(gold)
    if (hole !== -1) throw new TypeError(`${path}[${hole}]: expected a gold value, received a hole in the list`)
    return gold.map((item, i) => toJSON(item, `${path}[${i}]`, depth + 1, root))
  }
  if (isPlainObject(gold)) {
    const keys = Object.keys(gold)
    // Written as it is, such an object would not read back as itself: goldFromJSON would read a
    // marker (or refuse one that holds no list), or refuse a misspelt one.
    const key = keys.length === 1 ? keys[0]! : undefined
    const marker = key === undefined ? undefined : markerKeyOf(key)
    if (marker !== undefined && (marker === key || Array.isArray(gold[key!]))) {
      const why = marker === keys[0] ? 'it would read back as a marker' : 'its key differs from a marker only in case'
      throw new TypeError(`${path}: ${printValue(gold)} has no JSON form: ${why}`)
    }
    // A gold call's args, arguments and id may be left undefined, meaning absent, as in JSON.
    const call = isGoldCall(gold, keys)
    return mapRecord(gold, (value, key) => (value === undefined && call ? undefined : toJSON(value, childPath(path, key), depth + 1, root)))
  }
  if (typeof gold === 'object' && gold !== null) throw noJsonForm(gold, path)
  return gold
}

/** An object the gold reader takes for a call: a name and only the keys of a call. */
function isGoldCall(object: Record<string, unknown>, keys: readonly string[]): boolean {
  return typeof object.name === 'string' && keys.every((key) => key === 'name' || key === 'args' || key === 'arguments' || key === 'id')
}

function noJsonForm(gold: unknown, path: string): TypeError {
  return new TypeError(`${path}: ${printValue(gold)} has no JSON form; only values, oneOf() and optional() do`)
}

/**
 * The inverse of goldToJSON: `$oneOf` and `$optional` objects become oneOf() and optional().
 * Parts without either are shared with `json`, not copied. The result is checked as gold when
 * it is scored; to score gold in this form without building markers, see `goldForm: 'json'`.
 */
export function goldFromJSON(json: unknown, path = 'gold'): Gold {
  at.length = 0 // left over when an earlier call threw
  return fromJSON(json, path) as Gold
}

/** The keys from the root to the value being read, spelt into a path only when a TypeError needs one. */
const at: (string | number)[] = []

function pathOf(root: string): string {
  return at.reduce<string>(childPath, root)
}

/** Copy-on-write: a subtree without `$oneOf` or `$optional` is returned as it is. */
function fromJSON(json: unknown, root: string): unknown {
  if (typeof json !== 'object' || json === null) return json
  if (at.length > MAX_DEPTH) throw tooDeep(root)
  if (Array.isArray(json)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < json.length; i++) {
      at.push(i)
      // The first hole throws, so a vast sparse list is never walked.
      if (!(i in json)) throw new TypeError(`${pathOf(root)}: expected a gold value, received a hole in the list`)
      const item: unknown = json[i]
      const read = fromJSON(item, root)
      at.pop()
      if (read !== item) (copy ??= json.slice())[i] = read
    }
    return copy ?? json
  }
  const keys = Object.keys(json)
  const marker = readJsonMarker(json as Record<string, unknown>, keys, () => pathOf(root))
  if (marker === 'oneOf') return oneOfFromJSON((json as { $oneOf: unknown[] }).$oneOf, root)
  if (marker === 'optional') return optionalFromJSON((json as { $optional: unknown[] }).$optional, root)
  let copy: Record<string, unknown> | undefined
  for (const key of keys) {
    at.push(key)
    const item = (json as Record<string, unknown>)[key]
    const read = fromJSON(item, root)
    at.pop()
    if (read !== item) setOwnEntry((copy ??= { ...json }), key, read)
  }
  return copy ?? json
}

function oneOfFromJSON(alternatives: unknown[], root: string): OneOf {
  at.push('$oneOf')
  const read = fromJSON(alternatives, root) as unknown[]
  at.pop()
  return oneOfList(read === alternatives ? alternatives.slice() : read)
}

function optionalFromJSON(value: unknown[], root: string): Optional {
  at.push('$optional', 0)
  const result = value.length === 0 ? optional() : optional(fromJSON(value[0], root))
  at.pop()
  at.pop()
  return result
}
