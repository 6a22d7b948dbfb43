/**
 * BFCL's `type_checker`, by exact Python type: `True` is not an int, `2.0` is not an int.
 * When the gold's own values have another type than the one declared (a variable name for a
 * dict, `true` for a string), a value of the gold's type passes and is then compared exactly
 * (`isVariable`). Elements are checked one level deep, against the type of each allowed
 * list's own elements as the gold wrote them.
 */

import { failure, type CallFailure } from './call-check'
import { pyRepr, pyTypeOf, type PyType } from './python-semantics'

export type TypeCheck = { valid: true; isVariable: boolean } | { valid: false; failure: CallFailure }

/** The type of the first allowed value that is not the optional marker `""`. */
function goldTypeOf(allowed: readonly unknown[]): PyType | undefined {
  const first = allowed.find((value) => value !== '')
  return first === undefined ? undefined : pyTypeOf(first)
}

export function checkType(
  param: string,
  value: unknown,
  allowed: readonly unknown[],
  declared: string,
  expected: PyType,
  nested: PyType | undefined,
): TypeCheck {
  const goldType = goldTypeOf(allowed)
  const actual = pyTypeOf(value)
  const errors: string[] = []
  if (actual === expected) {
    const isVariable = goldType !== undefined && goldType !== expected
    if (nested === undefined || elementsFitSomeAlternative(param, value as unknown[], allowed, nested)) return { valid: true, isVariable }
    errors.push(
      `Nested type checking failed for parameter ${pyRepr(param)}. Expected outer type ${declared} with inner type ${nested}. Parameter value: ${pyRepr(value)}.`,
    )
  }
  if (goldType !== undefined && actual === goldType) {
    return errors.length === 0 ? { valid: true, isVariable: true } : { valid: false, failure: failure('type_error:nested', errors) }
  }
  errors.push(`Incorrect type for parameter ${pyRepr(param)}. Expected type ${declared}, got ${actual}. Parameter value: ${pyRepr(value)}.`)
  return { valid: false, failure: failure('type_error:simple', errors) }
}

/** Whether, for some allowed value, every element passes; an allowed value that is not a list (`""`) always fits. */
function elementsFitSomeAlternative(param: string, elements: readonly unknown[], allowed: readonly unknown[], nested: PyType): boolean {
  return allowed.some(
    (alternative) =>
      pyTypeOf(alternative) !== 'list' ||
      elements.every((element) => checkType(param, element, alternative as unknown[], nested, nested, undefined).valid),
  )
}
