/**
 * BFCL's value checks, applied once a value has its expected type: strings standardized,
 * lists in order, dicts by key, lists of dicts position by position. Where BFCL would raise on
 * an allowed value of an unexpected shape, that alternative is skipped instead.
 */

import { canonicalizers } from '../compare/canonicalizers'
import { failure, VALID, type CallCheck, type CallFailure } from './call-check'
import { allowedValues } from './ground-truth'
import { isDict, pyContains, pyRepr, pyTypeOf } from './python-semantics'

const standardize = canonicalizers.bfcl

function standardizeIfString(value: unknown): unknown {
  return typeof value === 'string' ? standardize(value) : value
}

/** `string_checker`: the standardized value is one of the standardized allowed strings. */
export function checkString(param: string, value: string, allowed: readonly unknown[]): CallCheck {
  const options = allowed.filter((option): option is string => typeof option === 'string').map(standardize)
  if (options.includes(standardize(value))) return VALID
  return failure('value_error:string', [
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr(allowed)}. Case insensitive.`,
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
export function checkList(param: string, value: readonly unknown[], allowed: readonly unknown[]): CallCheck {
  const standardized = Array.from(value, standardizeIfString)
  const options = allowed.flatMap((alternative) => {
    const standardizedAllowed = standardizedAlternative(alternative)
    return standardizedAllowed === undefined ? [] : [standardizedAllowed]
  })
  if (pyContains(options, standardized)) return VALID
  return failure('value_error:list/tuple', [
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr(allowed)}.`,
  ])
}

/**
 * `dict_checker`: the value fits one allowed dict — no key it does not list, each value one of
 * the key's allowed values (strings standardized), and no key missing unless `""` allows it.
 * On failure, what the last allowed dict found.
 */
export function checkDict(value: Record<string, unknown>, allowed: readonly unknown[]): CallCheck {
  let result: CallFailure = failure('dict_checker:unclear', [])
  for (const alternative of allowed) {
    if (alternative === '' || !isDict(alternative)) continue
    const errors: string[] = []
    let errorType = 'dict_checker:unclear'
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(alternative, key)) {
        errors.push(`Unexpected dict key parameter: '${key}'.`)
        errorType = 'value_error:dict_key'
        break
      }
      const options = allowedValues(alternative[key]).map(standardizeIfString)
      if (!pyContains(options, standardizeIfString(value[key]))) {
        errors.push(`Invalid value for parameter ${pyRepr(key)}: ${pyRepr(value[key])}. Expected one of ${pyRepr(options)}.`)
        errorType = 'value_error:dict_value'
        break
      }
    }
    // BFCL looks for missing keys even after a failure above, and then reports both.
    for (const key of Object.keys(alternative)) {
      if (!Object.hasOwn(value, key) && !pyContains(allowedValues(alternative[key]), '')) {
        errors.push(`Missing dict key parameter: '${key}'.`)
        errorType = 'value_error:dict_key'
        break
      }
    }
    if (errors.length === 0) return VALID
    result = failure(errorType, errors)
  }
  return result
}

/** `list_dict_checker`: as many dicts as an allowed list, each fitting the allowed dict at its position. */
export function checkListOfDicts(param: string, value: readonly unknown[], allowed: readonly unknown[]): CallCheck {
  let result: CallCheck = failure('list_dict_checker:unclear', [])
  for (const alternative of allowed) {
    const dicts = alternative === '' ? [] : Array.isArray(alternative) ? alternative : undefined
    if (dicts === undefined) continue
    if (value.length !== dicts.length) {
      result = failure('value_error:list_dict_count', ['Wrong number of dictionaries in the list.'])
      continue
    }
    let fits = true
    for (let i = 0; i < value.length; i++) {
      const item = value[i]
      result = isDict(item)
        ? checkDict(item, [dicts[i]])
        : failure('type_error:nested', [`Expected a dict at index ${i} of parameter ${pyRepr(param)}, got ${pyTypeOf(item)}. Parameter value: ${pyRepr(item)}.`])
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
  if (pyContains(allowed, value)) return VALID
  return failure('value_error:others', [
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr(allowed)}.`,
  ])
}
