import { isUtf8 } from 'node:buffer'

/** One non-blank line of a text file. */
export interface Line {
  /** 1-based, blank lines counted, so it is the number an editor shows. */
  number: number
  text: string
  /** The bytes were not valid UTF-8; `text` holds U+FFFD where they were. */
  invalidUtf8: boolean
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
export async function* readLines(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<Line> {
  let pending: Buffer[] = []
  let number = 0
  for await (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    let start = 0
    for (let end = buffer.indexOf(LF, start); end !== -1; end = buffer.indexOf(LF, start)) {
      const piece = buffer.subarray(start, end)
      const bytes = pending.length === 0 ? piece : Buffer.concat([...pending, piece])
      pending = []
      start = end + 1
      const line = decodeLine(bytes, ++number)
      if (line !== undefined) yield line
    }
    if (start < buffer.length) pending.push(buffer.subarray(start))
  }
  if (pending.length > 0) {
    const line = decodeLine(Buffer.concat(pending), ++number)
    if (line !== undefined) yield line
  }
}
