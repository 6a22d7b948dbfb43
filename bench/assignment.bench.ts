// The built package, as users run it.
import { type Level, matchCalls } from 'expect-toolcalls'
import { seeded } from './bfcl-corpus'
import { type BenchOptions, compare, formatMs, formatRatio, formatWithin } from './harness'

interface Call {
  name: string
  args: Record<string, unknown>
}

/** The parameters of the one tool, each with the few values it takes. */
const PARAMETERS: ReadonlyArray<readonly [string, readonly unknown[]]> = [
  ['city', ['paris', 'lima', 'oslo', 'kyoto']],
  ['unit', ['celsius', 'fahrenheit', 'kelvin', 'rankine']],
  ['days', [1, 3, 7, 14]],
  ['hourly', [true, false, null, 0]],
  ['lang', ['en', 'fr', 'es', 'ja']],
  ['limit', [5, 10, 20, 50]],
  ['detail', ['low', 'medium', 'high', 'full']],
  ['alerts', [0, 1, 2, 3]],
]
const SIZES = [10, 100, 300, 1000]
/** Chance that a prediction changes an argument: mostly right predictions, then heavily wrong ones (many ties). */
const CHANGE_CHANCES = [0.05, 0.35]
const LEVELS: readonly Level[] = ['call', 'arg']
const RATIO_TARGET = 2
const RATIO_TARGET_UP_TO = 100
const ARG_LEVEL_LIMIT_MS = 250
const LARGE = 300

/**
 * `matchCalls` (read the calls, rank the pairs, solve) on n same-name calls against a greedy
 * first-fit pairing of the same calls, as a leaderboard-style checker does it: each gold call
 * takes the first unclaimed prediction whose canonical JSON (sorted keys) is the same.
 */
export function runAssignmentBench(options: BenchOptions): string[] {
  const windows = options.windows ?? 7
  const largeWindows = Math.min(3, windows)
  const lines = [
    `assignment: n same-name calls of 6-8 of ${PARAMETERS.length} arguments (4 values each), matchCalls vs greedy first-fit on canonical JSON; ` +
      `median of ${windows} interleaved window${windows === 1 ? '' : 's'} of ${options.windowMs ?? 300} ms (${largeWindows} for n ≥ ${LARGE})`,
  ]
  const random = seeded(20240611)
  for (const chance of CHANGE_CHANCES) {
    lines.push(`  predictions change each argument with chance ${chance}:`)
    for (const n of SIZES) {
      // Enough distinct problems to vary the data, few enough that each stays warm.
      const problems = Array.from({ length: n <= 10 ? 64 : n <= 100 ? 8 : 2 }, () => sameNameCalls(n, chance, random))
      const compareOptions = { ...options, windows: n >= LARGE ? largeWindows : windows }
      let next = 0
      const problem = () => problems[next++ % problems.length]!
      for (const level of LEVELS) {
        const greedy = () => {
          const { pred, gold } = problem()
          return greedyFirstFit(pred, gold)
        }
        const solved = () => {
          const { pred, gold } = problem()
          return matchCalls(pred, gold, { level }).pairs.length
        }
        const result = compare(greedy, solved, compareOptions)
        lines.push(
          `    n=${String(n).padEnd(5)} ${level.padEnd(4)} matchCalls ${matchCallsTime(result.candidateMs, n, level)}  greedy ${formatMs(result.baselineMs)}  ` +
            `ratio ${formatRatio(result.ratio, n <= RATIO_TARGET_UP_TO ? RATIO_TARGET : undefined)}  ${exactPairs(problems[0]!, level)}`,
        )
      }
    }
  }
  return lines
}

/** The time, held to the absolute limit where one is set (the arg level at the largest n). */
function matchCallsTime(ms: number, n: number, level: Level): string {
  return level === 'arg' && n === SIZES[SIZES.length - 1] ? formatWithin(ms, ARG_LEVEL_LIMIT_MS) : formatMs(ms)
}

/** Both find every exact pair, or the comparison is not fair. */
function exactPairs(problem: { pred: Call[]; gold: Call[] }, level: Level): string {
  const solved = matchCalls(problem.pred, problem.gold, { level }).pairs.filter((pair) => pair.exact).length
  const greedy = greedyFirstFit(problem.pred, problem.gold)
  return solved === greedy ? `(exact pairs: ${solved}, as greedy)` : `(exact pairs: ${solved}, greedy ${greedy})`
}

/** JSON with every object's keys sorted, so that argument order does not matter. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** Each gold call, in order, takes the first unclaimed prediction that equals it; returns how many paired. */
function greedyFirstFit(pred: readonly Call[], gold: readonly Call[]): number {
  const predKeys = pred.map(canonicalJson)
  const claimed = new Uint8Array(pred.length)
  let paired = 0
  for (const call of gold) {
    const key = canonicalJson(call)
    for (let p = 0; p < predKeys.length; p++) {
      if (claimed[p] === 0 && predKeys[p] === key) {
        claimed[p] = 1
        paired++
        break
      }
    }
  }
  return paired
}

/** Gold calls with 6 to 8 of the arguments; each prediction copies a distinct gold call and changes some values. */
function sameNameCalls(n: number, changeChance: number, random: () => number): { pred: Call[]; gold: Call[] } {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!
  const gold = Array.from({ length: n }, (): Call => {
    const left = new Set(Array.from({ length: Math.floor(random() * 3) }, () => pick(PARAMETERS)[0]))
    const args = Object.fromEntries(PARAMETERS.filter(([name]) => !left.has(name)).map(([name, values]) => [name, pick(values)]))
    return { name: 'get_forecast', args }
  })
  const order = gold.map((_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  const pred = order.map((source): Call => {
    const args = Object.fromEntries(
      Object.entries(gold[source]!.args).map(([name, value]) => {
        if (random() >= changeChance) return [name, value]
        const values = PARAMETERS.find(([parameter]) => parameter === name)![1]
        return [name, pick(values.filter((other) => other !== value))]
      }),
    )
    return { name: 'get_forecast', args }
  })
  return { pred, gold }
}
