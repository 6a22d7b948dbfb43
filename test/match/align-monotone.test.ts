import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { alignMonotone } from '../../src/match/align-monotone'
import type { Assignment } from '../../src/match/assign-any'

type Worth = [primary: number, secondary: number, tertiary: number, quaternary: number, count: number]

/** Every order-preserving set of pairs, with its summed worth. */
function* monotoneMatchings(rows: number, cols: number, value: (i: number, j: number) => Assignment | undefined, i = 0, after = -1): Generator<Worth> {
  if (i === rows) {
    yield [0, 0, 0, 0, 0]
    return
  }
  yield* monotoneMatchings(rows, cols, value, i + 1, after)
  for (let j = after + 1; j < cols; j++) {
    const paired = value(i, j)
    if (paired === undefined) continue
    for (const [p, s, t, q, c] of monotoneMatchings(rows, cols, value, i + 1, j)) {
      yield [p + paired.primary, s + paired.secondary, t + paired.tertiary, q + paired.quaternary, c + paired.pairs.length]
    }
  }
}

const beats = (a: Worth, b: Worth) => {
  for (let tier = 0; tier < a.length; tier++) if (a[tier] !== b[tier]) return a[tier]! > b[tier]!
  return false
}

// A pair's worth by cell, or null where the two cannot pair; small values, so tiers tie often (the tertiary one may be negative, as errors spared are).
const grid = fc
  .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
  .chain(([rows, cols]) =>
    fc.array(fc.option(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: -2, max: 1 }), fc.integer({ min: 0, max: 1 })), { freq: 3 }), {
      minLength: rows * cols,
      maxLength: rows * cols,
    }).map((cells) => ({ rows, cols, cells })),
  )

describe('the order-preserving alignment', () => {
  it('weighs the number of pairs only after every tier: one pair better on the last tier beats two', () => {
    // pred 0 with gold 1 is worth more on the quaternary tier than pred 0 with gold 0 and pred 1 with gold 1 together.
    const worth: Record<string, number> = { '0,0': 0, '0,1': 1, '1,1': 0 }
    const value = (i: number, j: number): Assignment | undefined => {
      const quaternary = worth[`${i},${j}`]
      return quaternary === undefined ? undefined : { pairs: [[i, j]], primary: 0, secondary: 0, tertiary: 0, quaternary }
    }
    expect(alignMonotone(2, 2, value)).toEqual([[0, 1]])
  })

  it('keeps a pair worth something on the last tier alone when the gold unit after it is skipped', () => {
    const value = (i: number, j: number): Assignment | undefined =>
      i === 0 && j === 0 ? { pairs: [[0, 0]], primary: 0, secondary: 0, tertiary: 0, quaternary: 1 } : undefined
    expect(alignMonotone(1, 2, value)).toEqual([[0, 0]])
  })

  test.prop([grid], { numRuns: 500 })('reaches the best order-preserving matching, tier by tier', ({ rows, cols, cells }) => {
    const value = (i: number, j: number): Assignment | undefined => {
      const cell = cells[i * cols + j]
      return cell === null || cell === undefined ? undefined : { pairs: [[i, j]], primary: cell[0], secondary: cell[1], tertiary: cell[2], quaternary: cell[3] }
    }
    let best: Worth = [0, 0, 0, 0, 0]
    for (const worth of monotoneMatchings(rows, cols, value)) if (beats(worth, best)) best = worth
    const pairs = alignMonotone(rows, cols, value)
    const found = pairs.reduce<Worth>((sum, [i, j]) => {
      const paired = value(i, j)!
      return [sum[0] + paired.primary, sum[1] + paired.secondary, sum[2] + paired.tertiary, sum[3] + paired.quaternary, sum[4] + 1]
    }, [0, 0, 0, 0, 0])
    expect(found).toEqual(best)
    // Pairs never cross and each unit pairs once.
    pairs.forEach(([i, j], k) => k > 0 && expect(i > pairs[k - 1]![0] && j > pairs[k - 1]![1]).toBe(true))
  })
})
