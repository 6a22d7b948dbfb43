import { describe, expect, it } from 'vitest'
import { unparsePython } from '../../src/calls/python-unparse'
import { parsePythonCalls } from '../../src/bfcl/python-calls'

/** The argument of `f(x=<source>)` read as a syntax tree and written back. */
function unparsed(source: string): unknown {
  const result = parsePythonCalls(`f(x=${source})`, { typed: true, readExpression: (node) => ({ ok: true, value: unparsePython(node) }) })
  if (!result.ok) throw new Error(result.reason)
  return result.calls[0]?.args.x
}

// Each pair is Python 3.11's ast.unparse of the source.
describe('unparsePython writes a syntax tree as ast.unparse does', () => {
  it.each([
    ['g(Paris)', 'g(Paris)'],
    ['g(1+2)', 'g(1 + 2)'],
    ['g((1+2)*3)', 'g((1 + 2) * 3)'],
    ['g(2**3**2)', 'g(2 ** 3 ** 2)'],
    ['g((2**3)**2)', 'g((2 ** 3) ** 2)'],
    ['g(-2**2)', 'g(-2 ** 2)'],
    ['g((-2)**2)', 'g((-2) ** 2)'],
    ['g(-(-5))', 'g(--5)'],
    ['g(not not x)', 'g(not not x)'],
    ['g(-(not x))', 'g(-(not x))'],
    ['g(a - (b - c), (a - b) - c)', 'g(a - (b - c), a - b - c)'],
    ['g(1 << 2 | 3 & 4 ^ 5)', 'g(1 << 2 | 3 & 4 ^ 5)'],
    ['g(a.b[c](d))', 'g(a.b[c](d))'],
    ['g(1 .real, True .real, 1.5.real)', 'g(1 .real, True .real, 1.5.real)'],
    ['g((-1).real, (1,2).count)', 'g((-1).real, (1, 2).count)'],
    ["g(u'x', 'a' 'b')", "g(u'x', 'ab')"],
    ["g(u'a' 'b', 'a' u'b', U'a')", "g(u'ab', 'ab', 'a')"],
    ["g('it\\'s', 'x\\n')", 'g("it\'s", \'x\\n\')'],
    ['g("a", [1,], (1,), (), {})', "g('a', [1], (1,), (), {})"],
    ["g({1: 'a', None: 2}, {1, 2}, ...)", "g({1: 'a', None: 2}, {1, 2}, ...)"],
    ['g(0x10, 1_000, 1e3, .5, 1e309)', 'g(16, 1000, 1000.0, 0.5, 1e309)'],
    ['g(a[1:2], a[::2], a[:], a[1:2, 3], a[1,])', 'g(a[1:2], a[::2], a[:], a[1:2, 3], a[1,])'],
    ['g(k=1, k=2)', 'g(k=1, k=2)'],
    ['g(((a)))', 'g(a)'],
    ['g(12345678901234567890)', 'g(12345678901234567890)'],
  ])('%s', (source, text) => {
    expect(unparsed(source)).toBe(text)
  })
})

describe('the syntax tree', () => {
  it('refuses a comparison, which it does not read', () => {
    const result = parsePythonCalls('f(x=g(1 < 2))', { typed: true, readExpression: () => ({ ok: true, value: null }) })
    expect(result.ok ? 'decoded' : result.reason).toBe("at column 9: operator '<' is not supported")
  })

  it('fails on nesting deeper than the limit without overflowing the stack', () => {
    const result = parsePythonCalls(`f(x=${'-'.repeat(100_000)}1)`, { typed: true, readExpression: () => ({ ok: true, value: null }) })
    expect(result.ok ? 'decoded' : result.problem).toBe('nesting is deeper than 256 levels')
  })

  it('fails on a chain of operators longer than the nesting limit', () => {
    const result = parsePythonCalls(`f(x=${'1+'.repeat(300)}1)`, { typed: true, readExpression: () => ({ ok: true, value: null }) })
    expect(result.ok ? 'decoded' : result.problem).toBe('nesting is deeper than 256 levels')
  })

  it('reads a tuple nested a hundred deep in linear time', () => {
    const result = parsePythonCalls(`f(x=${'('.repeat(100)}1${',)'.repeat(100)} + x)`, { typed: true, readExpression: () => ({ ok: true, value: null }) })
    expect(result.ok).toBe(true)
  })
})
