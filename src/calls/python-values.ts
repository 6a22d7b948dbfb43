/**
 * The values a Python literal reads into when its Python type must survive (BFCL mode):
 * a float stays distinguishable from an integer, a tuple from a list. Everything else is
 * the plain JSON-like value (string, integer number, boolean, null, array, object).
 * Also how such values are written back as Python source.
 */

/** A Python float, boxed so that `1.0` is not the integer `1`. Serialises to its number. */
export class PyFloat {
  constructor(readonly value: number) {}

  valueOf(): number {
    return this.value
  }

  toJSON(): number {
    return this.value
  }
}

/**
 * A Python tuple. A real array (JSON, `Array.isArray` and `toEqual` treat it as one) whose
 * class name shows in printed diffs, so a tuple-versus-list verdict is visible.
 */
export class PyTuple extends Array<unknown> {
  // Derived arrays (map, filter, slice) are plain lists: only a written tuple is a tuple.
  static override get [Symbol.species](): ArrayConstructor {
    return Array
  }
}

/** A call written as a value, kept whole only to be printed back as Python source. */
export class PyCall {
  constructor(
    readonly name: string,
    readonly args: Record<string, unknown>,
    readonly positional: unknown[],
    /** Where its `(` stands in the text it was read from, to read it again as source text. */
    readonly open?: number,
  ) {}
}

export function isPyFloat(value: unknown): value is PyFloat {
  return value instanceof PyFloat
}

export function isTuple(value: unknown): value is PyTuple {
  return value instanceof PyTuple
}

export function tupleOf(items: readonly unknown[]): PyTuple {
  // A copy given the tuple's prototype: constructing the subclass and pushing onto it costs ten times more.
  return Object.setPrototypeOf(Array.prototype.slice.call(items), PyTuple.prototype) as PyTuple
}

/** Object.prototype's own names (`__proto__`, `toString`, ...): for each initial from '_' on, a bit for each of their lengths. */
const INHERITED_LENGTHS = new Int32Array(32)
for (const name of Object.getOwnPropertyNames(Object.prototype)) INHERITED_LENGTHS[name.charCodeAt(0) - 95]! |= 1 << name.length

/** Adds `key` as an own enumerable property, even `__proto__` or `toString`. */
export function setEntry(dict: Record<string, unknown>, key: string, value: unknown): void {
  // Assigning a key that Object.prototype defines could hit its `__proto__` setter, or throw
  // where it is frozen. Only a key with the initial and length of one of those names is looked up there.
  const initial = key.charCodeAt(0) - 95
  if (initial >= 0 && initial < 32 && (INHERITED_LENGTHS[initial]! >>> key.length) & 1 && key in Object.prototype) {
    Object.defineProperty(dict, key, { value, writable: true, enumerable: true, configurable: true })
  } else {
    dict[key] = value
  }
}

/** The value with floats unboxed and tuples turned into arrays: what `JSON.parse` would give. */
export function toPlainValue(value: unknown): unknown {
  if (value instanceof PyFloat) return value.value
  if (Array.isArray(value)) return value.map(toPlainValue)
  if (value instanceof PyCall) {
    const args = toPlainValue(value.args) as Record<string, unknown>
    return value.positional.length === 0
      ? { name: value.name, args }
      : { name: value.name, args, positional: value.positional.map(toPlainValue) }
  }
  if (value !== null && typeof value === 'object') {
    const plain: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) setEntry(plain, key, toPlainValue(item))
    return plain
  }
  return value
}

/** Python's `repr` of a float: shortest round-trip digits, `1.0`, `1e+16`, `1e-05`, `inf`. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan'
  if (value === Infinity) return 'inf'
  if (value === -Infinity) return '-inf'
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0'
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e')
  const exponent = Number(exponentText)
  const sign = value < 0 ? '-' : ''
  const digits = mantissa.replace('-', '').replace('.', '')
  // Python's rule: scientific notation when the decimal point is more than 16 digits right or 4 left.
  const pointPosition = exponent + 1
  if (pointPosition > 16 || pointPosition <= -4) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : ''
    const magnitude = Math.abs(exponent)
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${magnitude < 10 ? '0' : ''}${magnitude}`
  }
  if (pointPosition <= 0) return `${sign}0.${'0'.repeat(-pointPosition)}${digits}`
  if (pointPosition >= digits.length) return `${sign}${digits}${'0'.repeat(pointPosition - digits.length)}.0`
  return `${sign}${digits.slice(0, pointPosition)}.${digits.slice(pointPosition)}`
}

const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

/**
 * The value of a short decimal with a point (`2.5`, `.75`, `1.`) without building a string, or
 * NaN for any other literal. Up to 15 digits and their power of ten are exact doubles, so the one
 * division rounds correctly, as parsing the text would.
 */
