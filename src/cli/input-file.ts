import { createHash, type Hash } from 'node:crypto'
import { createReadStream, fstatSync } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { errorMessage } from '../calls/path'
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
  /** The SHA-256 of the bytes read so far, when opened to be hashed: once read through, what tells these contents from others. */
  digest(): string | undefined
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

/**
 * The first bytes of compressed files, which read as text would be graded as garbage rather than refused;
 * `tool` decompresses to standard output, `toFile` beside the file, for a file read whole (a report, which merge reads from a file only).
 */
const COMPRESSED = [
  { magic: [0x1f, 0x8b], format: 'gzip', tool: 'gunzip -c', toFile: 'gunzip -k' },
  { magic: [0x28, 0xb5, 0x2f, 0xfd], format: 'zstd', tool: 'zstd -dc', toFile: 'zstd -d' },
  // 'BZh', the block size, then the first block's magic (1AY&SY) or, in an empty stream, the end's: text may begin 'BZh1'.
  { magic: [0x42, 0x5a, 0x68, -1, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59], format: 'bzip2', tool: 'bunzip2 -c', toFile: 'bunzip2 -k' },
  { magic: [0x42, 0x5a, 0x68, -1, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90], format: 'bzip2', tool: 'bunzip2 -c', toFile: 'bunzip2 -k' },
  { magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], format: 'xz', tool: 'xz -dc', toFile: 'xz -dk' },
  { magic: [0x50, 0x4b, 0x03, 0x04], format: 'zip', tool: 'unzip -p', toFile: 'unzip' },
]

/** How an input is read: as JSON lines, streamed; or whole, as one JSON document (a grammar, a report). */
type Reading = 'lines' | 'whole'

/** Bytes a stream's start is held to before it is checked: the longest magic. */
const HEAD_BYTES = Math.max(...COMPRESSED.map(({ magic }) => magic.length))

/** A file whose first bytes show it is no UTF-8 text: a user error that says how to read it instead. */
function refuseNonUtf8(head: Buffer, name: string, reading: Reading = 'lines'): void {
  refuseUtf16(head, name, reading)
  refuseCompressed(head, name, reading)
}

