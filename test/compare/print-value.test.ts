import { fc, test } from '@fast-check/vitest'
import { format, plugins } from 'pretty-format'
import { describe, expect } from 'vitest'
import { printValue } from '../../src/compare/print-value'

/** What printValue printed for any object before lists of scalars had a path of their own. */
function byPrettyFormat(value: unknown): string {
  const printed = format(value, { min: true, maxDepth: 4, maxWidth: 8, plugins: [plugins.AsymmetricMatcher], escapeString: false })
  return printed.length > 120 ? `${printed.slice(0, 120)}…` : printed
}

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"', '\\', '\n', '…', ''),
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.boolean(),
  fc.constant(null),
)

describe('printValue prints a list as pretty-format does', () => {
  test.prop([fc.array(scalar, { maxLength: 12 })])('a list of scalars', (list) => {
    expect(printValue(list)).toBe(byPrettyFormat(list))
  })

  test.prop([fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string(), scalar), fc.constant(undefined)), { maxLength: 10 })])(
    'a list holding lists, objects or undefined',
    (list) => {
      expect(printValue(list)).toBe(byPrettyFormat(list))
    },
  )

  test.each([
    ['a hole', [1, , 3]],
    ['a list longer than eight', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    ['exactly eight', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['a long string inside', ['x'.repeat(200)]],
    ['a subclass', Object.assign(new (class Items extends Array {})(), { 0: 1, 1: 2 })],
    ['a list with toJSON', Object.assign([1, 2], { toJSON: () => 'as JSON' })],
  ])('%s', (_, list) => {
    expect(printValue(list)).toBe(byPrettyFormat(list))
  })

  test('a list whose items cannot be read prints as its kind', () => {
    const list = new Proxy([1, 2], {
      get(target, key) {
        if (key === '0') throw new Error('trap')
        return Reflect.get(target, key)
      },
    })
    expect(printValue(list)).toBe('object')
  })
})
