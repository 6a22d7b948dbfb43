/**
 * BFCL's patterns for Java collections written as source, each giving what Python's `re` gives
 * for the pattern above it (`re.search`, or `re.findall` for add and put calls), in time linear
 * in the text: backtracking, these patterns take time cubic and more in text a model may write
 * (`new HashMap<>(){` and spaces). `\s`, `\w` and `.` are Python's, as in python-text.
 */

import { RE_SPACE, RE_WORD } from './python-text'
import { headMatches, lineEnd, searchForward, skipSpaces, spacesBefore } from './text-scan'

const S = RE_SPACE
const W = RE_WORD

const AS_LIST_HEAD = new RegExp(`new${S}+ArrayList<${W}*>\\(Arrays\\.asList\\(`, 'gu')
const ADD_BLOCK_HEAD = new RegExp(`new${S}+ArrayList<${W}*>\\(\\)${S}*\\{\\{`, 'gu')
const ARRAY_HEAD = new RegExp(`new${S}+${W}+\\[\\]${S}*\\{`, 'gu')
const HASH_MAP_HEAD = new RegExp(`new${S}+HashMap<`, 'gu')

/** The elements' text of `new\s+ArrayList<\w*>\(Arrays\.asList\((.+?)\)\)`. */
export function asListElements(text: string): string | undefined {
  const closing = searchForward((from) => text.indexOf('))', from))
  const elementsEnd = searchForward((from) => lineEnd(text, from))
  for (const head of headMatches(AS_LIST_HEAD, text)) {
    const close = closing(head.end + 1)
    if (close !== -1 && close < elementsEnd(head.end)) return text.slice(head.end, close)
  }
  return undefined
}

/**
 * The block's text of `new\s+ArrayList<\w*>\(\)\s*\{\{\s*([\s\S]+?)\s*\}\}`: from the first
 * character after the spaces that follow `{{` to the spaces before the first `}}` after it; or,
 * where no `}}` follows, the last space before a `}}` that ends those spaces.
 */
export function addBlock(text: string): string | undefined {
  const closing = searchForward((from) => text.indexOf('}}', from))
  for (const head of headMatches(ADD_BLOCK_HEAD, text)) {
    const start = skipSpaces(text, head.end)
    const close = closing(start + 1)
    if (close !== -1) return text.slice(start, spacesBefore(text, close, start + 1))
    if (start > head.end && text.startsWith('}}', start)) return text.slice(start - 1, start)
  }
  return undefined
}

/** Each argument's text of `add\((.+?)\)`, as `re.findall` gives them. */
export function addArguments(block: string): string[] {
  const closing = searchForward((from) => block.indexOf(')', from))
  const argumentEnd = searchForward((from) => lineEnd(block, from))
  const found: string[] = []
  let from = 0
  for (;;) {
    const start = block.indexOf('add(', from)
    if (start === -1) return found
    const open = start + 'add('.length
    const close = closing(open + 1)
    if (close !== -1 && close < argumentEnd(open)) {
      found.push(block.slice(open, close))
      from = close + 1
    } else {
      from = start + 1
    }
  }
}

/** The elements' text of `new\s+\w+\[\]\s*\{(.*?)\}`. */
export function arrayElements(text: string): string | undefined {
  const closing = searchForward((from) => text.indexOf('}', from))
  const elementsEnd = searchForward((from) => lineEnd(text, from))
  for (const head of headMatches(ARRAY_HEAD, text)) {
    const close = closing(head.end)
    if (close !== -1 && close < elementsEnd(head.end)) return text.slice(head.end, close)
  }
  return undefined
}

/** Where `>\s*\(\)` ends, if it starts at `index`. */
function typeArgumentsEnd(text: string, index: number): number {
  if (text.charCodeAt(index) !== 0x3e) return -1
  const open = skipSpaces(text, index + 1)
  return text.startsWith('()', open) ? open + 2 : -1
}

/** Where `>\s*\(\)\s*\{` ends, if it starts at `index`. */
function bodyStart(text: string, index: number): number {
  const end = typeArgumentsEnd(text, index)
  if (end === -1) return -1
  const brace = skipSpaces(text, end)
  return text.charCodeAt(brace) === 0x7b ? brace + 1 : -1
}

/** The first index at or after `from` where `found` holds for a `>`, or -1. */
function closingAngle(text: string, found: (index: number) => boolean): (from: number) => number {
  return searchForward((from) => {
    for (let index = text.indexOf('>', from); index !== -1; index = text.indexOf('>', index + 1)) if (found(index)) return index
    return -1
  })
}

/**
 * The puts' text of `new\s+HashMap<[\s\S]*?>\s*\(\)\s*\{\s*\{?\s*([\s\S]*?)\s*\}?\s*\}`: after
 * the braces that open the body and the spaces after them, up to the spaces before the first `}`.
 */
export function hashMapPuts(text: string): string | undefined {
  const body = closingAngle(text, (index) => bodyStart(text, index) !== -1)
  const closing = searchForward((from) => text.indexOf('}', from))
  for (const head of headMatches(HASH_MAP_HEAD, text)) {
    const angle = body(head.end)
    if (angle === -1) return undefined
    const opened = bodyStart(text, angle)
    const close = closing(opened)
    if (close === -1) continue
    const inner = skipSpaces(text, opened)
    const start = skipSpaces(text, text.charCodeAt(inner) === 0x7b ? inner + 1 : inner)
    return text.slice(start, spacesBefore(text, close, start))
  }
  return undefined
}

/** Whether `new\s+HashMap<.*?>\s*\(\)` matches. */
export function isEmptyHashMap(text: string): boolean {
  const call = closingAngle(text, (index) => typeArgumentsEnd(text, index) !== -1)
  const typesEnd = searchForward((from) => lineEnd(text, from))
  for (const head of headMatches(HASH_MAP_HEAD, text)) {
    const angle = call(head.end)
    if (angle !== -1 && angle < typesEnd(head.end)) return true
  }
  return false
}

/** Each key's and value's text of `put\("(.*?)",\s*(.*?)\)`, as `re.findall` gives them. */
export function putEntries(puts: string): [key: string, value: string][] {
  const closing = searchForward((from) => puts.indexOf(')', from))
  const valueLineEnd = searchForward((from) => lineEnd(puts, from))
  const valueEnd = (quote: number): number => {
    const start = skipSpaces(puts, quote + 2)
    const close = closing(start)
    return close !== -1 && close < valueLineEnd(start) ? close : -1
  }
  // The key ends at the first `",` after which a value ends, wherever the put starts.
  const keyEnd = searchForward((from) => {
    for (let quote = puts.indexOf('",', from); quote !== -1; quote = puts.indexOf('",', quote + 1)) if (valueEnd(quote) !== -1) return quote
    return -1
  })
  const keyLineEnd = searchForward((from) => lineEnd(puts, from))
  const found: [string, string][] = []
  let from = 0
  for (;;) {
    const start = puts.indexOf('put("', from)
    if (start === -1) return found
    const open = start + 'put("'.length
    const quote = keyEnd(open)
    if (quote !== -1 && quote < keyLineEnd(open)) {
      const close = valueEnd(quote)
      found.push([puts.slice(open, quote), puts.slice(skipSpaces(puts, quote + 2), close)])
      from = close + 1
    } else {
      from = start + 1
    }
  }
}
