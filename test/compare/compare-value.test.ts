import { expect as jestExpect } from 'expect'
import { describe, expect, test } from 'vitest'
import { canonicalizers } from '../../src/compare/canonicalizers'
import { compareValue, type ValueContext } from '../../src/compare/compare-value'
import { compileGoldValue } from '../../src/compare/gold-node'
import { oneOf, optional, satisfies } from '../../src/compare/gold-values'

const context: ValueContext = { canonicalize: canonicalizers.default }

function matches(gold: unknown, pred: unknown, ctx = context): boolean {
  return compareValue(compileGoldValue(gold, 'gold'), pred, ctx, null) === undefined
}

function reason(gold: unknown, pred: unknown): string | undefined {
  return compareValue(compileGoldValue(gold, 'gold'), pred, context, 'x')?.reason
}

describe('strings', () => {
  test('compare through the canonicalizer on both sides', () => {
    expect(matches('New York', '  new   york ')).toBe(true)
  })

  test('differ when their canonical forms differ', () => {
    expect(matches('Paris', 'London')).toBe(false)
    expect(reason('Paris', 'London')).toBe('expected "Paris", received "London"')
  })

  test('use the exact canonicalizer when asked', () => {
    const exact = { canonicalize: canonicalizers.exact }
    expect(compareValue(compileGoldValue('Paris', 'g'), 'paris', exact, null)).toBeDefined()
  })

  test('a number is not a string', () => {
    expect(matches('3', 3)).toBe(false)
    expect(reason('3', 3)).toBe('expected a string, received 3')
  })
})

describe('numbers', () => {
  test('compare by value, so an integer is accepted where a float is written', () => {
    expect(matches(3.0, 3)).toBe(true)
    expect(matches(2.5, 2.5)).toBe(true)
  })

  test('a numeric string is not a number', () => {
    expect(matches(3, '3')).toBe(false)
    expect(reason(3, '3')).toBe('expected a number, received "3"')
  })

  test('a predicted NaN equals no number', () => {
    expect(matches(0, NaN)).toBe(false)
    expect(matches([1], [NaN])).toBe(false)
  })

  test('a NaN in the gold is refused, since it could never match', () => {
    expect(() => compileGoldValue(NaN, 'gold[0].args.x')).toThrow(/gold\[0\]\.args\.x: NaN/)
  })
})

describe('booleans and null', () => {
  test('compare by identity, with no truthiness', () => {
    expect(matches(true, true)).toBe(true)
    expect(matches(true, 1)).toBe(false)
    expect(matches(false, 0)).toBe(false)
    expect(matches(null, null)).toBe(true)
    expect(matches(null, 'null')).toBe(false)
  })

  test('a string that reads as one differs, and the reason prints it as a string', () => {
    expect(reason(true, 'true')).toBe('expected true, received "true"')
    expect(reason(null, 'null')).toBe('expected null, received "null"')
  })
})

describe('lists', () => {
  test('match element by element, in order', () => {
    expect(matches([1, 'a'], [1, 'A'])).toBe(true)
    expect(matches([1, 2], [2, 1])).toBe(false)
  })

  test('a string is not a list, even one whose characters are the items', () => {
    expect(matches(['a', 'b'], 'ab')).toBe(false)
    expect(reason(['a', 'b'], 'ab')).toBe('expected a list, received a string')
  })

  test('must have the same length', () => {
    expect(reason([1, 2], [1])).toBe('expected 2 items, received 1')
    expect(reason([1], [1, 2])).toBe('expected 1 item, received 2')
  })

  test('report the path of the element that differs', () => {
    const node = compileGoldValue([{ a: 1 }, { a: 2 }], 'g')
    expect(compareValue(node, [{ a: 1 }, { a: 3 }], context, 'items')).toEqual({
      path: 'items[1].a',
      reason: 'expected 2, received 3',
    })
  })
})

