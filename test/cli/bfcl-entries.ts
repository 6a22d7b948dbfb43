import { fileURLToPath } from 'node:url'
import { parseTypedJson } from '../../src/bfcl/typed-json'
import { formatPythonValue, isPyFloat, pythonFloatRepr } from '../../src/calls/python-values'
import { BFCL_DATA, bfclLines } from '../fixtures/bfcl-data'

/** The folder of BFCL's data files kept beside the tests. */
export const BFCL_DATA_DIR = fileURLToPath(BFCL_DATA)

export interface BfclItem {
  id: string
  functions: unknown
  groundTruth: Record<string, Record<string, unknown[]>>[]
}

/** The questions of a category joined with their answers, read keeping `1.0` a float. */
export function bfclItems(category: string): BfclItem[] {
  const answers = bfclLines(`possible_answer/BFCL_v4_${category}.json`).map((line) => parseTypedJson(line) as { id: string; ground_truth: BfclItem['groundTruth'] })
  return bfclLines(`BFCL_v4_${category}.json`).map((line, i) => {
    const question = parseTypedJson(line) as { id: string; function: unknown }
    return { id: question.id, functions: question.function, groundTruth: answers[i]!.ground_truth }
  })
}

/** JSON text in which a float read as one is written as one (`1.0`, not `1`). */
export function typedJson(value: unknown): string {
  if (isPyFloat(value)) return pythonFloatRepr(value.value)
  if (Array.isArray(value)) return `[${value.map(typedJson).join(', ')}]`
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${typedJson(item)}`).join(', ')}}`
  }
  return JSON.stringify(value)
}

/** The first allowed value that is not `""` (BFCL's mark for "may be left out"), if any. */
function firstGiven(allowed: unknown[]): unknown {
  return allowed.find((value) => value !== '')
}

/** A gold value with every nested allowed-value list replaced by its first given value. */
function firstValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(firstValue)
  if (typeof value === 'object' && value !== null && !isPyFloat(value)) {
    const out: Record<string, unknown> = {}
    for (const [key, allowed] of Object.entries(value)) {
      const given = Array.isArray(allowed) ? firstGiven(allowed) : allowed
      if (given !== undefined) out[key] = firstValue(given)
    }
    return out
  }
  return value
}

/** The model output that gives, for every gold parameter, its first allowed value, as Python text. */
export function firstAllowedOutput(groundTruth: BfclItem['groundTruth']): string {
  const calls = groundTruth.map((call) => {
    const [name, params] = Object.entries(call)[0]!
    const args = Object.entries(params).flatMap(([param, allowed]) => {
      const given = firstGiven(allowed)
      return given === undefined ? [] : [`${param}=${formatPythonValue(firstValue(given))}`]
    })
    return `${name}(${args.join(', ')})`
  })
  return `[${calls.join(', ')}]`
}

/**
 * The same answer as a function-calling model's result holds it in BFCL's result files: each call
 * `{ fname: '<JSON arguments>' }`, its floats written as floats.
 */
export function firstAllowedFunctionCallingOutput(groundTruth: BfclItem['groundTruth']): Record<string, string>[] {
  return groundTruth.map((call) => {
    const [name, params] = Object.entries(call)[0]!
    const args: Record<string, unknown> = {}
    for (const [param, allowed] of Object.entries(params)) {
      const given = firstGiven(allowed)
      if (given !== undefined) args[param] = firstValue(given)
    }
    return { [name]: typedJson(args) }
  })
}
