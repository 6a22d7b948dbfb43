import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root: the command runs from here, so paths in messages are as given. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The built command; CI runs `npm run build` before the tests. */
export const CLI = join(ROOT, 'dist/cli.js')

export interface CliRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface RunOptions {
  input?: string | Buffer
  env?: Record<string, string>
  /** Where the command runs (default: the repository's root). */
  cwd?: string
}

/** Starts the command as a real process; colours are as a pipe gets them, whatever NO_COLOR or FORCE_COLOR the tests run under. */
export function startCli(args: readonly string[], env: Record<string, string> = {}, cwd = ROOT): ChildProcess {
  const { FORCE_COLOR: _forced, NO_COLOR: _none, ...inheritedEnv } = process.env
  return spawn(process.execPath, [CLI, ...args], { cwd, env: { ...inheritedEnv, ...env }, stdio: 'pipe' })
}

/** Runs the command to its end and collects its output. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  const child = startCli(args, options.env, options.cwd)
  const run = collect(child)
  child.stdin!.end(options.input)
  return run
}

/** The output and the exit of a started command. */
export function collect(child: ChildProcess): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}

/** A fresh folder under the system's temporary folder, with a function to write files into it. */
export function tempFolder(): { dir: string; write: (name: string, content: string | Buffer) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'toolcalls-cli-'))
  return {
    dir,
    write: (name, content) => {
      const path = join(dir, name)
      writeFileSync(path, content)
      return path
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** JSON lines from values. */
export function jsonl(...values: unknown[]): string {
  return values.map((value) => `${JSON.stringify(value)}\n`).join('')
}

/** The line that ends the report: the micro average. */
export function microLine(stdout: string): string {
  return stdout.trimEnd().split('\n').at(-1)!
}
