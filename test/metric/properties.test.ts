import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { optional } from '../../src/compare/gold-values'
import { matchCalls } from '../../src/match/match-calls'
import type { Level } from '../../src/match/options'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

type Call = { name: string; args: Record<string, number> }

// Few tools, few argument names and values, so calls collide, overlap and tie often.
const call: fc.Arbitrary<Call> = fc.record({
  name: fc.constantFrom('a', 'b', 'c'),
  args: fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.integer({ min: 0, max: 2 }), { maxKeys: 3 }),
})
const calls = (max: number) => fc.array(call, { maxLength: max })
// Gold whose arguments may be optional, with or without a value: given wrong, or right, they count where leaving them out would not.
const goldCall = fc.record({
  name: fc.constantFrom('a', 'b', 'c'),
  args: fc.dictionary(
    fc.constantFrom('x', 'y', 'z'),
    fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }).map((value) => optional(value)), fc.constant(optional())),
    { maxKeys: 3 },
  ),
})
const goldCalls = (max: number) => fc.array(goldCall, { maxLength: max })
const importance = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(0.5, 2.5))
const grammar = fc.record({
  tools: fc.record({
    a: fc.record({ importance, args: fc.record({ x: fc.record({ importance }), y: fc.record({ importance }) }) }),
    b: fc.record({ importance }),
  }),
})
const level = fc.constantFrom<Level>('call', 'arg')

function permutation<T>(items: T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length })
}

describe('laws of the score', () => {
  test.prop([calls(6), goldCalls(6), level, fc.option(grammar, { nil: undefined })])('permuting the prediction never changes the score', (pred, gold, lvl, g) => {
    const metric = new ToolCallMetric({ level: lvl, grammar: g })
    const base = metric.score(pred, gold)
    fc.assert(
      fc.property(permutation(pred), (shuffled) => {
        const score = metric.score(shuffled, gold)
        expect([score.tp, score.fp, score.fn]).toEqual([base.tp, base.fp, base.fn])
      }),
      { numRuns: 5 },
    )
  })

  test.prop([calls(6), goldCalls(6), level, fc.option(grammar, { nil: undefined })])('permuting the gold never changes the score', (pred, gold, lvl, g) => {
    const metric = new ToolCallMetric({ level: lvl, grammar: g })
    const base = metric.score(pred, gold)
    fc.assert(
      fc.property(permutation(gold), (shuffled) => {
        const score = metric.score(pred, shuffled)
        expect([score.tp, score.fp, score.fn]).toEqual([base.tp, base.fp, base.fn])
      }),
      { numRuns: 5 },
    )
  })

  test.prop(
    [fc.array(call.map((c) => ({ ...c, name: 'a' })), { minLength: 8, maxLength: 12 }), fc.array(goldCall.map((c) => ({ ...c, name: 'a' })), { minLength: 8, maxLength: 12 }), level],
    { numRuns: 50 },
  )('permuting the prediction never changes the score of a group large enough to be ranked by keys', (pred, gold, lvl) => {
    const metric = new ToolCallMetric({ level: lvl })
    const base = metric.score(pred, gold)
    fc.assert(
      fc.property(permutation(pred), (shuffled) => {
        const score = metric.score(shuffled, gold)
        expect([score.tp, score.fp, score.fn]).toEqual([base.tp, base.fp, base.fn])
      }),
      { numRuns: 5 },
    )
  })

  test.prop([calls(8), level, grammar])('a prediction equal to the gold scores 1', (gold, lvl, g) => {
    expect(new ToolCallMetric({ level: lvl, grammar: g }).score(gold, gold).f1).toBe(1)
  })

  test.prop([calls(6), calls(6), level, grammar])('precision, recall and F1 stay in [0, 1]', (pred, gold, lvl, g) => {
    const score = new ToolCallMetric({ level: lvl, grammar: g }).score(pred, gold)
    for (const figure of [score.precision, score.recall, score.f1]) {
      expect(figure).toBeGreaterThanOrEqual(0)
      expect(figure).toBeLessThanOrEqual(1)
    }
  })
})

/** Every one-to-one pairing of same-name calls, including partial ones. */
function* allMatchings(pred: Call[], gold: Call[], from = 0, used = new Set<number>()): Generator<Array<[number, number]>> {
  if (from === pred.length) {
    yield []
    return
  }
  yield* allMatchings(pred, gold, from + 1, used)
  for (let g = 0; g < gold.length; g++) {
    if (used.has(g) || gold[g]!.name !== pred[from]!.name) continue
    used.add(g)
    for (const rest of allMatchings(pred, gold, from + 1, used)) yield [[from, g], ...rest]
    used.delete(g)
  }
}

describe('the assignment reaches the brute-force optimum', () => {
  // A pair's worth, measured through the public score of the two calls alone.
  function worth(metric: ToolCallMetric, lvl: Level, p: Call, g: Call): [number, number] {
    const single = metric.score([p], [g])
    const exactWeight = single.pairs[0]!.exact ? single.pairs[0]!.weight : 0
    return lvl === 'call' ? [exactWeight, agreement(single)] : [single.tp, exactWeight]
  }
  function agreement(score: ReturnType<ToolCallMetric['score']>): number {
    return score.pairs[0]!.args.filter((v) => v.verdict === 'match').reduce((sum, v) => sum + v.weight, 0)
  }
  function better(a: [number, number], b: [number, number]): boolean {
    const eps = 1e-9
    return a[0] > b[0] + eps || (Math.abs(a[0] - b[0]) <= eps && a[1] > b[1] + eps)
  }

  test.prop([calls(6), calls(6), level, grammar], { numRuns: 300 })(
    'for up to 6 calls a side, at both levels, with weights',
    (pred, gold, lvl, g) => {
      const metric = new ToolCallMetric({ level: lvl, grammar: g })
      const value = new Map<string, [number, number]>()
      for (let p = 0; p < pred.length; p++) {
        for (let q = 0; q < gold.length; q++) {
          if (pred[p]!.name === gold[q]!.name) value.set(`${p},${q}`, worth(metric, lvl, pred[p]!, gold[q]!))
        }
      }
      const total = (pairs: Array<[number, number]>): [number, number] =>
        pairs.reduce<[number, number]>((sum, [p, q]) => {
          const v = value.get(`${p},${q}`)!
          return [sum[0] + v[0], sum[1] + v[1]]
        }, [0, 0])
      let best: [number, number] = [0, 0]
      for (const matching of allMatchings(pred, gold)) {
        const t = total(matching)
        if (better(t, best)) best = t
      }
      const found = total(matchCalls(pred, gold, { level: lvl, grammar: g }).pairs.map((pair) => [pair.predIndex, pair.goldIndex]))
      expect(found[0]).toBeCloseTo(best[0], 9)
      expect(found[1]).toBeCloseTo(best[1], 9)
    },
  )
})
