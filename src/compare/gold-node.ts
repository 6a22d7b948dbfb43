import type { Canonicalizer } from './canonicalizers'
import { type AsymmetricMatcher, isAsymmetricMatcher, markerKind, type OneOf, type Optional, type Satisfies } from './gold-values'
import { MAX_DEPTH } from '../calls/limits'

/**
 * A gold value checked and compiled once: strings carry their canonical form, so a gold
 * string is canonicalised once however many predictions it is compared with.
 */
export type GoldNode =
  | { kind: 'string'; raw: string; canonical: string }
  | { kind: 'number'; raw: number }
  | { kind: 'boolean'; raw: boolean }
  | { kind: 'null'; raw: null }
  | { kind: 'list'; raw: unknown; items: GoldNode[] }
  | { kind: 'object'; raw: unknown; keys: string[]; values: GoldNode[] }
  | { kind: 'oneOf'; raw: unknown; alternatives: GoldNode[] }
  | { kind: 'optional'; raw: unknown; inner: GoldNode | undefined }
  | { kind: 'satisfies'; raw: unknown; predicate: (value: unknown) => boolean; description: string }
  | { kind: 'matcher'; raw: AsymmetricMatcher }

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return `an instance of ${value.constructor?.name ?? 'a class'}`
  return `a ${typeof value}`
}

/** Checks a gold value written by a test's author and compiles it; a malformed one throws a TypeError naming the path. */
export function compileGoldValue(
  value: unknown,
  path: string,
  canonicalize: Canonicalizer,
  depth = 0,
  underKey = false,
): GoldNode {
  if (depth > MAX_DEPTH) throw new TypeError(`${path}: nested deeper than ${MAX_DEPTH} levels`)
  switch (typeof value) {
    case 'string':
      return { kind: 'string', raw: value, canonical: canonicalize(value) }
    case 'number':
      if (Number.isNaN(value)) throw new TypeError(`${path}: NaN equals nothing; expected a number, or satisfies(Number.isNaN, 'NaN')`)
      return { kind: 'number', raw: value }
    case 'boolean':
      return { kind: 'boolean', raw: value }
    case 'undefined':
      throw new TypeError(`${path}: expected a gold value, received undefined (use optional() for an argument that may be left out)`)
    case 'object':
      break
    default:
      throw new TypeError(
        `${path}: expected a JSON value, oneOf(), optional(), satisfies() or an asymmetric matcher, received ${describeType(value)}`,
      )
  }
  if (value === null) return { kind: 'null', raw: null }
  const marker = markerKind(value)
  if (marker === 'oneOf') {
    const alternatives = (value as OneOf).alternatives
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      throw new TypeError(`${path}: oneOf() needs at least one alternative`)
    }
    return {
      kind: 'oneOf',
      raw: value,
      alternatives: alternatives.map((alt, i) => compileGoldValue(alt, `${path}.oneOf[${i}]`, canonicalize, depth + 1)),
    }
  }
  if (marker === 'optional') {
    const { constrained, value: inner } = value as Optional
    if (!underKey) {
      throw new TypeError(`${path}: optional() applies to an argument or an object key; wrap alternatives as optional(oneOf(...))`)
    }
    return {
      kind: 'optional',
      raw: value,
      inner: constrained ? compileGoldValue(inner, `${path}.optional`, canonicalize, depth + 1) : undefined,
    }
  }
  if (marker === 'satisfies') {
    const { predicate, description } = value as Satisfies
    return { kind: 'satisfies', raw: value, predicate, description }
  }
  if (Array.isArray(value)) {
    return {
      kind: 'list',
      raw: value,
      items: value.map((item, i) => compileGoldValue(item, `${path}[${i}]`, canonicalize, depth + 1)),
    }
  }
  if (isAsymmetricMatcher(value)) return { kind: 'matcher', raw: value }
  if (!isPlainObject(value)) {
    throw new TypeError(
      `${path}: expected a JSON value, oneOf(), optional(), satisfies() or an asymmetric matcher, received ${describeType(value)}`,
    )
  }
  const keys = Object.keys(value)
  return {
    kind: 'object',
    raw: value,
    keys,
    values: keys.map((key) =>
      compileGoldValue((value as Record<string, unknown>)[key], childPath(path, key), canonicalize, depth + 1, true),
    ),
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** `gold[0].args.city`, or `gold[0].args["first name"]` for a key that is not an identifier. */
export function childPath(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}