describe('objects', () => {
  test('match by key, whatever the key order', () => {
    expect(matches({ a: 1, b: 'x' }, { b: 'X', a: 1 })).toBe(true)
  })

  test('a missing key is a mismatch', () => {
    expect(reason({ a: 1, b: 2 }, { a: 1 })).toBe('missing key "b"')
    // A key drawn alike the one missing (a Cyrillic с for a Latin c), which a diff prints the same, is named in escapes.
    expect(reason({ city: 'Lisbon' }, { \u0441ity: 'Lisbon' })).toBe('missing key "city"; received "\\u0441ity", drawn alike, in its place')
    expect(reason({ M\u043e\u0441\u043a\u0432\u0430: 1 }, { \u041c\u043e\u0441\u043a\u0432\u0430: 1 })).toBe(
      'missing key "M\u043e\u0441\u043a\u0432\u0430"; received "\\u041c\u043e\u0441\u043a\u0432\u0430", drawn alike, in its place',
    )
    expect(reason({ Zurich: 1 }, { Z\u00fcrich: 1 })).toBe('missing key "Zurich"')
  })

  test('an extra key is a mismatch', () => {
    expect(reason({ a: 1 }, { a: 1, c: 3 })).toBe('unexpected key "c"')
  })

  test('an optional key may be left out, but must match when given', () => {
    expect(matches({ a: 1, b: optional(2) }, { a: 1 })).toBe(true)
    expect(matches({ a: 1, b: optional(2) }, { a: 1, b: 2 })).toBe(true)
    expect(matches({ a: 1, b: optional(2) }, { a: 1, b: 3 })).toBe(false)
  })

  test('a list is not an object', () => {
    expect(reason({}, [])).toBe('expected an object, received a list')
  })

  test('a __proto__ key compares as an ordinary key', () => {
    const gold = JSON.parse('{"__proto__": {"x": 1}}')
    expect(matches(gold, JSON.parse('{"__proto__": {"x": 1}}'))).toBe(true)
    expect(matches(gold, {})).toBe(false)
    expect(({} as { x?: number }).x).toBeUndefined()
  })

  test('a key every object inherits is missing unless the object has its own', () => {
    expect(reason({ toString: 1 }, {})).toBe('missing key "toString"')
    expect(matches({ toString: 1 }, { toString: 1 })).toBe(true)
    expect(matches({ valueOf: optional() }, {})).toBe(true)
  })

  test('keys an object inherits are not among its keys: with its own keys the gold\'s, it matches', () => {
    const inheriting = Object.assign(Object.create({ extra: 1 }) as Record<string, unknown>, { x: 1 })
    expect(matches({ x: 1 }, inheriting)).toBe(true)
    expect(reason({ x: 1 }, Object.assign(Object.create({ extra: 1 }) as Record<string, unknown>, { x: 1, y: 2 }))).toBe('unexpected key "y"')
  })

  test('an object a marker meets inside toEqual counts only its own keys, an undefined one included', () => {
    class WithGetter {
      get x() {
        return 1
      }
    }
    expect(reason({ x: 1 }, new WithGetter())).toBe('missing key "x"')
    expect(matches({ x: 1, y: optional() }, { x: 1, y: undefined })).toBe(true)
    jestExpect({ a: { x: 1, y: undefined } }).toEqual({ a: oneOf({ x: 1, y: optional() }) })
  })
})

