// A Vitest user's test file, type-checked against the installed package: the matchers' types come from vitest-setup.ts, or from
// vitest5-matchers.d.ts.
import { expect, test } from 'vitest'

test('typed', () => {
  expect([{ name: 'f', args: { x: 1 } }]).toMatchToolCalls([{ name: 'f', args: { x: 1 } }], { level: 'arg' })
  expect([]).toScoreAtLeast(0.5, [], { by: 'recall' })
  expect({ calls: [] }).toEqual({ calls: expect.toMatchToolCalls([]) })
  // @ts-expect-error: the threshold is a number
  expect([]).toScoreAtLeast('high', [])
})

test('returns what toEqual returns', async () => {
  const checked: void = expect([]).toMatchToolCalls([])
  const polled: Promise<void> = expect.poll(() => []).toMatchToolCalls([])
  const resolved: Promise<void> = expect(Promise.resolve([])).resolves.toScoreAtLeast(0.5, [])
  // @ts-expect-error: a synchronous assertion is not a promise
  const notAwaited: Promise<void> = expect([]).toHaveCalledTool('f')
  await Promise.all([checked, polled, resolved, notAwaited])
})
