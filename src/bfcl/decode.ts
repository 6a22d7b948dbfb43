import { describePosition, readPythonCalls } from '../calls/python'
import type { PythonCallsResult } from '../calls/python'
import { arithmeticBudget } from './fold-arithmetic'
import { readBfclExpression } from './read-expression'

const LF = 10
const SPACE = 32
const LBRACKET = 91
const RBRACKET = 93
const BACKTICK = 96

// BFCL strips exactly these from both ends (`result.strip("`\n ")`): not tabs, not '\r'.
function isStripped(code: number): boolean {
  return code === BACKTICK || code === LF || code === SPACE
}

/**
 * Decodes a model's answer as BFCL's `default_decode_ast_prompting` does: strip backticks,
 * line feeds and spaces from both ends, add `[` in front unless the text starts with one and
 * `]` at the end unless it ends with one, then read the list of calls in typed mode, an
 * argument that is not a literal as BFCL reads it (`readBfclExpression`). Text holding a NUL
 * fails, as Python's parser refuses it. Failure positions point into the original text.
 */
export function decodeBfclOutput(text: string): PythonCallsResult {
  if (typeof text !== 'string') return readPythonCalls(text)
  // Python's parser refuses the text whole, even where the character stands in a string literal.
  const nul = text.indexOf('\0')
  if (nul !== -1) {
    const problem = 'source code string cannot contain null bytes'
    return { ok: false, reason: `at ${describePosition(text, nul)}: ${problem}`, position: nul, problem }
  }
  let start = 0
  let end = text.length
  while (start < end && isStripped(text.charCodeAt(start))) start++
  while (end > start && isStripped(text.charCodeAt(end - 1))) end--
  const opens = start < end && text.charCodeAt(start) === LBRACKET
  const closes = start < end && text.charCodeAt(end - 1) === RBRACKET
  const bracketed = `${opens ? '' : '['}${text.slice(start, end)}${closes ? '' : ']'}`
  const budget = arithmeticBudget()
  const result = readPythonCalls(bracketed, { typed: true, readExpression: (node) => readBfclExpression(node, budget) })
  if (result.ok) return result
  const position = Math.min(Math.max(start + result.position - (opens ? 0 : 1), start), end)
  const problem = `${result.problem}${addedBracketNote(result.position, bracketed.length, opens, closes)}`
  return { ok: false, reason: `at ${describePosition(text, position)}: ${problem}`, position, problem }
}

/** Says so when the problem lies on a bracket that the model did not write. */
function addedBracketNote(position: number, length: number, opens: boolean, closes: boolean): string {
  if (!opens && position === 0) return " (at the '[' BFCL adds in front)"
  if (!closes && position === length - 1) return " (at the ']' BFCL adds at the end)"
  return ''
}
