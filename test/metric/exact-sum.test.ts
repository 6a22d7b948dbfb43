import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { ExactSum } from '../../src/metric/exact-sum'

function sumOf(values: readonly number[]): ExactSum {
  const sum = new ExactSum()
  for (const value of values) sum.add(value)
  return sum
}

/** The sum of the totals of each part, as a merge of shard reports adds them: each total's partials where it has them, its value otherwise. */
function merged(parts: readonly (readonly number[])[]): number {
  const total = new ExactSum()
  for (const part of parts) {
    const sum = sumOf(part)
    const partials = sum.inexactParts()
    if (partials === undefined) total.add(sum.value)
    else total.addPartials(partials)
  }
  return total.value
}

const weight = fc.double({ min: -1e6, max: 1e6, noNaN: true })

describe('ExactSum', () => {
  test.each([
    ['ten tenths', Array(10).fill(0.1), 1],
    ['five weights of 0.7', Array(5).fill(0.7), 3.5],
    ['a small value between two large ones that cancel', [1e100, 1, -1e100], 1],
    ['a tie, rounded to even', [1, 2 ** -53], 1],
    ['just above a tie, rounded up', [1, 2 ** -53, 2 ** -106], 1 + 2 ** -52],
    ['nothing', [], 0],
  ])('rounds the exact sum once: %s', (_, values, expected) => {
    expect(sumOf(values).value).toBe(expected)
  })

  test('a sum of integers is one partial, its value', () => {
    const sum = sumOf([3, 7, 2 ** 52, -5])
    expect(sum.value).toBe(2 ** 52 + 5)
    expect(sum.inexactParts()).toBeUndefined()
  })

  test.prop([fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { maxLength: 200 })])('integers add up to their exact sum', (values) => {
    expect(sumOf(values).value).toBe(Number(values.reduce((a, b) => a + BigInt(b), 0n)))
  })

  test.prop([fc.array(weight, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 5 })])(
    'totals of shards, merged by their partials, give the total of one run to the last bit',
    (values, cuts) => {
      const points = [...new Set(cuts.map((cut) => cut % (values.length + 1)))].sort((a, b) => a - b)
      const parts = [0, ...points, values.length].slice(1).map((end, i, ends) => values.slice(i === 0 ? 0 : ends[i - 1], end))
      expect(merged(parts)).toBe(sumOf(values).value)
    },
  )

  test.prop([fc.array(weight, { maxLength: 60 })])('the order of the values does not change the sum', (values) => {
    expect(sumOf([...values].reverse()).value).toBe(sumOf(values).value)
    expect(sumOf([...values].sort((a, b) => a - b)).value).toBe(sumOf(values).value)
  })

  test('an infinity or NaN, which only weights beyond the grammar bound could make, is the sum', () => {
    expect(sumOf([1, Number.POSITIVE_INFINITY]).value).toBe(Number.POSITIVE_INFINITY)
    expect(sumOf([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]).value).toBeNaN()
  })
})
