import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BENCHES = ['corpus', 'instructions', 'bfcl-check', 'assignment', 'matcher', 'memory']

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** The quick run: tiny windows, so it proves that every benchmark runs, never how fast (dist is built by pretest). */
function runQuickBenchmarks(): Promise<Run> {
  const child = spawn('npx', ['tsx', 'bench/run.ts', '--quick'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npx tsx bench/run.ts --quick', () => {
  let run: Run

  beforeAll(async () => {
    run = await runQuickBenchmarks()
  }, 240_000)

  test('exits 0', () => {
    expect(run.code, run.stderr).toBe(0)
  })

  test.each(BENCHES)('prints the %s benchmark', (name) => {
    expect(run.stdout.split('\n').some((line) => line.startsWith(`${name}: `))).toBe(true)
  })
})

describe('a benchmark that cannot run', () => {
  test('is named with its reason, the others still run, and the run fails', async () => {
    // On an empty PATH there is no valgrind for the instructions bench; node and tsx are called by their paths.
    const emptyPath = mkdtempSync(join(tmpdir(), 'no-valgrind-'))
    try {
      const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bench/run.ts', 'instructions', 'matcher', '--quick'], {
        cwd: ROOT,
        env: { ...process.env, PATH: emptyPath },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
      expect(stdout).toContain('instructions: not run: cannot run valgrind (spawn valgrind ENOENT); this benchmark needs valgrind on the PATH')
      expect(stdout.split('\n').some((line) => line.startsWith('matcher: '))).toBe(true)
      expect(code).toBe(1)
    } finally {
      rmSync(emptyPath, { recursive: true, force: true })
    }
  }, 120_000)
})
