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
 * time, however long the stream.
 */
export async function* readLines(chunks: AsyncIterable<Buffer | string>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  for await (const lines of readLineBatches(chunks, maxLineBytes)) {
    // Each line is let go once handed on: a batch held while the next chunk is awaited would outlive the scavenges of the wait.
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!
      lines[index] = RELEASED
      yield line
    }
  }
}

const RELEASED: Line = Object.freeze({ number: 0, text: '', invalidUtf8: false })

/**
 * The lines of `readLines`, in batches: those each chunk of the stream completes. A reader
 * that takes a batch at a time waits once per chunk, not once per line.
 */
export async function* readLineBatches(chunks: AsyncIterable<Buffer | string>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Line[]> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  let skipping = false
  let number = 0
  for await (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    const lines: Line[] = []
    let start = 0
    for (let end = buffer.indexOf(LF, start); end !== -1; end = buffer.indexOf(LF, start)) {
      const piece = buffer.subarray(start, end)
      start = end + 1
      number++
      if (skipping || pendingBytes + piece.length > maxLineBytes) {
        lines.push({ number, text: '', invalidUtf8: false, tooLong: true })
      } else {
        const line = decodeLine(pending.length === 0 ? piece : Buffer.concat([...pending, piece]), number)
        if (line !== undefined) lines.push(line)
      }
      pending = []
      pendingBytes = 0
      skipping = false
    }
    if (start < buffer.length && !skipping) {
      pending.push(buffer.subarray(start))
      pendingBytes += buffer.length - start
      if (pendingBytes > maxLineBytes) {
        pending = []
        skipping = true
      }
    }
    if (lines.length > 0) yield lines
  }
  if (skipping) yield [{ number: number + 1, text: '', invalidUtf8: false, tooLong: true }]
  else if (pending.length > 0) {
    const line = decodeLine(Buffer.concat(pending), ++number)
    if (line !== undefined) yield [line]
  }
}
