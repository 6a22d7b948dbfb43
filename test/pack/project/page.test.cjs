/**
 * @jest-environment jsdom
 */
// A test of browser code: Jest's jsdom environment gives it a `document`, and the package still loads.
const { oneOf } = require('expect-toolcalls')

test('passes in a jsdom environment', () => {
  expect(typeof document).toBe('object')
  const reply = [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}' }]
  expect(reply).toMatchToolCalls([{ name: 'get_weather', args: { city: oneOf('Paris', 'Lyon') } }])
})

test('prints a failure in a jsdom environment', () => {
  expect([{ name: 'get_weather', args: { city: 'Paris' } }]).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Lyon' } }])
})
