/**
 * BFCL's value checks, applied once a value has its expected type: strings standardized,
 * lists in order, dicts by key, lists of dicts position by position. Where BFCL would raise on
 * an allowed value of an unexpected shape, that alternative is skipped instead.
 */

import { canonicalForms } from '../compare/canonicalizers'
import { failure, VALID, type CallCheck, type CallFailure } from './call-check'
import { allowedValues, type BfclAllowed } from './ground-truth'
import { isDict, pyContains, pyEquals, pyRepr, pyTypeOf } from './python-semantics'

const standardize = canonicalForms.bfcl

function standardizeIfString(value: unknown): unknown {
  return typeof value === 'string' ? standardize(value) : value
}

/** `string_checker`: the standardized value is one of the standardized allowed strings. */
export function checkString(param: string, value: string, allowed: BfclAllowed): CallCheck {
  // A value written as the gold writes it is standardized as the gold is.
  if (allowed.values.includes(value)) return VALID
  const options = (allowed.standardizedStrings ??= allowed.values.filter((option): option is string => typeof option === 'string').map(standardize))
  if (options.includes(standardize(value))) return VALID
  return failure('value_error:string', () => [
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr(allowed.values)}. Case insensitive.`,
  ])
}

/** An allowed value as `list_checker` reads it; undefined where BFCL would raise. */
function standardizedAlternative(alternative: unknown): unknown[] | undefined {
  if (Array.isArray(alternative)) return alternative.map(standardizeIfString)
  // A string is read character by character: "" is the empty list.
  if (typeof alternative === 'string') return Array.from(alternative, standardize)
  if (isDict(alternative) && Object.keys(alternative).length === 0) return []
  return undefined
}

/** `list_checker`: equal, in order, to an allowed list; string elements standardized. */
export function checkList(param: string, value: readonly unknown[], allowed: BfclAllowed): CallCheck {
  // A list equal to an allowed list is equal to it standardized.
  if (allowed.values.some((alternative) => Array.isArray(alternative) && pyEquals(alternative, value))) return VALID
  const standardized = Array.from(value, standardizeIfString)
  const options = (allowed.standardizedLists ??= allowed.values.flatMap((alternative) => {
    const standardizedAllowed = standardizedAlternative(alternative)
    return standardizedAllowed === undefined ? [] : [standardizedAllowed]
  }))
  if (pyContains(options, standardized)) return VALID
  return failure('value_error:list/tuple', () => [
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr(allowed.values)}.`,
  ])
}

/**
 * `dict_checker`: the value fits one allowed dict — no key it does not list, each value one of
 * the key's allowed values (strings standardized), and no key missing unless `""` allows it.
 * On failure, what the last allowed dict found.
 */
export function checkDict(value: Record<string, unknown>, allowed: readonly unknown[]): CallCheck {
  let result: CallFailure = failure('dict_checker:unclear', () => [])
  for (const alternative of allowed) {
    if (alternative === '' || !isDict(alternative)) continue
    const misfit = dictMisfit(value, alternative)
    if (misfit === undefined) return VALID
    result = misfit
  }
  return result
}

function standardizedOptions(allowed: unknown): unknown[] {
  return allowedValues(allowed).map(standardizeIfString)
}

/** What keeps the value from fitting one allowed dict, or undefined when it fits. */
function dictMisfit(value: Record<string, unknown>, alternative: Record<string, unknown>): CallFailure | undefined {
  let unexpectedKey: string | undefined
  let invalidKey: string | undefined
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(alternative, key)) {
      unexpectedKey = key
      break
    }
    if (!pyContains(standardizedOptions(alternative[key]), standardizeIfString(value[key]))) {
      invalidKey = key
      break
    }
  }
  // BFCL looks for missing keys even after a failure above, and then reports both.
  const missingKey = Object.keys(alternative).find((key) => !Object.hasOwn(value, key) && !pyContains(allowedValues(alternative[key]), ''))
  if (unexpectedKey === undefined && invalidKey === undefined && missingKey === undefined) return undefined
  const errorType = invalidKey !== undefined && missingKey === undefined ? 'value_error:dict_value' : 'value_error:dict_key'
  return failure(errorType, () => {
    const errors: string[] = []
    if (unexpectedKey !== undefined) errors.push(`Unexpected dict key parameter: '${unexpectedKey}'.`)
    if (invalidKey !== undefined) {
      errors.push(
        `Invalid value for parameter ${pyRepr(invalidKey)}: ${pyRepr(value[invalidKey])}. Expected one of ${pyRepr(standardizedOptions(alternative[invalidKey]))}.`,
      )
    }
    if (missingKey !== undefined) errors.push(`Missing dict key parameter: '${missingKey}'.`)
    return errors
  })
}

/** `list_dict_checker`: as many dicts as an allowed list, each fitting the allowed dict at its position. */
export function checkListOfDicts(param: string, value: readonly unknown[], allowed: readonly unknown[]): CallCheck {
  let result: CallCheck = failure('list_dict_checker:unclear', () => [])
  for (const alternative of allowed) {
    const dicts = alternative === '' ? [] : Array.isArray(alternative) ? alternative : undefined
    if (dicts === undefined) continue
    if (value.length !== dicts.length) {
      result = failure('value_error:list_dict_count', () => ['Wrong number of dictionaries in the list.'])
      continue
    }
    let fits = true
    for (let i = 0; i < value.length; i++) {
      const item = value[i]
      result = isDict(item)
        ? checkDict(item, [dicts[i]])
        : failure('type_error:nested', () => [
            `Expected a dict at index ${i} of parameter ${pyRepr(param)}, got ${pyTypeOf(item)}. Parameter value: ${pyRepr(item)}.`,
          ])
      if (!result.valid) {
        fits = false
        break
      }
    }
    if (fits) return VALID
  }
  return result
}

/** The last check: Python's `value in allowed`, no standardizing. */
export function checkAmongAllowed(param: string, value: unknown, allowed: readonly unknown[]): CallCheck {
  // A primitive the gold lists as it is (`===`, so never NaN) is equal to it in Python too.
  if ((typeof value !== 'object' || value === null) && allowed.indexOf(value) !== -1) return VALID
  if (pyContains(allowed, value)) return VALID
  return failure('value_error:others', () => [
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr(allowed)}.`,
  ])
}
