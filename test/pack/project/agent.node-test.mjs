// Outside Vitest and Jest: Node's own test runner, with Jest's standalone `expect` taking the matchers.
import { test } from 'node:test'
import { expect } from 'expect'
import { oneOf } from 'expect-toolcalls'
import { matchers } from 'expect-toolcalls/matchers'

expect.extend(matchers)

const reply = [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris","days":3}' }]

test('passes on the right calls under node:test', () => {
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: oneOf('Paris', 'Lyon'), days: 3 } }])
  expect(reply).not.toHaveCalledTool('delete_all')
})

test('fails on a wrong argument under node:test', () => {
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Lyon', days: 3 } }])
})
