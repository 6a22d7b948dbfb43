/**
 * Python's arithmetic on its numbers, computed as CPython computes it: an int is exact (a
 * bigint here), a float is a double rounded once per operation. True division, `//`, `%` and
 * `**` follow CPython's rules for signs, zeros and infinities; `**` on floats is correctly
 * rounded. CPython calls the C library's `pow`, which glibc rounds wrong in the last bit now and
 * then (README, BFCL mode's differences); JavaScript's `Math.pow` does so more often.
 */

/** What Python raises, by the name of its exception class; `unsupported` where its result has no reading here. */
export class PythonException {
  constructor(
    readonly type: 'ZeroDivisionError' | 'OverflowError' | 'ValueError' | 'TypeError' | 'unsupported',
    readonly message: string,
  ) {}
}

/** Results larger than this many bits are refused: Python would build them, slowly. */
export const MAX_INT_BITS = 1_000_000

/** The number of bits of `|value|`, as Python's `int.bit_length()`. */
export function bitLength(value: bigint): number {
  const hex = (value < 0n ? -value : value).toString(16)
  return hex === '0' ? 0 : (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0]!, 16)))
}

/** log2 of `|value|`, from its double when in range, else from its bit count (`|value| >= 2`). */
function log2OfMagnitude(value: bigint): number {
  const bits = bitLength(value)
  if (bits <= 1000) return Math.log2(Math.abs(Number(value)))
  return bits - 1000 + Math.log2(Math.abs(Number(value >> BigInt(bits - 1000))))
}

function checkIntSize(bits: number): void {
  if (bits > MAX_INT_BITS) throw new PythonException('unsupported', `the result would have more than ${MAX_INT_BITS} bits`)
}

/** `float(int)`: the nearest double, ties to even. */
export function intToFloat(value: bigint): number {
  const result = Number(value)
  if (!Number.isFinite(result)) throw new PythonException('OverflowError', 'int too large to convert to float')
  return result
}

export function intMultiply(a: bigint, b: bigint): bigint {
  checkIntSize(bitLength(a) + bitLength(b))
  return a * b
}

/** `a / b` of two ints: the nearest double to the exact quotient. */
export function intTrueDivide(a: bigint, b: bigint): number {
  if (b === 0n) throw new PythonException('ZeroDivisionError', 'division by zero')
  const negative = a < 0n !== b < 0n
  const result = nearestDoubleOfRatio(a < 0n ? -a : a, b < 0n ? -b : b, 0)
  if (result === Infinity) throw new PythonException('OverflowError', 'integer division result too large for a float')
  return negative ? -result : result
}

export function intFloorDivide(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new PythonException('ZeroDivisionError', 'integer division or modulo by zero')
  const quotient = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? quotient - 1n : quotient
}

/** `a % b`: the remainder takes the sign of `b`. */
export function intModulo(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new PythonException('ZeroDivisionError', 'integer modulo by zero')
  const remainder = a % b
  return remainder !== 0n && remainder < 0n !== b < 0n ? remainder + b : remainder
}

/** `a ** b`: an int for `b >= 0`, else the float power. */
export function intPower(a: bigint, b: bigint): bigint | number {
  if (b < 0n) return floatPower(intToFloat(a), intToFloat(b))
  if (a === 0n || a === 1n) return b === 0n ? 1n : a
  if (a === -1n) return b % 2n === 0n ? 1n : -1n
  checkIntSize(Math.floor(Number(b) * log2OfMagnitude(a)) + 1)
  return a ** b
}

export function intShift(a: bigint, b: bigint, left: boolean): bigint {
  if (b < 0n) throw new PythonException('ValueError', 'negative shift count')
  if (a === 0n) return 0n
  if (left) {
    checkIntSize(bitLength(a) + Number(b))
    return a << b
  }
  return b >= BigInt(bitLength(a)) ? (a < 0n ? -1n : 0n) : a >> b
}

export function floatTrueDivide(x: number, y: number): number {
  if (y === 0) throw new PythonException('ZeroDivisionError', 'float division by zero')
  return x / y
}

