import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { checkBfclEntry } from '../../src/bfcl/check-entry'
import { decodeBfclOutput } from '../../src/bfcl/decode'
import { parsePythonCalls } from '../../src/bfcl/python-calls'
import { MAX_DEPTH } from '../../src/calls/limits'
import { PyFloat, tupleOf } from '../../src/calls/python-values'
import type { ToolCall } from '../../src/calls/tool-call'

function callsOf(text: string): ToolCall[] {
  const result = decodeBfclOutput(text)
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to decode: ${result.reason}`)
  return result.calls
}

/** The value BFCL mode reads for `x` in `f(x=<source>)`. */
function valueOf(source: string): unknown {
  return callsOf(`f(x=${source})`)[0]?.args.x
}

function reasonOf(text: string): string {
  const result = decodeBfclOutput(text)
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to fail, got ${JSON.stringify(result.calls)}`)
  return result.reason
}

describe('BFCL mode: bare names', () => {
  it('reads a bare name as its own text', () => {
    expect(valueOf('Paris')).toBe('Paris')
  })

  it('reads true and null, which are not Python constants, as text', () => {
    expect(callsOf('f(a=true, b=null)')[0]?.args).toStrictEqual({ a: 'true', b: 'null' })
  })

  it('reads bare names inside a list', () => {
    expect(valueOf('[Paris, London]')).toStrictEqual(['Paris', 'London'])
  })

  it('reads a bare name as a dict key', () => {
    expect(valueOf("{unit: 'km'}")).toStrictEqual({ unit: 'km' })
  })

  it('fails on a dotted name, an attribute BFCL does not read', () => {
    expect(reasonOf('f(x=math.pi)')).toBe('at column 9: attribute access on a value is not supported')
  })
})

