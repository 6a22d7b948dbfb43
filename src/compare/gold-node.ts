import { type AsymmetricMatcher, describeMatcher, isAsymmetricMatcher, markerKind, type OneOf, type Optional, type Satisfies } from './gold-values'
import { MAX_DEPTH } from '../calls/limits'
import { PyFloat } from '../calls/python-values'
import { describe, type LazyPath, lazyChild, spellPath } from '../calls/path'
import { isPlainObject } from '../calls/plain-value'
import { type JsonMarker, readJsonMarker } from './json-marker'

/**
 * A gold value checked and compiled once. A string keeps its canonical form once it has been
 * compared (by the one canonicalizer of the problem), so it is canonicalised at most once
 * however many predictions meet it, and never when no comparison reaches it (a oneOf's later
 * alternatives, most often).
 */
export type GoldNode =
  | { kind: 'string'; raw: string; canonical: string | undefined }
  | { kind: 'number'; raw: number }
  | { kind: 'boolean'; raw: boolean }
  | { kind: 'null'; raw: null }
  | { kind: 'list'; raw: unknown; items: GoldNode[]; plain: boolean }
  | { kind: 'object'; raw: unknown; keys: string[]; values: GoldNode[]; plain: boolean }
  | { kind: 'oneOf'; raw: unknown; alternatives: GoldNode[] }
  | { kind: 'optional'; raw: unknown; inner: GoldNode | undefined }
  | { kind: 'satisfies'; raw: unknown; predicate: (value: unknown) => boolean; description: string }
  | { kind: 'matcher'; raw: AsymmetricMatcher }

/** How gold is written: by a test's author with marker values, or in its JSON form with `$oneOf` and `$optional` objects. */
export type GoldForm = 'author' | 'json'

/** Checks a gold value written by a test's author and compiles it; a malformed one throws a TypeError naming the path. */
export function compileGoldValue(
  value: unknown,
  path: LazyPath,
  depth = 0,
  underKey = false,
  form: GoldForm = 'author',
): GoldNode {
  if (depth > MAX_DEPTH) throw new TypeError(`${spellPath(path)}: nested deeper than ${MAX_DEPTH} levels`)
  switch (typeof value) {
    case 'string':
      return { kind: 'string', raw: value, canonical: undefined }
    case 'number':
      if (Number.isNaN(value)) throw new TypeError(`${spellPath(path)}: NaN equals nothing; expected a number, or satisfies(Number.isNaN, 'NaN')`)
      return { kind: 'number', raw: value }
    case 'boolean':
      return { kind: 'boolean', raw: value }
    case 'undefined':
      throw new TypeError(`${spellPath(path)}: expected a gold value, received undefined (use optional() for an argument that may be left out)`)
    case 'object':
      break
    default:
      throw new TypeError(
        `${spellPath(path)}: expected a JSON value, oneOf(), optional(), satisfies() or an asymmetric matcher, received ${describe(value)}`,
      )
  }
  if (value === null) return { kind: 'null', raw: null }
  // A float from typed JSON (BFCL's data) is a number here; only BFCL mode tells it from an integer.
  if (value instanceof PyFloat) return compileGoldValue(value.value, path, depth, underKey, form)
  const marker = markerKind(value)
  if (marker === 'oneOf') {
    const alternatives = (value as OneOf).alternatives
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      throw new TypeError(`${spellPath(path)}: oneOf() needs at least one alternative`)
    }
    return {
      kind: 'oneOf',
      raw: value,
      alternatives: alternatives.map((alt, i) => compileGoldValue(alt, lazyChild(lazyChild(path, 'oneOf'), i), depth + 1, false, form)),
    }
  }
  if (marker === 'optional') {
    const { constrained, value: inner } = value as Optional
    if (!underKey) {
      throw new TypeError(`${spellPath(path)}: optional() applies to an argument or an object key; wrap alternatives as optional(oneOf(...))`)
    }
    return {
      kind: 'optional',
      raw: value,
      inner: constrained ? compileGoldValue(inner, lazyChild(path, 'optional'), depth + 1, false, form) : undefined,
    }
  }
  if (marker === 'satisfies') {
    const { predicate, description } = value as Satisfies
    return { kind: 'satisfies', raw: value, predicate, description }
  }
  if (Array.isArray(value)) {
    const items = value.map((item, i) => compileGoldValue(item, lazyChild(path, i), depth + 1, false, form))
    return { kind: 'list', raw: value, items, plain: items.every(isPlainNode) }
  }
  if (isAsymmetricMatcher(value)) return { kind: 'matcher', raw: value }
  if (!isPlainObject(value)) {
    throw new TypeError(
      `${spellPath(path)}: expected a JSON value, oneOf(), optional(), satisfies() or an asymmetric matcher, received ${describe(value)}`,
    )
  }
  const keys = Object.keys(value)
  const jsonMarker = form === 'json' ? readJsonMarker(value, keys, () => spellPath(path)) : undefined
  if (jsonMarker !== undefined) return compileJsonMarker(jsonMarker, value, path, depth, underKey)
  const values = keys.map((key) =>
    compileGoldValue((value as Record<string, unknown>)[key], lazyChild(path, key), depth + 1, true, form),
  )
  return { kind: 'object', raw: value, keys, values, plain: values.every(isPlainNode) }
}

/** A marker of gold's JSON form, compiled as the marker value it stands for. */
function compileJsonMarker(marker: JsonMarker, raw: Record<string, unknown>, path: LazyPath, depth: number, underKey: boolean): GoldNode {
  if (marker.kind === 'oneOf') {
    const at = lazyChild(path, '$oneOf')
    const alternatives = marker.alternatives.map((alt, i) => compileGoldValue(alt, lazyChild(at, i), depth + 1, false, 'json'))
    return { kind: 'oneOf', raw, alternatives }
  }
  if (!underKey) {
    throw new TypeError(`${spellPath(path)}: $optional applies to an argument or an object key; wrap alternatives as { "$optional": [{ "$oneOf": [...] }] }`)
  }
  const inner = marker.inner.length === 0 ? undefined : compileGoldValue(marker.inner[0], lazyChild(lazyChild(path, '$optional'), 0), depth + 1, false, 'json')
  return { kind: 'optional', raw, inner }
}

/** Whether a node is plain data all the way down: no marker, predicate or matcher. */
export function isPlainNode(node: GoldNode): boolean {
  switch (node.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return true
    case 'list':
    case 'object':
      return node.plain
    default:
      return false
  }
}

/**
 * A gold value as plain data for a Score: itself when plain, else with its markers described
 * (`{ "$oneOf": [...] }`, `{ "$optional": [...] }`, `{ "$satisfies": "..." }`, `{ "$matcher": "..." }`).
 */
export function describeNode(node: GoldNode): unknown {
  switch (node.kind) {
    case 'list':
      return node.plain ? node.raw : node.items.map(describeNode)
    case 'object': {
      if (node.plain) return node.raw
      const described: Record<string, unknown> = {}
      node.keys.forEach((key, i) => setOwnEntry(described, key, describeNode(node.values[i]!)))
      return described
    }
    case 'oneOf':
      return { $oneOf: node.alternatives.map(describeNode) }
    case 'optional':
      return { $optional: node.inner === undefined ? [] : [describeNode(node.inner)] }
    case 'satisfies':
      return { $satisfies: node.description }
    case 'matcher':
      return { $matcher: describeMatcher(node.raw) }
    default:
      return node.raw
  }
}

/** Sets an own enumerable entry; `__proto__` through defineProperty, so it stays an ordinary key. */
export function setOwnEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

