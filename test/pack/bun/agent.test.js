// A Bun user's test file: `bun test` takes the matchers from expect-toolcalls/matchers.
import { expect, test } from 'bun:test'
import { oneOf } from 'expect-toolcalls'
import { matchers } from 'expect-toolcalls/matchers'

expect.extend(matchers)

const reply = [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris","days":3}' }]
const gold = [{ name: 'get_weather', args: { city: oneOf('Paris', 'Lyon'), days: 3 } }]

test('passes on the right calls', async () => {
  expect(reply).toMatchToolCalls(gold)
  expect(reply).toHaveCalledTool('get_weather', { city: 'paris', days: 3 })
  expect(reply).toScoreAtLeast(0.9, gold)
  expect({ reply }).toEqual({ reply: expect.toMatchToolCalls(gold) })
  await expect(Promise.resolve(reply)).resolves.toMatchToolCalls(gold)
})

test('fails on a wrong argument', () => {
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Lyon', days: 3 } }])
})

test('fails .not on the right calls', () => {
  expect(reply).not.toMatchToolCalls(gold)
})
