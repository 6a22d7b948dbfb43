import { cpus } from 'node:os'
import { runCorpusBench } from './corpus.bench'
import { consumed } from './harness'

const quick = process.argv.includes('--quick')
// --quick only proves every benchmark runs (CI); its figures mean nothing.
const options = quick ? { windowMs: 20, windows: 1 } : { windowMs: 300, windows: 7 }

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const benches: Record<string, () => string[] | Promise<string[]>> = {
  corpus: () => runCorpusBench(options),
}

console.log(`expect-toolcalls benchmarks — Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${quick ? 'quick' : 'full'} run`)
for (const [name, run] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue
  for (const line of await run()) console.log(line)
}
if (consumed() === -1) console.log('')