/** `x % y` on floats: the remainder takes the sign of `y`, a zero remainder too. */
export function floatModulo(x: number, y: number): number {
  if (y === 0) throw new PythonException('ZeroDivisionError', 'float modulo')
  const remainder = x % y
  if (remainder === 0) return y < 0 ? -0 : 0
  return remainder < 0 !== y < 0 ? remainder + y : remainder
}

/** `x // y` on floats, from the same division and remainder as `%`, as CPython does. */
export function floatFloorDivide(x: number, y: number): number {
  if (y === 0) throw new PythonException('ZeroDivisionError', 'float floor division by zero')
  const remainder = x % y
  let quotient = (x - remainder) / y
  if (remainder !== 0 && remainder < 0 !== y < 0) quotient -= 1
  if (quotient === 0) return Object.is(x / y, -0) || x / y < 0 ? -0 : 0
  const floor = Math.floor(quotient)
  return quotient - floor > 0.5 ? floor + 1 : floor
}

function isOddInteger(value: number): boolean {
  return Math.abs(value) % 2 === 1
}

/** `x ** y` on floats, with CPython's special cases and a correctly rounded result. */
export function floatPower(x: number, y: number): number {
  if (y === 0) return 1
  if (Number.isNaN(x)) return x
  if (Number.isNaN(y)) return x === 1 ? 1 : y
  if (!Number.isFinite(y)) {
    const magnitude = Math.abs(x)
    if (magnitude === 1) return 1
    return y > 0 === magnitude > 1 ? Infinity : 0
  }
  if (!Number.isFinite(x)) {
    if (y > 0) return isOddInteger(y) ? x : Math.abs(x)
    return isOddInteger(y) ? (x < 0 ? -0 : 0) : 0
  }
  if (x === 0) {
    if (y < 0) throw new PythonException('ZeroDivisionError', '0.0 cannot be raised to a negative power')
    return isOddInteger(y) ? x : 0
  }
  let negate = false
  if (x < 0) {
    if (!Number.isInteger(y)) throw new PythonException('unsupported', 'a negative number raised to a fractional power is a complex number')
    x = -x
    negate = isOddInteger(y)
  }
  const result = x === 1 ? 1 : positivePower(x, y)
  if (result === Infinity) throw new PythonException('OverflowError', 'Numerical result out of range')
  return negate ? -result : result
}

// Exponents up to this size are computed exactly; larger ones through logarithms.
const EXACT_EXPONENT_LIMIT = 1100

/** `x ** y` for a finite `x > 0` other than 1 and a finite, nonzero `y`. */
function positivePower(x: number, y: number): number {
  const [mantissa, exponent] = splitDouble(x)
  if (Number.isInteger(y) && Math.abs(y) <= EXACT_EXPONENT_LIMIT) {
    const power = mantissa ** BigInt(Math.abs(y))
    return y > 0 ? nearestDouble(power, exponent * y, false) : nearestDoubleOfRatio(1n, power, exponent * y)
  }
  const [yMantissa, yExponent] = splitDouble(Math.abs(y))
  let logarithm = shiftBy(yMantissa * naturalLog(mantissa, exponent), yExponent)
  if (y < 0) logarithm = -logarithm
  // exp() of more than 710 overflows, of less than -746 is below the smallest double.
  if (logarithm > 710n * ONE) return Infinity
  if (logarithm < -746n * ONE) return 0
  return exponential(logarithm)
}

/** The double `x` as `mantissa * 2 ** exponent`, the mantissa an integer (`x` finite, `>= 0`). */
function splitDouble(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  const high = view.getUint32(0)
  const biased = (high >>> 20) & 0x7ff
  const fraction = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4))
  return biased === 0 ? [fraction, -1074] : [fraction | (1n << 52n), biased - 1075]
}

function shiftBy(value: bigint, bits: number): bigint {
  return bits >= 0 ? value << BigInt(bits) : value >> BigInt(-bits)
}

