import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { BenchOptions } from './harness'
import { CLI_PATH, PACKAGE_ENTRY_URL } from './package-paths'

/** At every size, the grader's run may hold at most this much more than the stream alone. */
const FLAT_TARGET = 1.5
const SAMPLE_EVERY_MS = 20
/** Far below what a million episodes would need if each left a few bytes behind. */
const OLD_SPACE_CAP_MB = 24

/**
 * Episode `i` of the stream, the same in every script: an OpenAI conversation of 1 to 4 calls
 * and its gold; one in 20 has a wrong value, one in 50 a missing call.
 */
const EPISODE_SOURCE = `const CITIES = ['Paris', 'Lima', 'Oslo', 'Kyoto', 'Accra', 'Quito', 'Hanoi', 'Perth']
function goldCall(i, k) {
  const city = CITIES[(i + k) % CITIES.length]
  switch ((i + k) % 4) {
    case 0: return { name: 'get_weather', args: { city, unit: 'celsius', days: 1 + (i % 7) } }
    case 1: return { name: 'search_hotels', args: { city, nights: 1 + (k % 3), guests: { adults: 2, children: i % 3 } } }
    case 2: return { name: 'convert_currency', args: { amount: 100 + (i % 900), from: 'EUR', to: 'USD' } }
    default: return { name: 'add_to_itinerary', args: { title: 'Visit ' + city + ' museum', tags: ['culture', 'indoor'], day: i % 30 } }
  }
}
function episode(i) {
  const gold = Array.from({ length: 1 + (i % 4) }, (_, k) => goldCall(i, k))
  const pred = gold.map((call) => ({ name: call.name, args: { ...call.args } }))
  if (i % 20 === 3) pred[0].args.city = 'Berlin'
  if (i % 50 === 7 && pred.length > 1) pred.pop()
  const toolCalls = pred.map((call, k) => ({ id: 'call_' + i + '_' + k, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }))
  return {
    id: 'ep-' + i,
    pred: [{ role: 'user', content: 'Plan day ' + (i % 30) + '.' }, { role: 'assistant', content: null, tool_calls: toolCalls }],
    gold,
  }
}
`

/** `evaluate` over a generator, sampling its own resident size as it goes. */
const EVALUATE_SCRIPT = `import { readFileSync } from 'node:fs'
import { evaluate, ToolCallMetric } from ${JSON.stringify(PACKAGE_ENTRY_URL)}
${EPISODE_SOURCE}
const count = Number(process.argv[2])
let peakRss = 0
function* episodes() {
  for (let i = 0; i < count; i++) {
    if ((i & 1023) === 0) peakRss = Math.max(peakRss, process.memoryUsage.rss())
    yield episode(i)
  }
}
// 'stream': the same episodes made and dropped without grading, the baseline.
function streamAlone() {
  let made = 0
  for (const episode of episodes()) if (episode.gold.length > 0) made++
  return { episodes: made, f1: null }
}
const start = performance.now()
const report = process.argv[3] === 'stream' ? streamAlone() : evaluate(episodes(), new ToolCallMetric())
const ms = performance.now() - start
peakRss = Math.max(peakRss, process.memoryUsage.rss())
const vmHwm = Number(/^VmHWM:\\s+(\\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024
console.log(JSON.stringify({ episodes: report.episodes, f1: report.f1, peakRss, vmHwm, maxRss: process.resourceUsage().maxRSS * 1024, ms }))
`

/** Writes the stream as JSON lines to standard output, waiting whenever the pipe is full. */
const GENERATOR_SCRIPT = `import { once } from 'node:events'
${EPISODE_SOURCE}
const count = Number(process.argv[2])
let chunk = ''
for (let i = 0; i < count; i++) {
  chunk += JSON.stringify(episode(i)) + '\\n'
  if (chunk.length > 1 << 16 || i === count - 1) {
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain')
    chunk = ''
  }
}
`

/** The baseline of \`toolcalls score -\`: a process that reads the piped stream line by line and parses each line. */
const READ_ONLY_SCRIPT = `import { writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
let episodes = 0
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.length > 0 && JSON.parse(line) !== null) episodes++
}
writeFileSync(process.argv[2], JSON.stringify({ episodes }))
`

/** One way of scoring the stream and its baseline, each run as a fresh process per measurement. */
interface Measured {
  name: string
  how: string
  run: (episodes: number, nodeFlags?: string[]) => Promise<Peak>
  /** What the same stream costs without grading. */
  baselineName: string
  baseline: (episodes: number) => Promise<Peak>
}

interface Peak {
  /** Peak resident set size in bytes. */
  rss: number
  episodesPerSecond: number
}

/**
 * Resident memory of `evaluate` and of `toolcalls score` over a generated stream of
 * episodes, beside the same stream made or read without grading: the grader's share must not
 * grow as the stream grows a hundredfold.
 */
