/**
 * A running total kept exactly, as non-overlapping partial sums (Shewchuk's algorithm, as in
 * Python's `math.fsum`), and read as the correctly rounded sum. The partials of two totals add
 * up to the exact total of both: so reports of shards merge to the figures of one run, to the
 * last bit, in any order, where a compensated sum read and added again would be off by a
 * rounding (0.7 × 5 as 3.4999999999999996). With integer weights there is one partial, the sum.
 */
export class ExactSum {
  /** In increasing magnitude, none zero except an empty total's. */
  private readonly partials: number[] = [0]
  /** Infinities and NaN, which have no partials; only weights beyond the grammar's bound make one. */
  private nonFinite = 0

  add(value: number): void {
    if (!Number.isFinite(value)) {
      this.nonFinite += value
      return
    }
    const partials = this.partials
    let x = value
    let kept = 0
    for (let i = 0; i < partials.length; i++) {
      let y = partials[i]!
      if (Math.abs(x) < Math.abs(y)) {
        const larger = y
        y = x
        x = larger
      }
      const high = x + y
      const low = y - (high - x)
      if (low !== 0) partials[kept++] = low
      x = high
    }
    partials[kept] = x
    partials.length = kept + 1
  }

  /** The partials, to be added to another total with addPartials; undefined when the sum is one double, its value. */
  inexactParts(): number[] | undefined {
    return this.nonFinite === 0 && this.partials.length > 1 ? [...this.partials] : undefined
  }

  addPartials(parts: readonly number[]): void {
    for (const part of parts) this.add(part)
  }

  /** The exact sum rounded once, to the nearest double (ties to even), as `math.fsum` gives it. */
  get value(): number {
    if (this.nonFinite !== 0) return this.nonFinite
    const partials = this.partials
    let n = partials.length - 1
    let high = partials[n]!
    let low = 0
    while (n > 0) {
      const x = high
      const y = partials[--n]!
      high = x + y
      low = y - (high - x)
      if (low !== 0) break
    }
    // Half-way between two doubles: the partials below decide which way the exact sum lies.
    if (n > 0 && ((low < 0 && partials[n - 1]! < 0) || (low > 0 && partials[n - 1]! > 0))) {
      const y = low * 2
      const x = high + y
      if (y === x - high) high = x
    }
    return high
  }
}
