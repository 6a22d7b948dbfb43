// A Bun user's test file; `bun test` finds it by its `_spec` ending, and tsc checks its types against Bun's.
import { expect, test } from 'bun:test'
import { oneOf, ToolCallMetric } from 'expect-toolcalls'

const reply = [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris","days":{"n":3}}' }]
const gold = [{ name: 'get_weather', args: { city: oneOf('Paris', 'Lyon'), days: { n: 3 } } }]

test('passes on the right calls', async () => {
  expect(reply).toMatchToolCalls(gold)
  expect(reply).toHaveCalledTool('get_weather', { city: 'paris', days: { n: 3 } })
  expect(reply).toScoreAtLeast(0.9, gold)
  expect(new ToolCallMetric().score(reply, gold)).toScoreAtLeast(0.9)
  expect({ reply }).toEqual({ reply: expect.toMatchToolCalls(gold) })
  await expect(Promise.resolve(reply)).resolves.toMatchToolCalls(gold)
})

// Compiled, never run: each call is a type error.
export function wrongCalls(): void {
  // @ts-expect-error: the threshold is a number
  expect(reply).toScoreAtLeast('high', gold)
  // @ts-expect-error: calls are scored against a gold
  expect(reply).toScoreAtLeast(0.9)
  // @ts-expect-error: no such option
  expect(reply).toMatchToolCalls(gold, { levle: 'arg' })
}

test('fails on a wrong argument', () => {
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Lyon', days: { n: 4 } } }])
})

test('fails .not on the right calls', () => {
  expect(reply).not.toMatchToolCalls(gold)
})
