import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { ROOT } from '../cli/run-cli'

// The code units and the name slots of the Python reader serve parse after parse; once a parse ends,
// neither may keep its text (20 MB here) alive, and nothing may keep a value read from it.
const SCRIPT = `const lib = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))})
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    globalThis.gc()
  }
  return process.memoryUsage().heapUsed
}
function parseAndForget(valid) {
  const text = 'long_tool_name(long_argument_name=' + JSON.stringify('x'.repeat(20_000_000)) + ', items=[1, 2, [3]]' + (valid ? ')' : ', 1)')
  const reading = lib.parsePythonCalls(text)
  return { ok: reading.ok, inner: reading.ok ? new WeakRef(reading.calls[0].args.items[2]) : undefined }
}
const before = await settle()
const results = [parseAndForget(false), parseAndForget(true)]
const after = await settle()
console.log(JSON.stringify({ ok: results.map((r) => r.ok), innerKept: results[1].inner.deref() !== undefined, heapGrowthMB: Math.round((after - before) / 1e6) }))`

test('a parse ends holding nothing of its text or of what it read (the built package)', () => {
  const printed = execFileSync(process.execPath, ['--expose-gc', '--input-type', 'module', '-e', SCRIPT], { encoding: 'utf8' })
  const { ok, innerKept, heapGrowthMB } = JSON.parse(printed) as { ok: boolean[]; innerKept: boolean; heapGrowthMB: number }
  expect(ok).toEqual([false, true])
  expect(innerKept).toBe(false)
  expect(heapGrowthMB).toBeLessThan(10)
})
