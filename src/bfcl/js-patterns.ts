/**
 * BFCL's patterns for JavaScript arrays of arrays and objects written as source, each giving what
 * Python's `re` gives for the pattern above it, in time linear in the text: backtracking, the
 * array pattern takes time exponential in the number of inner lists when the last `]` is missing,
 * and the object pattern quadratic in a key that no `:` ends. `\s` and `.` are Python's, as in
 * python-text.
 */

import { RE_SPACE, isPythonSpace } from './python-text'
import { lineEnd, searchForward, skipSpaces } from './text-scan'

const NEW_ARRAY = new RegExp(`^new${RE_SPACE}+Array\\(`, 'u')

/**
 * The length of the match of `^(?:\[\s*L(?:,\s*L)*\]|new\s+Array\(\s*L(?:,\s*L)*\))`, where L is
 * `\[.*?\]\s*`, or -1 where it does not match.
 */
export function twoLevelArrayLength(code: string): number {
  if (code.startsWith('[')) return listsEnd(code, skipSpaces(code, 1), ']')
  const head = NEW_ARRAY.exec(code)
  return head === null ? -1 : listsEnd(code, skipSpaces(code, head[0].length), ')')
}

/**
 * Where `L(?:,\s*L)*` then `close` ends when it starts at `first`, or -1: each list ends at the
 * first `]` on its line after which the rest matches. Every way to go on from a place ends the
 * same wherever the match started, so each place is weighed once, from the end of the code back.
 */
function listsEnd(code: string, first: number, close: string): number {
  if (code[first] !== '[') return -1
  const length = code.length
  // From each place: the next non-space, and where the match ends if a list opens there
  // (`listFrom`) or if the lists end there (`restFrom`).
  const nonSpace = new Int32Array(length + 1)
  const listFrom = new Int32Array(length + 1)
  const restFrom = new Int32Array(length + 1)
  nonSpace[length] = length
  listFrom[length] = -1
  restFrom[length] = -1
  // The first `]` after the place, before a line feed.
  let bracket = -1
  for (let index = length - 1; index >= first; index--) {
    const char = code[index]
    nonSpace[index] = isPythonSpace(code.charCodeAt(index)) ? nonSpace[index + 1]! : index
    if (bracket === -1) listFrom[index] = -1
    else {
      const rest = restFrom[nonSpace[bracket + 1]!]!
      listFrom[index] = rest !== -1 ? rest : listFrom[bracket]!
    }
    const next = nonSpace[index + 1]!
    const more = char === ',' && code[next] === '[' ? listFrom[next]! : -1
    restFrom[index] = more !== -1 ? more : char === close ? index + 1 : -1
    if (char === '\n') bracket = -1
    else if (char === ']') bracket = index
  }
  return listFrom[first]!
}

/** Each key's and value's text of `([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)`, as `re.findall` gives them. */
export function objectPairs(text: string): [key: string, value: string][] {
  const length = text.length
  // The same search twice: each remembers one sequence of places that only goes forward, and the keys' and the pair ends' go apart.
  const keyEnd = searchForward((from) => text.indexOf(':', from))
  const laterColon = searchForward((from) => text.indexOf(':', from))
  const nextComma = searchForward((from) => {
    const comma = text.indexOf(',', from)
    return comma === -1 ? length : comma
  })
  // Where a pair that ends at a comma ends, or -1: at the next key (`[^,]+:`) after the spaces;
  // or, where a colon follows the spaces at once, at their last space, which makes the next key.
  const pairEnd = (comma: number): number => {
    const key = skipSpaces(text, comma + 1)
    const colon = laterColon(key + 1)
    if (colon !== -1 && colon < nextComma(key)) return key
    return key > comma + 1 && text[key] === ':' ? key - 1 : -1
  }
  // The value ends at the first comma that ends a pair, or at the end (`$`, before a last line feed).
  const valueEnd = searchForward((from) => {
    for (let comma = text.indexOf(',', from); comma !== -1; comma = text.indexOf(',', comma + 1)) if (pairEnd(comma) !== -1) return comma
    return text.endsWith('\n') && from < length ? length - 1 : length
  })
  const valueLineEnd = searchForward((from) => lineEnd(text, from))
  const pairs: [string, string][] = []
  let from = 0
  while (from < length) {
    const colon = keyEnd(from)
    if (colon === -1) break
    const start = skipSpaces(text, colon + 1)
    const end = valueEnd(start)
    if (colon === from || end > valueLineEnd(start)) {
      // No pair starts here, nor anywhere up to the colon.
      from = colon + 1
      continue
    }
    pairs.push([text.slice(from, colon), text.slice(start, end)])
    from = text[end] === ',' ? pairEnd(end) : end
  }
  return pairs
}
