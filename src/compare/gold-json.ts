import type { Gold } from './gold-calls'
import { childPath } from './gold-node'
import { describeMatcher, isAsymmetricMatcher, isOneOf, isOptional, isSatisfies, oneOf, optional } from './gold-values'
import { printValue } from './print-value'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, so a `__proto__` key stays an ordinary key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function mapRecord(record: Record<string, unknown>, map: (value: unknown, key: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(record)) setOwn(out, key, map(record[key], key))
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

function fromJSON(json: unknown, path: string): unknown {
  if (Array.isArray(json)) return json.map((item, i) => fromJSON(item, `${path}[${i}]`))
  if (!isRecord(json)) return json
  const keys = Object.keys(json)
  if (keys.length === 1 && keys[0] === '$oneOf') {
    const alternatives = json.$oneOf
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      throw new TypeError(`${path}.$oneOf: expected a non-empty list of alternatives, received ${printValue(alternatives)}`)
    }
    return oneOf(...alternatives.map((alt, i) => fromJSON(alt, `${path}.$oneOf[${i}]`)))
  }
  if (keys.length === 1 && keys[0] === '$optional') {
    const value = json.$optional
    if (!Array.isArray(value) || value.length > 1) {
      throw new TypeError(`${path}.$optional: expected [] or [value], received ${printValue(value)}`)
    }
    return value.length === 0 ? optional() : optional(fromJSON(value[0], `${path}.$optional[0]`))
  }
  return mapRecord(json, (value, key) => fromJSON(value, childPath(path, key)))
}

/**
 * Gold as plain data for a Score: like goldToJSON, and predicates and matchers are described
 * (`{ "$satisfies": "an even number" }`, `{ "$matcher": "StringMatching /cat/i" }`).
 */
export function describeGold(gold: unknown): unknown {
  return isPlainData(gold) ? gold : describeMarkers(gold)
}

/** Whether a gold value holds no marker, predicate or matcher, so it describes itself. */
function isPlainData(gold: unknown): boolean {
  if (typeof gold !== 'object' || gold === null) return typeof gold !== 'function'
  if (isOneOf(gold) || isOptional(gold) || isSatisfies(gold) || isAsymmetricMatcher(gold)) return false
  if (Array.isArray(gold)) return gold.every(isPlainData)
  for (const key in gold) if (Object.hasOwn(gold, key) && !isPlainData((gold as Record<string, unknown>)[key])) return false
  return true
}

function describeMarkers(gold: unknown): unknown {
  if (isOneOf(gold)) return { $oneOf: gold.alternatives.map(describeGold) }
  if (isOptional(gold)) return { $optional: gold.constrained ? [describeGold(gold.value)] : [] }
  if (isSatisfies(gold)) return { $satisfies: gold.description }
  if (isAsymmetricMatcher(gold)) return { $matcher: describeMatcher(gold) }
  if (Array.isArray(gold)) return gold.map(describeGold)
  if (isRecord(gold)) return mapRecord(gold, describeGold)
  return gold
}
