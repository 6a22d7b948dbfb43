/**
 * Python's text rules as BFCL's type converters rely on them: `str.strip`, slicing by code
 * point, `int()` and `float()` of a string, and the regex classes `\s`, `\d`, `\w`, `.` and
 * `$` of Python's `re` (Unicode-aware, unlike JavaScript's), as pieces of a `u`-flag pattern.
 */

// str.isspace(): the characters Python's strip() removes and its `\s` matches.
const SPACE_CHARACTERS = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'

export const RE_SPACE = `[${SPACE_CHARACTERS}]`
export const RE_DIGIT = '\\p{Nd}'
export const RE_WORD = '[\\p{L}\\p{N}_]'
/** `.` without DOTALL: anything but a line feed. */
export const RE_ANY = '[^\\n]'
/** `.` with DOTALL. */
export const RE_ANY_OR_NEWLINE = '[\\s\\S]'
/** `$` without MULTILINE: the end, or just before a line feed that ends the text. */
export const RE_END = '(?=\\n?$)'

/** Whether a UTF-16 code unit is one of SPACE_CHARACTERS, which all lie in the Basic Multilingual Plane. */
export function isPythonSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    (code >= 0x1c && code <= 0x20) ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  )
}

/** `s.strip()`, or `s.strip(chars)`. */
export function pyStrip(text: string, chars?: string): string {
  if (chars === undefined) {
    // A loop, not `\s+$`: that pattern rescans a run of spaces from each of its characters.
    let start = 0
    let end = text.length
    while (start < end && isPythonSpace(text.charCodeAt(start))) start++
    while (end > start && isPythonSpace(text.charCodeAt(end - 1))) end--
    return text.slice(start, end)
  }
  const points = Array.from(text)
  let start = 0
  let end = points.length
  while (start < end && chars.includes(points[start]!)) start++
  while (end > start && chars.includes(points[end - 1]!)) end--
  return points.slice(start, end).join('')
}

/** `s[1:-1]`: without the first and the last character. */
export function pyInner(text: string): string {
  return Array.from(text).slice(1, -1).join('')
}

/** `s[:-1]`: without the last character. */
export function pyWithoutLast(text: string): string {
  return Array.from(text).slice(0, -1).join('')
}

const DECIMAL_DIGIT = /^\p{Nd}$/u
const DIGITS = '\\p{Nd}(?:_?\\p{Nd})*'
const INT_LITERAL = new RegExp(`^([+-]?)(${DIGITS})$`, 'u')
const FLOAT_LITERAL = new RegExp(
  `^([+-]?)(?:(inf|infinity|nan)|((?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:e[+-]?${DIGITS})?))$`,
  'iu',
)

/** A decimal digit of any script as its ASCII digit (Unicode lays each script's digits out 0 to 9). */
function asciiDigit(digit: string): string {
  const point = digit.codePointAt(0)!
  let zero = point
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero--
  return String((point - zero) % 10)
}

function asciiNumber(text: string): string {
  return Array.from(text.replaceAll('_', ''), (char) => (char >= '0' && char <= '9' ? char : DECIMAL_DIGIT.test(char) ? asciiDigit(char) : char)).join('')
}

/** `int(text)`, or undefined where Python raises a ValueError. */
export function pythonInt(text: string): number | undefined {
  const match = INT_LITERAL.exec(pyStrip(text))
  if (match === null) return undefined
  const value = Number(`${match[1]}${asciiNumber(match[2]!)}`)
  // A Python int has no negative zero.
  return value === 0 ? 0 : value
}

/** `float(text)`, or undefined where Python raises a ValueError. */
export function pythonFloat(text: string): number | undefined {
  const match = FLOAT_LITERAL.exec(pyStrip(text))
  if (match === null) return undefined
  const negative = match[1] === '-'
  const word = match[2]?.toLowerCase()
  if (word === 'nan') return NaN
  const magnitude = word === undefined ? Number(asciiNumber(match[3]!)) : Infinity
  return negative ? -magnitude : magnitude
}
