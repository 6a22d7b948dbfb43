import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import { readBfclExpression } from '../../src/bfcl/read-expression'
import { MAX_DEPTH, MAX_LIST_ITEMS } from '../../src/calls/limits'
import { parsePythonCalls } from '../../src/bfcl/python-calls'
import type { PythonParseOptions } from '../../src/calls/python'
import {
  PyCall,
  PyFloat,
  formatPythonValue,
  isPyFloat,
  isTuple,
  pythonFloatRepr,
  pythonStringRepr,
  setEntry,
  toPlainValue,
  tupleOf,
} from '../../src/calls/python-values'
import type { ToolCall } from '../../src/calls/tool-call'

function callsOf(text: string, options?: PythonParseOptions): ToolCall[] {
  const result = parsePythonCalls(text, options)
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.reason}`)
  return result.calls
}

/** The value of `x` in `f(x=<source>)`. */
function valueOf(source: string, options?: PythonParseOptions): unknown {
  return callsOf(`f(x=${source})`, options)[0]?.args.x
}

function reasonOf(text: string, options?: PythonParseOptions): string {
  const result = parsePythonCalls(text, options)
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to fail`)
  return result.reason
}

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth)
}

describe('parsePythonCalls: the shape of the text', () => {
  it('reads a bracketed list of calls', () => {
    expect(callsOf("[get_weather(city='Paris', days=3), f(x=[1, 2])]")).toEqual([
      { name: 'get_weather', args: { city: 'Paris', days: 3 } },
      { name: 'f', args: { x: [1, 2] } },
    ])
  })

  it('reads a bare call', () => {
    expect(callsOf('f(x=1)')).toEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('reads a comment or a line continuation right after a value', () => {
    expect(callsOf('f(x=1# note\n, y=2)')).toEqual([{ name: 'f', args: { x: 1, y: 2 } }])
    expect(callsOf('f(x=1\\\n, y=2)')).toEqual([{ name: 'f', args: { x: 1, y: 2 } }])
  })

  it('reads a dotted name spaced around a dot as the name joined', () => {
    expect(callsOf('math .sqrt(x=1)')).toEqual([{ name: 'math.sqrt', args: { x: 1 } }])
    expect(callsOf('a . b.c(x=1)')).toEqual([{ name: 'a.b.c', args: { x: 1 } }])
  })

  it('tells apart keyword names beyond ASCII of one length', () => {
    expect(callsOf('f(é=1, ê=2)')).toEqual([{ name: 'f', args: { é: 1, ê: 2 } }])
  })

  it('reads calls separated by commas without brackets', () => {
    expect(callsOf('f(a=1), g(b=2)')).toEqual([
      { name: 'f', args: { a: 1 } },
      { name: 'g', args: { b: 2 } },
    ])
  })

  it('reads an empty list as no calls', () => {
    expect(callsOf('[]')).toEqual([])
  })

  it('reads empty text as no calls', () => {
    expect(callsOf('  ')).toEqual([])
  })

  it('accepts a trailing comma after the last call', () => {
    expect(callsOf('[f(), g(),]')).toEqual([
      { name: 'f', args: {} },
      { name: 'g', args: {} },
    ])
  })

  it('reads a call without arguments', () => {
    expect(callsOf('get_time()')).toEqual([{ name: 'get_time', args: {} }])
  })

  it('keeps a dotted name whole', () => {
    expect(callsOf('math.factorial(number=5)')[0]?.name).toBe('math.factorial')
  })

  it('keeps a name of three parts whole', () => {
    expect(callsOf('a.b.c()')[0]?.name).toBe('a.b.c')
  })

  it('joins a dotted name written with spaces around its dots', () => {
    expect(callsOf('a . b. c()')[0]?.name).toBe('a.b.c')
  })

  it('reads a call wrapped in parentheses', () => {
    expect(callsOf('[(f(x=1))]')).toEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('reads calls spread over lines, with comments', () => {
    expect(callsOf("[\n  f(x=1),  # first\n  g(y='a'),\n]")).toEqual([
      { name: 'f', args: { x: 1 } },
      { name: 'g', args: { y: 'a' } },
    ])
  })

  it('reads a backslash line continuation as space', () => {
    expect(callsOf('f(x=1, \\\ny=2)')).toEqual([{ name: 'f', args: { x: 1, y: 2 } }])
  })

  it('reads a name in another script', () => {
    expect(callsOf('météo(ville="Paris")')).toEqual([{ name: 'météo', args: { ville: 'Paris' } }])
  })
})

describe('parsePythonCalls: arguments', () => {
  it('keeps positional arguments in order in `positional`', () => {
    expect(callsOf("f(1, 'a')")).toEqual([{ name: 'f', args: {}, positional: [1, 'a'] }])
  })

  it('accepts keyword arguments after positional ones', () => {
    expect(callsOf('f(1, k=2)')).toEqual([{ name: 'f', args: { k: 2 }, positional: [1] }])
  })

  it('leaves `positional` out when there is none', () => {
    expect(callsOf('f(k=2)')[0]).not.toHaveProperty('positional')
  })

  it('fails on a positional argument after a keyword argument', () => {
    expect(reasonOf('f(k=2, 1)')).toBe('at column 8: positional argument follows keyword argument')
  })

  it('fails on a missing argument after a keyword argument as what it is, not as a positional one', () => {
    expect(reasonOf('f(k=2,, 1)')).toBe("at column 7: expected an argument but found ','")
    // Inside a call that is an argument, read as an expression.
    expect(reasonOf('[f(j=g(k=2,, 1))]', { typed: true, readExpression: readBfclExpression })).toBe("at column 12: expected an argument but found ','")
  })

  it('fails on a repeated keyword argument', () => {
    expect(reasonOf('f(x=1, x=2)')).toBe("at column 8: keyword argument 'x' is repeated")
  })

  it('quotes a vast name by its start, where the reason would hold it all', () => {
    const name = 'x'.repeat(100_000)
    expect(reasonOf(`f(a=${name})`)).toBe(`at column 5: expected a value but found the name '${'x'.repeat(100)}…' (a string needs quotes)`)
    expect(reasonOf(name)).toMatch(/^at column 100001: expected '\(' after 'x{100}…' but found the end of the text$/)
    expect(reasonOf(`f(${name}=1, ${name}=2)`)).toMatch(/: keyword argument 'x{100}…' is repeated$/)
  })

  it('fails on argument unpacking', () => {
    expect(reasonOf('f(**kwargs)')).toBe("at column 3: unpacking with '*' or '**' is not supported")
  })

  it('accepts spaces around the equals sign', () => {
    expect(callsOf('f(x = 1)')[0]?.args).toEqual({ x: 1 })
  })

  it('accepts a trailing comma after the last argument', () => {
    expect(callsOf('f(x=1,)')[0]?.args).toEqual({ x: 1 })
  })

  it('reads a keyword named __proto__ as an own property, not the prototype', () => {
    const args = callsOf('f(__proto__=1)')[0]?.args ?? {}
    expect(Object.getOwnPropertyDescriptor(args, '__proto__')?.value).toBe(1)
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
  })

  it('reads a keyword named like an Object method as an own property', () => {
    const args = callsOf('f(toString=1, constructor=2)')[0]?.args ?? {}
    expect(Object.keys(args)).toEqual(['toString', 'constructor'])
  })

  it('fails on a Python keyword as an argument name', () => {
    expect(reasonOf("f(from='x')")).toBe("at column 3: 'from' is a Python keyword, not a name")
  })

  it('fails on a Python keyword in a dotted function name, whichever part it is', () => {
    expect(reasonOf('a.class()')).toBe("at column 3: 'class' is a Python keyword, not a name")
    expect(reasonOf('if.x()')).toBe("at column 1: 'if' is a Python keyword, not a name")
    expect(reasonOf('a.for.b()')).toBe("at column 3: 'for' is a Python keyword, not a name")
    expect(reasonOf('a.b.None()')).toBe("at column 5: 'None' is a Python keyword, not a name")
  })

  it('reads names that only begin or end like a keyword', () => {
    expect(callsOf('iff.classy(ifx=1, nonlocals=2)')).toEqual([{ name: 'iff.classy', args: { ifx: 1, nonlocals: 2 } }])
  })
})

describe('parsePythonCalls: integers', () => {
  it.each([
    ['42', 42],
    ['0', 0],
    ['00', 0],
    ['0x1F', 31],
    ['0XfF', 255],
    ['0o17', 15],
    ['0b101', 5],
    ['0x_ff', 255],
    ['1_000', 1000],
    ['123456789012345678', 123456789012345678],
  ])('reads %s as %d', (source, value) => {
    expect(valueOf(source)).toBe(value)
  })

  it.each([
    ['007', 'at column 5: leading zeros in decimal integer literals are not permitted'],
    ['1__0', 'at column 5: invalid decimal literal'],
    ['1_', 'at column 5: invalid decimal literal'],
    ['12abc', 'at column 5: invalid decimal literal'],
    ['0x', 'at column 5: invalid hexadecimal literal'],
    ['0b102', "at column 9: invalid digit '2' in binary literal"],
    ['1j', 'at column 5: complex numbers are not supported'],
  ])('fails on %s', (source, reason) => {
    expect(reasonOf(`f(x=${source})`)).toBe(reason)
  })
})

describe('parsePythonCalls: floats', () => {
  it.each([
    ['1.5', 1.5],
    ['1.', 1],
    ['.5', 0.5],
    ['1e3', 1000],
    ['1E-3', 0.001],
    ['2.5e+2', 250],
    ['1_000.000_1', 1000.0001],
    ['0.1', 0.1],
    ['09.5', 9.5],
    ['1e400', Infinity],
    ['3.141592653589793238', 3.141592653589793],
  ])('reads %s as %d', (source, value) => {
    expect(valueOf(source)).toBe(value)
  })

  it('fails on an exponent without digits', () => {
    expect(reasonOf('f(x=1e)')).toBe('at column 5: invalid decimal literal')
  })

  it.each(['inf', 'nan', 'Infinity'])('fails on the name %s, which is not a literal', (name) => {
    expect(reasonOf(`f(x=${name})`)).toBe(`at column 5: expected a value but found the name '${name}' (a string needs quotes)`)
  })
})

describe('parsePythonCalls: signs', () => {
  it('reads -5 as -5', () => {
    expect(valueOf('-5')).toBe(-5)
  })

  it('reads +5 as 5', () => {
    expect(valueOf('+5')).toBe(5)
  })

  it('reads a negative float', () => {
    expect(valueOf('-2.5')).toBe(-2.5)
  })

  it('reads a negative float written without its integer part', () => {
    expect(valueOf('-.5')).toBe(-0.5)
  })

  it('accepts a space after the sign', () => {
    expect(valueOf('- 3')).toBe(-3)
  })

  it('reads -0 as the integer 0, not -0', () => {
    expect(Object.is(valueOf('-0'), 0)).toBe(true)
  })

  it('reads -0.0 as the float -0', () => {
    expect(Object.is(valueOf('-0.0'), -0)).toBe(true)
  })

  it('fails on a sign before anything but a number', () => {
    expect(reasonOf('f(x=-y)')).toBe("at column 6: expected a number after unary '-' but found 'y'")
  })

  it('fails on a doubled sign', () => {
    expect(reasonOf('f(x=--5)')).toBe("at column 6: expected a number after unary '-' but found '-'")
  })

  it('names the plus sign when it comes before anything but a number', () => {
    expect(reasonOf('f(x=+a)')).toBe("at column 6: expected a number after unary '+' but found 'a'")
  })

  it('reads a sign before a number in parentheses, as Python does', () => {
    expect(valueOf('-(5)')).toBe(-5)
    expect(valueOf('+( 5 )')).toBe(5)
    expect(valueOf('-((2.5))')).toBe(-2.5)
    expect(Object.is(valueOf('-(0)'), 0)).toBe(true)
    expect(Object.is(valueOf('-(0.0)'), -0)).toBe(true)
    expect(valueOf('-(1.5)', { typed: true })).toEqual(new PyFloat(-1.5))
    expect(valueOf('-(7)', { typed: true })).toBe(-7)
  })

  it('fails on a sign before parentheses that hold anything but a number', () => {
    // A sign on a signed number is no literal either: literal_eval takes one sign, on a number.
    for (const value of ["-('x')", '-(5, 6)', '-()', '-(True)', '-(-5)', '+( -2.5)', '-((+1))']) {
      expect(reasonOf(`f(x=${value})`)).toBe(`at column 6: expected a number after unary '${value[0]}' but found '('`)
    }
  })
})

describe('parsePythonCalls: strings', () => {
  it.each([
    ["'a'", 'a'],
    ['"a"', 'a'],
    ["'''a'''", 'a'],
    ['"""a"""', 'a'],
    ['"it\'s"', "it's"],
    ["'say \"hi\"'", 'say "hi"'],
    ["''", ''],
    ["'''a'b''c'''", "a'b''c"],
    ["'''two\nlines'''", 'two\nlines'],
  ])('reads %s', (source, value) => {
    expect(valueOf(source)).toBe(value)
  })

  it.each([
    ["'\\n'", '\n'],
    ["'\\t'", '\t'],
    ["'\\r'", '\r'],
    ["'\\\\'", '\\'],
    ["'\\''", "'"],
    ["'\\\"'", '"'],
    ["'\\a\\b\\f\\v'", '\x07\b\f\v'],
    ["'\\x41'", 'A'],
    ["'\\u00e9'", 'é'],
    ["'\\U0001F600'", '😀'],
    ["'\\101'", 'A'],
    ["'\\0'", '\0'],
    ["'\\d'", '\\d'],
    ["'a\\\nb'", 'ab'],
    ["'a\\\r\nb'", 'ab'],
    ["'a\\\rb'", 'ab'],
  ])('decodes the escape in %s', (source, value) => {
    expect(valueOf(source)).toBe(value)
  })

  it('keeps backslashes in a raw string', () => {
    expect(valueOf("r'\\n\\d'")).toBe('\\n\\d')
  })

  it('keeps an escaped quote in a raw string, with its backslash', () => {
    expect(valueOf("r'a\\'b'")).toBe("a\\'b")
  })

  it('reads a u-prefixed string as a string', () => {
    expect(valueOf("u'a'")).toBe('a')
  })

  it('reads an upper-case raw prefix', () => {
    expect(valueOf("R'\\n'")).toBe('\\n')
  })

  it('joins adjacent strings', () => {
    expect(valueOf("'a' 'b'")).toBe('ab')
  })

  it('joins adjacent strings of different quotes across lines', () => {
    expect(valueOf("('a'\n \"b\"\n r'\\c')")).toBe('ab\\c')
  })

  it('reads a line break written \\r\\n in a triple-quoted string as \\n', () => {
    expect(valueOf("'''a\r\nb'''")).toBe('a\nb')
  })

  it('reads the other quote, NUL and characters beyond ASCII as a string\'s plain characters', () => {
    expect(valueOf(`'a"b\x00é€😀'`)).toBe('a"b\x00é€😀')
    expect(valueOf(`"a'b\x00é"`)).toBe("a'b\x00é")
  })

  it("reads names as Python does, in NFKC: full-width letters and a ligature are the names they stand for, and a string's own characters are kept", () => {
    expect(callsOf('[ｇｅｔ_weather(ｃｉｔｙ="東京")]')).toEqual([{ name: 'get_weather', args: { city: '東京' } }])
    expect(callsOf('[ｍａｔｈ.factorial(ﬁrst=1), math . ｆａｃｔｏｒｉａｌ(n=2)]')).toEqual([
      { name: 'math.factorial', args: { first: 1 } },
      { name: 'math.factorial', args: { n: 2 } },
    ])
    expect(callsOf("[f(x={'ｃｉｔｙ': 'ｃｉｔｙ'})]")).toEqual([{ name: 'f', args: { x: { ｃｉｔｙ: 'ｃｉｔｙ' } } }])
    // One name to Python, so given twice.
    expect(parsePythonCalls('f(ｃｉｔｙ=1, city=2)')).toMatchObject({ ok: false, problem: expect.stringContaining('city') })
  })

  it('reads a string of 10 MB', () => {
    const long = 'x'.repeat(10_000_000)
    expect(valueOf(`'${long}'`)).toBe(long)
  })

  it.each([
    ["b'a'", 'at column 5: bytes literals are not supported'],
    ["f'{a}'", 'at column 5: f-strings are not supported'],
    ["rf'a'", 'at column 5: f-strings are not supported'],
    ["ub'a'", "at column 5: invalid string prefix 'ub'"],
    ["'a", 'at column 5: unterminated string literal'],
    ["r'\\", 'at column 5: unterminated string literal'],
    ["'\\", 'at column 5: unterminated string literal'],
    ["'''a", 'at column 5: unterminated triple-quoted string literal'],
    ["'a\nb'", 'at column 5: unterminated string literal (a line break inside a one-line string)'],
    ["'a\rb'", 'at column 5: unterminated string literal (a line break inside a one-line string)'],
    ["'\\x4'", 'at column 6: truncated \\xXX escape'],
    ["'\\u00e'", 'at column 6: truncated \\uXXXX escape'],
    ["'\\U00110000'", 'at column 6: illegal Unicode character in \\UXXXXXXXX escape'],
    ["'\\N{DASH}'", 'at column 6: \\N{...} escapes (characters by name) are not supported'],
  ])('fails on %s', (source, reason) => {
    expect(reasonOf(`f(x=${source})`)).toBe(reason)
  })
})

describe('parsePythonCalls: constants and containers', () => {
  it.each([
    ['True', true],
    ['False', false],
    ['None', null],
  ])('reads %s', (source, value) => {
    expect(valueOf(source)).toBe(value)
  })

  it('reads nested lists', () => {
    expect(valueOf("[[1, 'a'], [], [True]]")).toEqual([[1, 'a'], [], [true]])
  })

  it.each([
    ['(1, 2)', [1, 2]],
    ['(1,)', [1]],
    ['()', []],
    ['(1, 2,)', [1, 2]],
  ])('reads the tuple %s as an array in plain mode', (source, value) => {
    expect(valueOf(source)).toStrictEqual(value)
  })

  it('reads a parenthesised value as the value itself', () => {
    expect(valueOf('(1)')).toBe(1)
  })

  it('reads a dict with string keys', () => {
    expect(valueOf("{'a': 1, \"b\": [2]}")).toEqual({ a: 1, b: [2] })
  })

  it('reads an empty dict', () => {
    expect(valueOf('{}')).toEqual({})
  })

  it("writes other keys as Python's json.dumps does", () => {
    expect(valueOf("{1: 'a', -2: 'b', 1.5: 'c', 2.0: 'd', True: 'e', False: 'f', None: 'g'}")).toEqual({
      '1': 'a',
      '-2': 'b',
      '1.5': 'c',
      '2.0': 'd',
      true: 'e',
      false: 'f',
      null: 'g',
    })
  })

  it('refuses keys Python holds apart that JSON would hold as one, rather than losing a value', () => {
    for (const dict of ["{1: 'a', '1': 'b'}", "{'1': 'b', 1: 'a'}", "{True: 1, 'true': 2}", "{'k': 0, None: 'x', 'null': 'y'}", "{1.5: 'a', '1.5': 'b'}"]) {
      expect(reasonOf(`f(d=${dict})`)).toMatch(/keys Python holds apart are one key as JSON writes them, "(1|true|null|1\.5)"/)
    }
    // Keys Python holds equal are one key to Python too, the last value kept; keys of other kinds that JSON writes apart stay apart.
    expect(valueOf("{1: 'a', 0x1: 'b', 'c': 1, 'c': 2}")).toEqual({ '1': 'b', c: 2 })
    expect(valueOf("{1: 'a', True: 'b', 1.0: 'c'}")).toEqual({ '1': 'a', true: 'b', '1.0': 'c' })
  })

  it('writes an int key past 2^53, even past the range of a double, exactly, as json.dumps does', () => {
    const huge = '1'.repeat(400)
    for (const options of [undefined, { typed: true }] as const) {
      expect(valueOf(`{${huge}: 'a', -12345678901234567890123: 'b', 1_000_000_000_000_000_000_001: 'c', 0x${'f'.repeat(20)}: 'd'}`, options)).toEqual({
        [huge]: 'a',
        '-12345678901234567890123': 'b',
        '1000000000000000000001': 'c',
        [BigInt(`0x${'f'.repeat(20)}`).toString()]: 'd',
      })
    }
  })

  it('keeps the last value of a repeated key', () => {
    expect(valueOf("{'a': 1, 'a': 2}")).toEqual({ a: 2 })
  })

  it('reads a __proto__ key as an own property, not the prototype', () => {
    const dict = valueOf("{'__proto__': {'polluted': 1}}") as Record<string, unknown>
    expect(Object.keys(dict)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(dict)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('reads a dict key written in parentheses, as Python does', () => {
    expect(valueOf("{('a'): 1, ( \"b\" ): 2, (3): 4, -(5): 6, -(99999999999999999999): 7}")).toEqual({ a: 1, b: 2, '3': 4, '-5': 6, '-99999999999999999999': 7 })
    expect(reasonOf('f(x={(1, 2): 3})')).toBe('at column 6: dict keys must be strings, numbers, booleans or None')
    // An int key past 2^53 with a comment or a continued line inside or before it is still written exactly.
    expect(valueOf('{9007199254740993 # odd\n: 0, (\\\n10000000000000001): 1, -(0x20000000000001): 2}')).toEqual({ '9007199254740993': 0, '10000000000000001': 1, '-9007199254740993': 2 })
  })

  it('fails on a list as a dict key', () => {
    expect(reasonOf('f(x={[1]: 2})')).toBe('at column 6: dict keys must be strings, numbers, booleans or None')
  })

  it('fails on a dict entry without a colon', () => {
    expect(reasonOf("f(x={'a': 1, 'b'})")).toBe("at column 17: expected ':' but found '}'")
  })

  it('fails on dict unpacking', () => {
    expect(reasonOf('f(x={**d})')).toBe("at column 6: unpacking with '**' is not supported")
  })

  it('fails on a missing comma between list items', () => {
    expect(reasonOf('f(x=[1 2])')).toBe("at column 8: expected ',' or ']' but found '2'")
  })

  it('fails on an unclosed list', () => {
    expect(reasonOf('f(x=[1')).toBe("at column 7: expected ',' or ']' but found the end of the text")
  })
})

describe('parsePythonCalls: calls as values', () => {
  it('reads a nested call as { name, args } in plain mode', () => {
    expect(valueOf('g(y=1)')).toEqual({ name: 'g', args: { y: 1 } })
  })

  it('keeps the positional arguments of a nested call in plain mode', () => {
    expect(valueOf("g(1, y='a')")).toEqual({ name: 'g', args: { y: 'a' }, positional: [1] })
  })

  it('keeps the dotted name of a nested call', () => {
    expect(valueOf('np.array(x=[1])')).toEqual({ name: 'np.array', args: { x: [1] } })
  })

  it('reads a call inside a list', () => {
    expect(valueOf('[g()]')).toEqual([{ name: 'g', args: {} }])
  })

  it("reads a nested call's float as a number in plain mode", () => {
    expect((valueOf('g(y=1.5)') as ToolCall).args.y).toBe(1.5)
  })
})

describe('parsePythonCalls: what is not a literal fails, saying what and where', () => {
  it.each([
    ['f(x={1, 2})', 'at column 5: sets are not supported'],
    ['f(x={1})', 'at column 5: sets are not supported'],
    ['f(x=lambda: 1)', 'at column 5: lambda expressions are not supported'],
    ['f(x=[1 for i in y])', 'at column 8: comprehensions are not supported'],
    ['f(x=1 if a else 2)', 'at column 7: conditional expressions are not supported'],
    ['f(x=1 + 2)', "at column 7: operator '+' is not supported"],
    ['f(x=2**8)', "at column 6: operator '**' is not supported"],
    ['f(x=a==b)', "at column 5: expected a value but found the name 'a' (a string needs quotes)"],
    ['f(x=1 and 2)', "at column 7: operator 'and' is not supported"],
    ['f(x=not True)', "at column 5: operator 'not' is not supported"],
    ['f(x=(y := 1))', "at column 6: expected a value but found the name 'y' (a string needs quotes)"],
    ['f(x=x)', "at column 5: expected a value but found the name 'x' (a string needs quotes)"],
    ['f(x=math.pi)', "at column 5: expected a value but found the name 'math.pi' (a string needs quotes)"],
    ["f(x='a'.upper())", 'at column 8: attribute access on a value is not supported'],
    ['f(x=[1][0])', 'at column 8: subscripts are not supported'],
    ["f(x='a'(1))", 'at column 8: calling a value is not supported'],
    ['f(x=...)', "at column 5: the Ellipsis '...' is not supported"],
    ['f(x=if)', "at column 5: 'if' is a Python keyword, not a name"],
    ['f(return=1)', "at column 3: 'return' is a Python keyword, not a name"],
    ['f(x=assert)', "at column 5: 'assert' is a Python keyword, not a name"],
    ['finally(x=1)', "at column 1: 'finally' is a Python keyword, not a name"],
    ['continue()', "at column 1: 'continue' is a Python keyword, not a name"],
    ['nonlocal()', "at column 1: 'nonlocal' is a Python keyword, not a name"],
    ['f(x=Trueish)', "at column 5: expected a value but found the name 'Trueish' (a string needs quotes)"],
    ['f(x=Falsey)', "at column 5: expected a value but found the name 'Falsey' (a string needs quotes)"],
    ['f(x=Nonexistent)', "at column 5: expected a value but found the name 'Nonexistent' (a string needs quotes)"],
    // Names of the constants' own lengths: told apart by their letters, not their length alone.
    ['f(x=Trux)', "at column 5: expected a value but found the name 'Trux' (a string needs quotes)"],
    ['f(x=Falsy)', "at column 5: expected a value but found the name 'Falsy' (a string needs quotes)"],
    ['f(x=Nope)', "at column 5: expected a value but found the name 'Nope' (a string needs quotes)"],
    // `a == 1` is a comparison given by position, not a keyword argument `a` of the value `= 1`.
    ['f(a==1)', "at column 3: expected a value but found the name 'a' (a string needs quotes)"],
    ['f(a == 1)', "at column 3: expected a value but found the name 'a' (a string needs quotes)"],
    ['f(x=foobar)', "at column 5: expected a value but found the name 'foobar' (a string needs quotes)"],
    ['f(x=lambdas)', "at column 5: expected a value but found the name 'lambdas' (a string needs quotes)"],
    ['f(x=nothing)', "at column 5: expected a value but found the name 'nothing' (a string needs quotes)"],
    ['math.(x=1)', "at column 6: expected a name after '.' but found '('"],
    ['f(x=*a)', "at column 5: unpacking with '*' or '**' is not supported"],
    ['f(x=[*a])', "at column 6: unpacking with '*' or '**' is not supported"],
    ['f(x=.a)', "at column 5: expected a value but found '.'"],
    ['(f(x=1)]', "at column 8: expected ')' but found ']'"],
    ['f(x=)', "at column 5: expected a value but found ')'"],
    ['f(x=1', "at column 6: expected ',' or ')' but found the end of the text"],
    ['f(x=1 y=2)', "at column 7: expected ',' or ')' but found 'y'"],
    ['Sure! f(x=1)', "at column 5: expected '(' after 'Sure' but found '!'"],
    ['f(x=1) is the call', "at column 8: expected ',' but found 'is'"],
    ['[f(x=1)] done', "at column 10: expected the end of the calls but found 'done'"],
    ['[1, 2]', "at column 2: expected a function call but found '1'"],
    ['f(x=1\u00a0)', 'at column 6: expected \',\' or \')\' but found U+00A0'],
  ])('%s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason)
  })

  it('counts lines and columns from 1 in a text of several lines', () => {
    expect(reasonOf('[\n  f(x=1),\n  g(y=z),\n]')).toBe(
      "at line 3, column 7: expected a value but found the name 'z' (a string needs quotes)",
    )
  })

  it('gives the index of the problem and the problem apart from the reason', () => {
    expect(parsePythonCalls('f(x=y)')).toEqual({
      ok: false,
      reason: "at column 5: expected a value but found the name 'y' (a string needs quotes)",
      position: 4,
      problem: "expected a value but found the name 'y' (a string needs quotes)",
    })
  })

  it('fails on a text that is not a string, without throwing', () => {
    expect(parsePythonCalls(42 as unknown as string)).toMatchObject({
      ok: false,
      reason: 'at column 1: expected a string of Python calls but got number',
    })
  })

  test.prop([fc.string({ unit: 'binary', maxLength: 60 })])('never throws on any text', (text) => {
    expect(typeof parsePythonCalls(text).ok).toBe('boolean')
  })

  test.prop([fc.array(fc.constantFrom(...'f(x=[{1,\'"a:]})., #\\\n-.e_0jrbT'.split('')), { maxLength: 40 })])(
    'never throws on text made of Python punctuation',
    (chars) => {
      expect(typeof parsePythonCalls(chars.join('')).ok).toBe('boolean')
      expect(typeof parsePythonCalls(chars.join(''), { typed: true }).ok).toBe('boolean')
    },
  )
})

describe('parsePythonCalls: limits', () => {
  it.each([
    ['lists', '[', ']'],
    ['tuples', '(', ',)'],
    ['dicts', "{'k': ", '}'],
    ['calls', 'g(y=', ')'],
  ])(`reads ${MAX_DEPTH} levels of nested %s`, (_kind, open, close) => {
    expect(parsePythonCalls(`f(x=${nested(MAX_DEPTH, open, close)})`).ok).toBe(true)
  })

  it.each([
    ['lists', '[', ']'],
    ['tuples', '(', ',)'],
    ['dicts', "{'k': ", '}'],
    ['calls', 'g(y=', ')'],
    ['parentheses', '(', ')'],
  ])(`fails on ${MAX_DEPTH + 1} levels of nested %s`, (_kind, open, close) => {
    expect(reasonOf(`f(x=${nested(MAX_DEPTH + 1, open, close)})`)).toMatch(
      new RegExp(`^at column \\d+: nesting is deeper than ${MAX_DEPTH} levels$`),
    )
  })

  it('fails on a million opening brackets without overflowing the stack', () => {
    expect(reasonOf(`f(x=${'['.repeat(1_000_000)})`)).toBe(
      `at column ${5 + MAX_DEPTH}: nesting is deeper than ${MAX_DEPTH} levels`,
    )
  })

  it('fails on deeply parenthesised calls without overflowing the stack', () => {
    expect(reasonOf(`${'('.repeat(100_000)}f()`)).toBe(`at column ${MAX_DEPTH + 1}: nesting is deeper than ${MAX_DEPTH} levels`)
  })

  it('counts only the nesting against the depth, not values and calls side by side', () => {
    expect(valueOf(`[${'g(), '.repeat(MAX_DEPTH + 1)}]`)).toHaveLength(MAX_DEPTH + 1)
    expect(valueOf(`[${"[1], (2,), {'k': 3}, (4), ".repeat(MAX_DEPTH + 1)}]`)).toHaveLength(4 * (MAX_DEPTH + 1))
    expect(callsOf('(f()), '.repeat(MAX_DEPTH + 1))).toHaveLength(MAX_DEPTH + 1)
  })

  it('reads 100,000 calls', () => {
    const text = `[${Array.from({ length: 100_000 }, (_, index) => `f(i=${index})`).join(', ')}]`
    const calls = callsOf(text)
    expect(calls).toHaveLength(100_000)
    expect(calls[99_999]).toEqual({ name: 'f', args: { i: 99_999 } })
  })

  it(`reads ${MAX_LIST_ITEMS.toLocaleString('en')} calls, and fails on one more, in brackets or without`, () => {
    const calls = 'f(), '.repeat(MAX_LIST_ITEMS - 1)
    expect(callsOf(`[${calls}f()]`)).toHaveLength(MAX_LIST_ITEMS)
    const column = 'f(), '.length * MAX_LIST_ITEMS
    expect(reasonOf(`[${calls}f(), f()]`)).toBe(`at column ${column + 2}: more than 1,000,000 calls`)
    expect(reasonOf(`${calls}f(), f()`)).toBe(`at column ${column + 1}: more than 1,000,000 calls`)
  })
})

describe("parsePythonCalls's options", () => {
  const parse = parsePythonCalls as (text: string, options: unknown) => unknown

  it('throw a TypeError for an unknown option, suggesting the nearest, where it was ignored silently', () => {
    expect(() => parse('f(x=1.0)', { typd: true })).toThrow(new TypeError("options.typd: unknown option (did you mean 'typed'?); the options are typed, readExpression"))
  })

  it('throw a TypeError for a value of the wrong type, where 1 read as false', () => {
    expect(() => parse('f(x=1.0)', { typed: 1 })).toThrow(new TypeError('options.typed: expected true or false, received 1'))
    expect(() => parse('f(x=1.0)', { readExpression: true })).toThrow(/^options\.readExpression: expected a function/)
  })

  it('leave the text the model\'s: a text that is not a string is still a failure, not a throw', () => {
    expect(parse(5 as never, { typed: true })).toMatchObject({ ok: false })
  })
})

describe('parsePythonCalls in typed mode', () => {
  const typed = { typed: true }

  it('boxes a float so that 1.0 is not the integer 1', () => {
    expect(callsOf('f(a=1, b=1.0)', typed)[0]?.args).toStrictEqual({ a: 1, b: new PyFloat(1) })
  })

  it.each(['1e3', '1.', '.5', '-2.5', '1_0.0'])('reads %s as a float', (source) => {
    expect(isPyFloat(valueOf(source, typed))).toBe(true)
  })

  it.each(['1', '-1', '0x10', '1_000'])('reads %s as an integer', (source) => {
    expect(typeof valueOf(source, typed)).toBe('number')
  })

  it('keeps the sign of -0.0', () => {
    expect(Object.is((valueOf('-0.0', typed) as PyFloat).value, -0)).toBe(true)
  })

  it('marks a tuple as a tuple', () => {
    expect(isTuple(valueOf('(1, 2)', typed))).toBe(true)
  })

  it('does not mark a list as a tuple', () => {
    expect(isTuple(valueOf('[1, 2]', typed))).toBe(false)
  })

  it('marks the empty tuple and the one-element tuple', () => {
    expect(valueOf('[(), (1,)]', typed)).toStrictEqual([tupleOf([]), tupleOf([1])])
  })

  it('boxes a float inside containers', () => {
    expect(valueOf("{'a': [1.5, (2.0,)]}", typed)).toStrictEqual({ a: [new PyFloat(1.5), tupleOf([new PyFloat(2)])] })
  })

  it('writes a float dict key with its decimal point', () => {
    expect(valueOf('{1.0: 2}', typed)).toStrictEqual({ '1.0': 2 })
  })

  it('reads a nested call with keyword arguments as BFCL does: { name: args }', () => {
    expect(valueOf('g(y=1.5)', typed)).toStrictEqual({ g: { y: new PyFloat(1.5) } })
  })

  it('reads a nested call without arguments as BFCL does: its source text', () => {
    expect(valueOf('g()', typed)).toBe('g()')
  })

  it('reads a nested call with only positional arguments as its source text, written as ast.unparse writes it', () => {
    expect(valueOf('g(1.50, "a", (2,), [0x10])', typed)).toBe("g(1.5, 'a', (2,), [16])")
  })

  it('writes what the values alone lose as ast.unparse writes it: a `u` prefix, a sign, -0 and keys that are no strings', () => {
    expect(valueOf('g(u"a", +5, -0, -(5), {1: 2, True: None})', typed)).toBe("g(u'a', +5, -0, -5, {1: 2, True: None})")
    expect(valueOf('[g(-0.0), m . n({None: u"x"})]', typed)).toStrictEqual(['g(-0.0)', "m.n({None: u'x'})"])
  })

  it('writes a call kept as source text whole, with the calls kept so inside it, two hundred deep', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => i).join(', ')
    const text = `${'g(1, '.repeat(200)}[${values}]${')'.repeat(200)}`
    expect(valueOf(`{'k': ${text}}`, typed)).toStrictEqual({ k: text })
  })

  it('keeps a nested call that has positional and keyword arguments whole as source text', () => {
    expect(valueOf('g(1, k=2)', typed)).toBe('g(1, k=2)')
  })

  it('writes the calls inside a nested call written as text as calls', () => {
    expect(valueOf('g(h(z=[1.0]))', typed)).toBe('g(h(z=[1.0]))')
  })

  it('resolves calls inside the arguments of a nested call written as { name: args }', () => {
    expect(valueOf('g(a=h(b=1), c=[h()])', typed)).toStrictEqual({ g: { a: { h: { b: 1 } }, c: ['h()'] } })
  })

  it('keeps the dotted name of a nested call as its key', () => {
    expect(valueOf('math.sqrt(x=4)', typed)).toStrictEqual({ 'math.sqrt': { x: 4 } })
  })

  it('reads a nested call named __proto__ as an own key', () => {
    const value = valueOf('__proto__(y=1)', typed) as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  })

  it(`reads ${MAX_DEPTH} levels of nested calls with keyword arguments`, () => {
    expect(parsePythonCalls(`f(x=${nested(MAX_DEPTH, 'g(y=', ')')})`, typed).ok).toBe(true)
  })

  it(`reads ${MAX_DEPTH} levels of nested calls with positional arguments`, () => {
    expect(valueOf(nested(MAX_DEPTH, 'g(', ')'), typed)).toBe(nested(MAX_DEPTH, 'g(', ')'))
  })

  it('reads top-level positional arguments with their types', () => {
    expect(callsOf('f(1.0, (1,))', typed)[0]?.positional).toStrictEqual([new PyFloat(1), tupleOf([1])])
  })
})

describe('the typed values', () => {
  it('serialise to JSON as numbers and arrays', () => {
    expect(JSON.stringify({ a: new PyFloat(1.5), b: tupleOf([1, new PyFloat(2)]) })).toBe('{"a":1.5,"b":[1,2]}')
  })

  it('make a tuple equal to a list under toEqual but not under toStrictEqual', () => {
    expect(tupleOf([1])).toEqual([1])
    expect(tupleOf([1])).not.toStrictEqual([1])
  })

  it('map a tuple into a plain list', () => {
    expect(isTuple(tupleOf([1, 2]).map((item) => item))).toBe(false)
  })

  it('unbox to what JSON.parse gives', () => {
    expect(toPlainValue({ a: [new PyFloat(1.5), tupleOf([2])], b: new PyCall('g', { y: 1 }, [2]) })).toStrictEqual({
      a: [1.5, [2]],
      b: { name: 'g', args: { y: 1 }, positional: [2] },
    })
  })

  it('keep a __proto__ key as an own property when unboxed', () => {
    const dict: Record<string, unknown> = {}
    setEntry(dict, '__proto__', new PyFloat(1))
    expect(Object.getOwnPropertyDescriptor(toPlainValue(dict), '__proto__')?.value).toBe(1)
  })
})

describe('pythonFloatRepr and pythonStringRepr', () => {
  it.each([
    [1, '1.0'],
    [1.5, '1.5'],
    [-0, '-0.0'],
    [0.1, '0.1'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.5e-7, '1.5e-07'],
    [1.2345e100, '1.2345e+100'],
    [123456.789, '123456.789'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [NaN, 'nan'],
  ])('writes the float %d as %s', (value, text) => {
    expect(pythonFloatRepr(value)).toBe(text)
  })

  it.each([
    ['a', "'a'"],
    ["it's", '"it\'s"'],
    ['say "hi"', "'say \"hi\"'"],
    ['\'"', "'\\'\"'"],
    ['a\\b', "'a\\\\b'"],
    ['\n\t\r\x00\x7f', "'\\n\\t\\r\\x00\\x7f'"],
    ['é😀', "'é😀'"],
    ['\u00a0\u200b\ud800', "'\\xa0\\u200b\\ud800'"],
  ])('writes the string %j as %s', (value, text) => {
    expect(pythonStringRepr(value)).toBe(text)
  })

  it('writes an infinite float as ast.unparse does', () => {
    expect(formatPythonValue([new PyFloat(Infinity), new PyFloat(-Infinity)])).toBe('[1e309, -1e309]')
  })

  it('writes a call with positional and keyword arguments', () => {
    expect(formatPythonValue(new PyCall('g', { k: tupleOf([]) }, [null, true]))).toBe('g(None, True, k=())')
  })
})

const identifier = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/)
  .filter((name) => !/^(False|None|True|and|as|assert|async|await|break|class|continue|def|del|elif|else|except|finally|for|from|global|if|import|in|is|lambda|nonlocal|not|or|pass|raise|return|try|while|with|yield)$/.test(name))

const functionName = fc.array(identifier, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'))

function dictOf<T>(keys: fc.Arbitrary<string>, values: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> {
  return fc.uniqueArray(fc.tuple(keys, values), { selector: ([key]) => key, maxLength: 4 }).map((entries) => {
    const dict: Record<string, T> = {}
    for (const [key, value] of entries) setEntry(dict, key, value)
    return dict
  })
}

const text = fc.string({ unit: 'binary', maxLength: 12 })

const plainValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.maxSafeInteger(),
    fc.double({ noNaN: true }).filter((number) => !Object.is(number, -0)),
    text,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    dictOf(text, tie('value')),
  ),
})).value

const typedValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.maxSafeInteger(),
    fc.double({ noNaN: true }).map((number) => new PyFloat(number)),
    text,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(tie('value'), { maxLength: 4 }).map(tupleOf),
    dictOf(text, tie('value')),
  ),
})).value

