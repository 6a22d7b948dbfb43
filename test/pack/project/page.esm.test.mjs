/**
 * @jest-environment jsdom
 */
// Under jsdom, Jest resolves an import with the `browser` condition: the ES build that imports its printers rather than requiring them.
import { expect, test } from '@jest/globals'
import { oneOf, ToolCallMetric } from 'expect-toolcalls'
import { serializer } from 'expect-toolcalls/matchers'

test('prints a nested diff through the ES build in a jsdom environment', () => {
  expect(typeof document).toBe('object')
  const score = new ToolCallMetric().score([{ name: 'f', args: { o: { a: [1, 2] } } }], [{ name: 'f', args: { o: { a: [1, 3] } } }])
  const printed = serializer.serialize(score, {}, '', 0, [], (value) => String(value))
  expect(printed).toContain('o.a[1]: expected 3, received 2')
  expect(printed).toMatch(/-\s+3,\n\s+\+\s+2,/)
})

// The setup file registers the CommonJS build's matchers; the gold's markers come from the ES build.
test('grades gold built by the ES build with the matchers the setup file registered', () => {
  expect([{ name: 'f', args: { city: 'Lyon' } }]).toMatchToolCalls([{ name: 'f', args: { city: oneOf('Paris', 'Lyon') } }])
})
