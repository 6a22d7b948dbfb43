import { cpus, loadavg } from 'node:os'
import { runAssignmentBench } from './assignment.bench'
import { runBfclCheckBench } from './bfcl-check.bench'
import { runCorpusBench } from './corpus.bench'
import { type BenchOptions, consumed } from './harness'
import { runInstructionsBench } from './instructions.bench'
import { writeBenchInputs } from './inputs'
import { runMatcherBench } from './matcher.bench'
import { runMemoryBench } from './memory.bench'

const WRITE_INPUTS = '--write-inputs='
const unknownOptions = process.argv.slice(2).filter((arg) => arg.startsWith('--') && arg !== '--quick' && !arg.startsWith(WRITE_INPUTS))
if (unknownOptions.length > 0) {
  console.error(`unknown option ${unknownOptions.join(', ')}; the options are --quick and ${WRITE_INPUTS}<folder>`)
  process.exit(2)
}
const inputsFolder = process.argv.find((arg) => arg.startsWith(WRITE_INPUTS))?.slice(WRITE_INPUTS.length)
if (inputsFolder !== undefined) {
  if (inputsFolder === '') {
    console.error(`${WRITE_INPUTS}<folder> needs a folder`)
    process.exit(2)
  }
  for (const line of writeBenchInputs(inputsFolder)) console.log(line)
  process.exit(0)
}

const quick = process.argv.includes('--quick')
// --quick only proves every benchmark runs (CI); its figures mean nothing.
const options: BenchOptions = quick ? { quick, windowMs: 20, windows: 1 } : { quick, windowMs: 300, windows: 7 }

const benches: Record<string, (options: BenchOptions) => string[] | Promise<string[]>> = {
  corpus: runCorpusBench,
  instructions: runInstructionsBench,
  'bfcl-check': runBfclCheckBench,
  assignment: runAssignmentBench,
  matcher: runMatcherBench,
  memory: runMemoryBench,
}

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const unknown = only.filter((name) => !(name in benches))
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; the benchmarks are ${Object.keys(benches).join(', ')}`)
  process.exit(2)
}

const load = () => loadavg().map((average) => average.toFixed(2)).join(' ')
console.log(`expect-toolcalls benchmarks — Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${quick ? 'quick' : 'full'} run, load ${load()}`)
for (const [name, run] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue
  try {
    for (const line of await run(options)) console.log(line)
  } catch (error) {
    // A benchmark that cannot run (no valgrind, say) leaves the others to run, and fails the run.
    console.log(`${name}: not run: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
if (!quick) console.log(`load average at the end: ${load()}`)
if (consumed() === -1) console.log('')
