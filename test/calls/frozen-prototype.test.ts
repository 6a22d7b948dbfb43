import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { ROOT } from '../cli/run-cli'

// Where Object.prototype is frozen (hardened JavaScript), assigning a name it defines throws, even on a new object.
const SCRIPT = `Object.freeze(Object.prototype)
const lib = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))})
const names = Object.getOwnPropertyNames(Object.prototype)
const keywords = lib.parsePythonCalls('f(' + names.map((name, i) => name + '=' + i).join(', ') + ')')
const dict = lib.parsePythonCalls('f(x={' + names.map((name, i) => "'" + name + "': " + i).join(', ') + '})')
const typed = lib.parseTypedJson('{' + names.map((name, i) => JSON.stringify(name) + ': ' + i).join(', ') + '}')
const keysOf = (reading) => (reading.ok ? Object.keys(reading.calls[0].args) : reading.reason)
console.log(JSON.stringify({ names, keywords: keysOf(keywords), dict: dict.ok ? Object.keys(dict.calls[0].args.x) : dict.reason, typed: Object.keys(typed) }))`

test('names that Object.prototype defines are read as own keys when it is frozen (the built package)', () => {
  const printed = execFileSync(process.execPath, ['--input-type', 'module', '-e', SCRIPT], { encoding: 'utf8' })
  const { names, keywords, dict, typed } = JSON.parse(printed) as Record<string, unknown>
  expect(names).toContain('__proto__')
  expect(keywords).toEqual(names)
  expect(dict).toEqual(names)
  expect(typed).toEqual(names)
})