export async function runMemoryBench(options: BenchOptions): Promise<string[]> {
  const sizes = options.quick ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
  const folder = mkdtempSync(join(tmpdir(), 'bench-memory-'))
  try {
    const evaluateScript = join(folder, 'evaluate.mjs')
    const generatorScript = join(folder, 'generate.mjs')
    const readOnlyScript = join(folder, 'read-only.mjs')
    writeFileSync(evaluateScript, EVALUATE_SCRIPT)
    writeFileSync(generatorScript, GENERATOR_SCRIPT)
    writeFileSync(readOnlyScript, READ_ONLY_SCRIPT)
    const reportPath = join(folder, 'report.json')
    const lines = [
      `memory: peak resident set of a fresh process per run, over ${sizes.map(count).join(', ')} generated episodes, ` +
        `beside the same stream without grading`,
    ]
    const measured: Measured[] = [
      {
        name: 'evaluate',
        how: 'in-process generator; rss sampled, VmHWM',
        run: (episodes, nodeFlags) => evaluatePeak(evaluateScript, episodes, 'evaluate', nodeFlags),
        baselineName: 'the generator alone',
        baseline: (episodes) => evaluatePeak(evaluateScript, episodes, 'stream'),
      },
      {
        name: 'toolcalls score -',
        how: 'piped from a generator; VmHWM sampled',
        run: (episodes, nodeFlags) => pipedPeak(generatorScript, [CLI_PATH, 'score', '-', '--json', reportPath], reportPath, episodes, nodeFlags),
        baselineName: 'node reading and parsing the lines',
        baseline: (episodes) => pipedPeak(generatorScript, [readOnlyScript, reportPath], reportPath, episodes),
      },
    ]
    const largest = sizes[sizes.length - 1]!
    const capped: string[] = []
    for (const { name, how, run, baselineName, baseline } of measured) {
      const figures: string[] = []
      let worstRatio = 0
      let throughput = 0
      for (const episodes of sizes) {
        const base = await baseline(episodes)
        const peak = await run(episodes)
        const ratio = peak.rss / base.rss
        worstRatio = Math.max(worstRatio, ratio)
        throughput = peak.episodesPerSecond
        figures.push(`${count(episodes)} ${megabytes(peak.rss)} / ${megabytes(base.rss)} ${ratio.toFixed(2)}×`)
      }
      lines.push(
        `  ${name} (${how}) against ${baselineName}: ${figures.join('  ')}  ` +
          `(target ≤ ${FLAT_TARGET}× at every size: ${worstRatio <= FLAT_TARGET ? 'met' : 'NOT met'})  ` +
          `${Math.round(throughput).toLocaleString('en-US')} episodes/s`,
      )
      capped.push(`${name} ${await completesWithin(() => run(largest, [`--max-old-space-size=${OLD_SPACE_CAP_MB}`]))}`)
    }
    // Resident size also counts garbage not yet collected; a run under a small heap cap shows what is really held.
    lines.push(`  live set: ${count(largest)} episodes with the old generation capped at ${OLD_SPACE_CAP_MB} MB: ${capped.join(', ')}`)
    return lines
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** Whether a run completes; a run that runs out of heap is reported, not thrown. */
async function completesWithin(run: () => Promise<Peak>): Promise<string> {
  try {
    await run()
    return 'completed'
  } catch (error) {
    return `did NOT complete (${(error as Error).message.split('\n')[0]})`
  }
}

async function evaluatePeak(script: string, episodes: number, mode: 'evaluate' | 'stream', nodeFlags: string[] = []): Promise<Peak> {
  const child = spawn(process.execPath, [...nodeFlags, script, String(episodes), mode], { stdio: ['ignore', 'pipe', 'pipe'] })
  const { stdout } = await finished(child, `${mode} over ${episodes}`)
  const result = JSON.parse(stdout) as { episodes: number; peakRss: number; vmHwm: number; maxRss: number; ms: number }
  if (result.episodes !== episodes) throw new Error(`memory bench: ${mode} went through ${result.episodes} of ${episodes} episodes`)
  // maxRSS is not used: Linux carries it over from the parent through fork and exec, so it starts at this runner's size.
  return { rss: Math.max(result.peakRss, result.vmHwm), episodesPerSecond: (episodes * 1000) / result.ms }
}

/** The peak of a process reading the generator's stream on its standard input and writing `{ episodes }` to reportPath. */
async function pipedPeak(generatorScript: string, consumer: string[], reportPath: string, episodes: number, nodeFlags: string[] = []): Promise<Peak> {
  rmSync(reportPath, { force: true })
  const start = performance.now()
  const scorer = spawn(process.execPath, [...nodeFlags, ...consumer], { stdio: ['pipe', 'ignore', 'pipe'] })
  // The generator writes straight into the scorer's standard input; this process only lets go of its own end.
  const generator = spawn(process.execPath, [generatorScript, String(episodes)], { stdio: ['ignore', scorer.stdin!, 'inherit'] })
  scorer.stdin!.destroy()
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, residentPeak(scorer.pid))), SAMPLE_EVERY_MS)
  try {
    await Promise.all([finished(generator, `the generator of ${episodes}`), finished(scorer, `${consumer.join(' ')} over ${episodes}`)])
  } finally {
    clearInterval(sampler)
  }
  const seconds = (performance.now() - start) / 1000
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { episodes: number }
  if (report.episodes !== episodes) throw new Error(`memory bench: ${consumer.join(' ')} read ${report.episodes} of ${episodes} episodes`)
  return { rss: peak, episodesPerSecond: episodes / seconds }
}

/** The process's peak resident set (VmHWM) in bytes, or 0 once it is gone. */
function residentPeak(pid: number | undefined): number {
  if (pid === undefined) return 0
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return 0
  }
  const kilobytes = Math.max(...['VmHWM', 'VmRSS'].map((field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)))
  return kilobytes * 1024
}

/** Waits for a child to exit 0, with its standard output; any other exit stops the bench. */
function finished(child: ChildProcess, what: string): Promise<{ stdout: string }> {
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout })
      else reject(new Error(`memory bench: ${what} exited ${code ?? signal}: ${stderr}`))
    })
  })
}

function megabytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`
}

function count(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n)
}