describe('gold markers', () => {
  test('oneOf accepts any alternative', () => {
    expect(matches(oneOf('cat', 'dog'), 'DOG')).toBe(true)
    expect(reason(oneOf('cat', 'dog'), 'cow')).toBe('expected one of "cat", "dog"; received "cow"')
  })

  test('optional() accepts any value when given', () => {
    expect(matches({ a: optional() }, { a: [1, 2] })).toBe(true)
  })

  test('satisfies applies the predicate and names it in the reason', () => {
    const even = satisfies((v) => typeof v === 'number' && v % 2 === 0, 'an even number')
    expect(matches(even, 4)).toBe(true)
    expect(reason(even, 3)).toBe('expected an even number, received 3')
  })

  test('a predicate that throws is a mismatch, not a crash', () => {
    const bad = satisfies(() => {
      throw new Error('boom')
    }, 'anything')
    expect(reason(bad, 1)).toMatch(/predicate threw.*boom/)
    // A thrown value that throws again when written says what can be read of it.
    const hostile = new Proxy({}, { get: () => { throw 2 } })
    expect(reason(satisfies(() => { throw hostile }, 'anything'), 1)).toBe('expected anything, but the predicate threw on 1: unknown error')
    expect(reason({ asymmetricMatch: () => { throw hostile } }, 1)).toMatch(/, but it threw on 1: unknown error$/)
  })

  test("a satisfies marker made otherwise than by satisfies(), as another version's may be, is refused where it lacks a predicate or its description", () => {
    // The mark is shared across copies of the package, so that their markers are one another's.
    const marked = (fields: object) => ({ [Symbol.for('expect-toolcalls.gold-marker')]: 'satisfies', ...fields })
    expect(() => compileGoldValue({ x: marked({ fn: () => true, description: 'any' }) }, 'gold')).toThrow(
      new TypeError('gold.x: satisfies() needs a predicate and a description of it, received an object with keys fn, description'),
    )
    expect(() => compileGoldValue({ x: marked({ predicate: () => true, description: Object.create(null) }) }, 'gold')).toThrow(/^gold\.x: satisfies\(\) needs a predicate/)
    expect(matches({ x: marked({ predicate: (v: unknown) => v === 1, description: 'one' }) }, { x: 1 })).toBe(true)
  })

  test('a truthy answer passes, as in the runners, and a promise is a mismatch saying so rather than a pass', () => {
    // Typed to return a boolean; plain JavaScript may return a match or a promise all the same.
    const hasX = satisfies(((v: unknown) => typeof v === 'string' && v.match(/x/)) as never, 'contains x')
    expect([matches(hasX, 'xyz'), matches(hasX, 'abc')]).toEqual([true, false])
    expect(matches({ asymmetricMatch: (v: unknown) => String(v).match(/x/) }, 'xyz')).toBe(true)
    expect(reason(satisfies((async () => true) as never, 'decided later'), 1)).toBe('expected decided later, but the predicate returned a promise: it must decide at once')
    expect(matches({ asymmetricMatch: async () => true }, 1)).toBe(false)
    expect(reason({ asymmetricMatch: async () => true }, 1)).toMatch(/, but it returned a promise: it must decide at once$/)
    // Anything with a `then` to call is a promise to the runners, a function among them.
    const thenableFunction = Object.assign(() => true, { then: () => undefined })
    expect(reason(satisfies((() => thenableFunction) as never, 'decided later'), 1)).toBe('expected decided later, but the predicate returned a promise: it must decide at once')
    // A missing return: no verdict, and no throw, as the value is the model's.
    expect(reason(satisfies(((v: number) => { void (v > 0) }) as never, 'a positive number'), 5)).toBe('expected a positive number, but the predicate returned undefined on 5 (does it lack a return?)')
  })

  test("a runner's asymmetric matchers are honoured", () => {
    expect(matches(jestExpect.stringMatching(/cat/i), 'a CAT')).toBe(true)
    expect(matches(jestExpect.any(Number), 'x')).toBe(false)
    expect(matches({ pi: jestExpect.closeTo(3.14, 2) }, { pi: 3.141 })).toBe(true)
    expect(reason(jestExpect.stringMatching(/cat/), 'dog')).toBe('expected StringMatching /cat/, received "dog"')
  })

  test('custom testers decide before the value rules when given', () => {
    const caseSensitive = { canonicalize: canonicalizers.exact }
    const ignoreUnits = function (this: unknown, a: unknown, b: unknown) {
      if (typeof a === 'string' && typeof b === 'string') return a.replace(/ ?km$/, '') === b.replace(/ ?km$/, '')
      return undefined
    }
    const ctx: ValueContext = {
      ...caseSensitive,
      testers: { context: { equals: () => false }, list: [ignoreUnits] },
    }
    expect(matches('12', '12 km', ctx)).toBe(true)
    expect(matches('12', '13 km', ctx)).toBe(false)
  })

  test('a custom tester that rejects a value of another kind than the gold says so in the reason, each value printed as itself', () => {
    const ctx: ValueContext = { ...context, testers: { context: { equals: () => false }, list: [() => false] } }
    expect(compareValue(compileGoldValue('5', 'gold'), 5, ctx, 'x')?.reason).toBe('expected "5", received 5 (by a custom equality tester)')
    expect(compareValue(compileGoldValue(5, 'gold'), '5', ctx, 'x')?.reason).toBe('expected 5, received "5" (by a custom equality tester)')
  })

  test('a oneOf of a string and a matcher or predicate accepts a string that only the matcher or predicate accepts', () => {
    expect(matches(oneOf('none', jestExpect.stringMatching(/^x/)), 'xyz')).toBe(true)
    expect(matches(oneOf('none', satisfies((v) => v === 'other', 'other')), 'other')).toBe(true)
    expect(matches(oneOf('none', 5), 'five')).toBe(false)
  })

  test('custom testers decide for each string alternative of a oneOf too', () => {
    const sameCity = function (this: unknown, a: unknown, b: unknown) {
      return a === 'NYC' && b === 'New York' ? true : undefined
    }
    const ctx: ValueContext = { ...context, testers: { context: { equals: () => false }, list: [sameCity] } }
    expect(matches(oneOf('New York', 'Boston'), 'NYC', ctx)).toBe(true)
    expect(matches(oneOf('New York', 'Boston'), 'LA', ctx)).toBe(false)
  })
})
