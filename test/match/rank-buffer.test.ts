import { afterEach, describe, expect, test } from 'vitest'
import { type RankBuffer, returnRankBuffer, takeRankBuffer } from '../../src/match/rank-buffer'

/** Room for a group of rows x cols, as assign-any's rankers use it. */
function expectRoomFor(buffer: RankBuffer | undefined, rows: number, cols: number): void {
  expect(buffer).toBeDefined()
  expect(buffer!.doubles.length).toBeGreaterThanOrEqual(4 * rows * cols)
  expect(buffer!.counts.length).toBeGreaterThanOrEqual(2 * rows * cols + rows + cols)
}

// The buffer is kept across the module's callers: each test holds whatever was kept before it, and gives it back after.
let held: RankBuffer[] = []
function take(rows: number, cols: number): RankBuffer | undefined {
  const buffer = takeRankBuffer(rows, cols)
  if (buffer !== undefined) held.push(buffer)
  return buffer
}
afterEach(() => {
  for (const buffer of held) returnRankBuffer(buffer)
  held = []
})

/** Holds whatever was kept before out of the way, then keeps a fresh buffer made for a group of rows x cols, and gives it. */
function keepFresh(rows: number, cols: number): RankBuffer {
  take(1, 1)
  const fresh = takeRankBuffer(rows, cols)!
  returnRankBuffer(fresh)
  return fresh
}

describe('the kept rank buffer', () => {
  test.each([
    [3, 3],
    [15, 20],
  ])('is handed out only to a group it has room for, once kept from a group of %i x %i', (keptRows, keptCols) => {
    for (const [rows, cols] of [
      [20, 20],
      [1, 300],
      [300, 1],
      [181, 181],
    ] as const) {
      keepFresh(keptRows, keptCols)
      expectRoomFor(take(rows, cols), rows, cols)
    }
  })

  test('is not handed out again while taken, so a group ranked inside another ranks in a buffer of its own', () => {
    const outer = take(4, 4)
    const inner = take(4, 4)
    expectRoomFor(inner, 4, 4)
    expect(inner).not.toBe(outer)
  })

  test('is handed out again once given back', () => {
    const kept = keepFresh(5, 5)
    expect(take(5, 5)).toBe(kept)
  })

  test('is not made for groups past its size, which make arrays of their own', () => {
    expect(take(182, 181)).toBeUndefined()
    expect(take(1, 40_000)).toBeUndefined()
  })
})