function callList(value: fc.Arbitrary<unknown>): fc.Arbitrary<ToolCall[]> {
  const call = fc
    .record({ name: functionName, args: dictOf(identifier, value), positional: fc.array(value, { maxLength: 3 }) })
    .map(({ name, args, positional }): ToolCall => (positional.length > 0 ? { name, args, positional } : { name, args }))
  return fc.array(call, { maxLength: 4 })
}

function printCalls(calls: ToolCall[]): string {
  return `[${calls.map((call) => formatPythonValue(new PyCall(call.name, call.args, call.positional ?? []))).join(', ')}]`
}

describe('printing calls as Python and reading them back', () => {
  test.prop([callList(plainValue)])('gives the same calls in plain mode', (calls) => {
    expect(callsOf(printCalls(calls))).toStrictEqual(calls)
  })

  test.prop([callList(typedValue)])('gives the same calls, floats and tuples included, in typed mode', (calls) => {
    expect(callsOf(printCalls(calls), { typed: true })).toStrictEqual(calls)
  })

  // A few short names, dotted or not, some beyond ASCII, recur within a text and share the reader's cache of names, so recurring names and names of one slot both come up.
  const shortName = fc.stringMatching(/^[aéù][aéù_]{0,2}$/)
  const recurringCall = fc
    .tuple(fc.array(shortName, { minLength: 1, maxLength: 2 }), dictOf(shortName, fc.integer()))
    .map(([parts, args]): ToolCall => ({ name: parts.join('.'), args }))
  test.prop([fc.array(recurringCall, { maxLength: 8 })])('gives the same calls when few short names recur', (calls) => {
    expect(callsOf(printCalls(calls))).toStrictEqual(calls)
  })
})
