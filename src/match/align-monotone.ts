import type { Assignment } from './assign-any'

/**
 * An order-preserving alignment of two sequences of units (calls for order 'strict', turns
 * for order 'turns'): each unit pairs with at most one, and pairs never cross. `value(i, j)`
 * is what pairing unit i with unit j is worth, or undefined when they cannot pair. The
 * alignment maximises the summed tiers (primary, then secondary, tertiary and quaternary, then the
 * number of call pairs); on ties it keeps the pairs of the earlier units (the first of two like
 * predictions pairs), so it is deterministic.
 */
export function alignMonotone(
  predUnits: number,
  goldUnits: number,
  value: (i: number, j: number) => Assignment | undefined,
): Array<[number, number]> {
  const width = goldUnits + 1
  // The tiers of the best alignment so far, for the row above and this row: two rows suffice,
  // so memory grows with the moves alone (a byte a cell), not with three numbers a cell.
  let above = new Tiers(width)
  let row = new Tiers(width)
  // 0: skip the prediction, 1: skip the gold unit, 2: pair them
  const step = new Uint8Array((predUnits + 1) * width)

  for (let i = 0; i <= predUnits; i++) {
    for (let j = 0; j <= goldUnits; j++) {
      if (i === 0 && j === 0) {
        row.set(0, 0, 0, 0, 0, 0)
        continue
      }
      const k = i * width + j
      // The better of skipping the prediction (from above) and skipping the gold unit (from the left).
      let from = above
      let at = j
      step[k] = 0
      if (j > 0 && (i === 0 || row.beats(j - 1, above, j))) {
        from = row
        at = j - 1
        step[k] = 1
      }
      let p = from.primary[at]!
      let s = from.secondary[at]!
      let t = from.tertiary[at]!
      let q = from.quaternary[at]!
      let c = from.count[at]!
      if (i > 0 && j > 0) {
        const paired = value(i - 1, j - 1)
        if (paired !== undefined && paired.pairs.length > 0) {
          const pp = above.primary[j - 1]! + paired.primary
          const ps = above.secondary[j - 1]! + paired.secondary
          const pt = above.tertiary[j - 1]! + paired.tertiary
          const pq = above.quaternary[j - 1]! + paired.quaternary
          const pc = above.count[j - 1]! + paired.pairs.length
          // Strictly better only: on a tie the alignment keeps the earlier units' pairs, as the unordered pairing does.
          if (pp > p || (pp === p && (ps > s || (ps === s && (pt > t || (pt === t && (pq > q || (pq === q && pc > c)))))))) {
            p = pp
            s = ps
            t = pt
            q = pq
            c = pc
            step[k] = 2
          }
        }
      }
      row.set(j, p, s, t, q, c)
    }
    ;[above, row] = [row, above]
  }

  const pairs: Array<[number, number]> = []
  let i = predUnits
  let j = goldUnits
  // Once either side is used up, the moves left only skip units: no pair is left to find.
  while (i > 0 && j > 0) {
    const move = step[i * width + j]
    if (move === 2) {
      pairs.push([i - 1, j - 1])
      i--
      j--
    } else if (move === 1) {
      j--
    } else {
      i--
    }
  }
  return pairs.reverse()
}

/** One row of the alignment's tiers: primary, then secondary, tertiary and quaternary, then the number of call pairs. */
class Tiers {
  readonly primary: Float64Array
  readonly secondary: Float64Array
  readonly tertiary: Float64Array
  readonly quaternary: Float64Array
  readonly count: Float64Array

  constructor(width: number) {
    this.primary = new Float64Array(width)
    this.secondary = new Float64Array(width)
    this.tertiary = new Float64Array(width)
    this.quaternary = new Float64Array(width)
    this.count = new Float64Array(width)
  }

  set(j: number, primary: number, secondary: number, tertiary: number, quaternary: number, count: number): void {
    this.primary[j] = primary
    this.secondary[j] = secondary
    this.tertiary[j] = tertiary
    this.quaternary[j] = quaternary
    this.count[j] = count
  }

  /** Whether cell `j` of this row beats cell `other` of `row` strictly, tier by tier. */
  beats(j: number, row: Tiers, other: number): boolean {
    if (this.primary[j] !== row.primary[other]) return this.primary[j]! > row.primary[other]!
    if (this.secondary[j] !== row.secondary[other]) return this.secondary[j]! > row.secondary[other]!
    if (this.tertiary[j] !== row.tertiary[other]) return this.tertiary[j]! > row.tertiary[other]!
    if (this.quaternary[j] !== row.quaternary[other]) return this.quaternary[j]! > row.quaternary[other]!
    return this.count[j]! > row.count[other]!
  }
}
