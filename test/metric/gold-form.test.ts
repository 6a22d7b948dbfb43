import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { bfclGold } from '../../src/bfcl/gold'
import { parseTypedJson } from '../../src/bfcl/typed-json'
import { goldFromJSON, goldToJSON } from '../../src/compare/gold-json'
import { oneOf, optional } from '../../src/compare/gold-values'
import { evaluate } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { bfclLines } from '../fixtures/bfcl-data'

const value = fc.oneof(fc.constantFrom('Paris', 'paris ', 'Rome'), fc.integer({ min: 0, max: 2 }), fc.constant(null))
const goldValue = fc.oneof(
  value,
  fc.array(value, { minLength: 1, maxLength: 3 }).map((alternatives) => oneOf(...alternatives)),
  fc.array(value, { maxLength: 2 }),
)
const goldArgs = fc.dictionary(
  fc.constantFrom('x', 'y', 'z'),
  fc.oneof(goldValue, goldValue.map((v) => optional(v)), fc.constant(optional())),
  { maxKeys: 3 },
)
const goldCalls = fc.array(fc.record({ name: fc.constantFrom('a', 'b'), args: goldArgs }), { maxLength: 4 })
const predCalls = fc.array(
  fc.record({ name: fc.constantFrom('a', 'b', 'c'), args: fc.dictionary(fc.constantFrom('x', 'y', 'z', 'w'), value, { maxKeys: 4 }) }),
  { maxLength: 4 },
)
const level = fc.constantFrom('call' as const, 'arg' as const)

describe("gold in its JSON form, read without building markers (goldForm: 'json')", () => {
  test.prop([predCalls, goldCalls, level])('scores exactly as goldFromJSON does', (pred, gold, lvl) => {
    const metric = new ToolCallMetric({ level: lvl })
    const json = JSON.parse(JSON.stringify(goldToJSON(gold)))
    expect(metric.score(pred, json, { goldForm: 'json' })).toEqual(metric.score(pred, goldFromJSON(json)))
  })

  test.each(['simple_python', 'multiple', 'parallel', 'parallel_multiple'])('scores every %s entry of BFCL as goldFromJSON does', (category) => {
    const metric = new ToolCallMetric({ canonicalizer: 'bfcl', level: 'arg' })
    const lines = bfclLines(`possible_answer/BFCL_v4_${category}.json`)
    for (const line of lines) {
      const groundTruth = (parseTypedJson(line) as { ground_truth: unknown }).ground_truth
      const json = JSON.parse(JSON.stringify(goldToJSON(bfclGold(groundTruth))))
      // A prediction from the first allowed values, one argument dropped: pairs, verdicts and messages all show.
      const pred = (json as Array<{ name: string; args: Record<string, unknown> }>).map(({ name, args }) => ({
        name,
        args: Object.fromEntries(
          Object.entries(args)
            .slice(1)
            .map(([key, v]) => [key, (v as { $oneOf?: unknown[] }).$oneOf?.[0] ?? v]),
        ),
      }))
      expect(metric.score(pred, json, { goldForm: 'json' })).toEqual(metric.score(pred, goldFromJSON(json)))
    }
  })

  test('a oneOf whose alternatives hold markers gives the reason goldFromJSON gives, its markers written as an author writes them', () => {
    const metric = new ToolCallMetric()
    const json = [{ name: 'f', args: { x: { $oneOf: [{ a: { $optional: [2] } }, [{ $oneOf: [1, 2] }], { b: { $optional: [] } }] } } }]
    const pred = [{ name: 'f', args: { x: 5 } }]
    const score = metric.score(pred, json, { goldForm: 'json' })
    expect(score.pairs[0]!.args[0]!.reason).toBe('expected one of {"a": optional(2)}, [oneOf(1, 2)], {"b": optional()}; received 5')
    expect(score).toEqual(metric.score(pred, goldFromJSON(json)))
  })

  test('evaluate reads each episode the same way', () => {
    const episodes = [
      { id: 1, pred: [{ name: 'a', args: { x: 'c' } }], gold: [{ name: 'a', args: { x: { $oneOf: ['c', 'f'] } } }] },
      { id: 2, pred: [{ name: 'a', args: {} }], gold: [{ name: 'a', args: { x: { $optional: [] } } }] },
      { id: 3, pred: [{ name: 'b', args: { x: 1 } }], gold: [{ name: 'a', args: { x: 1 } }] },
    ]
    const asJson = evaluate(episodes, new ToolCallMetric(), { goldForm: 'json' })
    const converted = evaluate(
      episodes.map((episode) => ({ ...episode, gold: goldFromJSON(episode.gold) })),
      new ToolCallMetric(),
    )
    expect(asJson).toEqual(converted)
    expect(asJson.f1).toBeCloseTo(2 / 3)
  })

  test('a malformed marker throws a TypeError naming its path', () => {
    const metric = new ToolCallMetric()
    const score = (gold: unknown) => () => metric.score([], gold, { goldForm: 'json' })
    expect(score([{ name: 'f', args: { x: { $oneOf: [] } } }])).toThrow(/^gold\[0\]\.args\.x\.\$oneOf: expected a non-empty list of alternatives, received \[\]$/)
    expect(score([{ name: 'f', args: { x: { $optional: [1, 2] } } }])).toThrow(/^gold\[0\]\.args\.x\.\$optional: expected \[\] or \[value\]/)
    expect(score([{ name: 'f', args: { x: { $oneOf: [{ $optional: [] }] } } }])).toThrow(/^gold\[0\]\.args\.x\.\$oneOf\[0\]: \$optional applies to an argument/)
    expect(score([{ name: 'f', args: { x: { $oneOf: [1, undefined] } } }])).toThrow(TypeError)
  })

  test('in the default form, a marker of the JSON form throws, naming goldForm, rather than being a literal object that nothing matches', () => {
    const metric = new ToolCallMetric()
    const gold = [{ name: 'f', args: { x: { $oneOf: [1, 2] } } }]
    expect(() => metric.score([{ name: 'f', args: { x: 1 } }], gold)).toThrow(/^gold\[0\]\.args\.x: .*goldForm: 'json'/)
    expect(() => evaluate([{ pred: [], gold }], metric)).toThrow(/goldForm: 'json'/)
    expect(evaluate([{ pred: [{ name: 'f', args: { x: 2 } }], gold }], metric, { goldForm: 'json' }).f1).toBe(1)
  })

  test('an unknown form is a TypeError', () => {
    expect(() => new ToolCallMetric().score([], [], { goldForm: 'yaml' as 'json' })).toThrow(
      "scoreOptions.goldForm: expected 'author' or 'json', received \"yaml\"",
    )
    expect(() => evaluate([], new ToolCallMetric(), { goldForm: 'yaml' as 'json' })).toThrow(/^options\.goldForm: /)
  })

  test('a misspelt form suggests the nearest', () => {
    expect(() => new ToolCallMetric().score([], [], { goldForm: 'jsno' as 'json' })).toThrow(
      new TypeError("scoreOptions.goldForm: expected 'author' or 'json', received \"jsno\" (did you mean 'json'?)"),
    )
  })

  test('a form in other case suggests the one it spells', () => {
    expect(() => new ToolCallMetric().score([], [], { goldForm: 'JSON' as 'json' })).toThrow(
      new TypeError("scoreOptions.goldForm: expected 'author' or 'json', received \"JSON\" (did you mean 'json'?)"),
    )
    expect(() => new ToolCallMetric({ canonicalizer: 'BFCL' as 'bfcl' })).toThrow(/\(did you mean 'bfcl'\?\)/)
  })
})
