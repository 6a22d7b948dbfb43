// A Jest user's test file, type-checked against the installed package, with the matchers'
// types from expect-toolcalls.d.ts as the README says (Jest's config is no part of the program).
import { expect, test } from '@jest/globals'

test('typed', () => {
  expect([{ name: 'f', args: { x: 1 } }]).toMatchToolCalls([{ name: 'f', args: { x: 1 } }], { level: 'arg' })
  expect([]).toScoreAtLeast(0.5, [], { by: 'recall' })
  expect({ calls: [] }).toEqual({ calls: expect.toMatchToolCalls([]) })
  // @ts-expect-error: the threshold is a number
  expect([]).toScoreAtLeast('high', [])
})
