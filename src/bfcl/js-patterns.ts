/**
 * BFCL's patterns for JavaScript arrays of arrays written as source, each giving what Python's
 * `re` gives for the pattern above it, in time linear in the text: backtracking, the array
 * pattern takes time exponential in the number of inner lists when the last `]` is missing.
 * `\s` and `.` are Python's, as in python-text.
 */

import { RE_SPACE, isPythonSpace } from './python-text'
import { skipSpaces } from './text-scan'

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
