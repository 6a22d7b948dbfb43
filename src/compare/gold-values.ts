/**
 * The gold-side value markers: alternatives, optional arguments, predicates, and the
 * asymmetric-matcher protocol of Jest and Vitest (duck-typed, so no runner is imported).
 */

import { format, plugins } from 'pretty-format'
import { canonicalizers } from './canonicalizers'
import { compareValue } from './compare-value'
import { compileGoldValue } from './gold-node'

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
  asymmetricMatch(other: unknown): boolean
}

const EXACT = { canonicalize: canonicalizers.exact }

/**
 * What markers share: they are also asymmetric matchers, so a runner prints them as written
 * (`oneOf("c", "f")`) and they work inside a plain `toEqual`, where strings compare exactly.
 */
const markerBehaviour = {
  $$typeof: Symbol.for('jest.asymmetricMatcher'),
  asymmetricMatch(this: OneOf | Optional | Satisfies, other: unknown): boolean {
    const node = compileGoldValue({ value: this }, 'gold', EXACT.canonicalize)
    return compareValue(node, other === undefined ? {} : { value: other }, EXACT, null) === undefined
  },
  toAsymmetricMatcher(this: OneOf | Optional | Satisfies): string {
    const print = (value: unknown) => format(value, { min: true, plugins: [plugins.AsymmetricMatcher] })
    switch (this[MARKER]) {
      case 'oneOf':
        return `oneOf(${this.alternatives.map(print).join(', ')})`
      case 'optional':
        return this.constrained ? `optional(${print(this.value)})` : 'optional()'
      case 'satisfies':
        return `satisfies(${this.description})`
    }
  },
  toString(this: OneOf | Optional | Satisfies): string {
    return this[MARKER]
  },
}

function marker<T extends OneOf | Optional | Satisfies>(fields: T): T {
  return Object.assign(Object.create(markerBehaviour) as T, fields)
}

/** Any of the alternatives is right. */
export function oneOf(...alternatives: unknown[]): OneOf {
  if (alternatives.length === 0) throw new TypeError('oneOf(): expected at least one alternative')
  return marker<OneOf>({ [MARKER]: 'oneOf', alternatives })
}

/** The argument may be left out; if given it must match `value` (any value when none is given). */
export function optional(...value: [] | [unknown]): Optional {
  return value.length === 0
    ? marker<Optional>({ [MARKER]: 'optional', constrained: false, value: undefined })
    : marker<Optional>({ [MARKER]: 'optional', constrained: true, value: value[0] })
}

/** A predicate on the predicted value; the description names it in failure messages. */
export function satisfies(predicate: (value: unknown) => boolean, description: string): Satisfies {
  if (typeof predicate !== 'function') throw new TypeError('satisfies(): expected a function as the predicate')
  if (typeof description !== 'string' || description === '') {
    throw new TypeError('satisfies(): expected a description of the predicate, such as satisfies(isEven, "an even number")')
  }
  return marker<Satisfies>({ [MARKER]: 'satisfies', predicate, description })
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

/** How an asymmetric matcher names itself: `StringMatching /cat/i`, `Any<String>`, `NumberCloseTo 3.1 (1 digit)`. */
export function describeMatcher(matcher: AsymmetricMatcher): string {
  try {
    return format(matcher, { plugins: [plugins.AsymmetricMatcher], min: true })
  } catch {
    // A matcher whose description throws is still a matcher; name it generically.
    return 'an asymmetric matcher'
  }
}
