import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { evaluate } from '../../src/metric/evaluate'
import type { Counts } from '../../src/metric/figures'
import { perToolCounts } from '../../src/metric/per-tool'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

// Few tools and arguments, so calls pair, mismatch and go unmatched often.
const call = fc.record({
  name: fc.constantFrom('a', 'b', 'c'),
  args: fc.dictionary(fc.constantFrom('x', 'y'), fc.integer({ min: 0, max: 2 }), { maxKeys: 2 }),
})
const prediction = fc.oneof({ weight: 5, arbitrary: call }, { weight: 1, arbitrary: fc.constant({ name: 'a', arguments: '{"x": ' }) })
const grammar = { tools: { a: { importance: 3, args: { x: { importance: 2 } } } } }

function sum(perTool: Record<string, Counts>): Counts {
  const total = { tp: 0, fp: 0, fn: 0 }
  for (const counts of Object.values(perTool)) {
    total.tp += counts.tp
    total.fp += counts.fp
    total.fn += counts.fn
  }
  return total
}

describe('perToolCounts', () => {
  test.prop([fc.array(prediction, { maxLength: 5 }), fc.array(call, { maxLength: 5 }), fc.constantFrom('call' as const, 'arg' as const)])(
    "adds up to the score's counts, under the names of its pairs and unmatched calls",
    (pred, gold, level) => {
      const score = new ToolCallMetric({ level, grammar }).score(pred, gold)
      const perTool = perToolCounts(score)
      expect(sum(perTool)).toEqual({ tp: score.tp, fp: score.fp, fn: score.fn })
      const named = [...score.pairs.map((p) => p.gold.name), ...score.unmatchedGold.map((u) => u.call.name), ...score.unmatchedPred.map((u) => u.call.name)]
      expect(Object.keys(perTool).sort()).toEqual([...new Set(named)].sort())
    },
  )

  test('a pair counts under the gold call, an unmatched prediction under its own name', () => {
    const metric = new ToolCallMetric({ level: 'arg' })
    const score = metric.score(
      [{ name: 'search', args: { q: 'dogs' } }, { name: 'delete_all', args: { id: 1 } }],
      [{ name: 'search', args: { q: 'cats' } }, { name: 'answer', args: { a: 'meow' } }],
    )
    expect(perToolCounts(score)).toEqual({
      search: { tp: 1, fp: 1, fn: 1 },
      answer: { tp: 0, fp: 0, fn: 2 },
      delete_all: { tp: 0, fp: 2, fn: 0 },
    })
  })

  test("sums a tool's shares exactly, as the score's totals and a corpus's per-tool figures are", () => {
    const metric = new ToolCallMetric({ grammar: { tools: { f: { importance: 0.1 } } } })
    const calls = Array.from({ length: 10 }, (_, i) => ({ name: 'f', args: { q: i } }))
    const score = metric.score(calls, calls)
    expect(perToolCounts(score).f!.tp).toBe(score.tp)
    expect(perToolCounts(score).f!.tp).toBe(evaluate([{ pred: calls, gold: calls }], metric).perTool.f!.tp)
  })

  test('a prediction that names no tool counts under (unparseable)', () => {
    const score = new ToolCallMetric().score([42, { name: 'f', args: {} }], [{ name: 'f', args: {} }])
    expect(perToolCounts(score)).toEqual({ f: { tp: 1, fp: 0, fn: 0 }, '(unparseable)': { tp: 0, fp: 1, fn: 0 } })
  })

  test('a tool named __proto__ is an own key, and the object prototype stays untouched', () => {
    const score = new ToolCallMetric().score([{ name: '__proto__', args: {} }], [{ name: '__proto__', args: { x: 1 } }])
    const perTool = perToolCounts(score)
    expect(Object.keys(perTool)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(perTool)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(perTool, '__proto__')?.value).toEqual({ tp: 0, fp: 1, fn: 1 })
  })

  test('reads a score that went through JSON, as a snapshot or a report file holds it', () => {
    const score = new ToolCallMetric().score([{ name: 'f', args: { x: 1 } }], [{ name: 'f', args: { x: 2 } }, { name: 'g', args: {} }])
    expect(perToolCounts(JSON.parse(JSON.stringify(score)))).toEqual(perToolCounts(score))
  })

  test('anything but a Score throws a TypeError that says what it expected', () => {
    expect(() => perToolCounts(undefined as never)).toThrow(new TypeError('score: expected a Score, with pairs, unmatchedPred and unmatchedGold, received undefined'))
    expect(() => perToolCounts({ tp: 1, fp: 0, fn: 0 } as never)).toThrow(/^score: expected a Score, with pairs, unmatchedPred and unmatchedGold, received/)
  })

  test.prop([fc.array(fc.record({ pred: fc.array(call, { maxLength: 3 }), gold: fc.array(call, { maxLength: 3 }) }), { maxLength: 6 })])(
    "evaluate's per-tool counts are the sums of every episode's",
    (episodes) => {
      const metric = new ToolCallMetric({ level: 'arg', grammar })
      const expected: Record<string, Counts> = {}
      for (const episode of episodes) {
        for (const [tool, counts] of Object.entries(perToolCounts(metric.score(episode.pred, episode.gold)))) {
          const into = (expected[tool] ??= { tp: 0, fp: 0, fn: 0 })
          into.tp += counts.tp
          into.fp += counts.fp
          into.fn += counts.fn
        }
      }
      const report = evaluate(episodes, metric)
      expect(Object.keys(report.perTool)).toEqual(Object.keys(expected).sort())
      for (const [tool, counts] of Object.entries(expected)) expect(report.perTool[tool]).toMatchObject(counts)
    },
  )
})
