import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import { maxBenefitAssignment } from '../../src/match/assignment'

function solve(matrix: number[][], cols = matrix[0]?.length ?? 0): number[] {
  return Array.from(maxBenefitAssignment(matrix.length, cols, Float64Array.from(matrix.flat())))
}

function total(rows: number, cols: number, benefit: Float64Array, colForRow: Int32Array): number {
  let sum = 0
  for (let row = 0; row < rows; row++) {
    const col = colForRow[row]!
    if (col !== -1) sum += benefit[row * cols + col]!
  }
  return sum
}

/** Largest total over every way to pair min(rows, cols) rows with distinct columns. */
function bruteForceMaximum(rows: number, cols: number, benefit: Float64Array): number {
  const used = new Array<boolean>(cols).fill(false)
  const pairs = Math.min(rows, cols)
  const best = (row: number, made: number): number => {
    if (made === pairs) return 0
    if (rows - row < pairs - made) return -Infinity
    let result = best(row + 1, made)
    for (let col = 0; col < cols; col++) {
      if (used[col]) continue
      used[col] = true
      result = Math.max(result, benefit[row * cols + col]! + best(row + 1, made + 1))
      used[col] = false
    }
    return result
  }
  return best(0, 0)
}

function isValidAssignment(rows: number, cols: number, colForRow: Int32Array): boolean {
  const seen = new Set<number>()
  for (const col of colForRow) {
    if (col === -1) continue
    if (col < 0 || col >= cols || seen.has(col)) return false
    seen.add(col)
  }
  return colForRow.length === rows && seen.size === Math.min(rows, cols)
}