describe('BFCL mode: arithmetic, computed as Python computes it', () => {
  it.each([
    ['2 * 3', 6],
    ['7 // -2', -4],
    ['-7 // 2', -4],
    ['-7 % 3', 2],
    ['7 % -3', -2],
    ['2 ** 10', 1024],
    ['1 + 2 * 3', 7],
    ['2 ** 3 ** 2', 512],
    ['-(3)', -3],
    ['True + True', 2],
    ['6 >> 1 | 8', 11],
    ['2 ** 60 + 1 - 2 ** 60', 1],
  ])('reads %s as the int %d', (source, value) => {
    expect(valueOf(source)).toBe(value)
  })

  it.each([
    ['10 / 4', 2.5],
    ['4 / 2', 2],
    ['1 + 0.5', 1.5],
    ['2 * 1.0', 2],
    ['7.5 // 2', 3],
    ['-7.5 % 2', 0.5],
    ['2 ** -1', 0.5],
    ['4 ** 0.5', 2],
    ['1.1 ** 4', 1.4641000000000004],
    ['10 ** -4', 0.0001],
  ])('reads %s as the float %d', (source, value) => {
    expect(valueOf(source)).toStrictEqual(new PyFloat(value))
  })

  it('keeps a bool from & | ^ on two bools', () => {
    expect(valueOf('True & False')).toBe(false)
  })

  it.each([
    ["'a' + 'b'", 'ab'],
    ["'ab' * 2", 'abab'],
    ["2 * 'ab'", 'abab'],
    ["'ab' * -1", ''],
  ])('reads the string expression %s as %j', (source, value) => {
    expect(valueOf(source)).toBe(value)
  })

  it('adds and repeats lists', () => {
    expect(valueOf('[1] * 2 + [2.0]')).toStrictEqual([1, 1, new PyFloat(2)])
  })

  it('adds tuples into a tuple', () => {
    expect(valueOf('(1,) + (2,)')).toStrictEqual(tupleOf([1, 2]))
  })

  it('merges dicts with |', () => {
    expect(valueOf("{'a': 1, 'b': 2} | {'b': 3}")).toStrictEqual({ a: 1, b: 3 })
  })

  it('computes arithmetic inside a list', () => {
    expect(valueOf('[1 + 1, 2]')).toStrictEqual([2, 2])
  })

  it('fails where Python raises, at the operator', () => {
    expect(reasonOf('f(x=1 / 0)')).toBe('at column 7: ZeroDivisionError: division by zero')
  })

  it('fails on operands Python cannot combine', () => {
    expect(reasonOf("f(x='a' + 1)")).toBe('at column 9: TypeError: can only concatenate str (not "int") to str')
  })

  it('fails on a name inside arithmetic, which BFCL looks up', () => {
    expect(reasonOf('f(x=[a] * 2)')).toBe("at column 6: arithmetic on the name 'a' is not evaluated")
  })

  it('does not run a call inside arithmetic', () => {
    expect(reasonOf("f(x=len('ab') * 2)")).toBe('at column 8: arithmetic on a call is not evaluated: that would run it')
  })

  it('does not format a string with %', () => {
    expect(reasonOf("f(x='%s' % 5)")).toBe("at column 10: string formatting with '%' is not evaluated")
  })

  it('refuses a result too long to build', () => {
    expect(reasonOf("f(x='a' * 10 ** 7)")).toBe('at column 9: the result would be longer than 1000000 items')
  })

  it('repeats an empty sequence any number of times at once, and fails where Python does on a count past an index-sized integer', () => {
    // Each would take hours counted out one time at a time.
    expect(valueOf('() * 100000000000')).toStrictEqual(valueOf('()'))
    expect(valueOf('[] * 9223372036854775807')).toStrictEqual([])
    expect(valueOf("'' * 9223372036854775807")).toBe('')
    expect(valueOf('[1] * -9223372036854775808')).toStrictEqual([])
    for (const text of ['f(x=12345678901234567890 * ())', 'f(x=[] * 9223372036854775808)', "f(x='' * 12345678901234567890)", 'f(x=[1] * -9223372036854775809)']) {
      expect(reasonOf(text)).toMatch(/^at column \d+: OverflowError: cannot fit 'int' into an index-sized integer$/)
    }
  })

  it('refuses a result whose shared parts, counted each time, hold too much, before reading it', () => {
    expect(reasonOf("f(x=['a' * 999999] * 600)")).toBe('at column 20: the result would hold more than 10000000 values and characters in all')
    expect(reasonOf("f(x=[['a' * 999999] * 999999] * 999999)")).toBe('at column 31: the result would hold more than 10000000 values and characters in all')
    expect(valueOf("['a' * 1000] * 1000")).toHaveLength(1000)
  })

  it('shares a repeated part, as Python does, rather than building a copy of it for each time', () => {
    const tuples = valueOf('[(1,)] * 999999') as unknown[]
    expect(tuples).toHaveLength(999999)
    expect(tuples[0]).toStrictEqual(tupleOf([1]))
    expect(tuples[999998]).toBe(tuples[0])
    const rows = valueOf('[[1.5, {"a": (2,)}] * 2] * 2') as unknown[][]
    expect(rows).toStrictEqual([[new PyFloat(1.5), { a: tupleOf([2]) }, new PyFloat(1.5), { a: tupleOf([2]) }], [new PyFloat(1.5), { a: tupleOf([2]) }, new PyFloat(1.5), { a: tupleOf([2]) }]])
    expect(rows[1]).toBe(rows[0])
    expect(rows[0]![3]).toBe(rows[0]![1])
    // Zeros are not shared between 0.0 and -0.0.
    expect(valueOf('[0.0, -0.0] * 2')).toStrictEqual([new PyFloat(0), new PyFloat(-0), new PyFloat(0), new PyFloat(-0)])
  })

  it('counts a shared part each time it recurs against the bound of a result, though it is walked once', () => {
    // 1 + 2,000 × (1 + 2,000 × 2) values, then 1 + 2,500 × 4,001.
    expect((valueOf('[[(1,)] * 2000] * 2000') as unknown[][])[1999]).toHaveLength(2000)
    expect(reasonOf('f(x=[[(1,)] * 2000] * 2500)')).toBe('at column 21: the result would hold more than 10000000 values and characters in all')
  })

  it('refuses arithmetic that builds more than 20,000,000 values and characters over the whole output, each step within the bounds', () => {
    // Each step builds a million again: Python would build them all, hundreds of times over from a text of a few hundred characters.
    expect(reasonOf(`f(x='a' * 999999${" + ''".repeat(30)})`)).toBe('at column 113: the arithmetic of this output would build more than 20000000 values and characters in all')
    const args = Array.from({ length: 30 }, (_, i) => `a${i}='a' * 999999`).join(', ')
    expect(reasonOf(`f(${args})`)).toMatch(/^at column \d+: the arithmetic of this output would build more than 20000000 values and characters in all$/)
    expect(reasonOf(`[${Array.from({ length: 30 }, () => "f(x='a' * 999999)").join(', ')}]`)).toMatch(/would build more than 20000000/)
    expect(valueOf("['a' * 999999] * 9")).toHaveLength(9)
  })

  it('counts the bits of the ints an operation takes and gives in that budget, as each can take milliseconds', () => {
    expect(reasonOf(`f(x=2 ** 999999 // 3${' // 1'.repeat(30)})`)).toMatch(/^at column \d+: the arithmetic of this output would build more than 20000000 values and characters in all$/)
    expect(valueOf('2 ** 999999 // 2 ** 999990')).toBe(512)
  })

  it('fails on a unary minus before a power, which BFCL reads as an operator on an expression', () => {
    expect(reasonOf('f(x=-2 ** 2)')).toBe("at column 5: unary '-' is read only before a number or a boolean, as BFCL reads it")
  })
})

