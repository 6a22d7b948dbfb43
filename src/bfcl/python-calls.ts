import { readingAt } from '../calls/path'
import { type PythonCallsResult, type PythonParseOptions, readPythonCalls } from '../calls/python'
import { printValue } from '../compare/print-value'
import { checkOptions, readFlag } from '../match/options'

const PYTHON_PARSE_OPTION_KEYS = ['typed', 'readExpression']

/**
 * readPythonCalls, for an author to call: the text is the model's and never throws; the options
 * are the author's, and a misspelt or mistyped one throws a TypeError naming it.
 */
export function parsePythonCalls(text: string, options?: PythonParseOptions): PythonCallsResult {
  return readPythonCalls(text, options === undefined ? undefined : checkedOptions(options))
}

function checkedOptions(options: PythonParseOptions): PythonParseOptions {
  checkOptions(options, PYTHON_PARSE_OPTION_KEYS, 'options')
  // Read once, so that a getter is asked once and one that throws is named.
  const read = readingAt('options', () => ({ typed: options.typed, readExpression: options.readExpression }) as Record<string, unknown>)
  const typed = readFlag(read, 'typed')
  const readExpression = read.readExpression
  if (readExpression !== undefined && typeof readExpression !== 'function') {
    throw new TypeError(`options.readExpression: expected a function of the expression's syntax tree, received ${printValue(readExpression)}`)
  }
  return { typed, readExpression: readExpression as PythonParseOptions['readExpression'] }
}
