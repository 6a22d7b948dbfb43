import { MAX_DEPTH } from '../../limits'

/** A step of a path: a member's name or a list's index. */
export type PathSegment = string | number

export type JsonPathReading = { ok: true; segments: PathSegment[] } | { ok: false; problem: string }

/**
 * A normalized path of RFC 9535 as Vertex AI names a streamed argument (`$.city`,
 * `$.stops[0].name`, `$['a key']`): the root, then members by shorthand or quoted name and
 * indices. Wildcards, slices and filters select more than one value and are refused.
 * No library here reads JSONPath without evaluating it against a document, which is all this needs.
 */
export function readJsonPath(path: string): JsonPathReading {
  if (path.charCodeAt(0) !== 0x24) return { ok: false, problem: 'expected a path beginning with $' }
  const segments: PathSegment[] = []
  let at = 1
  while (at < path.length) {
    if (segments.length >= MAX_DEPTH) return { ok: false, problem: `nested deeper than ${MAX_DEPTH} levels` }
    const char = path[at]
    if (char === '.') {
      const end = shorthandEnd(path, at + 1)
      if (end === at + 1) return { ok: false, problem: `expected a member name at ${at + 1}` }
      segments.push(path.slice(at + 1, end))
      at = end
    } else if (char === '[') {
      const selector = readSelector(path, skipBlank(path, at + 1))
      if (!selector.ok) return selector
      const close = skipBlank(path, selector.end)
      if (path[close] !== ']') return { ok: false, problem: `expected ] at ${close}` }
      segments.push(selector.segment)
      at = close + 1
    } else {
      return { ok: false, problem: `expected . or [ at ${at}` }
    }
  }
  return { ok: true, segments }
}

/** The end of a member-name shorthand: a letter, `_` or any character from U+0080, then digits too. */
function shorthandEnd(path: string, start: number): number {
  let at = start
  while (at < path.length) {
    const code = path.charCodeAt(at)
    const isNameChar = code >= 0x80 || code === 0x5f || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || (at > start && code >= 0x30 && code <= 0x39)
    if (!isNameChar) break
    at++
  }
  return at
}

function skipBlank(path: string, at: number): number {
  while (path[at] === ' ' || path[at] === '\t' || path[at] === '\n' || path[at] === '\r') at++
  return at
}

type SelectorReading = { ok: true; segment: PathSegment; end: number } | { ok: false; problem: string }

function readSelector(path: string, at: number): SelectorReading {
  const quote = path[at]
  if (quote === "'" || quote === '"') return readQuotedName(path, at + 1, quote)
  let end = at
  while (end < path.length && path.charCodeAt(end) >= 0x30 && path.charCodeAt(end) <= 0x39) end++
  const digits = path.slice(at, end)
  if (digits === '' || (digits.length > 1 && digits[0] === '0')) return { ok: false, problem: `expected a quoted name or an index at ${at}` }
  const index = Number(digits)
  if (!Number.isSafeInteger(index)) return { ok: false, problem: `index ${digits} is too large` }
  return { ok: true, segment: index, end }
}

const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '/': '/', '\\': '\\', "'": "'", '"': '"' }

function readQuotedName(path: string, start: number, quote: string): SelectorReading {
  let name = ''
  let at = start
  while (at < path.length) {
    const char = path[at]!
    if (char === quote) return { ok: true, segment: name, end: at + 1 }
    if (char !== '\\') {
      name += char
      at++
      continue
    }
    const escape = path[at + 1]
    if (escape === 'u') {
      const hex = path.slice(at + 2, at + 6)
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return { ok: false, problem: `expected four hex digits at ${at + 2}` }
      name += String.fromCharCode(parseInt(hex, 16))
      at += 6
    } else if (escape !== undefined && Object.hasOwn(ESCAPED, escape)) {
      name += ESCAPED[escape]
      at += 2
    } else {
      return { ok: false, problem: `unknown escape at ${at}` }
    }
  }
  return { ok: false, problem: `the name at ${start - 1} is not closed` }
}
