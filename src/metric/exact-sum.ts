/**
 * A running total kept exactly, as non-overlapping partial sums (Shewchuk's algorithm, as in
 * Python's `math.fsum`), and read as the correctly rounded sum. The partials of two totals add
 * up to the exact total of both: so reports of shards merge to the figures of one run, to the
 * last bit, in any order, where a compensated sum read and added again would be off by a
 * rounding (0.7 × 5 as 3.4999999999999996). With integer weights there is one partial, the sum.
 */
export class ExactSum {
  // The partials in increasing magnitude: `lower[0..lowerCount)`, then `high`, the largest. With
  // integer weights `lower` stays empty, and adding is one sum and one check, with no array touched.
  private high = 0
  private readonly lower: number[] = []
  private lowerCount = 0
  /** Infinities and NaN, which have no partials; only weights beyond the grammar's bound make one. */
  private nonFinite = 0

  add(value: number): void {
    if (!Number.isFinite(value)) {
      this.nonFinite += value
      return
    }
    let x = value
    let kept = 0
    const lower = this.lower
    for (let i = 0; i < this.lowerCount; i++) {
      const low = twoSumLow(x, lower[i]!)
      x += lower[i]!
      if (low !== 0) lower[kept++] = low
    }
    const low = twoSumLow(x, this.high)
    this.high += x
    if (low !== 0) lower[kept++] = low
    this.lowerCount = kept
  }

  /** The partials, to be added to another total with addPartials; undefined when the sum is one double, its value. */
  inexactParts(): number[] | undefined {
    if (this.nonFinite !== 0 || this.lowerCount === 0) return undefined
    const parts = this.lower.slice(0, this.lowerCount)
    parts.push(this.high)
    return parts
  }

  addPartials(parts: readonly number[]): void {
    for (const part of parts) this.add(part)
  }

  /** The exact sum rounded once, to the nearest double (ties to even), as `math.fsum` gives it. */
  get value(): number {
    if (this.nonFinite !== 0) return this.nonFinite
    const lower = this.lower
    let n = this.lowerCount
    let high = this.high
    let low = 0
    while (n > 0) {
      const x = high
      const y = lower[--n]!
      high = x + y
      low = y - (high - x)
      if (low !== 0) break
    }
    // Half-way between two doubles: the partials below decide which way the exact sum lies.
    if (n > 0 && ((low < 0 && lower[n - 1]! < 0) || (low > 0 && lower[n - 1]! > 0))) {
      const y = low * 2
      const x = high + y
      if (y === x - high) high = x
    }
    return high
  }
}

/** The rounding error of `a + b`, exactly: what the double sum lost (Knuth's TwoSum, branch-free). */
function twoSumLow(a: number, b: number): number {
  const sum = a + b
  const bVirtual = sum - a
  return a - (sum - bVirtual) + (b - bVirtual)
}
