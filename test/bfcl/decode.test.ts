import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BFCL_DATA } from '../fixtures/bfcl-data'
import { decodeBfclOutput } from '../../src/bfcl/decode'
import { parsePythonCalls } from '../../src/bfcl/python-calls'
import { parseTypedJson } from '../../src/bfcl/typed-json'
import { PyCall, PyFloat, formatPythonValue, setEntry, tupleOf } from '../../src/calls/python-values'
import type { ToolCall } from '../../src/calls/tool-call'

function decoded(text: string): ToolCall[] {
  const result = decodeBfclOutput(text)
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to decode: ${result.reason}`)
  return result.calls
}

function reasonOf(text: string): string {
  const result = decodeBfclOutput(text)
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to fail`)
  return result.reason
}

type Gold = { id: string; ground_truth: Record<string, Record<string, unknown[]>>[] }

/** Each gold entry of a file answered as a model would: the first allowed value of every parameter. */
function goldAnswers(file: string): { id: string; text: string; calls: ToolCall[] }[] {
  const lines = readFileSync(new URL(`possible_answer/${file}`, BFCL_DATA), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
  return lines.map((line) => {
    const gold = parseTypedJson(line) as Gold
    const calls = gold.ground_truth.flatMap((entry) =>
      Object.entries(entry).map(([name, params]): ToolCall => {
        const args: Record<string, unknown> = {}
        for (const [param, allowed] of Object.entries(params)) if (allowed[0] !== '') setEntry(args, param, allowed[0])
        return { name, args }
      }),
    )
    const text = `[${calls.map((call) => formatPythonValue(new PyCall(call.name, call.args, []))).join(', ')}]`
    return { id: gold.id, text, calls }
  })
}

describe('decodeBfclOutput: what BFCL strips and adds', () => {
  it('reads a list of calls', () => {
    expect(decoded("[get_weather(city='Paris', days=3), f(x=[1, 2])]")).toStrictEqual([
      { name: 'get_weather', args: { city: 'Paris', days: 3 } },
      { name: 'f', args: { x: [1, 2] } },
    ])
  })

  it('adds the brackets around a bare call', () => {
    expect(decoded('f(x=1)')).toStrictEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('adds the brackets around calls separated by commas', () => {
    expect(decoded('f(a=1), g(b=2)')).toStrictEqual([
      { name: 'f', args: { a: 1 } },
      { name: 'g', args: { b: 2 } },
    ])
  })

  it('adds only the missing closing bracket', () => {
    expect(decoded('[f(x=1)')).toStrictEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('adds only the missing opening bracket', () => {
    expect(decoded('f(x=1)]')).toStrictEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('strips surrounding backticks', () => {
    expect(decoded('`[f(x=1)]`')).toStrictEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('strips a fence without a language, with its line breaks', () => {
    expect(decoded('```\nf(x=1)\n```')).toStrictEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('strips surrounding spaces and line feeds', () => {
    expect(decoded(' \n [f(x=1)] \n ')).toStrictEqual([{ name: 'f', args: { x: 1 } }])
  })

  it('decodes an empty answer as no calls', () => {
    expect(decoded('')).toStrictEqual([])
  })

  it('does not strip a tab, as BFCL does not', () => {
    expect(reasonOf('\t[f(x=1)]')).toBe("at column 2: expected a function call but found '['")
  })

  it('does not strip a carriage return, as BFCL does not', () => {
    expect(reasonOf('[f(x=1)]\r\n')).toBe(
      "at column 10: expected the end of the calls but found ']' (at the ']' BFCL adds at the end)",
    )
  })
})

describe('decodeBfclOutput: decode failures', () => {
  it('fails on a ```python fence', () => {
    expect(reasonOf('```python\n[f(x=1)]\n```')).toBe("at line 2, column 1: expected '(' after 'python' but found '['")
  })

  it('fails on prose before the calls', () => {
    expect(reasonOf('Sure! [f(x=1)]')).toBe("at column 5: expected '(' after 'Sure' but found '!'")
  })

  it('fails on prose after the calls', () => {
    expect(reasonOf('[f(x=1)] Hope this helps.')).toBe("at column 10: expected the end of the calls but found 'Hope'")
  })

  it('fails on a set', () => {
    expect(reasonOf('[f(x={1, 2})]')).toBe('at column 6: sets are not supported')
  })

  it('fails on a lambda', () => {
    expect(reasonOf('[f(key=lambda y: y)]')).toBe('at column 8: lambda expressions are not supported')
  })

  it('fails on a NUL anywhere, inside a string literal too, as Python refuses such source', () => {
    expect(reasonOf("[f(x='a\0b')]")).toBe('at column 8: source code string cannot contain null bytes')
  })

  it('fails on a decimal int of more than 4,300 digits, as Python refuses to read one; underscores do not count', () => {
    expect(reasonOf(`[f(x=1${'0'.repeat(4300)})]`)).toBe('at column 6: Exceeds the limit (4300 digits) for integer string conversion')
    expect(decodeBfclOutput(`[f(x=1_${'0'.repeat(4299)})]`).ok).toBe(true)
    expect(decodeBfclOutput(`[f(x=0x1${'0'.repeat(5000)})]`).ok).toBe(true)
    // All zeros, the one decimal int with leading zeros, is 0 however long.
    expect(decodeBfclOutput(`[f(x=${'0'.repeat(5000)})]`)).toMatchObject({ ok: true, calls: [{ name: 'f', args: { x: 0 } }] })
    // Read as plain values, outside BFCL mode, it is a number like any other too long for a double's precision.
    expect(parsePythonCalls(`[g(), f(x=1${'0'.repeat(4300)})]`)).toMatchObject({ ok: true, calls: [{ name: 'g' }, { name: 'f', args: { x: Infinity } }] })
  })

  it('fails on a list inside the list of calls', () => {
    expect(reasonOf('[f(), [g()]]')).toBe("at column 7: expected a function call but found '['")
  })

  it('points into the original text, past what was stripped and before the bracket added', () => {
    expect(reasonOf('  \n f(x=1 2)')).toBe("at line 2, column 8: expected ',' or ')' but found '2'")
  })

  it('says so when the problem is at a bracket BFCL added', () => {
    expect(reasonOf('f(x=1')).toBe("at column 6: expected ',' or ')' but found ']' (at the ']' BFCL adds at the end)")
  })

  it('fails on a value that is not a string, without throwing', () => {
    expect(decodeBfclOutput(null as unknown as string).ok).toBe(false)
  })
})

describe('decodeBfclOutput: values keep their Python types', () => {
  it('tells the float 1.0 from the integer 1', () => {
    expect(decoded('f(a=1, b=1.0)')[0]?.args).toStrictEqual({ a: 1, b: new PyFloat(1) })
  })

  it('tells a tuple from a list', () => {
    expect(decoded('f(a=(1, 2), b=[1, 2])')[0]?.args).toStrictEqual({ a: tupleOf([1, 2]), b: [1, 2] })
  })

  it('reads +5 as 5, not as BFCL does (-5)', () => {
    expect(decoded('f(x=+5)')[0]?.args).toStrictEqual({ x: 5 })
  })

  it('keeps positional arguments, which BFCL drops', () => {
    expect(decoded("f('a', x=2)")).toStrictEqual([{ name: 'f', args: { x: 2 }, positional: ['a'] }])
  })

  it('reads a nested call as BFCL does', () => {
    expect(decoded('f(x=g(y=1), z=h())')[0]?.args).toStrictEqual({ x: { g: { y: 1 } }, z: 'h()' })
  })

  it('keeps a dotted name whole', () => {
    expect(decoded('[math.factorial(number=5)]')[0]?.name).toBe('math.factorial')
  })
})

describe('decodeBfclOutput on answers built from the gold data', () => {
  it.each([
    'BFCL_v4_simple_python.json',
    'BFCL_v4_multiple.json',
    'BFCL_v4_parallel.json',
    'BFCL_v4_parallel_multiple.json',
  ])('decodes the printed first allowed values of every entry of %s back to those values', (file) => {
    for (const { id, text, calls } of goldAnswers(file)) {
      expect({ id, calls: decoded(text) }).toStrictEqual({ id, calls })
    }
  })
})
