// A Deno user's test file: Jest's standalone `expect`, from npm, takes the matchers, and the Jest declaration gives their types.
import type {} from 'expect-toolcalls/jest'
import { expect } from 'expect'
import { oneOf, ToolCallMetric } from 'expect-toolcalls'
import { matchers } from 'expect-toolcalls/matchers'

expect.extend(matchers)

const reply = [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris","days":{"n":3}}' }]
const gold = [{ name: 'get_weather', args: { city: oneOf('Paris', 'Lyon'), days: { n: 3 } } }]

Deno.test('passes on the right calls', async () => {
  expect(reply).toMatchToolCalls(gold)
  expect(reply).toHaveCalledTool('get_weather', { city: 'paris', days: { n: 3 } })
  expect(reply).toScoreAtLeast(0.9, gold)
  expect(new ToolCallMetric().score(reply, gold)).toScoreAtLeast(0.9)
  expect({ reply }).toEqual({ reply: expect.toMatchToolCalls(gold) })
  await expect(Promise.resolve(reply)).resolves.toMatchToolCalls(gold)
})

// Type-checked, never run: each call is a type error.
export function wrongCalls(): void {
  // @ts-expect-error: the threshold is a number
  expect(reply).toScoreAtLeast('high', gold)
  // @ts-expect-error: calls are scored against a gold
  expect(reply).toScoreAtLeast(0.9)
  // @ts-expect-error: no such option
  expect(reply).toMatchToolCalls(gold, { levle: 'arg' })
}

Deno.test('fails on a wrong argument', () => {
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Lyon', days: { n: 4 } } }])
})

Deno.test('fails .not on the right calls', () => {
  expect(reply).not.toMatchToolCalls(gold)
})