describe('BFCL mode: dict keys', () => {
  it('refuses keys Python holds apart that JSON would write as one, rather than losing a value', () => {
    const clashes: [string, string][] = [
      ["{1: 'a', '1': 'b'}", '"1"'],
      ["{'1': 'b', 1: 'a'}", '"1"'],
      ["{True: 1, 'true': 2}", '"true"'],
      ["{'k': x, None: 1, 'null': 2}", '"null"'],
      ["[{1.5: 'a', '1.5': 'b'}] * 2", '"1.5"'],
      ["{1: 'a'} | {'1': 'b'}", '"1"'],
      ["g(a={'Infinity': 1, 1e999: 2})", '"Infinity"'],
      // Two NaNs are two keys to Python, however written.
      ["{1e999 - 1e999: 'a', 1e999 - 1e999: 'b'}", '"NaN"'],
    ]
    for (const [source, key] of clashes) {
      expect(reasonOf(`f(x=${source})`)).toMatch(new RegExp(`^at column \\d+: keys Python holds apart are one key as JSON writes them, ${key}$`))
    }
    expect(reasonOf("f(x={'k': x, 1: 'a', '1': 'b'})")).toBe('at column 22: keys Python holds apart are one key as JSON writes them, "1"')
  })

  it('keeps the last value of keys Python holds equal, and keys of other kinds that JSON writes apart', () => {
    expect(valueOf("{1: a, 0x1: b, 'c': 1, 'c': 2}")).toStrictEqual({ '1': 'b', c: 2 })
    expect(valueOf("{1: 'a', 0x1: 'b'} | {1: 'c'} | {'d': 1}")).toStrictEqual({ '1': 'c', d: 1 })
    expect(valueOf('{1: a, True: b, 1.0: c}')).toStrictEqual({ '1': 'a', true: 'b', '1.0': 'c' })
  })

  it('writes an int key past 2^53 exactly, as json.dumps does, so keys that differ there stay apart', () => {
    expect(valueOf("{9007199254740993: 'a', -9007199254740993: 'b', 10**30: 'c'}")).toStrictEqual({
      '9007199254740993': 'a',
      '-9007199254740993': 'b',
      '1000000000000000000000000000000': 'c',
    })
    expect(valueOf("{2**53 + 1: 'a', 2**53: 'b'}")).toStrictEqual({ '9007199254740993': 'a', '9007199254740992': 'b' })
    expect(valueOf("{1: 'a'} | {2**53 + 1: 'b'}")).toStrictEqual({ '1': 'a', '9007199254740993': 'b' })
  })

  it('grades an output with such a dict invalid, as BFCL grades the dict it keeps', () => {
    const doc = { name: 'f', parameters: { type: 'dict', properties: { d: { type: 'dict' } }, required: ['d'] } }
    const entry = { id: 'simple_python_0', model_output: "f(d={1: 'a', '1': 'b'})", functions: [doc], ground_truth: [{ f: { d: [{ '1': ['b'] }] } }] }
    // BFCL: value_error:dict_key, "Unexpected dict key parameter: '1'." — the int key is in no gold dict.
    expect(checkBfclEntry(entry)).toMatchObject({
      valid: false,
      error_type: 'ast_decoder:decoder_failed',
      errors: [expect.stringContaining('at column 14: keys Python holds apart are one key as JSON writes them, "1"')],
    })
  })
})

