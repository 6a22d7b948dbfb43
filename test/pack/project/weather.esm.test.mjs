import { expect, test } from '@jest/globals'
import { oneOf, ToolCallMetric } from 'expect-toolcalls'

const reply = [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris","days":3}' }]

test('passes on the right calls as an ES module', () => {
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: oneOf('Paris', 'Lyon'), days: 3 } }])
  expect({ reply }).toEqual({ reply: expect.toHaveCalledTool('get_weather', { city: 'paris', days: 3 }) })
})

test('prints a Score through the snapshot serializer as an ES module', () => {
  expect(new ToolCallMetric().score(reply, [{ name: 'get_weather', args: { city: 'Paris', days: 3 } }])).toMatchInlineSnapshot(`
    Pairs (- gold, + prediction):
      ✓ gold[0] ↔ pred[0]  get_weather(city: "Paris", days: 3)

    TP 1  FP 0  FN 0  precision 1  recall 1  F1 1 (call level)
  `)
})

test('fails on a wrong argument as an ES module', () => {
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Lyon', days: 3 } }])
})
