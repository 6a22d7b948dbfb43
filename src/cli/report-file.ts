import { constants, fstatSync, type Stats, statSync } from 'node:fs'
import { access, lstat, readlink, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { trackTemporaryFile, untrackTemporaryFile } from './interrupt'
import { holdsReportOrNothing } from './own-report'
import type { Output } from './output'
import { UserError } from './user-error'
import { namesDirectory } from '../reporters/write-report-json'

/** The `--json OUT` option of the commands that write a report. */
export const JSON_OPTION = { type: 'string', value: "the report's path (--json /dev/stdout writes the JSON alone to standard output)" } as const

/** A user error for a report that cannot be written to `path`; `file` is what it names once its links are followed, whose folder is the one written in. */
function writeError(path: string, error: unknown, file = path): UserError {
  const code = (error as { code?: unknown } | null)?.code
  switch (code) {
    case 'ENOSPC':
      return new UserError(`${path}: cannot write, no space left on device`)
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new UserError(`${path}: cannot write, permission denied`)
    case 'EISDIR':
      return new UserError(`${path}: cannot write, it is a directory`)
    case 'ENOENT':
    case 'ENOTDIR': {
      const linked = file === path ? '' : ` (${path} links to ${file})`
      const onPath = fileOnPath(dirname(file))
      if (onPath !== undefined) return new UserError(`${path}: cannot write, ${onPath} is a file, not a directory${linked}`)
      return new UserError(`${path}: cannot write, no such directory ${dirname(file)}${linked}`)
    }
    default:
      return new UserError(`${path}: cannot write (${error instanceof Error ? error.message : String(error)})`)
  }
}

/** The file that `dir` or a folder above it is, where a folder was meant (`out.txt/report.json`); undefined where the nearest that exists is a folder. */
function fileOnPath(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    try {
      return statSync(at).isDirectory() ? undefined : at
    } catch {
      if (dirname(at) === at) return undefined
    }
  }
}

async function statOrUndefined(path: string) {
  try {
    return await stat(path)
  } catch {
    return undefined
  }
}

/** Checks, before a long run, that a report can be written to `path`, and that writing it would replace none of the run's `inputs`. */
export async function checkWritable(path: string, inputs: readonly string[] = []): Promise<void> {
  // `-` names standard input and output elsewhere; here it would be a file of that name beside the text on stdout.
  if (path === '-') throw new UserError('--json -: name a file for the JSON, or /dev/stdout for the JSON alone on standard output')
  const existing = await statOrUndefined(path)
  if (existing?.isDirectory()) throw new UserError(`${path}: cannot write, it is a directory`)
  // `out/` names a folder, where the file would be `out`'s own path less the slash.
  if (existing === undefined && namesDirectory(path)) throw new UserError(`${path}: cannot write, a path that ends in a slash names a directory; name the report's file`)
  if (existing?.isFile()) {
    for (const input of inputs) {
      const read = input === '-' ? undefined : await statOrUndefined(input)
      if (read !== undefined && read.dev === existing.dev && read.ino === existing.ino) {
        throw new UserError(`--json ${path}: ${input} is read by this run, and the report would write over it`)
      }
    }
    // `score --json pred.jsonl gold.jsonl`, --json taken for a switch, would put the report in place of a data file.
    if (existing.size > 0 && !(await writtenThrough(path)) && !(await holdsReportOrNothing(path))) {
      throw new UserError(
        `--json ${path}: ${path} holds data, not a report of 'toolcalls score', 'merge' or 'bfcl', a test run or evaluate, and the report would write over it; --json takes the file to write the report to (--json report.json)`,
      )
    }
  }
  // A dangling link is written through, into the folder of the file it names.
  const { file } = existing === undefined ? await writeTarget(path) : { file: path }
  try {
    if (existing === undefined) {
      const directory = await stat(dirname(file))
      if (!directory.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' })
      await access(dirname(file), constants.W_OK)
    } else {
      await access(path, constants.W_OK)
    }
  } catch (error) {
    throw writeError(path, error, file)
  }
}

/** The names of standard output itself. */
const STANDARD_OUTPUT = ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']

/**
 * Whether `path` is where standard output writes: one of its names, or the regular file it is
 * redirected to. A terminal is not compared: standard error and /dev/tty are the same one.
 */
async function isStandardOutput(path: string): Promise<boolean> {
  if (STANDARD_OUTPUT.includes(path)) return true
  let output: Stats
  try {
    output = fstatSync(1)
  } catch {
    return false
  }
  if (!output.isFile()) return false
  const target = await statOrUndefined(path)
  return target !== undefined && target.dev === output.dev && target.ino === output.ino
}

/** Whether a report to `path` goes to a file already open (standard output, a link into /dev or /proc), whatever that file holds. */
async function writtenThrough(path: string): Promise<boolean> {
  return (await isStandardOutput(path)) || (await writeTarget(path)).direct
}

/** Links followed before a chain of them is left to the system to refuse. */
const MAX_LINKS = 40

/** Where a report is written, and whether directly: what a path names once its symbolic links are followed. */
async function writeTarget(path: string): Promise<{ file: string; direct: boolean }> {
  let file = path
  for (let links = 0; links < MAX_LINKS; links++) {
    // A link into /dev or /proc, as /dev/stdout is, stands for an open file: written through, never replaced.
    if (file.startsWith('/dev/') || file.startsWith('/proc/')) return { file: path, direct: true }
    let stats: Stats
    try {
      stats = await lstat(file)
    } catch {
      return { file, direct: false }
    }
    if (!stats.isSymbolicLink()) return { file, direct: !stats.isFile() }
    file = resolve(dirname(file), await readlink(file))
  }
  return { file: path, direct: true }
}

function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}

/**
 * Writes a command's JSON report to `path`, or to `out` when `path` is standard output
 * (`--json /dev/stdout`, which a socket cannot be opened as). True when it went to standard
 * output: then the JSON stands there alone, without the text report, so that it parses.
 */
export async function writeJsonReport(path: string, value: unknown, out: Output): Promise<boolean> {
  if (await isStandardOutput(path)) {
    await out.write(jsonText(value))
    return true
  }
  await writeJsonFile(path, value)
  return false
}

/**
 * Writes JSON so that a reader never sees half a report: to `<file>.tmp-<pid>`, then renamed
 * over the file. A symbolic link is followed, and the file it names replaced, the link kept. A
 * device, a pipe or a link into /dev or /proc is written directly.
 */
async function writeJsonFile(path: string, value: unknown): Promise<void> {
  const text = jsonText(value)
  const existing = await statOrUndefined(path)
  if (existing?.isDirectory()) throw writeError(path, Object.assign(new Error('is a directory'), { code: 'EISDIR' }))
  const { file, direct } = await writeTarget(path)
  if (direct) {
    try {
      await writeFile(path, text)
    } catch (error) {
      throw writeError(path, error)
    }
    return
  }
  const temporary = `${file}.tmp-${process.pid}`
  trackTemporaryFile(temporary)
  try {
    await writeFile(temporary, text)
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw writeError(path, error, file)
  } finally {
    untrackTemporaryFile(temporary)
  }
}
