/**
 * Forward scans of a model's source text, from which BFCL's converter patterns are matched in
 * time linear in the text. Backtracking, those patterns rescan the text from each place a match
 * could start; no library matches Python's `re` (lazy and greedy priorities, leftmost match)
 * without backtracking, so each pattern is read by hand, and a search it repeats from a later
 * place is answered from the last one.
 */

import { isPythonSpace } from './python-text'

/**
 * `search`, whose answer is the first index at or after `from` where something is found (-1, or
 * the text's length, where nothing is), remembering its last answer: asked from places that never
 * go back, it reads each index of the text at most once.
 */
export function searchForward(search: (from: number) => number): (from: number) => number {
  let askedFrom = 0
  let answer = -2
  return (from) => {
    if (answer !== -2 && from >= askedFrom && (answer === -1 || from <= answer)) return answer
    askedFrom = from
    answer = search(from)
    return answer
  }
}

/** The first index at or after `from` that is not a Python space (`\s*`), or the text's length. */
export function skipSpaces(text: string, from: number): number {
  let index = from
  while (index < text.length && isPythonSpace(text.charCodeAt(index))) index++
  return index
}

/** Where the Python spaces that end the text before `end` begin, at `floor` at the earliest (`\s*` before a match's end). */
export function spacesBefore(text: string, end: number, floor: number): number {
  let index = end
  while (index > floor && isPythonSpace(text.charCodeAt(index - 1))) index--
  return index
}

/** The index of the first line feed at or after `from`, or the text's length: where `.` stops. */
export function lineEnd(text: string, from: number): number {
  const index = text.indexOf('\n', from)
  return index === -1 ? text.length : index
}

/**
 * Where each match of `head` (a pattern with the `g` flag) starts and ends, leftmost first; after
 * each, the next is looked for one place after the last start, as a regex looks for its match.
 */
export function* headMatches(head: RegExp, text: string): Generator<{ start: number; end: number }> {
  let from = 0
  while (from <= text.length) {
    head.lastIndex = from
    const match = head.exec(text)
    if (match === null) return
    yield { start: match.index, end: head.lastIndex }
    from = match.index + 1
  }
}
