import { describe, expect, test } from 'vitest'
import { readValue } from '../../src/calls'
import { MAX_DEPTH } from '../../src/calls/limits'

function nested(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

describe('readValue', () => {
  test('reads JSON-like data', () => {
    const value = { s: 'x', n: 1.5, nan: Number.NaN, b: false, z: null, list: [1, { k: 'v' }] }
    expect(readValue(value, 'args')).toEqual({ ok: true, value })
  })

  test('returns data that already is plain as it is, as JSON.parse made it', () => {
    const value = JSON.parse('{"list": [1, {"k": "v"}], "__proto__": {"own": true}}') as unknown
    const reading = readValue(value, 'args')
    expect(reading.ok && reading.value).toBe(value)
  })

  test('copies data that a copy changes: the copy is plain, the original untouched', () => {
    class Tagged extends Array<number> {}
    const tagged = Tagged.from([1, 2])
    const value = { kept: { k: 'v' }, dropped: undefined, list: tagged }
    const reading = readValue(value, 'args')
    expect(reading.ok && reading.value).not.toBe(value)
    expect(reading).toEqual({ ok: true, value: { kept: { k: 'v' }, list: [1, 2] } })
    expect(reading.ok && Object.getPrototypeOf((reading.value as { list: unknown }).list)).toBe(Array.prototype)
    expect(Object.keys(value)).toEqual(['kept', 'dropped', 'list'])
  })

  test('leaves out undefined properties as JSON does', () => {
    expect(readValue({ a: 1, b: undefined }, 'args')).toEqual({ ok: true, value: { a: 1 } })
  })

  test('refuses undefined inside an array', () => {
    expect(readValue([1, undefined], 'args')).toEqual({ ok: false, reason: 'args[1]: expected JSON-like data, received undefined' })
  })

  test('refuses a function, naming the path', () => {
    expect(readValue({ a: { f: () => 1 } }, 'args')).toEqual({ ok: false, reason: 'args.a.f: expected JSON-like data, received a function' })
  })

  test('refuses a symbol', () => {
    expect(readValue({ s: Symbol('x') }, 'args')).toEqual({ ok: false, reason: 'args.s: expected JSON-like data, received a symbol' })
  })

  test('refuses a bigint', () => {
    expect(readValue({ n: 1n }, 'args')).toEqual({ ok: false, reason: 'args.n: expected JSON-like data, received a bigint' })
  })

  test('refuses a class instance', () => {
    expect(readValue({ when: new Date(0) }, 'args')).toEqual({ ok: false, reason: 'args.when: expected JSON-like data, received an instance of Date' })
  })

  test('accepts an object without a prototype', () => {
    const value = Object.assign(Object.create(null) as object, { a: 1 })
    expect(readValue(value, 'args')).toEqual({ ok: true, value: { a: 1 } })
  })

  test('refuses a cycle', () => {
    const value: Record<string, unknown> = { a: {} }
    ;(value.a as Record<string, unknown>).back = value
    expect(readValue(value, 'args')).toEqual({ ok: false, reason: 'args.a.back: a cycle: the value contains itself' })
  })

  test('copies a value shared by two fields', () => {
    const shared = { k: 1 }
    expect(readValue({ a: shared, b: shared }, 'args')).toEqual({ ok: true, value: { a: { k: 1 }, b: { k: 1 } } })
  })

  test('refuses a deep sharing graph without visiting every path: written out, as a Score is, it would be 2^200 values', () => {
    let value: unknown = 1
    for (let level = 0; level < 200; level++) value = { left: value, right: value }
    expect(readValue(value, 'args')).toEqual({ ok: false, reason: expect.stringMatching(/^args\.(left|right)\..*: holds the same parts so many times that, written out, they add more than 1,000,000 values$/) })
  })

  test('copies a sharing graph that stays small written out', () => {
    let value: unknown = 1
    for (let level = 0; level < 16; level++) value = { left: value, right: value }
    expect(readValue(value, 'args').ok).toBe(true)
  })

  test('refuses a getter that throws, naming the path', () => {
    const value = {
      get city(): string {
        throw new Error('boom')
      },
    }
    expect(readValue({ where: value }, 'args')).toEqual({ ok: false, reason: 'args.where.city: could not be read (boom)' })
  })

  test('reads a getter that returns a value', () => {
    expect(readValue({ get city() { return 'Paris' } }, 'args')).toEqual({ ok: true, value: { city: 'Paris' } })
  })

  test('refuses a Proxy whose traps throw', () => {
    const trap = () => {
      throw new Error('trap')
    }
    const value = new Proxy({}, { ownKeys: trap, get: trap, getPrototypeOf: trap })
    const reading = readValue({ p: value }, 'args')
    expect(reading.ok === false && reading.reason.startsWith('args.p: ')).toBe(true)
    // What the trap throws may itself throw when asked what it is.
    const throwsAgain = new Proxy({}, { getPrototypeOf: trap, get: trap })
    const twice = readValue({ p: new Proxy({}, { ownKeys: () => { throw throwsAgain }, getPrototypeOf: () => { throw throwsAgain } }) }, 'args')
    expect(twice).toEqual({ ok: false, reason: 'args.p: could not be read (unknown error)' })
  })

  test(`accepts nesting ${MAX_DEPTH} levels deep`, () => {
    expect(readValue(nested(MAX_DEPTH), 'args').ok).toBe(true)
  })

  test(`refuses nesting deeper than ${MAX_DEPTH} levels`, () => {
    const reading = readValue(nested(MAX_DEPTH + 1), 'args')
    expect(reading.ok === false && reading.reason.endsWith(`: nested deeper than ${MAX_DEPTH} levels`)).toBe(true)
  })

  test('refuses 100,000-deep nesting without overflowing the stack', () => {
    expect(readValue(nested(100_000), 'args').ok).toBe(false)
  })

  test('copies a __proto__ key as an own property and changes no prototype', () => {
    const reading = readValue(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'), 'args')
    const copy = reading.ok ? (reading.value as object) : {}
    expect(Object.hasOwn(copy, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined()
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  test('copies constructor and prototype keys as own properties', () => {
    const reading = readValue(JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'), 'args')
    const copy = reading.ok ? (reading.value as { constructor: unknown }) : { constructor: undefined }
    expect(copy.constructor).toEqual({ prototype: { polluted: true } })
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  test('names keys that are not identifiers with brackets', () => {
    expect(readValue({ 'a b': [() => 1] }, 'args')).toEqual({ ok: false, reason: 'args["a b"][0]: expected JSON-like data, received a function' })
  })
})
