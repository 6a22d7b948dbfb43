import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type BfclCorpusEntry, bfclCheckLines, bfclCorpus, seeded } from './bfcl-corpus'
import { type BenchOptions, type Comparison, formatMs, formatRatio, median } from './harness'
import { CLI_PATH } from './package-paths'

const TARGET = 2

/** The floor: a Node process that reads the file line by line and parses each line, nothing more. */
const PARSE_ONLY_SCRIPT = `import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
let parsed = 0
for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) {
  if (line.length > 0 && JSON.parse(line) !== null) parsed++
}
if (parsed === 0) process.exitCode = 1
`

/**
 * `toolcalls bfcl-check` as a process on 3,000 entries against a Node process that only
 * JSON.parses the same lines: windows of runs of each, interleaved.
 */
export function runBfclCheckBench(options: BenchOptions): string[] {
  const pairs = options.quick ? 1 : Math.max(7, options.windows ?? 7)
  const windowMs = options.windowMs ?? 300
  const folder = mkdtempSync(join(tmpdir(), 'bench-bfcl-check-'))
  try {
    const entriesFile = join(folder, 'entries.jsonl')
    const parseOnlyScript = join(folder, 'parse-only.mjs')
    const lines = bfclCheckVariants()
    writeFileSync(entriesFile, `${lines.join('\n')}\n`)
    writeFileSync(parseOnlyScript, PARSE_ONLY_SCRIPT)
    const verdicts = checkedVerdicts(entriesFile, lines.length)
    const atTarget = compareProcesses(parseOnlyScript, entriesFile, pairs, windowMs)
    // The same lines ten times over: what startup and the engine's warm-up weigh once a run is longer.
    const scaledFile = join(folder, 'entries-scaled.jsonl')
    const scale = options.quick ? 2 : SCALE
    writeFileSync(scaledFile, `${lines.join('\n')}\n`.repeat(scale))
    const scaled = compareProcesses(parseOnlyScript, scaledFile, options.quick ? 1 : SCALED_PAIRS, windowMs)
    return [
      `bfcl-check: ${lines.length} entries (${verdicts.valid} valid), processes run one after another for at least ${windowMs} ms a window, ` +
        `median of ${pairs} interleaved pair${pairs === 1 ? '' : 's'} of windows`,
      `  toolcalls bfcl-check ${formatMs(atTarget.candidateMs)}  node reading + JSON.parse ${formatMs(atTarget.baselineMs)}  ` +
        `ratio ${formatRatio(atTarget.ratio, TARGET)}`,
      `  the same ${scale} times over (${(lines.length * scale).toLocaleString('en-US')} entries), for reference: toolcalls bfcl-check ` +
        `${formatMs(scaled.candidateMs)}  node reading + JSON.parse ${formatMs(scaled.baselineMs)}  ratio ${formatRatio(scaled.ratio)}`,
    ]
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** How many times the scaled run repeats the lines, and its pairs of runs (each several times longer). */
const SCALE = 10
const SCALED_PAIRS = 3

/** The command and the parse-only script on one file: a window of runs of each, interleaved, for each pair. */
function compareProcesses(parseOnlyScript: string, file: string, pairs: number, windowMs: number): Comparison {
  const baselines: number[] = []
  const candidates: number[] = []
  const ratios: number[] = []
  for (let pair = 0; pair < pairs; pair++) {
    // Alternate which runs first, so neither always finds the machine warmer.
    const baselineFirst = pair % 2 === 0 ? timeRuns([parseOnlyScript, file], windowMs) : undefined
    const candidate = timeRuns([CLI_PATH, 'bfcl-check', file], windowMs)
    const baseline = baselineFirst ?? timeRuns([parseOnlyScript, file], windowMs)
    baselines.push(baseline)
    candidates.push(candidate)
    ratios.push(candidate / baseline)
  }
  return { baselineMs: median(baselines), candidateMs: median(candidates), ratio: median(ratios) }
}

/** The corpus three ways: as built, mutated under another seed, and with each entry's calls in another order. */
export function bfclCheckVariants(): string[] {
  const asBuilt = bfclCorpus()
  const otherSeed = mutatedWithSeed(bfclCorpus(0), 20250101)
  const reordered = bfclCorpus().map((entry) => ({ ...entry, calls: [...entry.calls].reverse() }))
  return [...bfclCheckLines(asBuilt), ...bfclCheckLines(otherSeed), ...bfclCheckLines(reordered)]
}

/** A quarter of the entries get one changed or added argument, chosen by the seed. */
function mutatedWithSeed(entries: readonly BfclCorpusEntry[], seed: number): BfclCorpusEntry[] {
  const random = seeded(seed)
  return entries.map((entry) => {
    if (random() >= 0.25) return entry
    const calls = structuredClone(entry.calls)
    const call = calls[Math.floor(random() * calls.length)]!
    const keys = Object.keys(call.args)
    const key = keys[Math.floor(random() * keys.length)]
    const value = key === undefined ? undefined : call.args[key]
    if (key === undefined || random() < 0.2) call.args.unexpected_argument = 1
    else call.args[key] = typeof value === 'string' ? `${value} (changed)` : typeof value === 'number' ? value + 1 : 'changed'
    return { ...entry, calls, mutated: true }
  })
}

/** Wall time per run of a Node script, over runs one after another until `windowMs` has passed. */
function timeRuns(args: string[], windowMs: number): number {
  let runs = 0
  let elapsed = 0
  while (elapsed < windowMs) {
    elapsed += runProcess(args)
    runs++
  }
  return elapsed / runs
}

/** Wall time of one run of a Node script, its output thrown away; a failed run stops the bench. */
function runProcess(args: string[]): number {
  const start = performance.now()
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  const elapsed = performance.now() - start
  if (run.status !== 0) throw new Error(`bfcl-check bench: node ${args.join(' ')} exited ${run.status ?? run.signal}: ${run.stderr}`)
  return elapsed
}

/** Runs the command once with its output kept, to prove it checks every entry (and to warm the file cache). */
function checkedVerdicts(entriesFile: string, expected: number): { valid: number } {
  const run = spawnSync(process.execPath, [CLI_PATH, 'bfcl-check', entriesFile], { encoding: 'utf8', maxBuffer: 1 << 28 })
  if (run.status !== 0) throw new Error(`bfcl-check bench: toolcalls bfcl-check exited ${run.status ?? run.signal}: ${run.stderr}`)
  const verdicts = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { valid: boolean })
  if (verdicts.length !== expected) throw new Error(`bfcl-check bench: ${verdicts.length} verdicts for ${expected} entries`)
  return { valid: verdicts.filter((verdict) => verdict.valid).length }
}
