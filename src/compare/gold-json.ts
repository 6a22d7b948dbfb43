import type { Gold } from './gold-calls'
import { setOwnEntry } from './gold-node'
import { childPath, type LazyPath, lazyChild, spellPath } from '../calls/path'
import { isAsymmetricMatcher, isOneOf, isOptional, isSatisfies, oneOf, optional } from './gold-values'
import { printValue } from './print-value'
import { isRecord } from '../calls/plain-value'

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
  if (isOneOf(gold)) return { $oneOf: gold.alternatives.map((alt, i) => goldToJSON(alt, `${path}.oneOf[${i}]`)) }
  if (isOptional(gold)) return { $optional: gold.constrained ? [goldToJSON(gold.value, `${path}.optional`)] : [] }
  if (isSatisfies(gold) || isAsymmetricMatcher(gold) || typeof gold === 'function') {
    throw new TypeError(`${path}: ${printValue(gold)} has no JSON form; only values, oneOf() and optional() do`)
  }
  if (Array.isArray(gold)) return gold.map((item, i) => goldToJSON(item, `${path}[${i}]`))
  if (isRecord(gold)) return mapRecord(gold, (value, key) => goldToJSON(value, childPath(path, key)))
  return gold
}

/**
 * The inverse of goldToJSON: `$oneOf` and `$optional` objects become oneOf() and optional().
 * The result is checked as gold when it is scored.
 */
export function goldFromJSON(json: unknown, path = 'gold'): Gold {
  return fromJSON(json, path) as Gold
}

function fromJSON(json: unknown, path: LazyPath): unknown {
  if (Array.isArray(json)) return json.map((item, i) => fromJSON(item, lazyChild(path, i)))
  if (!isRecord(json)) return json
  const keys = Object.keys(json)
  if (keys.length === 1 && keys[0] === '$oneOf') {
    const alternatives = json.$oneOf
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      throw new TypeError(`${spellPath(lazyChild(path, '$oneOf'))}: expected a non-empty list of alternatives, received ${printValue(alternatives)}`)
    }
    return oneOf(...alternatives.map((alt, i) => fromJSON(alt, lazyChild(lazyChild(path, '$oneOf'), i))))
  }
  if (keys.length === 1 && keys[0] === '$optional') {
    const value = json.$optional
    if (!Array.isArray(value) || value.length > 1) {
      throw new TypeError(`${spellPath(lazyChild(path, '$optional'))}: expected [] or [value], received ${printValue(value)}`)
    }
    return value.length === 0 ? optional() : optional(fromJSON(value[0], lazyChild(lazyChild(path, '$optional'), 0)))
  }
  return mapRecord(json, (value, key) => fromJSON(value, lazyChild(path, key)))
}
