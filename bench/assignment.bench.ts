import { maxBenefitAssignment } from '../src/match/assignment'

/** One solver under test: rows, cols, row-major benefit -> column per row. */
type Assign = (rows: number, cols: number, benefit: Float64Array) => Int32Array

const SIZES = [10, 100, 300, 1000]
const ARGS_PER_CALL = 8
const VALUES_PER_ARG = 4
const ARG_WEIGHT = 3
/** Chance that a prediction changes an argument: mostly right predictions, then heavily wrong ones (many ties). */
const CHANGED_ARG_CHANCES = [0.05, 0.35]
const WINDOW_MS = 300
const WINDOWS = 5

/**
 * Solver time per solve against a greedy first-fit pairing measured in the same run, interleaved,
 * on n same-name calls whose arguments partly overlap (benefit = shared arguments * weight).
 */
export async function runAssignmentBench(): Promise<string[]> {
  const lines = [`assignment: n x n same-name calls, benefit = shared arguments (0..${ARGS_PER_CALL}) * ${ARG_WEIGHT}; ` +
    `median of ${WINDOWS} interleaved windows of ${WINDOW_MS} ms`]
  const random = mulberry32(20240611)
  for (const changedArgChance of CHANGED_ARG_CHANCES) {
    lines.push(`predictions change each argument with chance ${changedArgChance}:`)
    for (const n of SIZES) lines.push(benchSize(n, changedArgChance, random))
  }
  return lines
}

function benchSize(n: number, changedArgChance: number, random: () => number): string {
  // Enough distinct problems to vary the data, few enough to stay in cache as a fresh matrix would.
  const problems = Array.from({ length: n <= 10 ? 64 : n <= 100 ? 8 : 4 }, () => sameNameCalls(n, changedArgChance, random))
  const solverMs: number[] = []
  const greedyMs: number[] = []
  msPerSolve(maxBenefitAssignment, n, problems)
  msPerSolve(greedyFirstFit, n, problems)
  for (let window = 0; window < WINDOWS; window++) {
    solverMs.push(msPerSolve(maxBenefitAssignment, n, problems))
    greedyMs.push(msPerSolve(greedyFirstFit, n, problems))
  }
  const solver = median(solverMs)
  const greedy = median(greedyMs)
  return `  n=${String(n).padEnd(5)} solver ${formatMs(solver)}  greedy ${formatMs(greedy)}  ` +
    `ratio ${(solver / greedy).toFixed(2)}x  ${greedyShortfall(n, problems)}`
}

function msPerSolve(assign: Assign, n: number, problems: Float64Array[]): number {
  let solves = 0
  let checksum = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < WINDOW_MS) {
    checksum += assign(n, n, problems[solves % problems.length]!)[0]!
    solves++
    elapsed = performance.now() - start
  }
  if (checksum < 0) throw new Error('assignment bench: a row went unassigned')
  return elapsed / solves
}

/** Each row takes the first free column with the largest benefit, in row order. */
function greedyFirstFit(rows: number, cols: number, benefit: Float64Array): Int32Array {
  const colForRow = new Int32Array(rows).fill(-1)
  const taken = new Uint8Array(cols)
  for (let row = 0; row < rows; row++) {
    const base = row * cols
    let best = -1
    for (let col = 0; col < cols; col++) {
      if (taken[col] === 0 && (best === -1 || benefit[base + col]! > benefit[base + best]!)) best = col
    }
    if (best === -1) break
    taken[best] = 1
    colForRow[row] = best
  }
  return colForRow
}

/** How far greedy falls below the optimum: the share of problems and the mean fraction it reaches. */
function greedyShortfall(n: number, problems: Float64Array[]): string {
  let below = 0
  let reached = 0
  for (const benefit of problems) {
    const optimum = total(n, benefit, maxBenefitAssignment(n, n, benefit))
    const greedy = total(n, benefit, greedyFirstFit(n, n, benefit))
    if (greedy < optimum) below++
    reached += greedy / optimum
  }
  return `(greedy below optimum on ${below}/${problems.length}, at ${(100 * reached / problems.length).toFixed(1)}% of it)`
}

function total(n: number, benefit: Float64Array, colForRow: Int32Array): number {
  let sum = 0
  for (let row = 0; row < n; row++) sum += benefit[row * n + colForRow[row]!]!
  return sum
}

/** Gold calls with random argument values; each prediction copies a distinct gold call and changes some arguments. */
function sameNameCalls(n: number, changedArgChance: number, random: () => number): Float64Array {
  const gold = new Int32Array(n * ARGS_PER_CALL)
  for (let k = 0; k < gold.length; k++) gold[k] = Math.floor(random() * VALUES_PER_ARG)
  const source = Int32Array.from({ length: n }, (_, k) => k)
  for (let k = n - 1; k > 0; k--) {
    const other = Math.floor(random() * (k + 1))
    const swap = source[k]!
    source[k] = source[other]!
    source[other] = swap
  }
  const pred = new Int32Array(n * ARGS_PER_CALL)
  for (let call = 0; call < n; call++) {
    for (let arg = 0; arg < ARGS_PER_CALL; arg++) {
      const copied = gold[source[call]! * ARGS_PER_CALL + arg]!
      pred[call * ARGS_PER_CALL + arg] = random() < changedArgChance ? Math.floor(random() * VALUES_PER_ARG) : copied
    }
  }
  const benefit = new Float64Array(n * n)
  for (let p = 0; p < n; p++) {
    for (let g = 0; g < n; g++) {
      let shared = 0
      for (let arg = 0; arg < ARGS_PER_CALL; arg++) {
        if (pred[p * ARGS_PER_CALL + arg] === gold[g * ARGS_PER_CALL + arg]) shared++
      }
      benefit[p * n + g] = shared * ARG_WEIGHT
    }
  }
  return benefit
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function formatMs(ms: number): string {
  return ms < 0.1 ? `${(ms * 1000).toFixed(2)} us` : `${ms.toFixed(2)} ms`
}
