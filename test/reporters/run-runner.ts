import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { expect } from 'vitest'

// Real runs of Vitest and Jest, as a user starts them, in a folder of the repo (so that
// `expect-toolcalls/...` resolves to the built package by its own name).

const repo = resolve(import.meta.dirname, '../..')

/** A test runner installed in the repo, by its package's name. */
type Runner = 'vitest' | 'jest' | 'playwright'

/** The command-line script of a runner installed in the repo, started with this Node. */
function runnerScript(runner: Runner): string {
  const folder = join(repo, 'node_modules', runner)
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { bin: string | Record<string, string> }
  return join(folder, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[runner]!)
}

export interface RunOutcome {
  exitCode: number | null
  /** stdout then stderr, without colour. */
  output: string
}

/** The environment of a run: no colour, and nothing of the runner this test runs in. */
export function runEnvironment(reporterOptions: object = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(VITEST|JEST|FORCE_COLOR$|EXPECT_TOOLCALLS_)/.test(key)) env[key] = value
  }
  return { ...env, NO_COLOR: '1', TOOLCALLS_REPORTER_OPTIONS: JSON.stringify(reporterOptions) }
}

export function startRunner(runner: Runner, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [runnerScript(runner), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Runs a runner to its end. */
export function runRunner(runner: Runner, args: string[], cwd: string, env = runEnvironment()): Promise<RunOutcome> {
  const child = startRunner(runner, args, cwd, env)
  const stdout: Buffer[] = []
  const stderr: Buffer[] = []
  child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk))
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk))
  return new Promise((done, fail) => {
    child.on('error', fail)
    child.on('close', (exitCode) => {
      done({ exitCode, output: stripVTControlCharacters(Buffer.concat(stdout).toString() + Buffer.concat(stderr).toString()) })
    })
  })
}

/**
 * A project of the given files in a folder of the repo's `.tmp/` (so that `expect-toolcalls/...`
 * resolves to the built package by its own name), given to `use`, then removed.
 */
export async function inScratchProject<T>(prefix: string, files: Record<string, string>, use: (project: string) => Promise<T>): Promise<T> {
  await mkdir(join(repo, '.tmp'), { recursive: true })
  const project = await mkdtemp(join(repo, '.tmp', prefix))
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(project, name), text)
    return await use(project)
  } finally {
    await rm(project, { recursive: true, force: true })
  }
}

/** A run the reporter was told was stopped (`--bail`): it says so, gives no figure, fails, and writes no `corpus.json` in `project`. */
export async function expectStoppedRun(outcome: RunOutcome, project: string): Promise<void> {
  expect(outcome.output).toContain(
    'Tool calls: the run was stopped before its end (--bail, Ctrl-C, a change in watch mode), maybe before all its tests ran: no corpus figure, no JSON report written, minF1 not judged.',
  )
  expect(outcome.output).not.toContain('graded assertion')
  expect(outcome.exitCode).toBe(1)
  await expect(readFile(join(project, 'corpus.json'))).rejects.toThrow(/ENOENT/)
}
