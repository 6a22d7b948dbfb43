/**
 * One BFCL entry checked as the leaderboard's AST checker checks it (BFCL.md), with the
 * differences listed in the README, "Where BFCL mode differs": decode the model's output, then, by category —
 * simple: exactly one call, against the first doc; multiple: as many calls as gold calls
 * (one), the first against the doc the gold names; parallel and parallel_multiple: as many
 * calls as gold calls, paired by an optimal matching.
 */

import { printValue } from '../compare/print-value'
import { readingAt } from '../calls/path'
import { checkOptions, readFlag } from '../match/options'
import type { ToolCall } from '../calls/tool-call'
import { failure, type CallCheck } from './call-check'
import { bfclCategory, categoryOf, type BfclCategory } from './category'
import { checkBfclCall, type CallContext } from './check-call'
import { docName, readFunctionDoc, type BfclFunctionDoc } from './function-doc'
import { readGroundTruth, type BfclGoldCall } from './ground-truth'
import { BfclInputError } from './input-error'
import { readModelOutput } from './model-output'
import { checkParallelCalls } from './pair-calls'
import { isDict } from './python-semantics'

export { BfclInputError } from './input-error'
export { categoryOf } from './category'

/** One line of BFCL's verdicts: `error_type` is null when valid. */
export interface BfclVerdict {
  id: string
  valid: boolean
  error_type: string | null
  errors: string[]
}

export interface BfclCheckOptions {
  /** The model names functions with `_` for `.` (`math_factorial`), as BFCL allows of OpenAI-style models. */
  underscoreToDot?: boolean | undefined
}

interface Plan {
  category: BfclCategory
  gold: BfclGoldCall[]
  /** The doc each gold call is checked against, by position. */
  docs: BfclFunctionDoc[]
}

/**
 * Checks one entry `{ id, category?, model_output, functions, ground_truth }` (read with
 * parseTypedJson, so that `1.0` stays a float). `model_output` is Python call text or decoded
 * calls; `category` defaults to what the id names. A bad model output is a verdict; a
 * malformed entry throws a BfclInputError naming the path.
 */
export function checkBfclEntry(entry: unknown, options?: BfclCheckOptions): BfclVerdict {
  return checkEntryNamingOutput(entry, options === undefined ? {} : checkedOptions(options), 'model_output')
}

/** The author's options, checked as the metric's are: `{ underscore_to_dot: true }` or `'true'` would be ignored silently. */
function checkedOptions(options: BfclCheckOptions): BfclCheckOptions {
  checkOptions(options, BFCL_CHECK_OPTION_KEYS, 'options')
  return { underscoreToDot: readFlag(readingAt('options', () => ({ underscoreToDot: options.underscoreToDot })), 'underscoreToDot') }
}

const BFCL_CHECK_OPTION_KEYS = ['underscoreToDot']

/** checkBfclEntry, naming the model's output in its verdicts' errors as the file it came from does (a result file's `result`). */
export function checkEntryNamingOutput(entry: unknown, options: BfclCheckOptions, outputName: string): BfclVerdict {
  if (!isDict(entry)) throw new BfclInputError('entry', `expected { id, model_output, functions, ground_truth }, received ${printValue(entry)}`)
  const id = entry.id
  if (typeof id !== 'string' || id === '') throw new BfclInputError('id', `expected the entry's id, a string such as "simple_python_0", received ${printValue(id)}`)
  const plan = planEntry(entry, id)
  // A null or empty output is the model's and graded; no field at all is a malformed entry (a result file's `result`, say).
  if (!Object.hasOwn(entry, 'model_output')) {
    throw new BfclInputError('model_output', "expected the model's output (Python call text or decoded calls); the entry has no such field")
  }
  const context: CallContext = { language: plan.category.language, underscoreToDot: options.underscoreToDot === true }
  const output = readModelOutput(entry.model_output, outputName)
  const check = output.ok ? checkCalls(plan, output.calls, context) : output.failure
  return check.valid ? { id, valid: true, error_type: null, errors: [] } : { id, valid: false, error_type: check.errorType, errors: check.errors }
}

function readCategory(entry: Record<string, unknown>, id: string): BfclCategory {
  const given = entry.category
  if (given !== undefined && typeof given !== 'string') {
    throw new BfclInputError('category', `expected a BFCL category name, received ${printValue(given)}`)
  }
  const named = categoryOf(id)
  const name = given ?? named
  const category = name === undefined ? undefined : bfclCategory(name)
  if (category !== undefined && given !== undefined && named !== undefined && category.name !== named) {
    throw new BfclInputError('category', `${printValue(given)} is not the category the id ${printValue(id)} names, ${named}`)
  }
  if (category !== undefined) return category
  if (given !== undefined) throw new BfclInputError('category', `${printValue(given)} is not a BFCL AST category`)
  throw new BfclInputError('id', `${printValue(id)} names no BFCL AST category; give one as category`)
}

/** Everything about the entry that does not depend on the model's output, checked before it is read. */
function planEntry(entry: Record<string, unknown>, id: string): Plan {
  const category = readCategory(entry, id)
  const functions = entry.functions
  if (!Array.isArray(functions)) throw new BfclInputError('functions', `expected a list of function docs, received ${printValue(functions)}`)
  const names = functions.map((doc, i) => docName(doc, i))
  const gold = readGroundTruth(entry.ground_truth)
  const language = category.language
  // Parallel gold calls often name the same function: each doc is read once.
  const read: Array<BfclFunctionDoc | undefined> = []
  const docAt = (index: number) => (read[index] ??= readFunctionDoc(functions[index], index, language))
  const docNamed = (call: BfclGoldCall, i: number) => {
    const index = names.indexOf(call.name)
    if (index === -1) throw new BfclInputError(`ground_truth[${i}]`, `no function doc is named ${printValue(call.name)}`)
    return docAt(index)
  }
  if (category.checker === 'parallel') return { category, gold, docs: gold.map(docNamed) }
  if (gold.length === 0) throw new BfclInputError('ground_truth', `expected a gold call for a ${category.name} entry, received none`)
  if (category.checker === 'multiple') return { category, gold, docs: [docNamed(gold[0]!, 0)] }
  if (functions.length === 0) throw new BfclInputError('functions', `expected a function doc for a ${category.name} entry, received none`)
  return { category, gold, docs: [docAt(0)] }
}

function checkCalls(plan: Plan, calls: ToolCall[], context: CallContext): CallCheck {
  const { category, gold, docs } = plan
  if (category.checker === 'parallel') return checkParallelCalls(docs, calls, gold, context)
  if (category.checker === 'multiple') {
    if (calls.length !== gold.length) return failure('multiple_function_checker:wrong_count', ['Wrong number of functions.'])
    return checkBfclCall(docs[0]!, calls[0]!, gold[0]!, context)
  }
  if (calls.length !== 1) return failure('simple_function_checker:wrong_count', ['Wrong number of functions.'])
  return checkBfclCall(docs[0]!, calls[0]!, gold[0]!, context)
}
