import type { Tester } from './compare-value'
import { type AsymmetricMatcher, describeMatcher, isAsymmetricMatcher } from './gold-values'
import { printValue } from './print-value'

/** The first key of an `expect.objectContaining` sample that a received object lacks (`key` undefined: the object is at fault) or holds otherwise, and why. */
export interface ContainingMiss {
  key: string | undefined
  reason: string
}

/**
 * Where a runner's `expect.objectContaining` failed on an object. Each key of its sample is tried
 * alone by a matcher of the same class, so that the runner's own equality (its custom testers
 * and nested matchers included) decides, as it did for the whole. Anything else, or a matcher
 * or prediction that throws on the way, gives undefined: the reason then names the matcher whole.
 */
export function containingMiss(matcher: AsymmetricMatcher, pred: unknown, testers: Tester[] | undefined): ContainingMiss | undefined {
  try {
    const { $$typeof, sample, constructor } = matcher as { $$typeof?: unknown; sample?: unknown; constructor?: unknown }
    if ($$typeof !== Symbol.for('jest.asymmetricMatcher') || String(matcher) !== 'ObjectContaining') return undefined
    if (typeof pred !== 'object' || pred === null || typeof sample !== 'object' || sample === null || typeof constructor !== 'function') return undefined
    for (const key of Object.keys(sample)) {
      const expected = (sample as Record<string, unknown>)[key]
      const one = Reflect.construct(constructor, [{ [key]: expected }]) as AsymmetricMatcher
      if (one.asymmetricMatch(pred, testers)) continue
      const printed = isAsymmetricMatcher(expected) ? describeMatcher(expected) : printValue(expected)
      if (!(key in pred)) return { key: undefined, reason: `missing key ${JSON.stringify(key)}, expected ${printed}` }
      return { key, reason: `expected ${printed}, received ${printValue((pred as Record<string, unknown>)[key])}` }
    }
    return undefined
  } catch {
    return undefined
  }
}