export function shortDecimal(text: string, start: number, end: number): number {
  if (end - start > 16) return NaN
  let digits = 0
  let point = -1
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (code >= 48 && code <= 57) digits = digits * 10 + (code - 48) // '0'..'9'
    else if (code === 46 && point === -1) point = index // '.'
    else return NaN
  }
  return point === -1 ? NaN : digits / (POWERS_OF_TEN[end - point - 1] ?? NaN)
}

/** Python's `str(int)` for an integral number (digits of the double when beyond 2^53). */
export function pythonIntRepr(value: number): string {
  if (Number.isSafeInteger(value)) return value === 0 ? '0' : String(value)
  return BigInt(value).toString()
}

const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u

// No quote to escape, no backslash, nothing outside printable ASCII: the text goes between quotes as it is.
const PLAIN_ASCII = /^[^\x00-\x1f'\\\x7f-\uffff]*$/

/** Python's `repr` of a str: single quotes unless only double quotes avoid escaping. */
export function pythonStringRepr(text: string): string {
  if (PLAIN_ASCII.test(text)) return `'${text}'`
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'"
  let out = quote
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (char === quote || char === '\\') out += `\\${char}`
    else if (char === '\n') out += '\\n'
    else if (char === '\r') out += '\\r'
    else if (char === '\t') out += '\\t'
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`
    else if (code < 0x7f || !NON_PRINTABLE.test(char)) out += char
    else if (code <= 0xff) out += `\\x${hex(code, 2)}`
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`
    else out += `\\U${hex(code, 8)}`
  }
  return out + quote
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0')
}

/**
 * Python source for a value, as `ast.unparse` writes the literal: `1.0`, `(1,)`,
 * `{'a': [1, 2]}`, `g(1, k='x')`. An infinite float is written `1e309`, as Python does.
 */
export function formatPythonValue(value: unknown): string {
  return writePython(value, formatFloat)
}

/** Python's `repr` of a value: as `formatPythonValue`, but a float is `inf` or `nan` as `repr(float)` writes it. */
export function pythonRepr(value: unknown): string {
  return writePython(value, pythonFloatRepr)
}

function writePython(value: unknown, floatText: (value: number) => string): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') {
    // A plain number that is not finite stands for an int beyond a double's range, which Python would print in digits.
    return Number.isInteger(value) ? pythonIntRepr(value) : Number.isFinite(value) ? floatText(value) : formatFloat(value)
  }
  if (typeof value === 'string') return pythonStringRepr(value)
  if (value instanceof PyFloat) return floatText(value.value)
  if (value instanceof PyTuple) return value.length === 1 ? `(${writePython(value[0], floatText)},)` : `(${writeItems(value, floatText)})`
  if (Array.isArray(value)) return `[${writeItems(value, floatText)}]`
  if (value instanceof PyCall) {
    const positional = writeItems(value.positional, floatText)
    let keywords = ''
    for (const [key, item] of Object.entries(value.args)) keywords += `${keywords === '' ? '' : ', '}${key}=${writePython(item, floatText)}`
    return `${value.name}(${positional}${positional !== '' && keywords !== '' ? ', ' : ''}${keywords})`
  }
  if (typeof value === 'object') {
    let entries = ''
    for (const [key, item] of Object.entries(value)) entries += `${entries === '' ? '' : ', '}${pythonStringRepr(key)}: ${writePython(item, floatText)}`
    return `{${entries}}`
  }
  return String(value)
}

/** Items written one after another, as a list, a tuple or a call's positional arguments hold them. */
function writeItems(items: readonly unknown[], floatText: (value: number) => string): string {
  let written = ''
  for (let i = 0; i < items.length; i++) written += `${i === 0 ? '' : ', '}${writePython(items[i], floatText)}`
  return written
}

function formatFloat(value: number): string {
  return pythonFloatRepr(value).replace('inf', '1e309').replace('nan', '(1e309-1e309)')
}
