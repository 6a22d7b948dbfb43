import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import { BFCL_DATA } from '../fixtures/bfcl-data'
import { parseBfclJson, parseTypedJson } from '../../src/bfcl/typed-json'
import { pyTypeOf } from '../../src/bfcl/python-semantics'
import { MAX_DEPTH } from '../../src/calls/limits'
import { PyFloat, isPyFloat, toPlainValue } from '../../src/calls/python-values'

const dataDirectory = BFCL_DATA
const dataFiles = [
  ...readdirSync(dataDirectory).filter((name) => name.endsWith('.json')),
  ...readdirSync(new URL('possible_answer/', dataDirectory)).map((name) => `possible_answer/${name}`),
]

function dataLines(file: string): string[] {
  return readFileSync(new URL(file, dataDirectory), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
}

function errorOf(text: string): unknown {
  try {
    parseTypedJson(text)
  } catch (error) {
    return error
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`)
}

describe('parseTypedJson on the BFCL data', () => {
  it.each(dataFiles)('reads every line of %s as JSON.parse does, once floats are unboxed', (file) => {
    const lines = dataLines(file)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(toPlainValue(parseTypedJson(line))).toStrictEqual(JSON.parse(line))
  })

  it("reads a gold file's float as a float and its integer as an integer", () => {
    const line = dataLines('possible_answer/BFCL_v4_parallel.json').find((entry) => entry.includes('"parallel_2"')) ?? ''
    const gold = parseTypedJson(line) as { ground_truth: Record<string, Record<string, unknown[]>>[] }
    const firstCall = gold.ground_truth[0]?.calculate_resistance
    expect(firstCall?.area).toStrictEqual([new PyFloat(0.01)])
    expect(firstCall?.length).toStrictEqual([5])
  })
})

describe('parseTypedJson: numbers', () => {
  it('reads [1.0, 2.0] as a list of floats', () => {
    expect(parseTypedJson('[1.0, 2.0]')).toStrictEqual([new PyFloat(1), new PyFloat(2)])
  })

  it('reads [1, 2] as a list of integers', () => {
    expect(parseTypedJson('[1, 2]')).toStrictEqual([1, 2])
  })

  it.each(['2e3', '2E3', '2e+3', '1.5e-3', '-0.5', '0.0', '-1E2'])('reads %s as a float', (text) => {
    const value = parseTypedJson(text)
    expect(isPyFloat(value)).toBe(true)
    expect((value as PyFloat).value).toBe(JSON.parse(text))
  })

  it.each(['0', '7', '-12', '123456789012345', '12345678901234567890'])('reads %s as an integer', (text) => {
    expect(parseTypedJson(text)).toBe(JSON.parse(text))
  })

  it('reads -0 as the integer 0, as Python does', () => {
    expect(Object.is(parseTypedJson('-0'), 0)).toBe(true)
  })

  it('keeps the sign of the float -0.0', () => {
    expect(Object.is((parseTypedJson('-0.0') as PyFloat).value, -0)).toBe(true)
  })

  it('rounds a long float as JSON.parse does', () => {
    expect((parseTypedJson('3.14159265358979323846') as PyFloat).value).toBe(3.141592653589793)
  })
})

describe('parseTypedJson: everything else as JSON.parse', () => {
  it('reads strings with every escape', () => {
    const text = '"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"'
    expect(parseTypedJson(text)).toBe(JSON.parse(text))
  })

  it('reads a lone surrogate escape as JSON.parse does', () => {
    expect(parseTypedJson('"\\ud800"')).toBe('\ud800')
  })

  it('reads true, false and null', () => {
    expect(parseTypedJson('[true, false, null]')).toStrictEqual([true, false, null])
  })

  it('reads nested objects and arrays with whitespace around tokens', () => {
    expect(parseTypedJson(' {\n\t"a" : [ {"b": {}} , [] ] \r\n} ')).toStrictEqual({ a: [{ b: {} }, []] })
  })

  it('reads a __proto__ key as an own property, not the prototype', () => {
    const value = parseTypedJson('{"__proto__": {"polluted": 1}}') as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(value).toStrictEqual(JSON.parse('{"__proto__": {"polluted": 1}}'))
  })

  it('keeps the last value of a repeated key', () => {
    expect(parseTypedJson('{"a": 1, "a": 2}')).toStrictEqual({ a: 2 })
  })

  test.prop([fc.jsonValue()])('gives what JSON.parse gives, once floats are unboxed', (value) => {
    const text = JSON.stringify(value)
    expect(toPlainValue(parseTypedJson(text))).toStrictEqual(JSON.parse(text))
  })

  test.prop([fc.jsonValue()])('gives what JSON.parse gives for indented JSON', (value) => {
    const text = JSON.stringify(value, null, 2)
    expect(toPlainValue(parseTypedJson(text))).toStrictEqual(JSON.parse(text))
  })
})

describe('parseTypedJson: floats wherever JSON.parse puts them', () => {
  it('keeps a float a float under an integer-like key, which JSON.parse orders first', () => {
    const value = parseTypedJson('{"b": 1, "2": 2.0}') as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['2', 'b'])
    expect(value['2']).toStrictEqual(new PyFloat(2))
  })

  it('keeps a float a float under a __proto__ key', () => {
    expect(Object.getOwnPropertyDescriptor(parseTypedJson('{"__proto__": 2.0}'), '__proto__')?.value).toStrictEqual(new PyFloat(2))
  })

  it('keeps the float that a repeated key ends with', () => {
    expect(parseTypedJson('{"a": "x", "b": 1.0, "a": 2.0}')).toStrictEqual({ a: new PyFloat(2), b: new PyFloat(1) })
  })

  it('keeps the integer that a repeated key ends with, after a float', () => {
    expect(parseTypedJson('{"a": 1.0, "a": 1}')).toStrictEqual({ a: 1 })
  })

  it('reads -0 in a list as the integer 0', () => {
    expect(Object.is((parseTypedJson('[-0]') as number[])[0], 0)).toBe(true)
  })

  it('leaves number-like text inside strings alone, past escaped quotes', () => {
    expect(parseTypedJson('["a \\"1.5\\" b", "-0", 2.5]')).toStrictEqual(['a "1.5" b', '-0', new PyFloat(2.5)])
  })

  it('reads a string holding NUL beside a float', () => {
    expect(parseTypedJson('["\\u0000", 1.0]')).toStrictEqual(['\u0000', new PyFloat(1)])
  })

  it('reads more than MAX_DEPTH lists side by side: only nesting is limited', () => {
    const text = `[${'[1.5],'.repeat(MAX_DEPTH)}[]]`
    expect((parseTypedJson(text) as unknown[]).length).toBe(MAX_DEPTH + 1)
  })

  it('refuses a float written as a key', () => {
    expect(errorOf('{1.5: 2}')).toBeInstanceOf(SyntaxError)
  })

  it('refuses a float with a leading zero', () => {
    expect(errorOf('[01.5]')).toBeInstanceOf(SyntaxError)
  })

  // Integers, floats and -0 side by side, and strings that hold number-like text.
  const digits = fc.stringMatching(/^[0-9]{1,4}$/)
  const integerText = fc.tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9][0-9]{0,5})$/)).map(([minus, int]) => `${minus ? '-' : ''}${int}`)
  const floatText = fc
    .tuple(integerText, fc.option(digits, { nil: undefined }), fc.option(fc.tuple(fc.constantFrom('e', 'E', 'e+', 'e-', 'E-'), digits), { nil: undefined }))
    .filter(([, fraction, exponent]) => fraction !== undefined || exponent !== undefined)
    .map(([int, fraction, exponent]) => `${int}${fraction === undefined ? '' : `.${fraction}`}${exponent === undefined ? '' : exponent.join('')}`)
  const token = fc.oneof(
    integerText.map((text) => ({ text, read: text === '-0' ? 0 : Number(text) })),
    floatText.map((text) => ({ text, read: new PyFloat(Number(text)) })),
    fc.stringMatching(/^[-0-9.eE" \\]{0,8}$/).map((string) => ({ text: JSON.stringify(string), read: string })),
  )
  test.prop([fc.array(token, { maxLength: 12 }), fc.constantFrom('', ' ', '\n ')])(
    'reads each number as the kind its text says, however integers, floats and strings adjoin',
    (tokens, space) => {
      const list = parseTypedJson(`[${space}${tokens.map((t) => t.text).join(`,${space}`)}]`)
      const keyed = parseTypedJson(`{${tokens.map((t, i) => `"k${i}":${space}${t.text}`).join(',')}}`) as Record<string, unknown>
      expect(list).toStrictEqual(tokens.map((t) => t.read))
      expect(tokens.map((_, i) => keyed[`k${i}`])).toStrictEqual(tokens.map((t) => t.read))
    },
  )

  const jsonish = fc.string({ unit: fc.constantFrom(...'[]{}",:.-+eE01259 \\u'.split('')), maxLength: 24 })
  /** The value with every -0 read as 0: the integer -0 reads as 0 on purpose (tested above). */
  const unsignedZeros = (value: unknown): unknown =>
    Object.is(value, -0)
      ? 0
      : Array.isArray(value)
        ? value.map(unsignedZeros)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unsignedZeros(item)]))
          : value
  test.prop([jsonish], { examples: [['-0'], ['[-0, -0.0]'], ['{"a": -0e1}']] })(
    'refuses exactly what JSON.parse refuses, and reads the rest as it does',
    (text) => {
      let expected: unknown
      try {
        expected = JSON.parse(text)
      } catch {
        expect(() => parseTypedJson(text)).toThrow(SyntaxError)
        return
      }
      expect(unsignedZeros(toPlainValue(parseTypedJson(text)))).toStrictEqual(unsignedZeros(expected))
    },
  )
})

describe('parseTypedJson: invalid JSON throws a SyntaxError that says where', () => {
  it.each([
    ['', 'Unexpected end of JSON input in JSON at position 0 (line 1 column 1)'],
    ['[1,]', "Unexpected token ']' in JSON at position 3 (line 1 column 4)"],
    ['[1 2]', "Expected ',' or ']' after array element in JSON at position 3 (line 1 column 4)"],
    ['{"a" 1}', "Expected ':' after property name in JSON at position 5 (line 1 column 6)"],
    ['{"a": 1', "Expected ',' or '}' after property value in JSON at position 7 (line 1 column 8)"],
    ["{'a': 1}", 'Expected double-quoted property name in JSON at position 1 (line 1 column 2)'],
    ['"abc', 'Unterminated string in JSON at position 4 (line 1 column 5)'],
    ['"a\nb"', 'Bad control character in string literal in JSON at position 2 (line 1 column 3)'],
    ['"\\x41"', 'Bad escaped character in JSON at position 1 (line 1 column 2)'],
    ['"\\u12"', 'Bad Unicode escape in JSON at position 1 (line 1 column 2)'],
    ['01', 'Unexpected non-whitespace character after JSON in JSON at position 1 (line 1 column 2)'],
    ['-', 'No number after minus sign in JSON at position 1 (line 1 column 2)'],
    ['1.', 'Unterminated fractional number in JSON at position 2 (line 1 column 3)'],
    ['1e', 'Exponent part is missing a number in JSON at position 2 (line 1 column 3)'],
    ['.5', "Unexpected token '.' in JSON at position 0 (line 1 column 1)"],
    ['NaN', "Unexpected token 'N' in JSON at position 0 (line 1 column 1)"],
    ['[1]\n[2]', 'Unexpected non-whitespace character after JSON in JSON at position 4 (line 2 column 1)'],
    ['\u00a01', "Unexpected token '\u00a0' in JSON at position 0 (line 1 column 1)"],
  ])('refuses %j', (text, message) => {
    const error = errorOf(text)
    expect(error).toBeInstanceOf(SyntaxError)
    expect((error as SyntaxError).message).toBe(message)
  })

  it('refuses whatever JSON.parse refuses', () => {
    for (const text of ['[', ']', '{"a"}', 'tru', 'nul', '[1,,2]', '{,}', '"\t"', '+1', '1e+', '--1', '0x10', "'a'"]) {
      expect(() => JSON.parse(text)).toThrow(SyntaxError)
      expect(() => parseTypedJson(text)).toThrow(SyntaxError)
    }
  })
})

describe('parseTypedJson: depth', () => {
  it(`reads ${MAX_DEPTH} levels of nested arrays`, () => {
    expect(() => parseTypedJson('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH))).not.toThrow()
  })

  it(`refuses ${MAX_DEPTH + 1} levels of nested objects with a SyntaxError`, () => {
    const text = '{"a":'.repeat(MAX_DEPTH + 1) + '1' + '}'.repeat(MAX_DEPTH + 1)
    expect(errorOf(text)).toBeInstanceOf(SyntaxError)
  })

  it('under the key of the model\'s output, reads one level deeper and stands an empty list for anything deeper, still checked as JSON', () => {
    const line = (inner: string) => `{"ground_truth": [1.0], "model_output": ${inner}, "id": "x"}`
    const oneDeeper = `${'['.repeat(MAX_DEPTH)}2.0${']'.repeat(MAX_DEPTH)}`
    let innermost = parseBfclJson(line(oneDeeper), 'model_output') as { model_output: unknown; id: string }
    let value: unknown = innermost.model_output
    for (let level = 1; level < MAX_DEPTH; level++) value = (value as unknown[])[0]
    expect(value).toEqual([new PyFloat(2)])
    innermost = parseBfclJson(line(`[${'['.repeat(100_000)}${']'.repeat(100_000)}]`), 'model_output') as typeof innermost
    value = innermost.model_output
    for (let level = 1; level < MAX_DEPTH; level++) value = (value as unknown[])[0]
    expect(value).toEqual([[]])
    expect(innermost.id).toBe('x')
    expect(() => parseBfclJson(line(`[${'['.repeat(MAX_DEPTH)}1,]${']'.repeat(MAX_DEPTH - 1)}]`), 'model_output')).toThrow(SyntaxError)
    expect(() => parseBfclJson(`{"ground_truth": ${oneDeeper}}`, 'model_output')).toThrow(`Nesting deeper than ${MAX_DEPTH} levels`)
  })

  it('refuses a million opening brackets without overflowing the stack', () => {
    const error = errorOf('['.repeat(1_000_000))
    expect((error as SyntaxError).message).toBe(
      `Nesting deeper than ${MAX_DEPTH} levels in JSON at position ${MAX_DEPTH} (line 1 column ${MAX_DEPTH + 1})`,
    )
  })
})

/** Each number as the BFCL checker sees it: its Python type and its value, whichever way it is held. */
function pythonView(value: unknown): unknown {
  if (typeof value === 'number' || value instanceof PyFloat) return { type: pyTypeOf(value), value: Number(value) }
  if (Array.isArray(value)) return value.map(pythonView)
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pythonView(item)]))
  return value
}

describe('parseBfclJson: what the BFCL checker reads', () => {
  it.each(dataFiles)('reads every line of %s to the same Python values as parseTypedJson', (file) => {
    for (const line of dataLines(file)) expect(pythonView(parseBfclJson(line))).toStrictEqual(pythonView(parseTypedJson(line)))
  })

  // Each alone on its line, so that no other number there gets the line's floats marked.
  it.each([
    ['1.0', 'float'],
    ['2.00', 'float'],
    ['1e3', 'float'],
    ['2.5E1', 'float'],
    ['-0.0', 'float'],
    ['0.99999999999999999', 'float'],
    ['1.0000000000000001', 'float'],
    ['9007199254740993.5', 'float'],
    ['12345678.00000000001', 'float'],
    ['1', 'int'],
    ['-0', 'int'],
    ['12345678901234567890', 'int'],
  ])('reads %s alone on its line as the %s parseTypedJson reads', (text, type) => {
    const line = `{"id": "x", "value": ${text}}`
    const read = (parseBfclJson(line) as { value: unknown }).value
    expect(pyTypeOf(read)).toBe(type)
    expect(pythonView(read)).toStrictEqual(pythonView((parseTypedJson(line) as { value: unknown }).value))
  })

  it('may give a float that is not integral as a plain number, which the checker reads as a float', () => {
    const read = parseBfclJson('{"area": [0.01], "unit": "m2"}') as { area: unknown[] }
    expect(read.area[0]).toBe(0.01)
    expect(pyTypeOf(read.area[0])).toBe('float')
  })

  const longDigits = fc.stringMatching(/^[0-9]{1,20}$/)
  const numberText = fc
    .tuple(
      fc.boolean(),
      fc.stringMatching(/^(0|[1-9][0-9]{0,19})$/),
      fc.option(longDigits, { nil: undefined }),
      fc.option(fc.tuple(fc.constantFrom('e', 'E-', 'e+'), fc.stringMatching(/^[0-9]{1,3}$/)), { nil: undefined }),
    )
    .map(([minus, int, fraction, exponent]) => `${minus ? '-' : ''}${int}${fraction === undefined ? '' : `.${fraction}`}${exponent?.join('') ?? ''}`)
  const item = fc.oneof(numberText, fc.stringMatching(/^[-0-9.eE ]{0,8}$/).map((string) => JSON.stringify(string)))
  test.prop([fc.array(item, { minLength: 1, maxLength: 8 })])('reads every number to the Python type and value parseTypedJson gives', (items) => {
    const text = `{"id": "x", "values": [${items.join(', ')}]}`
    expect(pythonView(parseBfclJson(text))).toStrictEqual(pythonView(parseTypedJson(text)))
  })

  it('refuses what parseTypedJson refuses', () => {
    for (const text of ['[1.0,]', '{1.5: 2}', '['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1)]) {
      expect(() => parseBfclJson(text)).toThrow(SyntaxError)
    }
  })
})