describe('BFCL mode: ~, not and + compute Python’s value', () => {
  it('reads ~5 as -6, where BFCL reads -5', () => {
    expect(valueOf('~5')).toBe(-6)
  })

  it('reads not True as False, where BFCL reads -1', () => {
    expect(valueOf('not True')).toBe(false)
  })

  it('reads not 0 as True', () => {
    expect(valueOf('not 0')).toBe(true)
  })

  it('reads +True as 1', () => {
    expect(valueOf('+True')).toBe(1)
  })

  it('fails on ~ before a float, which Python refuses', () => {
    expect(reasonOf('f(x=~5.0)')).toBe("at column 5: TypeError: bad operand type for unary ~: 'float'")
  })

  it('fails on not before a string, which BFCL cannot negate', () => {
    expect(reasonOf("f(x=not 'a')")).toBe("at column 5: unary 'not' is read only before a number or a boolean, as BFCL reads it")
  })

  it('fails on a doubled sign, whose operand is not a literal', () => {
    expect(reasonOf('f(x=--5)')).toMatch(/^at column 5: unary '-' is read only before a number or a boolean/)
  })
})

describe('BFCL mode: the Ellipsis', () => {
  it("reads ... as the string '...'", () => {
    expect(valueOf('...')).toBe('...')
  })

  it("reads ... inside containers as '...'", () => {
    expect(valueOf('[1, ...]')).toStrictEqual([1, '...'])
  })

  it("reads ... as a keyword of a nested call as '...'", () => {
    expect(valueOf('g(a=...)')).toStrictEqual({ g: { a: '...' } })
  })
})

