/**
 * How BFCL's checker, being Python, sees a value: its exact `type()`, `==` and `in`. Values are
 * as the typed readers give them: a number is an int when integral (a float is a `PyFloat`,
 * or a plain non-integral number), a `PyTuple` is a tuple, a plain object is a dict.
 */

import { PyFloat, PyTuple, pythonRepr } from '../calls/python-values'

export type PyType = 'int' | 'float' | 'bool' | 'str' | 'list' | 'tuple' | 'dict' | 'NoneType' | 'set' | 'object'

export function pyTypeOf(value: unknown): PyType {
  switch (typeof value) {
    case 'string':
      return 'str'
    case 'boolean':
      return 'bool'
    case 'number':
      // A float read from Python text is boxed: an infinity left bare is an int beyond the double range, as 10 ** 400.
      return Number.isInteger(value) || value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY ? 'int' : 'float'
    case 'object':
      if (value === null) return 'NoneType'
      if (value instanceof PyFloat) return 'float'
      if (value instanceof PyTuple) return 'tuple'
      if (Array.isArray(value)) return 'list'
      return isDict(value) ? 'dict' : 'object'
    default:
      return 'object'
  }
}

export function isDict(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === null || proto === Object.prototype
}

/** The number an int, float or bool stands for in a comparison (`True == 1 == 1.0`). */
function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof PyFloat) return value.value
  return undefined
}

/** Python's `a == b` for the values a decoded call or a BFCL data file holds. */
export function pyEquals(a: unknown, b: unknown): boolean {
  const left = numericValue(a)
  const right = numericValue(b)
  if (left !== undefined || right !== undefined) return left === right
  const type = pyTypeOf(a)
  if (type !== pyTypeOf(b)) return false
  switch (type) {
    case 'list':
    case 'tuple': {
      const x = a as unknown[]
      const y = b as unknown[]
      return x.length === y.length && x.every((item, i) => pyEquals(item, y[i]))
    }
    case 'dict': {
      const x = a as Record<string, unknown>
      const y = b as Record<string, unknown>
      const keys = Object.keys(x)
      return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && pyEquals(x[key], y[key]))
    }
    default:
      return a === b
  }
}

/** Python's `value in items`. */
export function pyContains(items: readonly unknown[], value: unknown): boolean {
  return items.some((item) => pyEquals(item, value))
}

/** Python's `repr`, as BFCL's messages print values. */
export function pyRepr(value: unknown): string {
  return pythonRepr(value)
}
