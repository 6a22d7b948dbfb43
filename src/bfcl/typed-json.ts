import { MAX_DEPTH } from '../calls/limits'
import { PyFloat, setEntry, shortDecimal } from '../calls/python-values'
import { parseTypedJsonNatively } from './native-typed-json'
import {
  BACKSLASH, COLON, COMMA, CR, DOT, DQUOTE, LBRACE, LBRACKET, LF, MINUS, NINE, PLUS, RBRACE,
  RBRACKET, SLASH, SPACE, TAB, ZERO,
} from '../calls/char-codes'

/**
 * `JSON.parse` that keeps how each number was written, as Python's `json` module reads it:
 * a number with a fraction or an exponent (`1.0`, `2e3`) is a `PyFloat`, any other an
 * integer (plain number; `-0` is 0). Objects get every key as an own property, `__proto__`
 * included. Throws a SyntaxError with the position on invalid JSON or nesting deeper than
 * MAX_DEPTH.
 */
export function parseTypedJson(text: string): unknown {
  const source = String(text)
  return parseTypedJsonNatively(source, 'all') ?? new TypedJsonReader(source).readDocument()
}

/**
 * JSON as the BFCL checker reads it: parseTypedJson, except that a float that is not integral
 * may come back as a plain number, which the checker reads as a float all the same. Most lines
 * then need no float marked: few hold one that JSON.parse would make an integer.
 */
export function parseBfclJson(text: string, deepUnder?: string): unknown {
  return parseTypedJsonNatively(text, 'integral') ?? new TypedJsonReader(text, deepUnder).readDocument()
}

// A run of string characters that need no attention; the regex engine skips it natively.
const PLAIN_CHARACTERS = /[^"\\\x00-\x1f]*/y

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE
}

function hexValue(code: number): number {
  if (isDigit(code)) return code - ZERO
  const lower = code | 0x20
  return lower >= 97 && lower <= 102 ? lower - 87 : -1
}

class TypedJsonReader {
  private pos = 0
  private depth = 0
  // The key of the top-level object being read.
  private topKey: string | undefined

  /**
   * With `deepUnder`, a value under that top-level key (a model's decoded output, untrusted) may
   * nest deeper than MAX_DEPTH: it is read one level deeper, as far as a checker would take it,
   * and anything deeper is checked to be JSON and stands as an empty list there, so that the
   * checker refuses it as nested too deep, where the whole line would otherwise be refused.
   */
  constructor(
    private readonly text: string,
    private readonly deepUnder?: string,
  ) {}

  readDocument(): unknown {
    this.skipSpace()
    const value = this.readValue()
    this.skipSpace()
    if (this.pos < this.text.length) this.fail('Unexpected non-whitespace character after JSON')
    return value
  }

  private readValue(): unknown {
    const text = this.text
    const code = text.charCodeAt(this.pos)
    if (code === DQUOTE) return this.readString()
    if (code === MINUS || isDigit(code)) return this.readNumber()
    if ((code === LBRACE || code === LBRACKET) && this.depth > MAX_DEPTH && this.inDeepValue()) return this.skipDeepValue()
    if (code === LBRACE) return this.readObject()
    if (code === LBRACKET) return this.readArray()
    if (code === 116 && text.startsWith('true', this.pos)) return this.readWord(4, true)
    if (code === 102 && text.startsWith('false', this.pos)) return this.readWord(5, false)
    if (code === 110 && text.startsWith('null', this.pos)) return this.readWord(4, null)
    this.failUnexpected()
  }

  private readWord(length: number, value: boolean | null): boolean | null {
    this.pos += length
    return value
  }

  private readArray(): unknown[] {
    this.enter()
    this.pos++
    const items: unknown[] = []
    this.skipSpace()
    if (this.text.charCodeAt(this.pos) !== RBRACKET) {
      for (;;) {
        items.push(this.readValue())
        this.skipSpace()
        const code = this.text.charCodeAt(this.pos)
        if (code === RBRACKET) break
        if (code !== COMMA) this.fail("Expected ',' or ']' after array element")
        this.pos++
        this.skipSpace()
      }
    }
    this.pos++
    this.depth--
    return items
  }

  private readObject(): Record<string, unknown> {
    this.enter()
    this.pos++
    const object: Record<string, unknown> = {}
    this.skipSpace()
    if (this.text.charCodeAt(this.pos) !== RBRACE) {
      for (;;) {
        if (this.text.charCodeAt(this.pos) !== DQUOTE) this.fail('Expected double-quoted property name')
        const key = this.readString()
        if (this.depth === 1) this.topKey = key
        this.skipSpace()
        if (this.text.charCodeAt(this.pos) !== COLON) this.fail("Expected ':' after property name")
        this.pos++
        this.skipSpace()
        setEntry(object, key, this.readValue())
        this.skipSpace()
        const code = this.text.charCodeAt(this.pos)
        if (code === RBRACE) break
        if (code !== COMMA) this.fail("Expected ',' or '}' after property value")
        this.pos++
        this.skipSpace()
      }
    }
    this.pos++
    this.depth--
    return object
  }

