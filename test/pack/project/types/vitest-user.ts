// A Vitest user's test file, type-checked against the installed package.
import 'expect-toolcalls/vitest'
import { expect, test } from 'vitest'

test('typed', () => {
  expect([{ name: 'f', args: { x: 1 } }]).toMatchToolCalls([{ name: 'f', args: { x: 1 } }], { level: 'arg' })
  expect([]).toScoreAtLeast(0.5, [], { by: 'recall' })
  expect({ calls: [] }).toEqual({ calls: expect.toMatchToolCalls([]) })
  // @ts-expect-error: the threshold is a number
  expect([]).toScoreAtLeast('high', [])
})
