import { isUtf8 } from 'node:buffer'
import { lineError } from './user-error'

/** One non-blank line of a text file. */
export interface Line {
  /** 1-based, blank lines counted, so it is the number an editor shows. */
  number: number
  text: string
  /** The bytes were not valid UTF-8; `text` holds U+FFFD where they were. */
  invalidUtf8: boolean
  /** The line was longer than MAX_LINE_BYTES: its bytes were skipped and `text` is empty. */
  tooLong?: true
}

/** The longest line read; a longer one is skipped unread, so a file with no line ends cannot exhaust memory. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024

export function tooLongReason(): string {
  return `the line is longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB and was not read`
}

/** The text of a line that must be read (gold, episodes, BFCL data); a line too long to read is a user error. */
export function checkedText(line: Line, where: string): string {
  if (line.tooLong) throw lineError(where, tooLongReason())
  return line.text
}

const LF = 0x0a
const BOM = 0xfeff
const NOT_BLANK = /\S/

function decodeLine(bytes: Buffer, number: number): Line | undefined {
  let text = bytes.toString('utf8')
  // A byte-order mark starts a file; `cat` of such files puts one at the start of a line.
  if (text.charCodeAt(0) === BOM) text = text.slice(1)
  if (text.endsWith('\r')) text = text.slice(0, -1)
  if (!NOT_BLANK.test(text)) return undefined
  return { number, text, invalidUtf8: text.includes('\uFFFD') && !isUtf8(bytes) }
}

/**
 * The non-blank lines of a byte stream, one at a time: LF or CRLF line ends, a last line
 * without a line end, invalid UTF-8 replaced with U+FFFD (and flagged). Holds one line at a
 * time, however long the stream: each is decoded only when its turn comes, so the lines still
 * to come in a chunk are bytes, not strings alive across the scavenges of the work on this one.
 */
export async function* readLines(chunks: AsyncIterable<Buffer | string>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  const splitter = new LineSplitter(maxLineBytes)
  for await (const chunk of chunks) if (splitter.take(chunk)) for (const line of splitter.lines()) yield line
  const last = splitter.lastLine()
  if (last !== undefined) yield last
}

/**
 * The lines of `readLines`, in batches: those each chunk of the stream completes, each decoded
 * as it is read. A reader that takes a batch at a time waits once per chunk, not once per
 * line; it reads each batch through before it asks for the next.
 */
export async function* readLineBatches(chunks: AsyncIterable<Buffer | string>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Iterable<Line>> {
  const splitter = new LineSplitter(maxLineBytes)
  for await (const chunk of chunks) if (splitter.take(chunk)) yield splitter.lines()
  const last = splitter.lastLine()
  if (last !== undefined) yield [last]
}

/** Cuts chunks of bytes into lines, a line split across chunks joined. */
class LineSplitter {
  private chunk: Buffer = Buffer.alloc(0)
  // Where the next line of `chunk` starts.
  private start = 0
  // The start of a line whose end is in a later chunk.
  private pending: Buffer[] = []
  private pendingBytes = 0
  private skipping = false
  // The line being skipped was given as too long when it passed the limit, before its end, which may never come (/dev/zero).
  private toldTooLong = false
  private number = 0

  constructor(private readonly maxLineBytes: number) {}

  /** The next chunk, once the last one's lines are taken; whether it ends a line, for `lines` to give. */
  take(chunk: Buffer | string): boolean {
    this.chunk = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    this.start = 0
    if (this.chunk.indexOf(LF) !== -1) return true
    this.keepRest()
    return this.skipping && !this.toldTooLong
  }

  /** The lines the chunks so far complete, each decoded as it is read. */
  *lines(): Generator<Line> {
    for (let line = this.nextLine(); line !== undefined; line = this.nextLine()) yield line
  }

  /** The next non-blank line the chunks so far complete; undefined once the rest waits for the next chunk. */
  private nextLine(): Line | undefined {
    const chunk = this.chunk
    for (let end = chunk.indexOf(LF, this.start); end !== -1; end = chunk.indexOf(LF, this.start)) {
      const piece = chunk.subarray(this.start, end)
      this.start = end + 1
      this.number++
      const tooLong = this.skipping || this.pendingBytes + piece.length > this.maxLineBytes
      const told = this.toldTooLong
      const line = told ? undefined : tooLong ? tooLongLine(this.number) : decodeLine(this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]), this.number)
      this.pending = []
      this.pendingBytes = 0
      this.skipping = false
      this.toldTooLong = false
      if (line !== undefined) return line
    }
    this.keepRest()
    if (!this.skipping || this.toldTooLong) return undefined
    this.toldTooLong = true
    return tooLongLine(this.number + 1)
  }

  /** Keeps what is left of the chunk, the start of a line that a later chunk ends. */
  private keepRest(): void {
    const chunk = this.chunk
    if (this.start < chunk.length && !this.skipping) {
      this.pending.push(chunk.subarray(this.start))
      this.pendingBytes += chunk.length - this.start
      if (this.pendingBytes > this.maxLineBytes) {
        this.pending = []
        this.skipping = true
      }
    }
    this.start = chunk.length
  }

  /** The line after the last line end, once the chunks are done. */
  lastLine(): Line | undefined {
    if (this.skipping) return this.toldTooLong ? undefined : tooLongLine(this.number + 1)
    return this.pending.length === 0 ? undefined : decodeLine(Buffer.concat(this.pending), ++this.number)
  }
}

function tooLongLine(number: number): Line {
  return { number, text: '', invalidUtf8: false, tooLong: true }
}
