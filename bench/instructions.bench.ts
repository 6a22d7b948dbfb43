import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bfclCorpus, episodeLines } from './bfcl-corpus'
import { type BenchOptions, formatRatio } from './harness'
import { PACKAGE_ENTRY_URL } from './package-paths'

/**
 * V8 on one thread with its seeds fixed, so that the same work runs the same instructions:
 * no concurrent compiler or collector deciding by the clock, no random hash layout.
 */
const REPEATABLE_NODE = ['--single-threaded', '--hash-seed=42', '--random-seed=42']

/**
 * Passes over the corpus `[few, many]`; their difference, divided, is one warm pass. On one
 * thread the optimising compiler's work counts too, and it still compiles the functions that
 * run rarely (those that word a mismatch's reason) well past the 10th pass: from the 10th to
 * the 25th, its work was a tenth of the count; from the 30th to the 60th, about 1%.
 */
const FULL_PASSES = [30, 60] as const
const QUICK_PASSES = [1, 2] as const

/** Scores (or only parses) every line of a file of episodes, `passes` times over. */
const PASS_SCRIPT = `import { readFileSync } from 'node:fs'
import { ToolCallMetric } from ${JSON.stringify(PACKAGE_ENTRY_URL)}
const [file, passes, mode] = process.argv.slice(2)
// Each line decoded by itself, as the corpus bench builds its lines: split from one string, every line would be two-byte
// as soon as any line holds a character beyond Latin-1, and JSON.parse would take its slower two-byte path for all of them.
const bytes = readFileSync(file)
const lines = []
for (let start = 0; start < bytes.length; ) {
  const end = bytes.indexOf(10, start)
  lines.push(bytes.toString('utf8', start, end === -1 ? bytes.length : end))
  start = end === -1 ? bytes.length : end + 1
}
const metric = new ToolCallMetric({ canonicalizer: 'bfcl' })
const options = { goldForm: 'json' }
let sink = 0
for (let pass = 0; pass < Number(passes); pass++) {
  for (const line of lines) {
    const episode = JSON.parse(line)
    sink += mode === 'score' ? metric.score(episode.pred, episode.gold, options).f1 : episode.id.length
  }
}
if (!(sink > 0)) process.exitCode = 1
`

/**
 * Corpus throughput counted in instructions by callgrind rather than timed: the corpus bench's
 * two loops, each run for few and for many passes in its own process, so that start-up and
 * warm-up cancel out. It repeats exactly whatever else the machine is doing, which timings
 * cannot; it leaves out what instructions do not show (cache misses, the collector's threads).
 */
export async function runInstructionsBench(options: BenchOptions): Promise<string[]> {
  const [few, many] = options.quick ? QUICK_PASSES : FULL_PASSES
  const entries = options.quick ? bfclCorpus().slice(0, 50) : bfclCorpus()
  const folder = mkdtempSync(join(tmpdir(), 'bench-instructions-'))
  try {
    const script = join(folder, 'passes.mjs')
    writeFileSync(script, PASS_SCRIPT)
    const lines = [
      `instructions: callgrind, node ${REPEATABLE_NODE.join(' ')}; ${entries.length} BFCL entries, ` +
        `one warm pass = (${many} passes − ${few}) / ${many - few}`,
    ]
    const kinds = options.quick ? (['json'] as const) : (['json', 'python'] as const)
    for (const predAs of kinds) {
      const file = join(folder, `${predAs}.jsonl`)
      writeFileSync(file, episodeLines(entries, predAs).join('\n'))
      const perPass = async (mode: 'parse' | 'score') => {
        // Two processes at a time: one per core of this machine kind.
        const [fewCount, manyCount] = await Promise.all([instructions(script, file, few, mode), instructions(script, file, many, mode)])
        return (manyCount - fewCount) / (many - few)
      }
      const parse = await perPass('parse')
      const score = await perPass('score')
      lines.push(
        `  predictions as ${predAs === 'json' ? 'JSON calls' : 'Python text'}: score ${millions(score)}  ` +
          // No verdict: the targets are for time (the corpus bench); this is where instructions stand beside it.
          `JSON.parse ${millions(parse)}  ratio ${formatRatio(score / parse)}`,
      )
    }
    return lines
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The instructions callgrind counts for one run of the script. */
function instructions(script: string, file: string, passes: number, mode: 'parse' | 'score'): Promise<number> {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...REPEATABLE_NODE, script, file, String(passes), mode]
  const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`cannot run valgrind (${error.message}); this benchmark needs valgrind on the PATH`)))
    child.on('close', (code) => {
      const collected = /Collected : (\d+)/.exec(stderr)
      if (code === 0 && collected !== null) resolve(Number(collected[1]))
      else reject(new Error(`valgrind exited ${code}: ${stderr.slice(-2000)}`))
    })
  })
}

function millions(count: number): string {
  return `${(count / 1e6).toFixed(1)} M instructions`
}