describe('BFCL mode: subscripts, attributes and calls on values', () => {
  it('reads a subscript as its source text', () => {
    expect(valueOf("'abc'[0]")).toBe("'abc'[0]")
  })

  it('reads a slice as its source text', () => {
    expect(valueOf('data[1:]')).toBe('data[1:]')
  })

  it('writes a tuple index in parentheses, as BFCL joins the two parts', () => {
    expect(valueOf('a[1, 2]')).toBe('a[(1, 2)]')
  })

  it('writes the subscripted expression without its parentheses, as BFCL does', () => {
    expect(valueOf('(a + b)[0]')).toBe('a + b[0]')
  })

  it('reads a method call without keyword arguments as its source text', () => {
    expect(valueOf("'a'.upper()")).toBe("'a'.upper()")
  })

  it('reads a dotted call without arguments as its source text', () => {
    expect(valueOf('datetime.now()')).toBe('datetime.now()')
  })

  it('writes a call kept as text as ast.unparse writes it', () => {
    expect(valueOf("g(Paris, 1+2, u'x', {1: 'a'}, 0x10)")).toBe("g(Paris, 1 + 2, u'x', {1: 'a'}, 16)")
  })

  it('reads a method call with keyword arguments as { method: keywords }', () => {
    expect(valueOf("'a'.replace(old='a', new='b')")).toStrictEqual({ replace: { old: 'a', new: 'b' } })
  })

  it('reads the keyword values of a nested call as BFCL reads them', () => {
    expect(valueOf('np.array(object=[Paris, 2 * 3])')).toStrictEqual({ 'np.array': { object: ['Paris', 6] } })
  })

  it('keeps a nested call with positional arguments as text', () => {
    expect(valueOf('g(1, a=Paris)')).toBe('g(1, a=Paris)')
  })

  it('fails on a nested call kept as text whose keyword value BFCL cannot read', () => {
    expect(reasonOf('f(x=g(1, a=-y))')).toMatch(/^at column 12: unary '-' is read only before/)
  })

  it('fails on an attribute of a call', () => {
    expect(reasonOf('f(x=g(a=1).b)')).toBe('at column 11: attribute access on a value is not supported')
  })
})

describe('BFCL mode: repeated keywords', () => {
  it('keeps the last value of a repeated keyword', () => {
    expect(callsOf('f(a=1, a=2)')[0]?.args).toStrictEqual({ a: 2 })
  })

  it('keeps a repeated keyword where it first appeared', () => {
    expect(Object.keys(callsOf('f(a=1, b=2, a=3)')[0]!.args)).toEqual(['a', 'b'])
  })

  it('keeps the last value of a keyword repeated in a nested call', () => {
    expect(valueOf('g(k=1, k=2)')).toStrictEqual({ g: { k: 2 } })
  })

  it('fails when the replaced value cannot be read, as BFCL reads every value', () => {
    expect(reasonOf('f(a=b.c, a=1)')).toBe('at column 6: attribute access on a value is not supported')
  })
})

describe('BFCL mode: arguments that are not values', () => {
  it('reads a positional argument as a keyword value would be read', () => {
    expect(callsOf('f(Paris, x=1)')).toStrictEqual([{ name: 'f', args: { x: 1 }, positional: ['Paris'] }])
  })

  it('points at the problem in the text as the model wrote it', () => {
    expect(reasonOf('  f(x=1, y=2 // 0)')).toBe('at column 14: ZeroDivisionError: integer division or modulo by zero')
  })
})

describe('BFCL mode: the edges of an expression', () => {
  it.each(['Trueish', 'Falsey', 'Nonexistent', 'lambdas', 'foobar', 'nothing'])(
    'reads %s, a name that begins as a constant or a keyword does, as its own text',
    (name) => {
      expect(valueOf(name)).toBe(name)
    },
  )

  it.each([
    ['.5', new PyFloat(0.5)],
    ['-.5', new PyFloat(-0.5)],
    ['2 ^ 3', 1],
    ['8 >> 1', 4],
    ['1 << 2', 4],
  ])('reads %s as %o', (source, value) => {
    expect(valueOf(source)).toStrictEqual(value)
  })

  it.each(['[1, 2][0:1:1]', '[1, 2][::1]', '[1, 2, 3][:2]', '[1, 2, 3][1:]'])('keeps the slice %s as its source text', (source) => {
    expect(valueOf(source)).toBe(source)
  })

  it.each([
    ['f(x=(y := 1))', "at column 8: operator ':=' is not supported"],
    ['f(x=1 @ 2)', "at column 7: TypeError: unsupported operand type(s) for @: 'int' and 'int'"],
    ['f(x=g(*a))', "at column 7: unpacking with '*' or '**' is not supported"],
    ['f(x=g(b=1, *c))', "at column 12: unpacking with '*' or '**' is not supported"],
    ['f(x={**a})', "at column 6: unpacking with '*' or '**' is not supported"],
    ['f(x=g(1 2))', "at column 9: expected ',' or ')' but found '2'"],
    ['f(x=[1 2])', "at column 8: expected ',' or ']' but found '2'"],
    ['f(x=(1 2))', "at column 8: expected ',' or ')' but found '2'"],
    ['f(x={1: 2 3: 4})', "at column 11: expected ',' or '}' but found '3'"],
    ['f(x={1: 2, 3})', "at column 13: expected ':' but found '}'"],
    ['f(x=a.)', "at column 7: expected a name after '.' but found ')'"],
  ])('%s fails, saying why', (text, reason) => {
    expect(reasonOf(text)).toBe(reason)
  })

  it('counts only the nesting against the depth, not expressions side by side', () => {
    const items = ['[1][0]', '(1 + 2 * 3)', '{1: (2,)}', 'not 0', 'g(1)(2)', 'h(y=[1])', '-(1)', '2 ** 2']
    const value = valueOf(`[${items.join(', ').concat(', ').repeat(MAX_DEPTH + 1)}]`)
    expect(value).toHaveLength(items.length * (MAX_DEPTH + 1))
  })
})

