import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { argumentsKey } from '../../src/compare/value-key'

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