/** `value * 2 ** power`, exact when the result is a double (`value` has at most 54 bits). */
function scaleByPowerOfTwo(value: number, power: number): number {
  for (; power > 1000; power -= 1000) value *= 2 ** 1000
  for (; power < -1000; power += 1000) value *= 2 ** -1000
  return value * 2 ** power
}

/**
 * The double nearest to `(mantissa + sticky) * 2 ** exponent`, ties to even, where `sticky`
 * stands for a nonzero fraction below the last bit (the mantissa then has at least 55 bits).
 * Subnormal results are rounded once, at their own precision; too large ones are Infinity.
 */
function nearestDouble(mantissa: bigint, exponent: number, sticky: boolean): number {
  if (mantissa === 0n) return 0
  const bits = bitLength(mantissa)
  const top = bits - 1 + exponent
  if (top > 1023) return Infinity
  // Below half the smallest subnormal, 2 ** -1075.
  if (top < -1076) return 0
  const precision = top >= -1022 ? 53 : 53 - (-1022 - top)
  const drop = bits - precision
  if (drop <= 0) return scaleByPowerOfTwo(Number(mantissa), exponent)
  const kept = mantissa >> BigInt(drop)
  const rest = mantissa - (kept << BigInt(drop))
  const half = 1n << BigInt(drop - 1)
  const roundUp = rest > half || (rest === half && (sticky || (kept & 1n) === 1n))
  return scaleByPowerOfTwo(Number(roundUp ? kept + 1n : kept), exponent + drop)
}

/** The double nearest to `numerator / denominator * 2 ** exponent` (both positive). */
function nearestDoubleOfRatio(numerator: bigint, denominator: bigint, exponent: number): number {
  if (numerator === 0n) return 0
  // Enough quotient bits (55 or 56) that the remainder only breaks ties.
  const shift = 55 - (bitLength(numerator) - bitLength(denominator))
  const scaled = shift >= 0 ? numerator << BigInt(shift) : numerator
  const divisor = shift >= 0 ? denominator : denominator << BigInt(-shift)
  return nearestDouble(scaled / divisor, exponent - shift, scaled % divisor !== 0n)
}

// Fixed-point reals for the logarithm path: a bigint n stands for n / 2 ** PRECISION.
const PRECISION = 256
const ONE = 1n << BigInt(PRECISION)

/** `atanh(t)` for a fixed-point `|t| <= 1/3`, by its series `t + t^3/3 + t^5/5 + ...`. */
function inverseHyperbolicTangent(t: bigint): bigint {
  const square = (t * t) >> BigInt(PRECISION)
  let power = t
  let sum = t
  for (let odd = 3n; power !== 0n; odd += 2n) {
    power = (power * square) >> BigInt(PRECISION)
    sum += power / odd
  }
  return sum
}

// ln 2 = 2 atanh(1/3).
const LN2 = 2n * inverseHyperbolicTangent(ONE / 3n)

/** `ln(mantissa * 2 ** exponent)`, fixed point, with `ln m = 2 atanh((m - 1) / (m + 1))`. */
function naturalLog(mantissa: bigint, exponent: number): bigint {
  const bits = bitLength(mantissa)
  // mantissa / 2 ** (bits - 1) lies in [1, 2).
  const unit = 1n << BigInt(bits - 1)
  const t = ((mantissa - unit) << BigInt(PRECISION)) / (mantissa + unit)
  return BigInt(exponent + bits - 1) * LN2 + 2n * inverseHyperbolicTangent(t)
}

/** The double nearest to `exp(z)` for a fixed-point `z`: `2 ** k * exp(r)` with `|r| <= ln 2 / 2`. */
function exponential(z: bigint): number {
  const twice = 2n * z + LN2
  let k = twice / (2n * LN2)
  if (twice < 0n && twice % (2n * LN2) !== 0n) k -= 1n
  const r = z - k * LN2
  let term = ONE
  let sum = ONE
  for (let index = 1n; term !== 0n; index++) {
    term = (term * r) / (ONE * index)
    sum += term
  }
  return nearestDouble(sum, Number(k) - PRECISION, true)
}
