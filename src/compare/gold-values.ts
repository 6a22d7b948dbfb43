/**
 * The gold-side value markers: alternatives, optional arguments, predicates, and the
 * asymmetric-matcher protocol of Jest and Vitest (duck-typed, so no runner is imported).
 */

import { prettyFormat } from '#printers'
import { canonicalForms } from './canonicalizers'
import { compareValue, type Tester } from './compare-value'
import { compileGoldValue, type GoldNode } from './gold-node'
import { printValue } from './print-value'

// Symbol.for, so markers made by the ESM and the CJS build of this package are recognised by both.
const MARKER = Symbol.for('expect-toolcalls.gold-marker')

export interface OneOf {
  readonly [MARKER]: 'oneOf'
  readonly alternatives: readonly unknown[]
}

export interface Optional {
  readonly [MARKER]: 'optional'
  /** When false, any value is accepted if the argument is given. */
  readonly constrained: boolean
  readonly value: unknown
}

export interface Satisfies {
  readonly [MARKER]: 'satisfies'
  readonly predicate: (value: unknown) => boolean
  readonly description: string
}

export interface AsymmetricMatcher {
  asymmetricMatch(other: unknown, customTesters?: Tester[]): boolean
}

/** The mark (`$$typeof`) of Jest's and Vitest's asymmetric matchers, which pretty-format's plugin prints by their own words. */
export const RUNNERS_MATCHER = Symbol.for('jest.asymmetricMatcher')

const EXACT = { canonicalize: canonicalForms.exact }
/** The path a marker is compiled under, as an argument's value, and what its errors begin with then. */
const WRAPPED = 'marker'
const WRAPPED_VALUE = `${WRAPPED}.value.`

/**
 * What markers share: they are also asymmetric matchers, so a runner prints them as written
 * (`oneOf("c", "f")`) and they work inside a plain `toEqual`, where strings compare exactly.
 * Classes rather than objects built by hand, since corpora build a marker per gold value.
 */
abstract class GoldMarker {
  declare readonly $$typeof: symbol
  abstract readonly [MARKER]: 'oneOf' | 'optional' | 'satisfies'

  asymmetricMatch(other: unknown): boolean {
    return compareValue(this.compiled(), other === undefined ? {} : { value: other }, EXACT, null) === undefined
  }

  /** The marker as the value of an argument, where optional() may stand; a malformed one named from the marker itself (`oneOf[0]: …`). */
  private compiled(): GoldNode {
    try {
      return compileGoldValue({ value: this }, WRAPPED)
    } catch (error) {
      if (error instanceof TypeError && error.message.startsWith(WRAPPED_VALUE)) throw new TypeError(error.message.slice(WRAPPED_VALUE.length))
      throw error
    }
  }

  toAsymmetricMatcher(): string {
    const { format, plugins } = prettyFormat()
    const print = (value: unknown) => format(value, { min: true, plugins: [plugins.AsymmetricMatcher] })
    const self = this as unknown as OneOf | Optional | Satisfies
    switch (self[MARKER]) {
      case 'oneOf':
        return `oneOf(${self.alternatives.map(print).join(', ')})`
      case 'optional':
        return self.constrained ? `optional(${print(self.value)})` : 'optional()'
      case 'satisfies':
        return `satisfies(${self.description})`
    }
  }

  toString(): string {
    return this[MARKER]
  }

  // Vitest's one-line headline ("expected … to deeply equal …") prints values with chai's inspect, not pretty-format.
  [Symbol.for('chai/inspect')](): string {
    return this.toAsymmetricMatcher()
  }
}
Object.defineProperty(GoldMarker.prototype, '$$typeof', { value: RUNNERS_MATCHER })

class OneOfMarker extends GoldMarker implements OneOf {
  readonly [MARKER] = 'oneOf' as const
  constructor(readonly alternatives: readonly unknown[]) {
    super()
  }
}

class OptionalMarker extends GoldMarker implements Optional {
  readonly [MARKER] = 'optional' as const
  constructor(
    readonly constrained: boolean,
    readonly value: unknown,
  ) {
    super()
  }
}

