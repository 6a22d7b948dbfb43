/**
 * BFCL's gold as our gold calls, to score BFCL data with `ToolCallMetric({ canonicalizer:
 * 'bfcl' })`: each allowed-value list becomes `oneOf(...)`, with `""`
 * becoming `optional(...)` (given, `""` is itself allowed, as in BFCL); dict values and lists of dicts keep their per-key allowed lists.
 */

import { toPlainValue } from '../calls/python-values'
import { oneOfList, optional, satisfies } from '../compare/gold-values'
import type { GoldToolCall } from '../match/match-calls'
import { allowedValues, readGroundTruth } from './ground-truth'
import { isDict } from './python-semantics'

/** Throws a BfclInputError naming the path when the ground truth is malformed. */
export function bfclGold(groundTruth: unknown): GoldToolCall[] {
  return readGroundTruth(groundTruth).map(({ name, params }) => {
    const args: Record<string, unknown> = {}
    for (const [param, allowed] of params) defineEntry(args, param, goldOfAllowed(allowed.values))
    return { name, args }
  })
}

const NOTHING_ALLOWED = satisfies(() => false, 'nothing: the gold allows no value')

/** An allowed-value list: one value, `oneOf` several, wrapped in `optional` when `""` is among them. */
function goldOfAllowed(allowed: readonly unknown[]): unknown {
  const values = allowed.filter((value) => value !== '').map(goldOfValue)
  const isOptional = values.length < allowed.length
  // Only `""` listed: the argument may be left out, or be a string that standardizes to nothing.
  if (values.length === 0) return isOptional ? optional('') : NOTHING_ALLOWED
  if (isOptional) values.push(...givenAsLeftOut(allowed))
  const combined = values.length === 1 ? values[0] : oneOfList(values)
  return isOptional ? optional(combined) : combined
}

/**
 * What BFCL's `""` also accepts when given, beside the values listed with it: itself, so a string that
 * standardizes to nothing (`unit=""`) where the others are strings, and the empty list where they are
 * lists, as BFCL reads `""` as the list of its characters. Where they are numbers, a string is of the wrong type.
 */
function givenAsLeftOut(allowed: readonly unknown[]): unknown[] {
  const given: unknown[] = []
  if (allowed.some((value) => typeof value === 'string' && value !== '')) given.push('')
  if (allowed.some((value) => Array.isArray(value))) given.push([])
  return given
}

/** One allowed value: a dict holds allowed-value lists per key, a list of dicts holds such dicts. */
function goldOfValue(value: unknown): unknown {
  if (isDict(value)) {
    const object: Record<string, unknown> = {}
    for (const key of Object.keys(value)) defineEntry(object, key, goldOfAllowed(allowedValues(value[key])))
    return object
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isDict)) return value.map(goldOfValue)
  return toPlainValue(value)
}

function defineEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}