describe('BFCL mode on any text', () => {
  test.prop([fc.array(fc.constantFrom(...'f(x=[{1,\'"a:]}).,#\\\n-+*/%~^&|<>@ 0eju.Tnot'.split('')), { maxLength: 40 })])(
    'never throws on text made of Python punctuation and operators',
    (chars) => {
      expect(typeof decodeBfclOutput(`f(x=${chars.join('')})`).ok).toBe('boolean')
    },
  )
})

describe('BFCL mode in a verdict', () => {
  const doc = { name: 'f', parameters: { type: 'dict', properties: { n: { type: 'integer' }, unit: { type: 'string' } }, required: ['n'] } }
  const entry = (model_output: string) => ({
    id: 'simple_python_0',
    model_output,
    functions: [doc],
    ground_truth: [{ f: { n: [6], unit: ['km', ''] } }],
  })

  it('accepts arithmetic that gives the gold value', () => {
    expect(checkBfclEntry(entry('f(n=2 * 3)')).valid).toBe(true)
  })

  it('accepts a bare name that reads as the gold string', () => {
    expect(checkBfclEntry(entry('f(n=6, unit=km)')).valid).toBe(true)
  })

  it('grades true division as a float, which an integer parameter refuses', () => {
    expect(checkBfclEntry(entry('f(n=12 / 2)')).error_type).toBe('type_error:simple')
  })

  it('grades a value that repeats a part, the part shared, as any other value', () => {
    expect(checkBfclEntry(entry("f(n=[{'a': (1,)}] * 1000)")).error_type).toBe('type_error:simple')
  })
})

describe('plain mode still refuses what is not a literal', () => {
  it.each([
    ['f(x=Paris)', "at column 5: expected a value but found the name 'Paris' (a string needs quotes)"],
    ['f(x=2*3)', "at column 6: operator '*' is not supported"],
    ['f(x=-(3, 4))', "at column 6: expected a number after unary '-' but found '('"],
    ['f(x=~5)', "at column 5: expected a value but found '~'"],
    ['f(x=not True)', "at column 5: operator 'not' is not supported"],
    ['f(x=...)', "at column 5: the Ellipsis '...' is not supported"],
    ["f(x='abc'[0])", 'at column 10: subscripts are not supported'],
    ["f(x='a'.upper())", 'at column 8: attribute access on a value is not supported'],
    ['f(a=1, a=2)', "at column 8: keyword argument 'a' is repeated"],
  ])('%s', (text, reason) => {
    const result = parsePythonCalls(text)
    expect(result.ok ? 'decoded' : result.reason).toBe(reason)
  })

  it('refuses them in typed mode too, without the BFCL reading', () => {
    expect(parsePythonCalls('f(x=2*3)', { typed: true }).ok).toBe(false)
  })
})
