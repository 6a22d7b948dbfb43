import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { types } from 'node:util'
import { oneOf, optional } from '../../src/compare/gold-values'
import type { Level } from '../../src/match/options'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { HOSTILE_ANYTHING } from '../fixtures/hostile-values'

const gold = [
  { name: 'search', args: { q: 'cats', limit: optional(10) } },
  { name: 'book', args: { city: oneOf('Paris', 'Rome'), seats: 2, when: { day: 'mon' } } },
  { name: 'search', args: { q: 'dogs' } },
]
const grammar = { tools: { book: { importance: 3, args: { city: { importance: 2 } } } } }

const hostileValue = fc.anything({
  ...HOSTILE_ANYTHING,
  key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'name', 'args', 'tool_calls', 'type')),
})

// Vertex AI's pieces of a streamed call, in any order and with anything in their fields.
const jsonPath = fc.oneof(fc.constantFrom('$', '$.q', '$.city', '$.when.day', '$.l[0]', '$.l[1].x', "$['__proto__']", '$.q.x'), fc.string())
const partialArg = fc.record(
  {
    jsonPath: fc.oneof(jsonPath, hostileValue),
    stringValue: fc.oneof(fc.string(), hostileValue),
    numberValue: fc.oneof(fc.double(), fc.constantFrom('NaN', 'Infinity'), hostileValue),
    boolValue: fc.oneof(fc.boolean(), hostileValue),
    nullValue: fc.constantFrom(null, 'NULL_VALUE'),
    willContinue: fc.oneof(fc.boolean(), hostileValue),
  },
  { requiredKeys: [] },
)
const geminiPiece = fc.record({
  functionCall: fc.record(
    {
      name: fc.oneof(fc.constantFrom('search', 'book'), hostileValue),
      args: fc.oneof(hostileValue, fc.dictionary(fc.string(), hostileValue)),
      partialArgs: fc.oneof(fc.array(fc.oneof(partialArg, hostileValue), { maxLength: 4 }), hostileValue),
      willContinue: fc.oneof(fc.boolean(), hostileValue),
    },
    { requiredKeys: [] },
  ),
})

// Calls shaped like real ones, with hostile arguments and names, so they get past format detection.
const hostileCall = fc.oneof(
  geminiPiece,
  fc.record({ name: fc.oneof(fc.constantFrom('search', 'book'), hostileValue), args: fc.oneof(hostileValue, fc.dictionary(fc.string(), hostileValue)) }),
  fc.record({ type: fc.constant('function'), function: fc.record({ name: fc.constantFrom('search', 'book'), arguments: fc.oneof(fc.json(), fc.string()) }) }),
  fc.string(),
  hostileValue,
)
const prediction = fc.oneof(hostileValue, fc.array(hostileCall, { maxLength: 6 }))
const level = fc.constantFrom<Level>('call', 'arg')

describe('hostile predictions', () => {
  test.prop([prediction, level], { numRuns: 400 })('never throw, and F1 stays in [0, 1]', (pred, lvl) => {
    const score = new ToolCallMetric({ level: lvl, grammar }).score(pred, gold)
    expect(score.f1).toBeGreaterThanOrEqual(0)
    expect(score.f1).toBeLessThanOrEqual(1)
  })

  test.prop([prediction, level], { numRuns: 200 })('the same input gives the same score', (pred, lvl) => {
    const metric = new ToolCallMetric({ level: lvl, grammar })
    expect(JSON.stringify(metric.score(pred, gold))).toBe(JSON.stringify(metric.score(pred, gold)))
  })
})

const goodCall = fc.constantFrom(
  { name: 'search', args: { q: 'cats' } },
  { name: 'search', args: { q: 'cats', limit: 10 } },
  { name: 'search', args: { q: 'dogs' } },
  { name: 'book', args: { city: 'rome', seats: 2, when: { day: 'mon' } } },
  { name: 'book', args: { city: 'Paris', seats: 3, when: { day: 'mon' } } },
  { name: 'book', args: { city: 'Paris', seats: 2 } },
)

describe('spoiling a prediction', () => {
  test.prop([fc.array(goodCall, { minLength: 1, maxLength: 5 }), fc.nat(), fc.nat(), level], { numRuns: 300 })(
    'never raises the score',
    (calls, which, argChoice, lvl) => {
      const metric = new ToolCallMetric({ level: lvl, grammar })
      const before = metric.score(calls, gold)
      const target = calls[which % calls.length]!
      const keys = Object.keys(target.args)
      const key = keys[argChoice % keys.length]!
      const spoiled = calls.map((call) => (call === target ? { name: call.name, args: { ...call.args, [key]: '\u0000spoiled' } } : call))
      const after = metric.score(spoiled, gold)
      expect(after.tp).toBeLessThanOrEqual(before.tp)
      expect(after.f1).toBeLessThanOrEqual(before.f1 + 1e-12)
    },
  )
})

/** How a Proxy wrapped around part of a prediction behaves: a trap that throws, a get that answers every key, or revoked. */
type ProxyKind = 'get throws' | 'ownKeys throws' | 'getOwnPropertyDescriptor throws' | 'getPrototypeOf throws' | 'answers every key' | 'revoked'
const proxyKinds: ProxyKind[] = ['get throws', 'ownKeys throws', 'getOwnPropertyDescriptor throws', 'getPrototypeOf throws', 'answers every key', 'revoked']

function proxied(target: object, kind: ProxyKind): object {
  const trap = () => {
    throw new Error('trapped')
  }
  switch (kind) {
    case 'answers every key':
      return new Proxy(target, { get: (inner, key) => (Reflect.has(inner, key) ? Reflect.get(inner, key) : 'cats') })
    case 'revoked': {
      const revocable = Proxy.revocable(target, {})
      revocable.revoke()
      return revocable.proxy
    }
    default:
      return new Proxy(target, { [kind.split(' ')[0]!]: trap })
  }
}

// Where in a good call the Proxy goes: around the call, its arguments, or one argument's value.
const proxiedCall = fc.record({
  call: goodCall,
  where: fc.constantFrom('call', 'args', 'value'),
  kind: fc.constantFrom(...proxyKinds),
})

describe('predictions that are or hold Proxies', () => {
  test.prop([fc.array(proxiedCall, { minLength: 1, maxLength: 3 }), level], { numRuns: 300 })(
    'never throw, and a Score holds no Proxy',
    (planned, lvl) => {
      // Built here, not by the generator: fast-check itself would trip the traps.
      const pred = planned.map(({ call, where, kind }) => {
        if (where === 'call') return proxied({ ...call }, kind)
        if (where === 'args') return { name: call.name, args: proxied({ ...call.args }, kind) }
        const [key, value] = Object.entries(call.args)[0]!
        return { name: call.name, args: { ...call.args, [key]: typeof value === 'object' ? proxied({ ...value }, kind) : proxied({ value }, kind) } }
      })
      const score = new ToolCallMetric({ level: lvl, grammar }).score(pred, gold)
      const held = [...score.pairs.map((pair) => pair.pred), ...score.unmatchedPred.map((unmatched) => unmatched.call)]
      for (const call of held) {
        expect(types.isProxy(call.args)).toBe(false)
        for (const value of Object.values(call.args)) expect(types.isProxy(value)).toBe(false)
      }
    },
  )
})
