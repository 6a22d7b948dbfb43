/** BFCL's gold: `[{ fname: { param: [allowed values] } }]`. */

import { MAX_DEPTH, MAX_SHARED_VALUES } from '../calls/limits'
import { childPath } from '../calls/path'
import { printValue } from '../compare/print-value'
import { BfclInputError } from './input-error'
import { isDict, pyTypeOf, type PyType } from './python-semantics'
import { thousands } from '../calls/thousands'

export interface BfclGoldCall {
  name: string
  params: ReadonlyMap<string, BfclAllowed>
  /** How many parameters are not optional. */
  mandatory: number
}

/** A parameter's allowed values, with what every check of an argument against them reads, worked out once. */
export interface BfclAllowed {
  /** In the order the gold lists them; `""` marks the parameter optional. */
  values: readonly unknown[]
  /** `""` is among them: the argument may be left out. */
  optional: boolean
  /** The type of the first value that is not `""`: a value of this type passes the type check. */
  goldType: PyType | undefined
  /** The string values standardized, once a string argument has been checked against them. */
  standardizedStrings?: readonly string[]
  /** The values read as lists and standardized, once a list argument has been checked against them. */
  standardizedLists?: readonly unknown[][]
}

/** Reads and checks a ground truth; anything malformed throws a BfclInputError naming the path. */
export function readGroundTruth(groundTruth: unknown, path = 'ground_truth'): BfclGoldCall[] {
  if (!Array.isArray(groundTruth)) throw new BfclInputError(path, `expected a list of gold calls, received ${printValue(groundTruth)}`)
  const budget = { left: MAX_SHARED_VALUES }
  return groundTruth.map((call, i) => readGoldCall(call, path, i, budget))
}

/**
 * Why allowed values are too large for the checks, which walk them as trees: nested deeper than
 * MAX_DEPTH (a cycle among them), or holding, written out, more than MAX_SHARED_VALUES values in
 * the whole ground truth (the same list in many places, `v = [v, v]` nested 40 deep). Recurses no deeper than MAX_DEPTH.
 */
function sizeProblem(value: unknown, depth: number, budget: { left: number }): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (depth > MAX_DEPTH) return `nested deeper than ${MAX_DEPTH} levels`
  const items: readonly unknown[] = Array.isArray(value) ? value : Object.values(value)
  budget.left -= items.length
  if (budget.left < 0) return `written out, holds more than ${thousands(MAX_SHARED_VALUES)} values`
  for (let i = 0; i < items.length; i++) {
    const problem = sizeProblem(items[i], depth + 1, budget)
    if (problem !== undefined) return problem
  }
  return undefined
}

// Paths are written only for an error: a ground truth is read for every entry.
function readGoldCall(call: unknown, groundTruthPath: string, index: number, budget: { left: number }): BfclGoldCall {
  const names = isDict(call) ? Object.keys(call) : []
  if (names.length !== 1) {
    throw new BfclInputError(`${groundTruthPath}[${index}]`, `expected a gold call { fname: { param: [allowed values] } }, received ${printValue(call)}`)
  }
  const name = names[0]!
  const rawParams = (call as Record<string, unknown>)[name]
  if (!isDict(rawParams)) {
    throw new BfclInputError(childPath(`${groundTruthPath}[${index}]`, name), `expected an object of parameters, received ${printValue(rawParams)}`)
  }
  const params = new Map<string, BfclAllowed>()
  let mandatory = 0
  for (const param of Object.keys(rawParams)) {
    const allowed = rawParams[param]
    if (!Array.isArray(allowed)) {
      const callPath = childPath(`${groundTruthPath}[${index}]`, name)
      throw new BfclInputError(childPath(callPath, param), `expected a list of allowed values, received ${printValue(allowed)}`)
    }
    const tooLarge = sizeProblem(allowed, 1, budget)
    if (tooLarge !== undefined) throw new BfclInputError(childPath(childPath(`${groundTruthPath}[${index}]`, name), param), tooLarge)
    const optional = allowed.includes('')
    if (!optional) mandatory++
    params.set(param, { values: allowed, optional, goldType: goldTypeOf(allowed) })
  }
  return { name, params, mandatory }
}

/** The type of the first allowed value that is not the optional marker `""`. */
export function goldTypeOf(allowed: readonly unknown[]): PyType | undefined {
  for (let i = 0; i < allowed.length; i++) {
    const value = allowed[i]
    if (value !== '') return value === undefined ? undefined : pyTypeOf(value)
  }
  return undefined
}

/** The allowed values a dict key lists; a bare value (a data slip, as in simple_java_64) is read as the one allowed value. */
export function allowedValues(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value]
}
