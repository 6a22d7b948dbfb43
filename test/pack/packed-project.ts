import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify, stripVTControlCharacters } from 'node:util'

// The package as a user gets it: packed, installed into a project, and run there by the project's own runners.

export const run = promisify(execFile)
export const repo = resolve(import.meta.dirname, '../..')
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** The script of a command installed in `project`'s node_modules (the repo's unless given), run with this Node. */
export function bin(pkg: string, command = pkg, project = repo): string {
  const folder = join(project, 'node_modules', pkg)
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { bin: string | Record<string, string> }
  return join(folder, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[command]!)
}

export interface Outcome {
  exitCode: number
  output: string
}

const { FORCE_COLOR: _, NO_COLOR: __, ...inherited } = process.env
const uncoloured = { ...inherited, NO_COLOR: '1' }
const coloured = { ...inherited, FORCE_COLOR: '1' }

/** A Node process in `cwd` (of this Node, or the one at `execPath`), its output without colour unless asked for. */
export async function node(args: string[], cwd: string, execPath = process.execPath, colour = false): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(execPath, args, { cwd, env: colour ? coloured : uncoloured })
    return { exitCode: 0, output: stdout + stderr }
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string }
    return { exitCode: typeof code === 'number' ? code : -1, output: stdout + stderr }
  }
}

/** The package packed into `folder` (with `--ignore-scripts`: `prepare` would rebuild dist while other test files read it); the tarball's path. */
export async function packInto(folder: string): Promise<string> {
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: repo })
  return join(folder, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename)
}

/**
 * A project made in the system's temporary folder, outside the repo so that nothing resolves to the repo's own
 * packages: a copy of `fixture` (a folder holding its package.json and lockfile), filled in by `prepare`, installed
 * by `npm ci`, with the packed package installed beside it. Removed again where it cannot be made.
 */
export async function installedProject(name: string, fixture: string, prepare?: (project: string) => Promise<void>): Promise<string> {
  const project = await installedFixture(name, fixture, prepare)
  try {
    const tarball = await packInto(project)
    await run(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project })
    return project
  } catch (error) {
    await rm(project, { recursive: true, force: true })
    throw error
  }
}

/** A copy of `fixture` (a folder holding its package.json and lockfile) in the system's temporary folder, filled in by `prepare` and installed by `npm ci`. */
export async function installedFixture(name: string, fixture: string, prepare?: (project: string) => Promise<void>): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), `expect-toolcalls-${name}-`))
  try {
    await cp(fixture, project, { recursive: true })
    await prepare?.(project)
    await run(npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project })
    return project
  } catch (error) {
    await rm(project, { recursive: true, force: true })
    throw error
  }
}

/** Each test's status and, for a failure, its message without colour, from a Jest-style JSON report. */
export async function resultsByTitle(reportFile: string): Promise<Record<string, { status: string; message: string }>> {
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as {
    testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>
  }
  const byTitle: Record<string, { status: string; message: string }> = {}
  for (const file of report.testResults) {
    for (const result of file.assertionResults) {
      byTitle[result.title] = { status: result.status, message: stripVTControlCharacters(result.failureMessages.join('\n')) }
    }
  }
  return byTitle
}