describe('maxBenefitAssignment', () => {
  it('gives each of two rows a column when only one of them can take the second column', () => {
    // Greedy in row order gives column 0 to row 0 and leaves row 1 with nothing it can take.
    expect(solve([
      [1, 1],
      [1, 0],
    ])).toEqual([1, 0])
  })

  it('prefers the larger total over the larger single benefit', () => {
    expect(solve([
      [10, 9],
      [9, 0],
    ])).toEqual([1, 0])
  })

  it('leaves the weakest row unassigned when rows outnumber columns', () => {
    expect(solve([[3], [5], [4]])).toEqual([-1, 0, -1])
  })

  it('leaves rows out optimally, not greedily, in a tall problem', () => {
    expect(solve([
      [5, 4],
      [5, 0],
      [1, 1],
    ])).toEqual([1, 0, -1])
  })

  it('picks the best columns for every row in a wide problem', () => {
    expect(solve([
      [1, 7, 2],
      [0, 7, 6],
    ])).toEqual([1, 2])
  })

  it('returns an empty result for zero rows', () => {
    expect(solve([], 3)).toEqual([])
  })

  it('leaves every row unassigned for zero columns', () => {
    expect(solve([[], []], 0)).toEqual([-1, -1])
  })

  it('pairs a single row with a single column', () => {
    expect(solve([[-2]])).toEqual([0])
  })

  it('still makes min(rows, cols) pairs when every benefit is negative', () => {
    expect(solve([
      [-1, -5, -9],
      [-2, -3, -9],
    ])).toEqual([0, 1])
  })

  it('gives tied rows distinct columns', () => {
    expect(solve([
      [4, 4, 4],
      [4, 4, 4],
      [4, 4, 4],
    ]).sort()).toEqual([0, 1, 2])
  })

  it('tells apart integer benefits that differ by one at a scale of 1e13', () => {
    expect(solve([
      [1e13, 1e13 - 1],
      [1e13 + 1, 1e13 - 1],
    ])).toEqual([1, 0])
  })

  it('tells apart benefits far below 1e-9 when all benefits are that small', () => {
    expect(solve([
      [1e-12, 0],
      [2e-12, 0],
    ])).toEqual([1, 0])
  })

  it('rejects a benefit array whose length is not rows * cols', () => {
    expect(() => maxBenefitAssignment(2, 2, new Float64Array(3))).toThrow(/3 entries, expected rows \* cols = 4/)
  })

  it.each([
    [1.5, 2],
    [2, 1.5],
    [-2, 0],
    [0, -2],
  ])('rejects a shape of %s x %s, whose benefits could still number rows * cols', (rows, cols) => {
    expect(() => maxBenefitAssignment(rows, cols, new Float64Array(Math.abs(rows * cols)))).toThrow(new RangeError(`assignment: rows and cols must be non-negative integers, got ${rows} x ${cols}`))
  })

  it.each([NaN, Infinity, -Infinity])('rejects a benefit of %s, naming its row and column', (notFinite) => {
    expect(() => maxBenefitAssignment(2, 2, Float64Array.of(0, 0, notFinite, 0))).toThrow(new RangeError(`assignment: benefit[2] (row 1, column 0) is ${notFinite}, expected a finite number`))
  })

  it('names the position of a non-finite benefit as given when rows outnumber columns', () => {
    expect(() => maxBenefitAssignment(3, 2, Float64Array.of(0, 0, 0, 0, 0, -Infinity))).toThrow(/row 2, column 1/)
  })

  it('rejects a non-finite benefit in a single row', () => {
    expect(() => maxBenefitAssignment(1, 3, Float64Array.of(1, Infinity, 2))).toThrow(/row 0, column 1/)
  })

  it('gives a single row its best column, the first on ties', () => {
    expect(solve([[2, 5, 5]])).toEqual([1])
  })

  const smallIntegerProblem = fc
    .record({ rows: fc.integer({ min: 0, max: 6 }), cols: fc.integer({ min: 0, max: 6 }), top: fc.integer({ min: 0, max: 8 }) })
    .chain(({ rows, cols, top }) =>
      fc.record({
        rows: fc.constant(rows),
        cols: fc.constant(cols),
        benefit: fc.array(fc.integer({ min: -top, max: top }), { minLength: rows * cols, maxLength: rows * cols }),
      }),
    )

  // The caller's tiers: exact * S1 + agreement * S2 - distance, up to about 1e13.
  const tieredProblem = fc
    .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 6 }) })
    .chain(({ rows, cols }) =>
      fc.record({
        rows: fc.constant(rows),
        cols: fc.constant(cols),
        benefit: fc.array(
          fc
            .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 11 }))
            .map(([exact, agreement, distance]) => exact * 1e12 + agreement * 1e6 - distance),
          { minLength: rows * cols, maxLength: rows * cols },
        ),
      }),
    )

  test.prop([smallIntegerProblem], { numRuns: 500 })(
    'reaches the brute-force maximum on small integer problems with many ties',
    ({ rows, cols, benefit }) => {
      const matrix = Float64Array.from(benefit)
      expect(total(rows, cols, matrix, maxBenefitAssignment(rows, cols, matrix))).toBe(bruteForceMaximum(rows, cols, matrix))
    },
  )

  test.prop([tieredProblem], { numRuns: 300 })(
    'reaches the brute-force maximum exactly on tiered benefits near 1e13',
    ({ rows, cols, benefit }) => {
      const matrix = Float64Array.from(benefit)
      expect(total(rows, cols, matrix, maxBenefitAssignment(rows, cols, matrix))).toBe(bruteForceMaximum(rows, cols, matrix))
    },
  )

  // Tenths are inexact in binary, so equal totals differ in the last places.
  const fractionalProblem = fc
    .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 6 }) })
    .chain(({ rows, cols }) =>
      fc.record({
        rows: fc.constant(rows),
        cols: fc.constant(cols),
        benefit: fc.array(fc.integer({ min: -20, max: 20 }).map((tenths) => tenths * 0.1), {
          minLength: rows * cols,
          maxLength: rows * cols,
        }),
      }),
    )

  test.prop([fractionalProblem], { numRuns: 300 })(
    'reaches the brute-force maximum up to rounding on fractional benefits',
    ({ rows, cols, benefit }) => {
      const matrix = Float64Array.from(benefit)
      const reached = total(rows, cols, matrix, maxBenefitAssignment(rows, cols, matrix))
      expect(Math.abs(reached - bruteForceMaximum(rows, cols, matrix))).toBeLessThan(1e-9)
    },
  )

  // 200 x 100: more benefits than the solver keeps a buffer for when it transposes a tall problem.
  const largeTallProblem = fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 200 * 100, maxLength: 200 * 100 })

  test.prop([largeTallProblem], { numRuns: 5 })('reaches the same total on a large tall problem as on its transpose', (benefit) => {
    const [rows, cols] = [200, 100]
    const tall = Float64Array.from(benefit)
    const wide = new Float64Array(rows * cols)
    for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) wide[col * rows + row] = tall[row * cols + col]!
    const tallAssignment = maxBenefitAssignment(rows, cols, tall)
    expect(isValidAssignment(rows, cols, tallAssignment)).toBe(true)
    expect(total(rows, cols, tall, tallAssignment)).toBe(total(cols, rows, wide, maxBenefitAssignment(cols, rows, wide)))
  })

  test.prop([smallIntegerProblem])('pairs exactly min(rows, cols) rows with distinct columns', ({ rows, cols, benefit }) => {
    expect(isValidAssignment(rows, cols, maxBenefitAssignment(rows, cols, Float64Array.from(benefit)))).toBe(true)
  })

  test.prop([tieredProblem, smallIntegerProblem])(
    'gives the same answer to the same problem, whatever was solved in between',
    (problem, other) => {
      const first = maxBenefitAssignment(problem.rows, problem.cols, Float64Array.from(problem.benefit))
      maxBenefitAssignment(other.rows, other.cols, Float64Array.from(other.benefit))
      expect(maxBenefitAssignment(problem.rows, problem.cols, Float64Array.from(problem.benefit))).toEqual(first)
    },
  )
})