class SatisfiesMarker extends GoldMarker implements Satisfies {
  readonly [MARKER] = 'satisfies' as const
  constructor(
    readonly predicate: (value: unknown) => boolean,
    readonly description: string,
  ) {
    super()
  }
}

/** Any of the alternatives is right. */
export function oneOf(...alternatives: unknown[]): OneOf {
  // One list alone is an allowed-value list handed over whole (as BFCL's come); as one alternative it would be the list itself, which plain gold already says.
  if (alternatives.length === 1 && Array.isArray(alternatives[0])) {
    throw new TypeError(`oneOf(): received one list, ${printValue(alternatives[0])}; spread a list of alternatives, oneOf(...values), or write a list that is the one value allowed as it is, without oneOf()`)
  }
  return oneOfList(alternatives)
}

/** oneOf() over a list the caller hands over and no longer changes. */
export function oneOfList(alternatives: readonly unknown[]): OneOf {
  if (alternatives.length === 0) throw new TypeError('oneOf(): expected at least one alternative')
  return new OneOfMarker(alternatives)
}

/** The argument may be left out; if given it must match `value` (any value when none is given). */
export function optional(...value: [] | [unknown]): Optional {
  if (value.length > 1) {
    throw new TypeError(`optional(): expected at most one value, received ${value.length}; for any of several, write optional(oneOf(...))`)
  }
  return value.length === 0 ? new OptionalMarker(false, undefined) : new OptionalMarker(true, value[0])
}

/** A predicate on the predicted value; the description names it in failure messages. */
export function satisfies(predicate: (value: unknown) => boolean, description: string): Satisfies {
  if (typeof predicate !== 'function') throw new TypeError('satisfies(): expected a function as the predicate')
  if (typeof description !== 'string' || description === '') {
    throw new TypeError('satisfies(): expected a description of the predicate, such as satisfies(isEven, "an even number")')
  }
  return new SatisfiesMarker(predicate, description)
}

function markerOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { [MARKER]?: unknown })[MARKER] : undefined
}

/** Which marker a gold value is, if any: one property read, for the hot path of compiling gold. */
export function markerKind(value: object): 'oneOf' | 'optional' | 'satisfies' | undefined {
  return (value as { [MARKER]?: 'oneOf' | 'optional' | 'satisfies' })[MARKER]
}

export function isOneOf(value: unknown): value is OneOf {
  return markerOf(value) === 'oneOf'
}

export function isOptional(value: unknown): value is Optional {
  return markerOf(value) === 'optional'
}

export function isSatisfies(value: unknown): value is Satisfies {
  return markerOf(value) === 'satisfies'
}

export function isAsymmetricMatcher(value: unknown): value is AsymmetricMatcher {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
  )
}

/** Whether a matcher bears the runners' mark: theirs, or one made to print as theirs. Reading it may run an author's getter. */
export function isRunnersMatcher(matcher: AsymmetricMatcher): boolean {
  return (matcher as { $$typeof?: unknown }).$$typeof === RUNNERS_MATCHER
}

/**
 * The kind of value a runner's matcher takes, as jest-diff reads it (`getExpectedType`: 'array' of
 * `expect.any(Array)`, 'object' of `expect.objectContaining`), where the matcher is the runners' own kind and says.
 */
export function matcherExpectedType(matcher: AsymmetricMatcher): unknown {
  try {
    const { getExpectedType } = matcher as { getExpectedType?: unknown }
    if (!isRunnersMatcher(matcher) || typeof getExpectedType !== 'function') return undefined
    return (getExpectedType as () => unknown).call(matcher)
  } catch {
    return undefined
  }
}

/** How an asymmetric matcher names itself: `StringMatching /cat/i`, `Any<String>`, `NumberCloseTo 3.1 (1 digit)`. */
export function describeMatcher(matcher: AsymmetricMatcher): string {
  try {
    const { format, plugins } = prettyFormat()
    return format(matcher, { plugins: [plugins.AsymmetricMatcher], min: true })
  } catch {
    // A matcher whose description throws is still a matcher; name it generically.
    return 'an asymmetric matcher'
  }
}
