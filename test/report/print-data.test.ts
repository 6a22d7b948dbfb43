import { describe, expect, test } from 'vitest'
import { compileGoldValue, describeNode } from '../../src/compare/gold-node'
import { oneOf, optional, satisfies } from '../../src/compare/gold-values'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { formatScore } from '../../src/report/format-score'
import { hasGoldMarker, hasUntestableMarker, printCall, printInline } from '../../src/report/print-data'

/** A gold value as a Score holds it: plain data, its markers described. */
const described = (gold: unknown) => describeNode(compileGoldValue(gold, 'gold'))

describe('values and calls printed on one line', () => {
  test("prints described markers back as the author wrote them, and an object with a marker's key among others as the object it is", () => {
    expect(printInline(described({ a: oneOf(1, 2), b: optional('x'), c: optional(), d: satisfies(() => true, 'even') }))).toBe(
      '{"a": oneOf(1, 2), "b": optional("x"), "c": optional(), "d": satisfies(even)}',
    )
    expect(printInline(described(expect.any(Number)))).toBe('Any<Number>')
    expect(printInline({ $oneOf: [1], b: 2 })).toBe('{"$oneOf": [1], "b": 2}')
  })

  test('tells a predicate or a matcher anywhere in a described gold, in lists and objects, from markers that can be tested', () => {
    expect(hasUntestableMarker(described([1, { a: satisfies(() => true, 'odd') }]))).toBe(true)
    expect(hasUntestableMarker(described({ a: [expect.any(String)] }))).toBe(true)
    expect(hasUntestableMarker(described([1, oneOf(2, 3), { b: optional(4) }]))).toBe(false)
    expect(hasGoldMarker(described([1, oneOf(2, 3)]))).toBe(true)
    expect(hasGoldMarker([1, [2, { a: 3 }]])).toBe(false)
  })

  test('cuts a value past the characters of a line, and a call past two lines, not at them', () => {
    expect(printInline('x'.repeat(98))).toBe(`"${'x'.repeat(98)}"`)
    expect(printInline('x'.repeat(99))).toBe(`"${'x'.repeat(98)}…`)
    // `f(a: "…", b: "…")`: 105 characters besides b's string.
    const call = (bLength: number) => printCall('f', { a: 'x'.repeat(90), b: 'y'.repeat(bLength) })
    expect(call(95)).toHaveLength(200)
    expect(call(95).endsWith(`"${'y'.repeat(95)}")`)).toBe(true)
    expect(call(96)).toHaveLength(200)
    expect(call(96).endsWith('y…)')).toBe(true)
  })

  test('prints the arguments a call gives by position before those it names', () => {
    expect(printCall('f', { c: 3 }, [1, 'two'])).toBe('f(1, "two", c: 3)')
    const score = new ToolCallMetric().score('[f(1, [2], c=3)]', [])
    expect(formatScore(score)).toContain('  + pred[0] f(1, [2], c: 3)  ← wrong tool')
  })
})
