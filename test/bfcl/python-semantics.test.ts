import { describe, expect, it } from 'vitest'
import { pyContains, pyEquals, pyTypeOf } from '../../src/bfcl/python-semantics'
import { pyStrip, pythonFloat, pythonInt } from '../../src/bfcl/python-text'
import { PyFloat, tupleOf } from '../../src/calls/python-values'

describe('pyTypeOf', () => {
  it.each([
    [1, 'int'],
    [new PyFloat(1), 'float'],
    [1.5, 'float'],
    [Number.POSITIVE_INFINITY, 'int'],
    [new PyFloat(Number.POSITIVE_INFINITY), 'float'],
    [true, 'bool'],
    ['a', 'str'],
    [null, 'NoneType'],
    [[1], 'list'],
    [tupleOf([1]), 'tuple'],
    [{ a: 1 }, 'dict'],
    [undefined, 'object'],
  ])('gives %o the type %s', (value, type) => {
    expect(pyTypeOf(value)).toBe(type)
  })
})

describe('pyEquals, as Python ==', () => {
  it('equates True, 1 and 1.0', () => {
    expect([pyEquals(true, 1), pyEquals(1, new PyFloat(1)), pyEquals(true, new PyFloat(1))]).toStrictEqual([true, true, true])
  })

  it('does not equate a list and a tuple', () => {
    expect(pyEquals([1, 2], tupleOf([1, 2]))).toBe(false)
  })

  it('equates lists element by element', () => {
    expect(pyEquals([1, 'a'], [new PyFloat(1), 'a'])).toBe(true)
  })

  it('equates dicts whatever their key order', () => {
    expect(pyEquals({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true)
  })

  it('does not equate dicts with different keys', () => {
    expect(pyEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false)
  })

  it('does not equate a number and its string', () => {
    expect(pyEquals(1, '1')).toBe(false)
  })

  it('does not equate None and ""', () => {
    expect(pyContains([''], null)).toBe(false)
  })
})

describe("Python's int() and float() of a string", () => {
  it.each([
    ['42', 42],
    [' +7\n', 7],
    ['1_000', 1000],
    ['-0', 0],
    ['٤٢', 42],
  ])('int(%j) is %d', (text, value) => {
    expect(pythonInt(text)).toBe(value)
  })

  it.each(['4.0', '1e3', '', '1__0', '0x10', '5L'])('int(%j) raises', (text) => {
    expect(pythonInt(text)).toBeUndefined()
  })

  it.each([
    ['1.5', 1.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    [' -2.5E-1 ', -0.25],
    ['inf', Infinity],
    ['-Infinity', -Infinity],
  ])('float(%j) is %d', (text, value) => {
    expect(pythonFloat(text)).toBe(value)
  })

  it('float("nan") is NaN', () => {
    expect(pythonFloat('nan')).toBeNaN()
  })

  it.each(['', '.', '1.5f', '0x1p3', 'e5'])('float(%j) raises', (text) => {
    expect(pythonFloat(text)).toBeUndefined()
  })
})

describe("Python's str.strip()", () => {
  it('strips the characters Python counts as space, not a byte order mark', () => {
    expect(pyStrip('\x1c a \u3000\ufeff')).toBe('a \u3000\ufeff')
  })

  it('strips the given characters from both ends', () => {
    expect(pyStrip(`'"a'"`, `'"`)).toBe('a')
  })
})
