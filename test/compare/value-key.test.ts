import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { canonicalForms } from '../../src/compare/canonicalizers'
import { argumentsKey, valueKey } from '../../src/compare/value-key'

// Names and keys drawn from small alphabets, so that collisions and shared prefixes are common.
const argumentMap = fc.dictionary(fc.string({ unit: fc.constantFrom('a', 'b', ':', '1'), maxLength: 4 }), fc.string({ unit: fc.constantFrom('s', 'x', ':', '2'), maxLength: 4 }), { maxKeys: 8 })

function keyOf(entries: ReadonlyArray<readonly [string, string | undefined]>): string | undefined {
  return argumentsKey(entries.map(([name]) => name), entries.map(([, key]) => key))
}

describe('argumentsKey', () => {
  test.prop([argumentMap.chain((map) => fc.tuple(fc.constant(Object.entries(map)), fc.shuffledSubarray(Object.entries(map), { minLength: Object.keys(map).length })))])(
    'is the same in whatever order the arguments come',
    ([entries, shuffled]) => {
      expect(keyOf(shuffled)).toBe(keyOf(entries))
    },
  )

  test.prop([argumentMap, argumentMap])('tells apart calls whose arguments differ', (a, b) => {
    const same = JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())
    expect(keyOf(Object.entries(a)) === keyOf(Object.entries(b))).toBe(same)
  })

  test('has none when an argument has none', () => {
    expect(keyOf([['a', 's1'], ['b', undefined]])).toBeUndefined()
    expect(keyOf([])).toBe('')
  })
})

describe('valueKey', () => {
  const keyOfValue = (value: unknown) => valueKey(value, canonicalForms.default)

  test.each([
    [['1'], [1]],
    [['true'], [true]],
    [['null'], [null]],
    [[true], []],
    [[null], []],
    [[false], []],
    [[''], []],
    [[1, 2], [12]],
    [{ k: '1' }, { k: 1 }],
    [{ k: null }, {}],
    [['a'], { 0: 'a' }],
    // A value with no key of its own (undefined, a function) leaves its list without one, rather than keyed as an empty object.
    [[undefined], [{}]],
    [[() => 1], [{}]],
  ])('tells apart nested values that read alike once printed: %j and %j', (a, b) => {
    expect(keyOfValue(a)).not.toBe(keyOfValue(b))
  })

  test('keys an object the same whatever the order of its keys, and a list by the order of its items', () => {
    expect(keyOfValue({ k: 1, l: [true, 'a'] })).toBe(keyOfValue({ l: [true, 'a'], k: 1 }))
    expect(keyOfValue([1, 2])).not.toBe(keyOfValue([2, 1]))
  })
})
