import type { Assignment } from './assign-any'

/**
 * An order-preserving alignment of two sequences of units (calls for order 'strict', turns
 * for order 'turns'): each unit pairs with at most one, and pairs never cross. `value(i, j)`
 * is what pairing unit i with unit j is worth, or undefined when they cannot pair. The
 * alignment maximises the summed tiers (primary, then secondary, then the number of call
 * pairs); on ties it prefers pairing, then leaving a prediction out, so it is deterministic.
 */
export function alignMonotone(
  predUnits: number,
  goldUnits: number,
  value: (i: number, j: number) => Assignment | undefined,
): Array<[number, number]> {
  const width = goldUnits + 1
  const size = (predUnits + 1) * width
  const primary = new Float64Array(size)
  const secondary = new Float64Array(size)
  const count = new Float64Array(size)
  // 0: skip the prediction, 1: skip the gold unit, 2: pair them
  const step = new Uint8Array(size)

  for (let i = 0; i <= predUnits; i++) {
    for (let j = 0; j <= goldUnits; j++) {
      const k = i * width + j
      if (i === 0 && j === 0) continue
      let best = -1
      if (i > 0) {
        best = k - width
        step[k] = 0
      }
      if (j > 0 && (best < 0 || better(primary, secondary, count, k - 1, best))) {
        best = k - 1
        step[k] = 1
      }
      let p = primary[best]!
      let s = secondary[best]!
      let c = count[best]!
      if (i > 0 && j > 0) {
        const paired = value(i - 1, j - 1)
        if (paired !== undefined && paired.pairs.length > 0) {
          const from = k - width - 1
          const pp = primary[from]! + paired.primary
          const ps = secondary[from]! + paired.secondary
          const pc = count[from]! + paired.pairs.length
          if (pp > p || (pp === p && (ps > s || (ps === s && pc >= c)))) {
            p = pp
            s = ps
            c = pc
            step[k] = 2
          }
        }
      }
      primary[k] = p
      secondary[k] = s
      count[k] = c
    }
  }

  const pairs: Array<[number, number]> = []
  let i = predUnits
  let j = goldUnits
  while (i > 0 || j > 0) {
    const move = step[i * width + j]
    if (move === 2) {
      pairs.push([i - 1, j - 1])
      i--
      j--
    } else if (move === 1 && j > 0) {
      j--
    } else {
      i--
    }
  }
  return pairs.reverse()
}

/** Whether cell a beats cell b strictly, comparing the three tiers in order. */
function better(primary: Float64Array, secondary: Float64Array, count: Float64Array, a: number, b: number): boolean {
  if (primary[a] !== primary[b]) return primary[a]! > primary[b]!
  if (secondary[a] !== secondary[b]) return secondary[a]! > secondary[b]!
  return count[a]! > count[b]!
}
