import { describe, expect, it } from 'vitest'
import {
  MAX_INT_BITS,
  PythonException,
  bitLength,
  floatFloorDivide,
  floatModulo,
  floatPower,
  intFloorDivide,
  intModulo,
  intPower,
  intShift,
  intToFloat,
  intTrueDivide,
} from '../../src/bfcl/python-arithmetic'

function raised(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof PythonException) return `${error.type}: ${error.message}`
    throw error
  }
  throw new Error('expected Python to raise')
}

describe('int // and %, with the sign of the divisor', () => {
  it.each([
    [7n, 2n, 3n, 1n],
    [-7n, 2n, -4n, 1n],
    [7n, -2n, -4n, -1n],
    [-7n, -2n, 3n, -1n],
    [6n, -3n, -2n, 0n],
  ])('%d // %d is %d and %d %% %d is %d', (a, b, quotient, remainder) => {
    expect([intFloorDivide(a, b), intModulo(a, b)]).toEqual([quotient, remainder])
  })

  it('raises ZeroDivisionError on a zero divisor', () => {
    expect(raised(() => intModulo(1n, 0n))).toBe('ZeroDivisionError: integer modulo by zero')
  })
})

describe('float // and %, as CPython computes them', () => {
  it.each([
    [7.5, 2, 3, 1.5],
    [-7.5, 2, -4, 0.5],
    [7.5, -2, -4, -0.5],
    [5, Infinity, 0, 5],
    [-5, Infinity, -1, Infinity],
  ])('%d // %d is %d and %d %% %d is %d', (x, y, quotient, remainder) => {
    expect([floatFloorDivide(x, y), floatModulo(x, y)]).toEqual([quotient, remainder])
  })

  it('gives a zero remainder the sign of the divisor', () => {
    expect(Object.is(floatModulo(4, -2), -0)).toBe(true)
  })

  it('gives a zero quotient the sign of the true quotient', () => {
    expect(Object.is(floatFloorDivide(-0, 5), -0)).toBe(true)
  })

  it('raises ZeroDivisionError on a zero divisor', () => {
    expect(raised(() => floatFloorDivide(1, 0))).toBe('ZeroDivisionError: float floor division by zero')
  })
})

describe('true division of ints', () => {
  it('rounds the exact quotient once', () => {
    expect(intTrueDivide(1n, 3n)).toBe(0.3333333333333333)
  })

  it('divides ints beyond the float range exactly', () => {
    expect(intTrueDivide(10n ** 400n, 10n ** 399n)).toBe(10)
  })

  it('rounds a quotient of large ints to the nearest double', () => {
    expect([intTrueDivide(2n ** 80n + 1n, 3n), intTrueDivide(10n ** 30n + 7n, 3n * 10n ** 12n + 1n)]).toEqual([
      4.029752732048764e23, 3.333333333332222e17,
    ])
  })

  it('raises OverflowError when the quotient is beyond the float range', () => {
    expect(raised(() => intTrueDivide(10n ** 400n, 3n))).toBe('OverflowError: integer division result too large for a float')
  })
})

describe('float ** float, correctly rounded where Math.pow is not', () => {
  it.each([
    [1.1, 4, 1.4641000000000004],
    [10, -4, 0.0001],
    [2.5, -5, 0.01024],
    [0.1, 17, 1.000000000000001e-17],
    [1.1, 0.3333, 1.032276835901463],
    [2.5, 0.3333, 1.3571673556687587],
    [2, 0.5, 1.4142135623730951],
    [5e-324, 0.5, 2.2227587494850775e-162],
  ])('%d ** %d is %d', (x, y, result) => {
    expect(floatPower(x, y)).toBe(result)
  })

  it.each([
    [1, NaN, 1],
    [-1, Infinity, 1],
    [0.5, -Infinity, Infinity],
    [-Infinity, 3, -Infinity],
    [NaN, 0, 1],
    [-8, 3, -512],
    [1e-200, 2, 0],
  ])("follows CPython's special case %d ** %d = %d", (x, y, result) => {
    expect(floatPower(x, y)).toBe(result)
  })

  it('raises ZeroDivisionError on zero to a negative power', () => {
    expect(raised(() => floatPower(0, -1))).toBe('ZeroDivisionError: 0.0 cannot be raised to a negative power')
  })

  it('raises OverflowError on a result beyond the float range', () => {
    expect(raised(() => floatPower(10, 400))).toBe('OverflowError: Numerical result out of range')
  })

  it('refuses a negative number to a fractional power, whose result is complex', () => {
    expect(raised(() => floatPower(-8, 0.5))).toBe('unsupported: a negative number raised to a fractional power is a complex number')
  })
})

describe('int ** int, << and >>', () => {
  it('gives an exact int for a nonnegative exponent', () => {
    expect(intPower(3n, 40n)).toBe(12157665459056928801n)
  })

  it('gives a float for a negative exponent', () => {
    expect(intPower(2n, -2n)).toBe(0.25)
  })

  it('computes powers of 0, 1 and -1 whatever the exponent', () => {
    expect([intPower(-1n, 10n ** 30n + 1n), intPower(0n, 10n ** 30n)]).toEqual([-1n, 0n])
  })

  it('refuses an int of more than the bit limit', () => {
    expect(raised(() => intPower(2n, BigInt(MAX_INT_BITS)))).toBe(`unsupported: the result would have more than ${MAX_INT_BITS} bits`)
  })

  it('shifts right with the sign kept, down to -1', () => {
    expect([intShift(-5n, 1n, false), intShift(-5n, 10n ** 30n, false)]).toEqual([-3n, -1n])
  })

  it('raises ValueError on a negative shift count', () => {
    expect(raised(() => intShift(1n, -1n, true))).toBe('ValueError: negative shift count')
  })
})

describe('int to float', () => {
  it('rounds to the nearest double, ties to even', () => {
    expect(intToFloat(2n ** 53n + 1n)).toBe(2 ** 53)
  })

  it('raises OverflowError beyond the float range', () => {
    expect(raised(() => intToFloat(10n ** 400n))).toBe('OverflowError: int too large to convert to float')
  })

  it.each([
    [0n, 0],
    [1n, 1],
    [-8n, 4],
    [2n ** 64n - 1n, 64],
  ])('counts the bits of %d as %d', (value, bits) => {
    expect(bitLength(value)).toBe(bits)
  })
})
