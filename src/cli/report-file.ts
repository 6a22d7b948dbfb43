import { constants } from 'node:fs'
import { access, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { trackTemporaryFile, untrackTemporaryFile } from './interrupt'
import { UserError } from './user-error'

function writeError(path: string, error: unknown): UserError {
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
    case 'ENOTDIR':
      return new UserError(`${path}: cannot write, no such directory ${dirname(path)}`)
    default:
      return new UserError(`${path}: cannot write (${error instanceof Error ? error.message : String(error)})`)
  }
}

async function statOrUndefined(path: string) {
  try {
    return await stat(path)
  } catch {
    return undefined
  }
}

/** Checks, before a long run, that a report can be written to `path`. */
export async function checkWritable(path: string): Promise<void> {
  const existing = await statOrUndefined(path)
  if (existing?.isDirectory()) throw new UserError(`${path}: cannot write, it is a directory`)
  try {
    if (existing === undefined) {
      const directory = await stat(dirname(path))
      if (!directory.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' })
      await access(dirname(path), constants.W_OK)
    } else {
      await access(path, constants.W_OK)
    }
  } catch (error) {
    throw writeError(path, error)
  }
}

/**
 * Writes JSON so that a reader never sees half a report: to `path.tmp-<pid>`, then renamed
 * over `path`. A device or a pipe (`/dev/stdout`) is written directly.
 */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  const text = `${JSON.stringify(value, null, 2)}\n`
  const existing = await statOrUndefined(path)
  if (existing !== undefined && !existing.isFile()) {
    if (existing.isDirectory()) throw writeError(path, Object.assign(new Error('is a directory'), { code: 'EISDIR' }))
    try {
      await writeFile(path, text)
    } catch (error) {
      throw writeError(path, error)
    }
    return
  }
  const temporary = `${path}.tmp-${process.pid}`
  trackTemporaryFile(temporary)
  try {
    await writeFile(temporary, text)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw writeError(path, error)
  } finally {
    untrackTemporaryFile(temporary)
  }
}
