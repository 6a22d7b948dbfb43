/** BFCL's gold: `[{ fname: { param: [allowed values] } }]`. */

import { childPath } from '../compare/gold-node'
import { printValue } from '../compare/print-value'
import { BfclInputError } from './input-error'
import { isDict } from './python-semantics'

export interface BfclGoldCall {
  name: string
  /** Each parameter's allowed values, in the order the gold lists them; `""` marks it optional. */
  params: ReadonlyMap<string, readonly unknown[]>
}

/** Reads and checks a ground truth; anything malformed throws a BfclInputError naming the path. */
export function readGroundTruth(groundTruth: unknown, path = 'ground_truth'): BfclGoldCall[] {
  if (!Array.isArray(groundTruth)) throw new BfclInputError(path, `expected a list of gold calls, received ${printValue(groundTruth)}`)
  return groundTruth.map((call, i) => readGoldCall(call, `${path}[${i}]`))
}

function readGoldCall(call: unknown, path: string): BfclGoldCall {
  const names = isDict(call) ? Object.keys(call) : []
  if (names.length !== 1) {
    throw new BfclInputError(path, `expected a gold call { fname: { param: [allowed values] } }, received ${printValue(call)}`)
  }
  const name = names[0]!
  const callPath = childPath(path, name)
  const rawParams = (call as Record<string, unknown>)[name]
  if (!isDict(rawParams)) throw new BfclInputError(callPath, `expected an object of parameters, received ${printValue(rawParams)}`)
  const params = new Map<string, readonly unknown[]>()
  for (const param of Object.keys(rawParams)) {
    const allowed = rawParams[param]
    if (!Array.isArray(allowed)) {
      throw new BfclInputError(childPath(callPath, param), `expected a list of allowed values, received ${printValue(allowed)}`)
    }
    params.set(param, allowed)
  }
  return { name, params }
}

/** The allowed values a dict key lists; a bare value (a data slip, as in simple_java_64) is read as the one allowed value. */
export function allowedValues(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value]
}
