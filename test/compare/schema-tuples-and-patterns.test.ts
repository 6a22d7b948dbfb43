import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { optional } from '../../src/compare/gold-values'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

/** A tool `f` whose one argument `a` has the given schema. */
function metricFor(schema: unknown) {
  return new ToolCallMetric({ grammar: [{ name: 'f', parameters: { type: 'object', properties: { a: schema } } }] })
}

/** The reason `a` is wrong, scored against gold that leaves it to the schema; undefined when it fits. */
function reasonFor(metric: ToolCallMetric, value: unknown): string | undefined {
  const score = metric.score([{ name: 'f', args: { a: value } }], [{ name: 'f', args: { a: optional() } }])
  return score.pairs[0]!.args[0]!.reason
}

describe('tuples', () => {
  test("zod 4's tuple with a rest: prefixItems for the first items, items for the others", () => {
    const written = z.toJSONSchema(z.object({ a: z.tuple([z.string()], z.number()) }))
    const metric = new ToolCallMetric({ grammar: [{ name: 'f', parameters: written }] })
    expect(reasonFor(metric, ['start', 1, 2])).toBeUndefined()
    expect(reasonFor(metric, ['start'])).toBeUndefined()
    expect(reasonFor(metric, ['start', 'middle'])).toBe('a[1]: expected a number (the declared type), received "middle"')
    expect(reasonFor(metric, [1, 2])).toBe('a[0]: expected a string (the declared type), received 1')
  })

  test('a closed tuple refuses items past its own, in 2020-12 and in draft 7', () => {
    const pair = [{ type: 'number' }, { type: 'number' }]
    for (const metric of [metricFor({ type: 'array', prefixItems: pair, items: false }), metricFor({ type: 'array', items: pair, additionalItems: false })]) {
      expect(reasonFor(metric, [1, 2])).toBeUndefined()
      expect(reasonFor(metric, [1, 'x'])).toBe('a[1]: expected a number (the declared type), received "x"')
      expect(reasonFor(metric, [1, 2, 3])).toBe('a[2]: beyond the items declared')
    }
  })

  test('an open tuple takes any items past its own; items: false alone takes none', () => {
    expect(reasonFor(metricFor({ type: 'array', prefixItems: [{ type: 'string' }] }), ['a', 1, null])).toBeUndefined()
    expect(reasonFor(metricFor({ type: 'array', items: [{ type: 'string' }] }), ['a', 1])).toBeUndefined()
    expect(reasonFor(metricFor({ type: 'array', items: false }), [])).toBeUndefined()
    expect(reasonFor(metricFor({ type: 'array', items: false }), [1])).toBe('a[0]: beyond the items declared')
  })

  test('a tuple that is not a list of schemas is the author\'s TypeError, naming where', () => {
    const at = 'options.grammar[0].parameters.properties.a'
    expect(() => metricFor({ type: 'array', prefixItems: { type: 'string' } })).toThrow(new TypeError(`${at}.prefixItems: expected a list of schema objects, received {"type": "string"}`))
    expect(() => metricFor({ type: 'array', items: [{ type: 'string' }], additionalItems: 'no' })).toThrow(new TypeError(`${at}.additionalItems: expected a schema object, received "no"`))
  })
})

describe('patternProperties', () => {
  const headers = {
    type: 'object',
    properties: { host: { type: 'string' } },
    patternProperties: { '^x-': { type: 'string' }, '^x-count$': { type: 'integer' } },
    additionalProperties: false,
  }

  test('a property a pattern matches is declared, and fits every pattern that matches it', () => {
    const metric = metricFor(headers)
    expect(reasonFor(metric, { host: 'a', 'x-id': '1' })).toBeUndefined()
    expect(reasonFor(metric, { 'x-id': 1 })).toBe('a["x-id"]: expected a string (the declared type), received 1')
    expect(reasonFor(metric, { 'x-count': '3' })).toBe('a["x-count"]: expected an integer (the declared type), received "3"')
    expect(reasonFor(metric, { accept: 'json' })).toBe('a.accept: not a declared property')
  })

  test('a declared property fits the patterns its name matches as well', () => {
    const metric = metricFor({ type: 'object', properties: { n_a: { type: 'number' } }, patternProperties: { '^n_': { type: 'integer' } } })
    expect(reasonFor(metric, { n_a: 2 })).toBeUndefined()
    expect(reasonFor(metric, { n_a: 1.5 })).toBe('a.n_a: expected an integer (the declared type), received 1.5')
  })

  test('additionalProperties applies only to the properties no pattern matches', () => {
    const metric = metricFor({ ...headers, additionalProperties: { type: 'number' } })
    expect(reasonFor(metric, { 'x-id': 'a', retries: 3 })).toBeUndefined()
    expect(reasonFor(metric, { retries: 'three' })).toBe('a.retries: expected a number (the declared type), received "three"')
  })

  test('patterns are ECMA-262 regular expressions, with Unicode mode where they compile in it; one that does not compile is refused', () => {
    expect(reasonFor(metricFor({ type: 'object', patternProperties: { '^\\p{Lu}': { type: 'number' } } }), { Ä: 'x', ä: 'y' })).toBe('a["Ä"]: expected a number (the declared type), received "x"')
    // `\-` outside a class compiles only without Unicode mode, as many generators write it.
    expect(reasonFor(metricFor({ type: 'object', patternProperties: { '^a\\-b$': { type: 'number' } } }), { 'a-b': 'x' })).toBe('a["a-b"]: expected a number (the declared type), received "x"')
    expect(() => metricFor({ type: 'object', patternProperties: { '(': { type: 'number' } } })).toThrow(
      /^options\.grammar\[0\]\.parameters\.properties\.a\.patternProperties\["\("\]: not a regular expression \(/,
    )
  })
})

describe('tagged unions', () => {
  test("the reason is the alternative's whose tag the value has, not the first one's", () => {
    const shape = z.discriminatedUnion('kind', [z.object({ kind: z.literal('circle'), r: z.number() }), z.object({ kind: z.literal('rect'), w: z.number(), h: z.number() })])
    const metric = new ToolCallMetric({ grammar: [{ name: 'f', parameters: z.toJSONSchema(z.object({ a: shape })) }] })
    expect(reasonFor(metric, { kind: 'rect', w: 'wide', h: 1 })).toBe('a.w: expected a number (the declared type), received "wide"')
    expect(reasonFor(metric, { kind: 'circle' })).toBe('a.r: required property not given')
    // No alternative's tag: the first alternative of the value's type says why.
    expect(reasonFor(metric, { kind: 'square', side: 1 })).toBe('a.r: required property not given')
  })
})