/** A file that begins with UTF-16's byte-order mark: Windows PowerShell's `>` writes it, which read as UTF-8 is NUL bytes between the characters. */
function refuseUtf16(head: Buffer, name: string, reading: Reading): void {
  if (head.length < 2 || !((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return
  const iconv = 'iconv -f UTF-16 -t UTF-8'
  const convert = name === 'stdin' ? `${iconv} into the command` : reading === 'lines' ? `${iconv} ${name} | toolcalls ... -` : `${iconv} ${name} > ${utf8Name(name)}`
  throw new UserError(`${name}: UTF-16 text (it begins with UTF-16's byte-order mark), where ${readAs(reading)} read as UTF-8; convert it first (${convert})`)
}

/** A file whose first bytes are a compressed format's. */
function refuseCompressed(head: Buffer, name: string, reading: Reading): void {
  const found = COMPRESSED.find(({ magic }) => head.length >= magic.length && magic.every((byte, i) => byte === -1 || head[i] === byte))
  if (found === undefined) return
  const decompress = name === 'stdin' ? `${found.tool} into the command` : reading === 'lines' ? `${found.tool} ${name} | toolcalls ... -` : `${found.toFile} ${name}`
  throw new UserError(`${name}: ${found.format}-compressed, where ${readAs(reading)} read as text; decompress it first (${decompress})`)
}

function readAs(reading: Reading): string {
  return reading === 'lines' ? 'JSON lines are' : 'JSON is'
}

/** Where a file converted to UTF-8 may be written: beside it, `.utf8` before its extension (`grammar.utf8.json`). */
function utf8Name(name: string): string {
  return name.replace(/(\.[^./\\]*)?$/, '.utf8$1')
}

/**
 * The stream's chunks as they come, counted and hashed, its first bytes checked for a
 * compressed format: held until there are enough of them to tell, as a pipe may give a byte at a time.
 */
async function* guarded(chunks: AsyncIterable<Buffer | string>, name: string, counter: Counter): AsyncGenerator<Buffer | string> {
  let head: Buffer[] | undefined = []
  let headBytes = 0
  try {
    for await (const chunk of chunks) {
      counter.bytes += chunk.length
      counter.hash?.update(chunk)
      if (head === undefined) {
        yield chunk
        continue
      }
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      head.push(bytes)
      headBytes += bytes.length
      if (headBytes < HEAD_BYTES) continue
      const whole = Buffer.concat(head)
      head = undefined
      refuseNonUtf8(whole, name)
      yield whole
    }
    if (head !== undefined && headBytes > 0) {
      const whole = Buffer.concat(head)
      refuseNonUtf8(whole, name)
      yield whole
    }
  } catch (error) {
    if (error instanceof UserError) throw error
    throw fileError(name, error)
  }
}

/** What a stream's reading keeps of it: how many bytes, and their hash where it is asked for. */
interface Counter {
  bytes: number
  hash: Hash | undefined
}

function inputOf(name: string, size: number | undefined, stream: () => AsyncIterable<Buffer | string>, hashed: boolean): InputFile {
  const counter: Counter = { bytes: 0, hash: hashed ? createHash('sha256') : undefined }
  return {
    name,
    size,
    get bytesRead() {
      return counter.bytes
    },
    digest: () => counter.hash?.copy().digest('hex'),
    lines: () => readLines(guarded(stream(), name, counter)),
    lineBatches: () => readLineBatches(guarded(stream(), name, counter)),
  }
}

/**
 * Bytes read from a file at a time. With 64 KiB the command sat idle between chunks for about
 * 5% of a long run; much more only holds more of the file in memory at once.
 */
const READ_CHUNK = 1 << 18

/** How messages name an input given by `path`: `stdin` for `-`. */
export function inputName(path: string): string {
  return path === '-' ? 'stdin' : path
}

/** Standard input redirected from a directory (`toolcalls score - < data/`), which reads as no bytes at all. */
function refuseDirectoryOnStdin(): void {
  let directory = false
  try {
    directory = fstatSync(0).isDirectory()
  } catch {
    // No standard input to ask of: it is read as it comes.
  }
  if (directory) throw new UserError('stdin: is a directory, not a file')
}

/**
 * Opens a file to read it line by line; a missing file, a directory, or no permission is a
 * UserError. `hashed`, its bytes are hashed as they are read (see InputFile.digest).
 */
export async function openInput(path: string, stdin: () => Readable = () => process.stdin, hashed = false): Promise<InputFile> {
  if (path === '-') {
    refuseDirectoryOnStdin()
    return inputOf(inputName(path), undefined, stdin, hashed)
  }
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
  return inputOf(path, stat.isFile() ? stat.size : undefined, () => fileHandle.createReadStream({ highWaterMark: READ_CHUNK }), hashed)
}

/** What is said of a file of JSON lines read where one JSON document is: a list of tool schemas, one a line, is a grammar once gathered. */
const GATHER_LINES = 'where one JSON document is read (jq -s . gathers the lines into one array)'

/**
 * A small JSON file read whole (a grammar, a report), or standard input when `path` is `-`;
 * unreadable or invalid JSON is a UserError. `ofLines` says what is wrong with a file of JSON
 * lines given in its place, which JSON.parse would fault at its second line's first character.
 */
export async function readJsonFile(
  path: string,
  stdin: () => Readable = () => process.stdin,
  maxBytes = MAX_JSON_FILE_BYTES,
  ofLines = GATHER_LINES,
): Promise<unknown> {
  const name = inputName(path)
  if (path === '-') refuseDirectoryOnStdin()
  const text = await readWhole(path === '-' ? stdin() : createReadStream(path), name, maxBytes)
  let value: unknown
  const document = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  // JSON.parse would say only that the input ended.
  if (document.trim() === '') throw new UserError(`${name}: empty, where one JSON document is read`)
  try {
    value = JSON.parse(document)
  } catch (error) {
    throw new UserError(`${name}: ${isJsonLines(document) ? `JSON lines, one value a line, ${ofLines}` : `not valid JSON (${errorMessage(error)})`}`)
  }
  // JSON.parse reads any depth, but what walks the value after it (JSON.stringify of its digest) recurses, and would overflow the stack.
  if (nestingDepth(text) > MAX_FILE_DEPTH) throw new UserError(`${name}: nested deeper than ${MAX_FILE_DEPTH} levels`)
  return value
}

/** Whether text that is no JSON document opens with two lines that each are one: JSON lines, read on an error's path only. */
function isJsonLines(text: string): boolean {
  let start = 0
  let values = 0
  while (values < 2 && start < text.length) {
    const end = text.indexOf('\n', start)
    const line = text.slice(start, end === -1 ? text.length : end).trim()
    start = end === -1 ? text.length : end + 1
    if (line === '') continue
    try {
      JSON.parse(line)
    } catch {
      return false
    }
    values++
  }
  return values === 2
}

/** The largest JSON file read whole: a grammar or a report is far smaller, and `/dev/zero` or a stream that never ends is refused, not read until memory runs out. */
export const MAX_JSON_FILE_BYTES = 256 << 20

async function readWhole(stream: Readable, name: string, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = []
  let bytes = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      bytes += buffer.length
      if (bytes > maxBytes) {
        stream.destroy()
        throw new UserError(`${name}: larger than ${maxBytes >= 1 << 20 ? `${maxBytes / (1 << 20)} MiB` : `${maxBytes} bytes`}, the largest JSON file read whole`)
      }
      chunks.push(buffer)
    }
  } catch (error) {
    if (error instanceof UserError) throw error
    throw fileError(name, error)
  }
  const whole = Buffer.concat(chunks, bytes)
  refuseNonUtf8(whole, name, 'whole')
  return whole.toString('utf8')
}

/**
 * The deepest a JSON file read whole may nest: a report holds predicted values nested up to
 * 256 levels within a few of its own, and the stack holds some thousands.
 */
const MAX_FILE_DEPTH = 1000

/** How deep the brackets of valid JSON text nest, those in strings aside: a scan, so that no depth overflows it. */
function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c) i++
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > deepest) deepest = depth
    } else if (code === 0x5d || code === 0x7d) {
      depth--
    }
  }
  return deepest
}