  private readString(): string {
    const text = this.text
    let position = this.pos + 1
    let chunkStart = position
    let value = ''
    for (;;) {
      PLAIN_CHARACTERS.lastIndex = position
      if (PLAIN_CHARACTERS.test(text)) position = PLAIN_CHARACTERS.lastIndex
      const code = text.charCodeAt(position)
      if (code === DQUOTE) break
      if (code !== BACKSLASH) {
        this.fail(position >= text.length ? 'Unterminated string' : 'Bad control character in string literal', position)
      }
      value += text.slice(chunkStart, position)
      value += this.readEscape(position)
      position += text.charCodeAt(position + 1) === 117 ? 6 : 2
      chunkStart = position
    }
    this.pos = position + 1
    return value + text.slice(chunkStart, position)
  }

  private readEscape(position: number): string {
    const code = this.text.charCodeAt(position + 1)
    switch (code) {
      case DQUOTE:
        return '"'
      case BACKSLASH:
        return '\\'
      case SLASH:
        return '/'
      case 98: // b
        return '\b'
      case 102: // f
        return '\f'
      case 110: // n
        return '\n'
      case 114: // r
        return '\r'
      case 116: // t
        return '\t'
      case 117: {
        // u
        let unit = 0
        for (let index = position + 2; index < position + 6; index++) {
          const digit = hexValue(this.text.charCodeAt(index))
          if (digit < 0) this.fail('Bad Unicode escape', position)
          unit = unit * 16 + digit
        }
        return String.fromCharCode(unit)
      }
    }
    this.fail(position + 1 >= this.text.length ? 'Unterminated string' : 'Bad escaped character', position)
  }

  private readNumber(): unknown {
    const text = this.text
    const start = this.pos
    let position = start
    const negative = text.charCodeAt(position) === MINUS
    if (negative) position++
    let code = text.charCodeAt(position)
    let value = 0
    if (code === ZERO) {
      code = text.charCodeAt(++position)
    } else if (isDigit(code)) {
      do {
        value = value * 10 + (code - ZERO)
        code = text.charCodeAt(++position)
      } while (isDigit(code))
    } else {
      this.fail('No number after minus sign', position)
    }
    let isFloat = false
    if (code === DOT) {
      isFloat = true
      position = this.digitsAfter(position + 1, 'Unterminated fractional number')
      code = text.charCodeAt(position)
    }
    if ((code | 0x20) === 101) {
      isFloat = true
      let digits = position + 1
      const sign = text.charCodeAt(digits)
      if (sign === PLUS || sign === MINUS) digits++
      position = this.digitsAfter(digits, 'Exponent part is missing a number')
    }
    this.pos = position
    if (isFloat) {
      const magnitudeStart = negative ? start + 1 : start
      const short = shortDecimal(text, magnitudeStart, position)
      const magnitude = Number.isNaN(short) ? Number(text.slice(magnitudeStart, position)) : short
      return new PyFloat(negative ? -magnitude : magnitude)
    }
    // Up to 15 digits the running value is exact; a Python int has no -0.
    if (position - start <= 15) return negative ? 0 - value : value
    return Number(text.slice(start, position))
  }

  private digitsAfter(position: number, problem: string): number {
    const text = this.text
    if (!isDigit(text.charCodeAt(position))) this.fail(problem, position)
    do position++
    while (isDigit(text.charCodeAt(position)))
    return position
  }

  private skipSpace(): void {
    const text = this.text
    let position = this.pos
    for (;;) {
      const code = text.charCodeAt(position)
      if (code !== SPACE && code !== LF && code !== CR && code !== TAB) break
      position++
    }
    this.pos = position
  }

  private enter(): void {
    // One level more under the model's output (see the constructor), asked only past the limit.
    if (++this.depth > MAX_DEPTH && !(this.depth === MAX_DEPTH + 1 && this.inDeepValue())) this.fail(`Nesting deeper than ${MAX_DEPTH} levels`)
  }

  private inDeepValue(): boolean {
    return this.deepUnder !== undefined && this.depth > 1 && this.topKey === this.deepUnder
  }

  /** A list or object too deep to build, from its opening bracket: its end found by one scan, its text checked as JSON. */
  private skipDeepValue(): unknown[] {
    const text = this.text
    const start = this.pos
    let depth = 0
    let position = start
    for (; position < text.length; position++) {
      const code = text.charCodeAt(position)
      if (code === DQUOTE) {
        for (position++; position < text.length && text.charCodeAt(position) !== DQUOTE; position++) {
          if (text.charCodeAt(position) === BACKSLASH) position++
        }
      } else if (code === LBRACE || code === LBRACKET) depth++
      else if ((code === RBRACE || code === RBRACKET) && --depth === 0) break
    }
    try {
      JSON.parse(text.slice(start, position + 1))
    } catch (error) {
      this.fail(`${(error as Error).message} (in a value nested deeper than ${MAX_DEPTH} levels)`, start)
    }
    this.pos = position + 1
    return []
  }

  private failUnexpected(): never {
    if (this.pos >= this.text.length) this.fail('Unexpected end of JSON input')
    this.fail(`Unexpected token '${String.fromCodePoint(this.text.codePointAt(this.pos) ?? 0)}'`)
  }

  private fail(problem: string, position = this.pos): never {
    const before = this.text.slice(0, position)
    const line = before.split('\n').length
    const column = position - before.lastIndexOf('\n')
    throw new SyntaxError(`${problem} in JSON at position ${position} (line ${line} column ${column})`)
  }
}
