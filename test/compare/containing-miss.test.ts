import { expect as jestExpect } from 'expect'
import { describe, expect, test } from 'vitest'
import { arrayContainingMiss, containingMisses } from '../../src/compare/containing-miss'
import type { AsymmetricMatcher } from '../../src/compare/gold-values'

const runners = [
  ['Vitest', (sample: Record<string, unknown>) => expect.objectContaining(sample)],
  ['Jest', (sample: Record<string, unknown>) => jestExpect.objectContaining(sample)],
] as const

const arrayRunners = [
  ['Vitest', (sample: unknown[]) => expect.arrayContaining(sample)],
  ['Jest', (sample: unknown[]) => jestExpect.arrayContaining(sample)],
] as const

describe.each(runners)("the keys where %s's expect.objectContaining failed", (_, objectContaining) => {
  const misses = (sample: Record<string, unknown>, pred: unknown, firstOnly = false) =>
    containingMisses(objectContaining(sample) as AsymmetricMatcher, pred, undefined, { firstOnly })

  test('are those of the sample held otherwise, or missing, in its order', () => {
    expect(misses({ a: 1, b: 2, c: 3, d: 4 }, { a: 1, b: 5, d: 4 })).toEqual([
      { key: 'b', expected: 2, missing: false, reason: 'expected 2, received 5' },
      { key: 'c', expected: 3, missing: true, reason: 'missing' },
    ])
    expect(misses({ a: 1, b: 2, c: 3 }, { a: 1 }, true)).toEqual([{ key: 'b', expected: 2, missing: true, reason: 'missing' }])
  })

  test('say where within a nested value it first differs, by its whole path, as the gold compares it', () => {
    const [miss] = containingMisses(objectContaining({ trip: { when: { day: 4 }, to: ['Rome'] } }) as AsymmetricMatcher, { trip: { when: { day: 3 }, to: ['Rome'] } }, undefined, { at: 'args' })!
    expect(miss).toMatchObject({ key: 'trip', within: { path: 'args.trip.when.day', reason: 'expected 4, received 3' } })
    // Strings exactly, as the runner's equality compares them.
    expect(misses({ o: { city: 'Paris' } }, { o: { city: 'paris' } })?.[0]?.within).toEqual({ path: 'o.city', reason: 'expected "Paris", received "paris"' })
    // None where the difference is the value's as a whole, or the sample's value is no object.
    expect(misses({ o: { a: 1 } }, { o: 'a' })?.[0]?.within).toBeUndefined()
    expect(misses({ o: 1 }, { o: 2 })?.[0]?.within).toBeUndefined()
    expect(misses({ o: expect.any(String) }, { o: { a: 2 } })?.[0]?.within).toBeUndefined()
    // A runner's objectContaining within names its own key.
    expect(misses({ o: objectContaining({ a: 1 }) }, { o: { a: 2, b: 3 } })?.[0]?.within).toEqual({ path: 'o.a', reason: 'expected 1, received 2' })
  })

  test("are told by the runner's own equality, a matcher in the sample included", () => {
    expect(misses({ n: expect.any(Number), s: jestExpect.stringMatching(/^a/) }, { n: 1, s: 'ba' })?.map(({ key }) => key)).toEqual(['s'])
    expect(misses({ n: expect.any(String) }, { n: 1 })?.[0]?.reason).toBe('expected Any<String>, received 1')
    expect(misses({ list: [1, 2] }, { list: [1, 2, 3] })?.[0]?.reason).toBe('expected [1, 2], received [1, 2, 3]')
  })

  test('take a key the object inherits, and a key named __proto__, as the matcher does', () => {
    const inherits = Object.create({ a: 1 }) as Record<string, unknown>
    expect(misses({ a: 1, b: 2 }, inherits)?.map(({ key, missing }) => [key, missing])).toEqual([['b', true]])
    expect(misses({ a: 2 }, inherits)?.[0]).toMatchObject({ key: 'a', missing: false, reason: 'expected 2, received 1' })
    const proto = JSON.parse('{"__proto__": 1, "x": 2}') as Record<string, unknown>
    expect(misses(JSON.parse('{"__proto__": 1, "x": 3}') as Record<string, unknown>, proto)?.map(({ key }) => key)).toEqual(['x'])
  })

  test('are none where every key alone matches, and not told where the prediction is no object', () => {
    expect(misses({ a: 1 }, { a: 1, b: 2 })).toEqual([])
    expect(misses({ a: 1 }, 'a')).toBeUndefined()
    expect(misses({ a: 1 }, null)).toBeUndefined()
  })

  test('are not told where the prediction throws as it is read', () => {
    const refuse = () => {
      throw new Error('no')
    }
    const throwing = new Proxy({}, { has: refuse, get: refuse, ownKeys: refuse, getOwnPropertyDescriptor: refuse, getPrototypeOf: refuse })
    expect(misses({ a: 1 }, throwing)).toBeUndefined()
  })
})

