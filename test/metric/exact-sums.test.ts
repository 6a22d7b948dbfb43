import { describe, expect, test } from 'vitest'
import { evaluate, type Episode } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

describe('corpus sums stay exact', () => {
  test('a million episodes with weights of 0.1 give the micro-F1 of the exact rational', () => {
    // 600,000 right calls (TP 0.1 each), 300,000 extra calls (FP 0.1), 100,000 missed (FN 0.1):
    // TP = 60000, FP = 30000, FN = 10000 exactly, so F1 = 120000 / 160000 = 3/4. A plain
    // running sum of 0.1 drifts (600,000 additions give 59999.9999994) and F1 with it.
    const call = { name: 'lookup', args: {} }
    function* episodes(): Generator<Episode> {
      for (let i = 0; i < 1_000_000; i++) {
        const kind = i % 10
        if (kind < 6) yield { pred: [call], gold: [call] }
        else if (kind < 9) yield { pred: [call], gold: [] }
        else yield { pred: [], gold: [call] }
      }
    }
    const metric = new ToolCallMetric({ grammar: { tools: { lookup: { importance: 0.1 } } } })
    const report = evaluate(episodes(), metric)
    expect(report.episodes).toBe(1_000_000)
    expect([report.tp, report.fp, report.fn]).toEqual([60000, 30000, 10000])
    expect(report.f1).toBe(3 / 4)
    expect(metric.aggregate([report, report])).toBe(3 / 4)
  }, 120_000)

  test('aggregate over scores of fractional weights gives the F1 evaluate gives, the scores read back from JSON too', async () => {
    const { oneOf } = await import('../../src/compare/gold-values')
    const metric = new ToolCallMetric({ level: 'arg', grammar: { tools: { a: { importance: 0.1, args: { x: { importance: 0.3 } } }, b: { importance: 0.7 }, d: { importance: 1.1 } } } })
    const episodes = Array.from({ length: 30 }, (_, i) => ({
      pred: [{ name: 'a', args: { x: i % 3 } }, { name: 'b', args: { y: 'z' } }],
      gold: [{ name: 'a', args: { x: oneOf(0, 1) } }, { name: 'b', args: { y: 'z' } }, { name: 'd', args: { q: 1 } }],
    }))
    const scores = episodes.map(({ pred, gold }) => metric.score(pred, gold))
    const f1 = evaluate(episodes, metric).f1
    // Each score's totals are rounded once; summing those rounds a second time, a last bit apart here.
    const totals = scores.reduce((sum, score) => ({ tp: sum.tp + score.tp, fp: sum.fp + score.fp, fn: sum.fn + score.fn }), { tp: 0, fp: 0, fn: 0 })
    expect((2 * totals.tp) / (2 * totals.tp + totals.fp + totals.fn)).not.toBe(f1)
    expect(metric.aggregate(scores)).toBe(f1)
    expect(metric.aggregate(JSON.parse(JSON.stringify(scores)))).toBe(f1)
    // A Score whose totals were edited apart from its entries is taken by its totals, whatever its weights.
    const wrong = scores[2]!
    expect(wrong.fp).toBeGreaterThan(0)
    const edited = scores.map((score) => (score === wrong ? { ...score, fp: 0 } : score))
    expect(metric.aggregate(edited)).toBe(metric.aggregate(scores.map((score) => (score === wrong ? { tp: wrong.tp, fp: 0, fn: wrong.fn } : score))))
    expect(metric.aggregate(edited)).not.toBe(f1)
  })

  test('integer weights add up exactly, and so does aggregate over scores', () => {
    const metric = new ToolCallMetric({ grammar: { tools: { a: { importance: 3 }, b: { importance: 7 } } } })
    const scores = Array.from({ length: 1000 }, (_, i) =>
      metric.score([{ name: i % 2 ? 'a' : 'b', args: {} }], [{ name: 'a', args: {} }]),
    )
    // 500 exact pairs of a (TP 3 each); 500 wrong tools b (FP 7) with a missed (FN 3).
    expect(metric.aggregate(scores)).toBe((2 * 1500) / (2 * 1500 + 3500 + 1500))
  })
})

describe("a score's own totals", () => {
  test('are the exact sums of the counts it lists, so that one tool figures as the whole', async () => {
    const { perToolCounts } = await import('../../src/metric/per-tool')
    // Units of 0.3 and 0.3 × 7: each call's counts are rounded once, and the totals add them up exactly.
    const metric = new ToolCallMetric({ level: 'arg', grammar: { tools: { h: { importance: 0.3, args: { c: { importance: 7 } } } } } })
    for (const gold of [
      [{ name: 'h', args: { c: 1 } }, { name: 'h', args: { b: 1 } }],
      [{ name: 'h', args: { b: 1 } }, { name: 'h', args: { c: 1 } }],
    ]) {
      const score = metric.score([{ name: 'h', args: {} }], gold)
      expect(perToolCounts(score).h).toEqual({ tp: score.tp, fp: score.fp, fn: score.fn })
    }
  })
})
