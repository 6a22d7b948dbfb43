import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT } from '../cli/run-cli'

/** Runs a module script against the built package and returns what it prints. */
function runBuilt(format: 'esm' | 'cjs', body: string): string {
  const entry = join(ROOT, format === 'esm' ? 'dist/index.js' : 'dist/index.cjs')
  const script =
    format === 'esm'
      ? `import { createRequire } from 'node:module'\nconst require = createRequire(import.meta.url)\nconst lib = await import(${JSON.stringify(entry)})\n${body}`
      : `const lib = require(${JSON.stringify(entry)})\n${body}`
  return execFileSync(process.execPath, ['--input-type', format === 'esm' ? 'module' : 'commonjs', '-e', script], { encoding: 'utf8' })
}

const LOADED = `const loaded = () => Object.keys(require.cache).filter((path) => /[\\\\/](pretty-format|jest-diff)[\\\\/]/.test(path)).length > 0`

describe('pretty-format and jest-diff load when something beyond a list of scalars is printed, not before', () => {
  test.each(['esm', 'cjs'] as const)('%s build', (format) => {
    const printed = runBuilt(
      format,
      `${LOADED}
const metric = new lib.ToolCallMetric()
const passing = metric.score([{ name: 'f', args: { x: 1 } }], [{ name: 'f', args: { x: 1 } }])
console.log(passing.f1, loaded())
const failing = metric.score([{ name: 'f', args: { x: { a: 1 } } }], [{ name: 'f', args: { x: { a: 2 } } }])
console.log(failing.pairs[0].args[0].reason, loaded())`,
    )
    expect(printed).toBe('1 false\nx.a: expected 2, received 1 false\n')
    const listed = runBuilt(
      format,
      `${LOADED}
const score = new lib.ToolCallMetric().score([{ name: 'f', args: { x: [1] } }], [{ name: 'f', args: { x: lib.oneOf([2], [3]) } }])
console.log(score.pairs[0].args[0].reason, loaded())`,
    )
    expect(listed).toBe('expected one of [2], [3]; received [1] false\n')
    const described = runBuilt(
      format,
      `${LOADED}
const score = new lib.ToolCallMetric().score([{ name: 'f', args: { x: [{ a: 1 }] } }], [{ name: 'f', args: { x: lib.oneOf([{ a: 2 }], [3]) } }])
console.log(score.pairs[0].args[0].reason, loaded())`,
    )
    expect(described).toBe('expected one of [{"a": 2}], [3]; received [{"a": 1}] true\n')
  })
})
