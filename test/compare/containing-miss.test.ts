import { expect as jestExpect } from 'expect'
import { describe, expect, test } from 'vitest'
import { containingMiss } from '../../src/compare/containing-miss'
import type { AsymmetricMatcher } from '../../src/compare/gold-values'

const runners = [
  ['Vitest', (sample: Record<string, unknown>) => expect.objectContaining(sample)],
  ['Jest', (sample: Record<string, unknown>) => jestExpect.objectContaining(sample)],
] as const

describe.each(runners)("the key where %s's expect.objectContaining failed", (_, objectContaining) => {
  const miss = (sample: Record<string, unknown>, pred: unknown) => containingMiss(objectContaining(sample) as AsymmetricMatcher, pred, undefined)

  test('is the first key of the sample held otherwise, or missing', () => {
    expect(miss({ a: 1, b: 2, c: 3 }, { a: 1, b: 5 })).toEqual({ key: 'b', reason: 'expected 2, received 5' })
    expect(miss({ a: 1, c: 3 }, { a: 1, b: 5 })).toEqual({ key: undefined, reason: 'missing key "c", expected 3' })
  })

  test("is told by the runner's own equality, a matcher in the sample included", () => {
    expect(miss({ n: expect.any(Number), s: jestExpect.stringMatching(/^a/) }, { n: 1, s: 'ba' })?.key).toBe('s')
    expect(miss({ list: [1, 2] }, { list: [1, 2, 3] })).toEqual({ key: 'list', reason: 'expected [1, 2], received [1, 2, 3]' })
  })

  test('takes a key the object inherits, and a key named __proto__, as the matcher does', () => {
    const inherits = Object.create({ a: 1 }) as Record<string, unknown>
    expect(miss({ a: 1, b: 2 }, inherits)).toEqual({ key: undefined, reason: 'missing key "b", expected 2' })
    expect(miss({ a: 2 }, inherits)).toEqual({ key: 'a', reason: 'expected 2, received 1' })
    const proto = JSON.parse('{"__proto__": 1, "x": 2}') as Record<string, unknown>
    expect(miss(JSON.parse('{"__proto__": 1, "x": 3}') as Record<string, unknown>, proto)).toEqual({ key: 'x', reason: 'expected 3, received 2' })
  })

  test('is none where the prediction is no object, or where every key alone matches', () => {
    expect(miss({ a: 1 }, 'a')).toBeUndefined()
    expect(miss({ a: 1 }, null)).toBeUndefined()
    expect(miss({ a: 1 }, { a: 1 })).toBeUndefined()
  })

  test('is none where the prediction throws as it is read', () => {
    const refuse = () => {
      throw new Error('no')
    }
    const throwing = new Proxy({}, { has: refuse, get: refuse, ownKeys: refuse, getOwnPropertyDescriptor: refuse, getPrototypeOf: refuse })
    expect(miss({ a: 1 }, throwing)).toBeUndefined()
  })
})

describe('containingMiss', () => {
  test('leaves alone any other matcher, the inverse one included, and one whose class cannot be built again', () => {
    expect(containingMiss(expect.arrayContaining([1]) as AsymmetricMatcher, [2], undefined)).toBeUndefined()
    expect(containingMiss(expect.not.objectContaining({ a: 1 }) as AsymmetricMatcher, { a: 1 }, undefined)).toBeUndefined()
    class Unbuildable {
      readonly $$typeof = Symbol.for('jest.asymmetricMatcher')
      readonly sample = { a: 1 }
      constructor(sample?: unknown) {
        if (sample !== undefined) throw new Error('one sample only')
      }
      asymmetricMatch = () => false
      toString = () => 'ObjectContaining'
    }
    expect(containingMiss(new Unbuildable(), { a: 2 }, undefined)).toBeUndefined()
  })
})
