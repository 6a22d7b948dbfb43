import { BACKSLASH, CR, DQUOTE, LBRACE, LBRACKET, LF, RBRACE, RBRACKET, SPACE, TAB } from '../../char-codes'

/**
 * Whether a text that only grows is one whole JSON value yet. Each piece is scanned as it is
 * added, never the text it joins (reading a string made by appending copies it whole);
 * `JSON.parse` runs only where the text could be whole (nothing left open, nothing after a
 * whole value), and once for each length. Parsing the whole text at every piece of a stream
 * took time quadratic in its length.
 */
export class JsonEndScan {
  private depth = 0
  private inString = false
  private escaped = false
  // A number or literal at the top that has not ended yet.
  private scalar = false
  // A whole value has ended; anything but space after it makes the text no JSON, whatever follows.
  private ended = false
  private never = false
  private parsedLength = -1
  private parsed = false

  /** Scans a piece added to the end of the text. */
  add(piece: string): void {
    for (let i = 0; i < piece.length && !this.never; i++) this.step(piece.charCodeAt(i))
  }

  /** Whether `text`, all of whose pieces were added, is valid JSON. */
  isWhole(text: string): boolean {
    if (this.never || this.inString || this.depth > 0 || !(this.ended || this.scalar)) return false
    if (this.parsedLength !== text.length) {
      this.parsedLength = text.length
      this.parsed = parses(text)
    }
    return this.parsed
  }

  private step(code: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false
      else if (code === BACKSLASH) this.escaped = true
      else if (code === DQUOTE) {
        this.inString = false
        if (this.depth === 0) this.ended = true
      }
      return
    }
    if (code === SPACE || code === TAB || code === LF || code === CR) {
      if (this.depth === 0 && this.scalar) {
        this.scalar = false
        this.ended = true
      }
      return
    }
    const opens = code === DQUOTE || code === LBRACE || code === LBRACKET
    if (this.depth === 0 && (this.ended || (this.scalar && (opens || code === RBRACE || code === RBRACKET)))) {
      this.never = true
      return
    }
    if (code === DQUOTE) this.inString = true
    else if (code === LBRACE || code === LBRACKET) this.depth++
    else if (code === RBRACE || code === RBRACKET) {
      if (this.depth === 0) this.never = true
      else if (--this.depth === 0) this.ended = true
    } else if (this.depth === 0) this.scalar = true
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
