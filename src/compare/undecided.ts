/**
 * Where the gold's own code could not decide on a predicted value: a `satisfies` predicate or an
 * asymmetric matcher threw, or answered with a promise (a predicate, with undefined). The value is graded wrong, as any bad
 * output is; but a `.not` assertion passes on a wrong value, and must not stand on one that was
 * never decided. So the matchers ask whether anything went undecided while they scored, and
 * if so score again with such values taken as matches: calls that then match may be the ones.
 */
let undecided = 0
let undecidedMatches = false

/** Counts one value the gold's code could not decide on; true when it is to be taken as a match. */
export function undecidedValue(): boolean {
  undecided++
  return undecidedMatches
}

/** How many values have gone undecided so far in this process: compared before and after a scoring. */
export function undecidedSoFar(): number {
  return undecided
}

/** What `score` gives with every undecided value taken as a match. */
export function withUndecidedAsMatches<T>(score: () => T): T {
  const outer = undecidedMatches
  undecidedMatches = true
  try {
    return score()
  } finally {
    undecidedMatches = outer
  }
}
