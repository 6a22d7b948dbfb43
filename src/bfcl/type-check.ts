/**
 * BFCL's `type_checker`, by exact Python type: `True` is not an int, `2.0` is not an int.
 * When the gold's own values have another type than the one declared (a variable name for a
 * dict, `true` for a string), a value of the gold's type passes and is then compared exactly
 * (`isVariable`). Elements are checked one level deep, against the type of each allowed
 * list's own elements as the gold wrote them.
 */

import { failure, type CallFailure } from './call-check'
import { goldTypeOf } from './ground-truth'
import { pyRepr, pyTypeOf, type PyType } from './python-semantics'

export type TypeCheck = { valid: true; isVariable: boolean } | { valid: false; failure: CallFailure }

const OF_DECLARED_TYPE: TypeCheck = Object.freeze({ valid: true, isVariable: false })
const OF_GOLD_TYPE: TypeCheck = Object.freeze({ valid: true, isVariable: true })

/** `goldType` is the type of the allowed values (`goldTypeOf(allowed)`); `nested`, that of each element, when elements are checked. */
export function checkType(
  param: string,
  value: unknown,
  allowed: readonly unknown[],
  goldType: PyType | undefined,
  declared: string,
  expected: PyType,
  nested: PyType | undefined,
): TypeCheck {
  const actual = pyTypeOf(value)
  const isGoldType = goldType !== undefined && actual === goldType
  if (actual === expected) {
    if (nested === undefined || elementsFitSomeAlternative(value as unknown[], allowed, nested)) return isGoldType || goldType === undefined ? OF_DECLARED_TYPE : OF_GOLD_TYPE
    const nestedFailed = () => `Nested type checking failed for parameter ${pyRepr(param)}. Expected outer type ${declared} with inner type <class '${nested}'>. Parameter value: ${pyRepr(value)}.`
    if (isGoldType) return { valid: false, failure: failure('type_error:nested', () => [nestedFailed()]) }
    return { valid: false, failure: failure('type_error:simple', () => [nestedFailed(), incorrectType(param, value, declared, actual)]) }
  }
  if (isGoldType) return OF_GOLD_TYPE
  return { valid: false, failure: failure('type_error:simple', () => [incorrectType(param, value, declared, actual)]) }
}

function incorrectType(param: string, value: unknown, declared: string, actual: PyType): string {
  return `Incorrect type for parameter ${pyRepr(param)}. Expected type ${declared}, got ${actual}. Parameter value: ${pyRepr(value)}.`
}

/** Whether, for some allowed value, every element has the nested type or the type of that value's own elements; an allowed value that is not a list (`""`) always fits. */
function elementsFitSomeAlternative(elements: readonly unknown[], allowed: readonly unknown[], nested: PyType): boolean {
  return allowed.some((alternative) => {
    if (pyTypeOf(alternative) !== 'list') return true
    const goldType = goldTypeOf(alternative as unknown[])
    return elements.every((element) => {
      const actual = pyTypeOf(element)
      return actual === nested || (goldType !== undefined && actual === goldType)
    })
  })
}
