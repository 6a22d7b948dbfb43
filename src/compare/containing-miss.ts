import { canonicalForms } from './canonicalizers'
import { type LazyPath, lazyChild, spellPath } from '../calls/path'
import { compareValue, type Mismatch, type ValueContext } from './compare-value'
import { compileGoldValue } from './gold-node'
import { type AsymmetricMatcher, describeMatcher, isAsymmetricMatcher, isRunnersMatcher } from './gold-values'
import { printValue } from './print-value'

/** A key of an `expect.objectContaining` sample that a received object lacks or holds otherwise. */
export interface ContainingMiss {
  key: string
  /** The sample's value at the key. */
  expected: unknown
  missing: boolean
  /** Why, without the key: `expected "Lyon", received "Rome"`, or `missing`. */
  reason: string
  /** Where within the key's value, by its whole path (`trip.when.day`), and why, where that can be told. */
  within?: Mismatch
}

/**
 * For a runner's own matcher of this kind (as its `toString` names it), a maker of another of its class with a sample
 * of the caller's; undefined for any other. The runners' kind alone: building another class again could do anything,
 * and a sample or class unlike theirs throws where it is used.
 */
function sameKind(matcher: AsymmetricMatcher, kind: string): ((sample: object) => AsymmetricMatcher) | undefined {
  if (!isRunnersMatcher(matcher) || String(matcher) !== kind) return undefined
  const { constructor } = matcher as { constructor?: unknown }
  return (sample) => Reflect.construct(constructor as new (sample: object) => AsymmetricMatcher, [sample])
}

/**
 * Where a runner's `expect.objectContaining` fails on an object: the keys of its sample, in
 * order, that fail (only the first with `firstOnly`). Each key is tried alone by a matcher of
 * the same class, so that the runner's own equality (its custom testers and nested matchers
 * included) decides, as it did for the whole. Undefined for any other matcher or a prediction
 * that is no object, and where the matcher or the prediction throws on the way: a reason then
 * names the matcher whole.
 */
export function containingMisses(
  matcher: AsymmetricMatcher,
  pred: unknown,
  testers: ValueContext['testers'],
  { firstOnly = false, at = '' }: { firstOnly?: boolean; at?: LazyPath } = {},
): ContainingMiss[] | undefined {
  try {
    const withSample = sameKind(matcher, 'ObjectContaining')
    if (withSample === undefined || typeof pred !== 'object' || pred === null) return undefined
    const sample = (matcher as { sample?: Record<string, unknown> }).sample!
    const misses: ContainingMiss[] = []
    for (const key of Object.keys(sample)) {
      const expected = sample[key]
      if (withSample({ [key]: expected }).asymmetricMatch(pred, testers?.list)) continue
      if (!(key in pred)) {
        misses.push({ key, expected, missing: true, reason: 'missing' })
      } else {
        const received = (pred as Record<string, unknown>)[key]
        const within = firstDifference(expected, received, lazyChild(at, key), testers)
        misses.push({ key, expected, missing: false, reason: `expected ${printExpected(expected)}, received ${printValue(received)}`, ...(within && { within }) })
      }
      if (firstOnly) break
    }
    return misses
  } catch {
    return undefined
  }
}

/**
 * Why a runner's `expect.arrayContaining` fails on a list: the first item of its sample that no item of the list
 * equals, each tried alone by a matcher of the same class, as above. Undefined for any other matcher or value, and
 * where anything throws.
 */
export function arrayContainingMiss(matcher: AsymmetricMatcher, pred: unknown, testers: ValueContext['testers']): string | undefined {
  try {
    const withSample = sameKind(matcher, 'ArrayContaining')
    if (withSample === undefined || !Array.isArray(pred)) return undefined
    for (const item of (matcher as { sample?: unknown[] }).sample!) {
      if (!withSample([item]).asymmetricMatch(pred, testers?.list)) return `no item equal to ${printExpected(item)}`
    }
    return undefined
  } catch {
    return undefined
  }
}

/**
 * Where a sample's value and the received value first differ within, as the gold's comparison finds it (strings
 * exactly, the runner's testers and matchers consulted): a path below `path`, or undefined where the difference is the
 * value's as a whole (a scalar, a matcher of its own), or where the sample's value is no gold value.
 */
function firstDifference(expected: unknown, received: unknown, path: LazyPath, testers: ValueContext['testers']): Mismatch | undefined {
  try {
    const context: ValueContext = testers === undefined ? EXACT : { ...EXACT, testers }
    const mismatch = compareValue(compileGoldValue(expected, path), received, context, path)
    return mismatch?.path !== spellPath(path) ? mismatch : undefined
  } catch {
    return undefined
  }
}

const EXACT: ValueContext = { canonicalize: canonicalForms.exact }

/** A sample's value as a reason prints it: a matcher by its own name. */
export function printExpected(value: unknown): string {
  return isAsymmetricMatcher(value) ? describeMatcher(value) : printValue(value)
}
