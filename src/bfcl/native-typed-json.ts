import { MAX_DEPTH } from '../calls/limits'
import { PyFloat } from '../calls/python-values'
import { COLON, CR, DOT, LF, MINUS, NINE, PLUS, SPACE, TAB, ZERO } from '../calls/char-codes'

/**
 * Which numbers must come back as the text wrote them: `all` floats, or only `integral` ones —
 * the floats JSON.parse would make integers (`1.0`, `2e3`) and `-0` — where a plain non-integral
 * number is read as a float all the same.
 */
export type FloatsKept = 'all' | 'integral'

/**
 * `parseTypedJson` by the engine's own JSON.parse, for the valid JSON of everyday input: each
 * number JSON.parse would read otherwise than Python (a float, `-0`) is handed to it as a
 * marked string — NUL, then the number's text — and turned back into its value after. Undefined
 * when the exact reader must read the text: invalid JSON (which it reports with a position),
 * nesting deeper than MAX_DEPTH, or a `\u0000` escape, which could pass for a mark.
 */
export function parseTypedJsonNatively(text: string, floats: FloatsKept): unknown {
  if (text.includes(MARK_ESCAPE)) return undefined
  const marked = MAY_HOLD[floats].test(text) ? markFloats(text) : { text, count: 0 }
  if (marked === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(marked.text)
  } catch {
    return undefined
  }
  if (!isShallow(text) && nestsDeeper(value, 1)) return undefined
  if (marked.count === 0) return value
  // The whole document is the one float.
  if (typeof value === 'string') return markedNumber(value)
  unmark(value, marked.count)
  return value
}

const MARK_ESCAPE = '\\u0000'
const MARK = 0

/**
 * Text that may hold a number of the kind kept (in a string or not). A float can be integral
 * only with an exponent, with a fraction of zeros, or with 16 digits or more, enough to round
 * to an integer: then 8 stand on one side of the point.
 */
const MAY_HOLD: Record<FloatsKept, RegExp> = {
  all: /\d[.eE]|-0/,
  integral: /\d(?:[eE]|\.(?:0+(?!\d)|\d{8})|\d{7}\.\d)|-0(?![\d.])/,
}
// Everything up to the next number outside strings: whole strings, and characters that start no number.
const UP_TO_NUMBER = /(?:[^"\d-]+|"[^"\\]*(?:\\[^][^"\\]*)*")*/y

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE
}

/**
 * The text with each float and `-0` outside strings written as a marked string, and how many;
 * undefined where a number is malformed or a string does not end. The regular expression
 * engine skips the strings; only the numbers between them are looked at here.
 */
function markFloats(text: string): { text: string; count: number } | undefined {
  let marked = ''
  let copied = 0
  let count = 0
  let position = 0
  for (;;) {
    UP_TO_NUMBER.lastIndex = position
    UP_TO_NUMBER.test(text)
    const start = UP_TO_NUMBER.lastIndex
    if (start >= text.length) break
    const end = numberEnd(text, start)
    if (end === -1) return undefined
    position = end
    const isMinusZero = end - start === 2 && text.charCodeAt(start) === MINUS && text.charCodeAt(start + 1) === ZERO
    if (!isMinusZero && !isFloat(text, start, end)) continue
    // A string where a number stood could be a key: `{1.5: 2}` must stay invalid.
    if (text.charCodeAt(spaceEnd(text, end)) === COLON) return undefined
    marked += `${text.slice(copied, start)}"${MARK_ESCAPE}${text.slice(start, end)}"`
    copied = end
    count++
  }
  return count === 0 ? { text, count } : { text: marked + text.slice(copied), count }
}

/** The end of the JSON number that starts at `start`, or -1 when none does. */
function numberEnd(text: string, start: number): number {
  let position = start
  if (text.charCodeAt(position) === MINUS) position++
  const first = text.charCodeAt(position)
  if (!isDigit(first)) return -1
  position++
  if (first !== ZERO) while (isDigit(text.charCodeAt(position))) position++
  if (text.charCodeAt(position) === DOT) {
    if (!isDigit(text.charCodeAt(++position))) return -1
    while (isDigit(text.charCodeAt(position))) position++
  }
  if ((text.charCodeAt(position) | 0x20) === 101) {
    const sign = text.charCodeAt(++position)
    if (sign === PLUS || sign === MINUS) position++
    if (!isDigit(text.charCodeAt(position))) return -1
    while (isDigit(text.charCodeAt(position))) position++
  }
  return position
}

function isFloat(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (code === DOT || (code | 0x20) === 101) return true
  }
  return false
}

function spaceEnd(text: string, position: number): number {
  for (;;) {
    const code = text.charCodeAt(position)
    if (code !== SPACE && code !== LF && code !== CR && code !== TAB) return position
    position++
  }
}

/** Whether the text has too few brackets to nest deeper than MAX_DEPTH. */
function isShallow(text: string): boolean {
  let openings = 0
  for (let index = text.indexOf('['); index !== -1 && openings <= MAX_DEPTH; index = text.indexOf('[', index + 1)) openings++
  for (let index = text.indexOf('{'); index !== -1 && openings <= MAX_DEPTH; index = text.indexOf('{', index + 1)) openings++
  return openings <= MAX_DEPTH
}

/** Whether a list or dict lies deeper than MAX_DEPTH, `level` being the value's own; never recurses further than that. */
function nestsDeeper(value: unknown, level: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (level > MAX_DEPTH) return true
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (nestsDeeper(item, level + 1)) return true
  return false
}

/**
 * Turns the `count` marked strings in the value back into numbers, in place; stops once all
 * are found. Entries are visited last first: BFCL lines end with the ground truth, where the
 * floats usually are.
 */
function unmark(value: unknown, count: number): number {
  if (typeof value !== 'object' || value === null) return count
  const container = value as Record<string, unknown>
  const keys = Array.isArray(value) ? undefined : Object.keys(value)
  for (let index = (keys ?? (value as unknown[])).length - 1; index >= 0 && count > 0; index--) {
    const key = keys === undefined ? index : keys[index]!
    const item = container[key]
    if (typeof item === 'string') {
      if (item.charCodeAt(0) === MARK) {
        container[key] = markedNumber(item)
        count--
      }
    } else {
      count = unmark(item, count)
    }
  }
  return count
}

/** A marked number's value: a float, or the integer 0 for `-0` (a Python int has no -0). */
function markedNumber(marked: string): number | PyFloat {
  const text = marked.slice(1)
  return text === '-0' ? 0 : new PyFloat(Number(text))
}
