import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { optional } from '../../src/compare/gold-values'
import { matchCalls } from '../../src/match/match-calls'
import type { Level, MatchOptions } from '../../src/match/options'
import { evaluate } from '../../src/metric/evaluate'
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

/** Scores a few permutations of one side and expects the counts the calls scored in their own order. */
function expectCountsUnderPermutation(metric: ToolCallMetric, pred: unknown[], gold: unknown[], permuted: 'pred' | 'gold'): void {
  const base = metric.score(pred, gold)
  fc.assert(
    fc.property(permutation(permuted === 'pred' ? pred : gold), (shuffled) => {
      const score = permuted === 'pred' ? metric.score(shuffled, gold) : metric.score(pred, shuffled)
      expect([score.tp, score.fp, score.fn]).toEqual([base.tp, base.fp, base.fn])
    }),
    { numRuns: 5 },
  )
}

describe('laws of the score', () => {
  test.prop([calls(6), goldCalls(6), level, fc.option(grammar, { nil: undefined })])('permuting the prediction never changes the score', (pred, gold, lvl, g) => {
    expectCountsUnderPermutation(new ToolCallMetric({ level: lvl, grammar: g }), pred, gold, 'pred')
  })

  test.prop([calls(6), goldCalls(6), level, fc.option(grammar, { nil: undefined })])('permuting the gold never changes the score', (pred, gold, lvl, g) => {
    expectCountsUnderPermutation(new ToolCallMetric({ level: lvl, grammar: g }), pred, gold, 'gold')
  })

  test.prop(
    [fc.array(call.map((c) => ({ ...c, name: 'a' })), { minLength: 8, maxLength: 12 }), fc.array(goldCall.map((c) => ({ ...c, name: 'a' })), { minLength: 8, maxLength: 12 }), level],
    { numRuns: 50 },
  )('permuting the prediction never changes the score of a group large enough to be ranked by keys', (pred, gold, lvl) => {
    expectCountsUnderPermutation(new ToolCallMetric({ level: lvl }), pred, gold, 'pred')
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
function* allMatchings(pred: readonly { name: string }[], gold: readonly { name: string }[], from = 0, used = new Set<number>()): Generator<Array<[number, number]>> {
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
    // At call level, agreement counts for the wrong pairs, the calls that remain once the exact ones are made.
    return lvl === 'call' ? [exactWeight, single.pairs[0]!.exact ? 0 : agreement(single)] : [single.tp, exactWeight]
  }
  function agreement(score: ReturnType<ToolCallMetric['score']>): number {
    return score.pairs[0]!.args.filter((v) => v.verdict === 'match').reduce((sum, v) => sum + v.weight, 0)
  }
  function better(a: [number, number], b: [number, number]): boolean {
    const eps = 1e-9
    return a[0] > b[0] + eps || (Math.abs(a[0] - b[0]) <= eps && a[1] > b[1] + eps)
  }

  // Gold with optional arguments, so that a wrong call may make another exact pair in its place.
  test.prop([calls(6), goldCalls(6) as fc.Arbitrary<unknown[]> as fc.Arbitrary<Call[]>, level, grammar], { numRuns: 300 })(
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

/** Every order-preserving pairing of same-name calls, including partial ones. */
function* orderedMatchings(pred: readonly { name: string }[], gold: readonly { name: string }[], p = 0, g = 0): Generator<Array<[number, number]>> {
  if (p === pred.length || g === gold.length) {
    yield []
    return
  }
  yield* orderedMatchings(pred, gold, p + 1, g)
  for (let next = g; next < gold.length; next++) {
    if (gold[next]!.name !== pred[p]!.name) continue
    for (const rest of orderedMatchings(pred, gold, p + 1, next + 1)) yield [[p, next], ...rest]
  }
}

describe('at arg level, the pairing reaches the brute-force optimum, and every pairing that ties it counts the same', () => {
  type Pred = { name: string; args: Record<string, number>; positional?: number[] }
  // Some predictions give an argument by position, as Python call text can.
  const pred: fc.Arbitrary<Pred> = fc.record(
    { name: fc.constantFrom('a', 'a', 'a', 'b'), args: call.map((c) => c.args), positional: fc.constant([0]) },
    { requiredKeys: ['name', 'args'] },
  )
  const text = ({ name, args, positional = [] }: Pred) => `${name}(${[...positional.map(String), ...Object.entries(args).map(([k, v]) => `${k}=${v}`)].join(', ')})`
  const input = (calls: Pred[]) => (calls.some((c) => c.positional !== undefined) ? calls.map(text) : calls)
  // Gold calls mostly to a, the tool a schema may describe, so that its pairs tie often.
  const gold = goldCall.map((c) => (c.name === 'c' ? { ...c, name: 'a' } : c))
  // A tool schema whose arguments declare defaults: a predicted argument equal to one counts nothing in a pair, an FP apart.
  const property = fc.record({ type: fc.constant('integer'), default: fc.integer({ min: 0, max: 1 }), importance })
  const schema = fc
    .record({ x: property, y: property, z: property })
    .map((properties) => [{ type: 'function', function: { name: 'a', parameters: { type: 'object', properties } } }])
  const grammars = fc.oneof(fc.constant(undefined), grammar, schema, schema)

  type Totals = { tp: number; fp: number; fn: number; exact: number }
  // Most agreement, then most exact weight, then fewest errors, then fewest FPs.
  const key = (t: Totals) => [t.tp, t.exact, -(t.fp + t.fn), -t.fp]
  const beats = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!
    return false
  }

  for (const order of ['any', 'strict'] as const) {
    test.prop([fc.array(pred, { maxLength: 5 }), fc.array(gold, { maxLength: 5 }), grammars], { numRuns: order === 'any' ? 1000 : 500 })(`in order '${order}'`, (calls, golds, g) => {
      const metric = new ToolCallMetric({ level: 'arg', order, grammar: g as MatchOptions['grammar'] })
      const predInput = input(calls)
      // What each pair counts, and each call left apart, from scores of those calls alone.
      const singles = new Map<number, ReturnType<ToolCallMetric['score']>>()
      const single = (p: number, q: number) => {
        let s = singles.get(p * golds.length + q)
        if (s === undefined) singles.set(p * golds.length + q, (s = metric.score([predInput[p]], [golds[q]])))
        return s
      }
      const predApart = predInput.map((p) => metric.score([p], []).fp)
      const goldApart = golds.map((q) => metric.score([], [q]).fn)
      const totals = (pairs: Array<[number, number]>): Totals => {
        const t = { tp: 0, fp: 0, fn: 0, exact: 0 }
        for (const [p, q] of pairs) {
          const s = single(p, q)
          t.tp += s.tp
          t.fp += s.fp
          t.fn += s.fn
          if (s.pairs[0]!.exact) t.exact += s.pairs[0]!.weight === 0 ? 1 : s.pairs[0]!.weight
        }
        predApart.forEach((w, p) => {
          if (!pairs.some(([paired]) => paired === p)) t.fp += w
        })
        goldApart.forEach((w, q) => {
          if (!pairs.some(([, paired]) => paired === q)) t.fn += w
        })
        return t
      }
      const score = metric.score(predInput, golds)
      const chosen = totals(score.pairs.map((pair) => [pair.predIndex, pair.goldIndex]))
      expect([chosen.tp, chosen.fp, chosen.fn]).toEqual([score.tp, score.fp, score.fn])
      const matchings = order === 'any' ? allMatchings(calls, golds) : orderedMatchings(calls, golds)
      for (const matching of matchings) {
        const t = totals(matching)
        expect(beats(key(t), key(chosen))).toBe(false)
        if (!beats(key(chosen), key(t))) expect([t.tp, t.fp, t.fn]).toEqual([chosen.tp, chosen.fp, chosen.fn])
      }
    })
  }
})

describe("a corpus's worst episodes", () => {
  test.prop([fc.array(fc.tuple(calls(3), calls(3)), { maxLength: 40 }), fc.integer({ min: 0, max: 12 })])(
    'are the lowest-F1 episodes below 1, lowest first and earlier first on ties, as a sort of them all gives',
    (pairs, keep) => {
      const metric = new ToolCallMetric()
      const episodes = pairs.map(([pred, gold]) => ({ pred, gold }))
      const sorted = episodes
        .map((episode, index) => ({ index, f1: metric.score(episode.pred, episode.gold).f1 }))
        .filter(({ f1 }) => f1 < 1)
        .sort((a, b) => a.f1 - b.f1 || a.index - b.index)
      const worst = evaluate(episodes, metric, { worst: keep }).worst
      expect(worst.map((result) => result.index)).toEqual(sorted.slice(0, keep).map(({ index }) => index))
    },
  )
})
