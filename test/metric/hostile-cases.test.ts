import { describe, expect, test } from 'vitest'
import { types } from 'node:util'
import { matchCalls } from '../../src/match/match-calls'
import { scoreTrajectory } from '../../src/metric/score-trajectory'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import type { Score } from '../../src/metric/score'

const gold = [{ name: 'search', args: { q: 'cats' } }]
const metric = new ToolCallMetric()

function unparseableReasons(score: Score): string[] {
  return score.unmatchedPred.filter((u) => u.kind === 'unparseable').map((u) => u.reason)
}

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = { inner: value }
  return value
}

/** Each hostile prediction is graded, never thrown on: a wrong or unparseable call with a reason. */
describe('hostile predictions are graded', () => {
  test('null', () => {
    const score = metric.score(null, gold)
    expect(score.f1).toBe(0)
    expect(unparseableReasons(score)).toEqual([expect.stringMatching(/^expected a trajectory, received null \(/)])
  })

  test('undefined', () => {
    expect(unparseableReasons(metric.score(undefined, gold))).toEqual([expect.stringMatching(/^expected a trajectory, received undefined \(/)])
  })

  test('a number, NaN among them', () => {
    expect(unparseableReasons(metric.score(42, gold))[0]).toMatch(/received a number/)
    expect(unparseableReasons(metric.score(NaN, gold))[0]).toMatch(/received a number/)
  })

  test('NaN as an argument value matches nothing', () => {
    const score = metric.score([{ name: 'search', args: { q: NaN } }], [{ name: 'search', args: { q: 0 } }])
    expect(score.pairs[0]!.args[0]).toMatchObject({ verdict: 'mismatch', reason: 'expected 0, received NaN' })
  })

  test('a string that is not call text', () => {
    expect(unparseableReasons(metric.score('I would search for cats.', gold))[0]).toMatch(/^not valid Python call syntax/)
  })

  test('an object with no name', () => {
    expect(unparseableReasons(metric.score([{ args: { q: 'cats' } }], gold))[0]).toMatch(/^\[0\]\.name: expected a tool name/)
  })

  test('arguments that are not an object', () => {
    expect(unparseableReasons(metric.score([{ name: 'search', args: ['cats'] }], gold))[0]).toMatch(
      /^\[0\]\.args: expected an object of arguments, received an array/,
    )
  })

  test('arguments given as invalid JSON', () => {
    const message = { role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'search', arguments: '{"q": "ca' } }] }
    expect(unparseableReasons(metric.score(message, gold))[0]).toMatch(/^tool_calls\[0\]\.function\.arguments: not valid JSON/)
  })

  test('a BigInt, a symbol and a function as argument values', () => {
    for (const value of [10n, Symbol('q'), () => 'cats']) {
      expect(unparseableReasons(metric.score([{ name: 'search', args: { q: value } }], gold))[0]).toMatch(/^\[0\]\.args\.q: /)
    }
  })

  test('getters that throw', () => {
    const call = {
      name: 'search',
      get args(): never {
        throw new Error('no access')
      },
    }
    expect(unparseableReasons(metric.score([call], gold))[0]).toMatch(/\[0\]\.args: could not be read \(no access\)/)
  })

  test('a getter that throws only when read again, at the top or nested, makes its call unparseable, in score and in matchCalls', () => {
    const onceThenThrow = (value: unknown) => {
      let reads = 0
      return {
        enumerable: true,
        get() {
          if (reads++ > 0) throw new Error('read twice')
          return value
        },
      }
    }
    const top = Object.defineProperty({ days: 3 }, 'city', onceThenThrow('Paris'))
    const nested = { filters: Object.defineProperty({}, 'stars', onceThenThrow(4)) }
    const score = metric.score([{ name: 'weather', args: top }], [{ name: 'weather', args: { city: 'Paris', days: 3 } }])
    expect(unparseableReasons(score)).toEqual(['[0].args.city: could not be read (read twice)'])
    expect(score.unmatchedGold).toHaveLength(1)
    const nestedScore = metric.score([{ name: 'hotels', args: nested }], [{ name: 'hotels', args: { filters: { stars: 4 } } }])
    expect(unparseableReasons(nestedScore)).toEqual(['[0].args.filters.stars: could not be read (read twice)'])
    const matching = matchCalls({ name: 'weather', args: Object.defineProperty({}, 'city', onceThenThrow('Paris')) }, [{ name: 'weather', args: { city: 'Paris' } }])
    expect(matching.pairs).toEqual([])
    expect(matching.unmatchedPred[0]!.pred.unparseable).toBe('args.city: could not be read (read twice)')
  })

  test('a custom tester that throws still throws: it is the test author\'s code, read twice or not', () => {
    const throwing = new ToolCallMetric()
    const options = { ...throwing.options, testers: { context: { equals: () => false }, list: [() => { throw new Error('tester broke') }] } }
    expect(() => scoreTrajectory([{ name: 'search', args: { q: 'cats' } }], gold, options)).toThrow('tester broke')
  })

  test('a Proxy that throws on every read, of arguments or of a value, holds what it lists: nothing', () => {
    const trap = () => {
      throw new Error('trapped')
    }
    const cases = [
      { args: new Proxy({}, { get: trap }), verdict: 'missing' },
      { args: { q: new Proxy({}, { get: trap }) }, verdict: 'mismatch' },
    ]
    for (const { args, verdict } of cases) {
      const score = metric.score([{ name: 'search', args }], gold)
      expect(score.pairs[0]!.args.map((v) => [v.arg, v.verdict])).toEqual([['q', verdict]])
      expect(types.isProxy(score.pairs[0]!.pred.args) || types.isProxy(score.pairs[0]!.pred.args.q)).toBe(false)
    }
  })

  test('a Proxy that answers every key it does not list matches nothing it does not list', () => {
    const args = new Proxy({}, { get: () => 'cats' })
    expect(metric.score([{ name: 'search', args }], gold).pairs[0]!.args.map((v) => v.verdict)).toEqual(['missing'])
  })

  test('a Proxy whose traps throw on listing is unreadable, with the reason', () => {
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const listing = new Proxy({}, { ownKeys: () => { throw new Error('no keys') } })
    expect(unparseableReasons(metric.score([{ name: 'search', args: revoked.proxy }], gold))[0]).toMatch(/^\[0\]\.args: .*revoked/)
    expect(unparseableReasons(metric.score([{ name: 'search', args: listing }], gold))[0]).toMatch(/^\[0\]\.args: could not be read \(no keys\)/)
  })

  test('a list value with a hole, or a Proxy list claiming a vast length, is refused at its first missing item', () => {
    const claims = new Proxy([1], { get: (target, key) => (key === 'length' ? 2 ** 32 - 1 : Reflect.get(target, key)), has: () => true })
    for (const q of [[1, , 2], claims]) {
      expect(unparseableReasons(metric.score([{ name: 'search', args: { q } }], gold))).toEqual(['[0].args.q[1]: expected JSON-like data, received a hole in the list'])
    }
  })

  test('a cyclic argument value', () => {
    const q: Record<string, unknown> = {}
    q.self = q
    expect(unparseableReasons(metric.score([{ name: 'search', args: { q } }], gold))[0]).toMatch(/a cycle/)
  })

  test('a value that holds the same parts over and over (v = [v, v], 30 deep) is refused, not walked 2^30 times', () => {
    const shared = (depth: number) => {
      let value: unknown = 'x'
      for (let i = 0; i < depth; i++) value = [value, value]
      return value
    }
    // 4 million values written out, from 22 lists: the Score would hold them all, JSON.stringify would write them all.
    const reasons = unparseableReasons(metric.score([{ name: 'search', args: { q: shared(22) } }], gold))
    expect(reasons).toEqual([expect.stringMatching(/^\[0\]\.args\.q.*: holds the same parts so many times that, written out, they add more than 1,000,000 values$/)])
    // Eight such calls used to be ranked by value keys, each written out whole: 2^30 values a call.
    const many = Array.from({ length: 8 }, () => ({ name: 'search', args: { q: shared(30) } }))
    const score = metric.score(many, Array.from({ length: 8 }, (_, i) => ({ name: 'search', args: { q: ['x', String(i)] } })))
    expect([score.tp, score.fp, score.fn]).toEqual([0, 8, 8])
    expect(JSON.stringify(score).length).toBeLessThan(10_000)
    // Sharing a little is still read, and a large tree shares nothing.
    const twice = ['a', 'b']
    expect(metric.score([{ name: 'search', args: { q: [twice, twice] } }], [{ name: 'search', args: { q: [['a', 'b'], ['a', 'b']] } }]).f1).toBe(1)
    const tree = Array.from({ length: 2_000 }, () => Array.from({ length: 1_000 }, () => 0))
    expect(metric.score([{ name: 'search', args: { q: tree } }], gold).unmatchedPred).toEqual([])
  })

  test('a list of calls that holds the same list over and over (v = [v, v], 40 deep) is one unparseable call, not read 2^40 times', () => {
    let calls: unknown = [{ name: 'search', args: { q: 'cats' } }]
    for (let i = 0; i < 40; i++) calls = [calls, calls]
    const score = metric.score(calls, gold)
    expect(unparseableReasons(score)).toEqual(['more than 1,000,000 list items in all (does it hold the same list in many places?)'])
    expect([score.tp, score.fp, score.fn]).toEqual([0, 1, 1])
    // Repeated a little, a list is read wherever it stands: the same call twice is two calls.
    const twice = [{ name: 'search', args: { q: 'cats' } }]
    expect(metric.score([twice, twice], [...gold, ...gold]).f1).toBe(1)
  })

  test('a value nested 100,000 deep', () => {
    const score = metric.score([{ name: 'search', args: { q: deeplyNested(100_000) } }], gold)
    expect(unparseableReasons(score)[0]).toMatch(/nested deeper than 256 levels/)
  })

  test('a string of 10 MB is compared, not choked on', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024)
    const score = metric.score([{ name: 'search', args: { q: huge } }], [{ name: 'search', args: { q: huge } }])
    expect(score.f1).toBe(1)
    const wrong = metric.score([{ name: 'search', args: { q: huge } }], gold)
    expect(wrong.pairs[0]!.args[0]!.reason!.length).toBeLessThan(300)
  })

  test('100,000 calls in one trajectory', () => {
    const calls = Array.from({ length: 100_000 }, (_, i) => ({ name: 'search', args: { q: i === 0 ? 'cats' : `q${i}` } }))
    const score = metric.score(calls, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([1, 99_999, 0])
  })

  test('__proto__, constructor and prototype keys compare as ordinary keys and pollute nothing', () => {
    const pred = JSON.parse('[{"name": "search", "args": {"__proto__": {"polluted": true}, "constructor": 1, "prototype": 2}}]')
    const expected = [{ name: 'search', args: JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "prototype": 2}') }]
    expect(metric.score(pred, expected).f1).toBe(1)
    expect(metric.score(pred, gold).pairs[0]!.args.map((v) => v.verdict).sort()).toEqual(['missing', 'unexpected', 'unexpected', 'unexpected'])
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })

  test('an argument named like a property every object inherits is missing when not given', () => {
    const args = JSON.parse('{"toString": 1, "constructor": 2, "__proto__": 3, "hasOwnProperty": 4}')
    const score = metric.score([{ name: 'search', args: {} }], [{ name: 'search', args }])
    expect(score.pairs[0]!.args.map((v) => [v.arg, v.verdict])).toEqual([
      ['toString', 'missing'],
      ['constructor', 'missing'],
      ['__proto__', 'missing'],
      ['hasOwnProperty', 'missing'],
    ])
    expect(metric.score([{ name: 'search', args }], [{ name: 'search', args }]).f1).toBe(1)
  })

  test('an enumerable key added to Object.prototype is no argument and no key of a call', () => {
    const prototype = Object.prototype as Record<string, unknown>
    prototype.injected = 'everywhere'
    try {
      const pred = JSON.parse('[{"name": "search", "args": {"q": "cats"}}]')
      const score = metric.score(pred, [{ name: 'search', args: { q: 'cats' } }])
      expect([score.f1, score.pairs[0]!.args.map((v) => v.verdict)]).toEqual([1, ['match']])
      expect(metric.score(pred, [{ name: 'search', args: { q: 'dogs' } }]).pairs[0]!.args.map((v) => v.verdict)).toEqual(['mismatch'])
    } finally {
      delete prototype.injected
    }
  })
})
