import { spawn, spawnSync } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { terminalInputHint } from '../../src/cli/terminal-input'
import { CLI, collect, ROOT } from './run-cli'

// util-linux's `script` runs a command on a pseudo-terminal of its own.
const hasScript = spawnSync('script', ['--version']).status === 0

const quoted = (path: string) => `'${path.replace(/'/g, "'\\''")}'`

describe('standard input on a terminal', () => {
  test('is said with how to end it, on standard input that is a terminal only', () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true })
    expect(terminalInputHint('score', 'episodes', terminal, 'linux')).toBe('toolcalls score: reading episodes from standard input; end with Ctrl-D')
    expect(terminalInputHint('score', 'episodes', terminal, 'win32')).toBe('toolcalls score: reading episodes from standard input; end with Ctrl-Z then Enter')
    expect(terminalInputHint('score', 'episodes', new PassThrough(), 'linux')).toBeUndefined()
  })

  test.skipIf(!hasScript).each([
    [['bfcl-check'], 'toolcalls bfcl-check: reading entries', 'stdin: no entries to check'],
    [['score', '-'], 'toolcalls score: reading episodes', 'stdin: no episodes to score'],
  ])('%j reading a terminal says so on standard error, and Ctrl-D ends the input', async (args, hint, end) => {
    const command = [process.execPath, CLI, ...args].map(quoted).join(' ')
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, stdio: 'pipe' })
    const run = collect(child)
    let seen = ''
    await new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: string) => {
        seen += chunk
        if (seen.includes('end with Ctrl-D')) resolve()
      })
      child.on('close', () => resolve())
    })
    child.stdin!.end('\x04')
    const { stdout } = await run
    expect(stdout).toContain(`${hint} from standard input; end with Ctrl-D`)
    expect(stdout).toContain(end)
  }, 20_000)
})