describe('containingMisses', () => {
  test('leaves alone any other matcher, the inverse one included, and one whose class cannot be built again', () => {
    expect(containingMisses(expect.arrayContaining([1]) as AsymmetricMatcher, [2], undefined)).toBeUndefined()
    expect(containingMisses(expect.not.objectContaining({ a: 1 }) as AsymmetricMatcher, { a: 1 }, undefined)).toBeUndefined()
    class Unbuildable {
      readonly $$typeof = Symbol.for('jest.asymmetricMatcher')
      readonly sample = { a: 1 }
      constructor(sample?: unknown) {
        if (sample !== undefined) throw new Error('one sample only')
      }
      asymmetricMatch = () => false
      toString = () => 'ObjectContaining'
    }
    expect(containingMisses(new Unbuildable(), { a: 2 }, undefined)).toBeUndefined()
  })

  test("leaves alone a matcher that only calls itself ObjectContaining, without the runners' mark", () => {
    class Lookalike {
      constructor(readonly sample: Record<string, unknown>) {}
      asymmetricMatch = () => false
      toString = () => 'ObjectContaining'
    }
    expect(containingMisses(new Lookalike({ a: 1 }), { a: 2 }, undefined)).toBeUndefined()
  })

  test('is not told of a sample or class unlike the runners', () => {
    const mark = Symbol.for('jest.asymmetricMatcher')
    const named = { $$typeof: mark, asymmetricMatch: () => false, toString: () => 'ObjectContaining' }
    expect(containingMisses({ ...named, sample: null } as AsymmetricMatcher, { a: 2 }, undefined)).toBeUndefined()
    expect(containingMisses(Object.assign(Object.create(null) as object, named, { sample: { a: 1 } }) as AsymmetricMatcher, { a: 2 }, undefined)).toBeUndefined()
  })
})

describe.each(arrayRunners)("the item that %s's expect.arrayContaining missed", (_, arrayContaining) => {
  const miss = (sample: unknown[], pred: unknown) => arrayContainingMiss(arrayContaining(sample) as AsymmetricMatcher, pred, undefined)

  test('is the first of the sample that no item of the list equals', () => {
    expect(miss(['pool', 'spa', 'gym'], ['gym', 'pool', 'sauna'])).toBe('no item equal to "spa"')
    expect(miss([{ a: 1 }], [{ a: 2 }])).toBe('no item equal to {"a": 1}')
    expect(miss([expect.any(Number)], ['1'])).toBe('no item equal to Any<Number>')
  })

  test('is none where every item is found, or where the value is no list', () => {
    expect(miss(['pool'], ['spa', 'pool'])).toBeUndefined()
    expect(miss(['pool'], 'pool')).toBeUndefined()
    expect(miss(['pool'], { 0: 'spa' })).toBeUndefined()
  })
})

describe('arrayContainingMiss', () => {
  test("leaves alone any other matcher, and one that only calls itself ArrayContaining, without the runners' mark", () => {
    expect(arrayContainingMiss(expect.objectContaining({ a: 1 }) as AsymmetricMatcher, [1], undefined)).toBeUndefined()
    expect(arrayContainingMiss(expect.not.arrayContaining([1]) as AsymmetricMatcher, [1], undefined)).toBeUndefined()
    class Unmarked {
      constructor(readonly sample: unknown[]) {}
      asymmetricMatch = () => false
      toString = () => 'ArrayContaining'
    }
    expect(arrayContainingMiss(new Unmarked([1]), [2], undefined)).toBeUndefined()
    class OtherMarked extends Unmarked {
      readonly $$typeof = Symbol.for('jest.asymmetricMatcher')
      override toString = () => 'ArrayOfSomeKind'
    }
    expect(arrayContainingMiss(new OtherMarked([1]), [2], undefined)).toBeUndefined()
  })
})
