import { open, readFile } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { type Line, readLineBatches, readLines } from './read-lines'
import { UserError } from './user-error'

/** A text input: a file, or standard input when the name is `-`. */
export interface InputFile {
  /** The name for messages: the path as given, or `stdin`. */
  name: string
  /** The size in bytes, when known (a regular file). */
  size: number | undefined
  /** Bytes read so far. */
  readonly bytesRead: number
  lines(): AsyncGenerator<Line>
  /** The lines in batches, as each chunk read completes them. */
  lineBatches(): AsyncGenerator<Iterable<Line>>
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** A user error for a file that cannot be opened or read, in one line. */
export function fileError(name: string, error: unknown, doing = 'cannot read'): UserError {
  switch (errorCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new UserError(`${name}: no such file`)
    case 'EACCES':
    case 'EPERM':
      return new UserError(`${name}: permission denied`)
    case 'EISDIR':
      return new UserError(`${name}: is a directory, not a file`)
    default: {
      const message = error instanceof Error ? error.message : String(error)
      return new UserError(`${name}: ${doing} (${message})`)
    }
  }
}

/** The first bytes of compressed files, which read as text would be graded as garbage rather than refused. */
const COMPRESSED = [
  { magic: [0x1f, 0x8b], format: 'gzip', tool: 'gunzip -c' },
  { magic: [0x28, 0xb5, 0x2f, 0xfd], format: 'zstd', tool: 'zstd -dc' },
  { magic: [0x42, 0x5a, 0x68], format: 'bzip2', tool: 'bunzip2 -c' }, // 'BZh', then a digit, checked below
  { magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a], format: 'xz', tool: 'xz -dc' },
  { magic: [0x50, 0x4b, 0x03, 0x04], format: 'zip', tool: 'unzip -p' },
]

/** A file whose first bytes are a compressed format's: a user error that says how to read it instead. */
function refuseCompressed(first: Buffer | string, name: string): void {
  if (typeof first === 'string') return
  const found = COMPRESSED.find(({ magic }) => first.length >= magic.length && magic.every((byte, i) => first[i] === byte))
  // Text may begin `BZh`; bzip2 follows it with its block size, a digit from 1.
  if (found === undefined || (found.format === 'bzip2' && !(first.length > 3 && first[3]! >= 0x31 && first[3]! <= 0x39))) return
  const file = name === 'stdin' ? '' : ` ${name}`
  throw new UserError(`${name}: ${found.format}-compressed; the input is JSON lines as text: ${found.tool}${file} | toolcalls ... -`)
}

async function* guarded(chunks: AsyncIterable<Buffer | string>, name: string, counter: { bytes: number }): AsyncGenerator<Buffer | string> {
  try {
    for await (const chunk of chunks) {
      if (counter.bytes === 0) refuseCompressed(chunk, name)
      counter.bytes += chunk.length
      yield chunk
    }
  } catch (error) {
    if (error instanceof UserError) throw error
    throw fileError(name, error)
  }
}

function inputOf(name: string, size: number | undefined, stream: () => AsyncIterable<Buffer | string>): InputFile {
  const counter = { bytes: 0 }
  return {
    name,
    size,
    get bytesRead() {
      return counter.bytes
    },
    lines: () => readLines(guarded(stream(), name, counter)),
    lineBatches: () => readLineBatches(guarded(stream(), name, counter)),
  }
}

/**
 * Bytes read from a file at a time. With 64 KiB the command sat idle between chunks for about
 * 5% of a long run; much more only holds more of the file in memory at once.
 */
const READ_CHUNK = 1 << 18

/** Opens a file to read it line by line; a missing file, a directory, or no permission is a UserError. */
export async function openInput(path: string, stdin: () => Readable = () => process.stdin): Promise<InputFile> {
  if (path === '-') return inputOf('stdin', undefined, stdin)
  let handle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    throw fileError(path, error)
  }
  const stat = await handle.stat()
  if (stat.isDirectory()) {
    await handle.close()
    throw new UserError(`${path}: is a directory, not a file`)
  }
  const fileHandle = handle
  return inputOf(path, stat.isFile() ? stat.size : undefined, () => fileHandle.createReadStream({ highWaterMark: READ_CHUNK }))
}

/** A small JSON file read whole (a grammar, a report); unreadable or invalid JSON is a UserError. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw fileError(path, error)
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (error) {
    throw new UserError(`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
}
