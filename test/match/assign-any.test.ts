import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { readTurns } from '../../src/calls/read'
import { readGold } from '../../src/compare/gold-calls'
import { oneOf, optional } from '../../src/compare/gold-values'
import { comparedRanks, type GroupRanks } from '../../src/match/group-ranks'
import { matchCalls } from '../../src/match/match-calls'
import { type Level, resolveMatchOptions } from '../../src/match/options'
import { callSet } from '../../src/match/pair-calls'
import { PairingContext } from '../../src/match/pairing-context'
import { perToolCounts } from '../../src/metric/per-tool'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

// Few values and loose gold, so that many pairs tie and a prediction often matches several gold calls.
const plain = fc.constantFrom<unknown>(1, 2, 'a')
const goldValue = fc.oneof(
  plain,
  fc.constant(oneOf(1, 2)),
  fc.constant(optional(1)),
  fc.constant(optional()),
  fc.constant(optional(oneOf(1, 'a'))),
)
const argNames = fc.constantFrom('x', 'y', 'z')
const goldCall = fc.record({ name: fc.constant('f'), args: fc.dictionary(argNames, goldValue, { maxKeys: 3 }) })
type GoldCallInput = { name: string; args: Record<string, unknown> }

/** A prediction that matches the gold call exactly: an accepted value for each argument, optional ones left out at random. */
function exactAnswer(gold: GoldCallInput, choices: readonly number[]): { name: string; args: Record<string, unknown> } {
  const args: Record<string, unknown> = {}
  Object.entries(gold.args).forEach(([key, value], i) => {
    const choice = choices[i % choices.length]!
    const inner = value instanceof Object && 'alternatives' in value ? (value as { alternatives: unknown[] }).alternatives[choice % 2] : value
    if (inner instanceof Object && 'constrained' in inner) {
      const { constrained, value: optionalValue } = inner as { constrained: boolean; value: unknown }
      if (choice % 3 === 0) return
      const accepted = optionalValue instanceof Object && 'alternatives' in optionalValue ? (optionalValue as { alternatives: unknown[] }).alternatives[choice % 2] : optionalValue
      args[key] = constrained ? accepted : 'anything'
      return
    }
    args[key] = inner
  })
  return { name: gold.name, args }
}

type Totals = [primary: number, secondary: number, tertiary: number, distance: number]

/**
 * The best totals over every pairing of as many calls as the smaller side holds (a call of
 * the same tool always pairs when it can), by trying them all: the most primary, then
 * secondary, then tertiary, then the least distance.
 */
function bestTotals(rows: number, cols: number, { primary, secondary, tertiary }: GroupRanks): Totals {
  // Walk the smaller side, so that every call of it pairs.
  const [outer, inner] = rows <= cols ? [rows, cols] : [cols, rows]
  const at = (a: number, b: number) => (rows <= cols ? a * cols + b : b * cols + a)
  let best: Totals = [-Infinity, -Infinity, -Infinity, Infinity]
  const beats = (a: Totals, b: Totals) => {
    for (let tier = 0; tier < 3; tier++) if (a[tier] !== b[tier]) return a[tier]! > b[tier]!
    return a[3] < b[3]
  }
  const used = new Array<boolean>(inner).fill(false)
  const visit = (a: number, totals: Totals) => {
    if (a === outer) {
      if (beats(totals, best)) best = totals
      return
    }
    for (let b = 0; b < inner; b++) {
      if (used[b]) continue
      used[b] = true
      const k = at(a, b)
      visit(a + 1, [totals[0] + primary[k]!, totals[1] + secondary[k]!, totals[2] + (tertiary?.[k] ?? 0), totals[3] + Math.abs(a - b)])
      used[b] = false
    }
  }
  visit(0, [0, 0, 0, 0])
  return best
}

/** The totals the chosen pairs reach. */
function reachedTotals(pairs: readonly { predIndex: number; goldIndex: number }[], cols: number, { primary, secondary, tertiary }: GroupRanks): Totals {
  return pairs.reduce<Totals>(([p, s, t, d], { predIndex: i, goldIndex: j }) => {
    const k = i * cols + j
    return [p + primary[k]!, s + secondary[k]!, t + (tertiary?.[k] ?? 0), d + Math.abs(i - j)]
  }, [0, 0, 0, 0])
}

describe('pairing a group of several calls', () => {
  test.prop([
    fc.array(goldCall, { minLength: 2, maxLength: 5 }),
    fc.array(fc.nat(5), { minLength: 1, maxLength: 3 }),
    fc.integer({ min: 0, max: 3 }),
    fc.constantFrom<Level>('call', 'arg'),
  ])('answers in gold order reach the best tiers at the least distance', (gold, choices, dropped, level) => {
    // Exact answers in order, the last few left out: the in-order path's case, and its edge where gold remains.
    const pred = gold.slice(0, Math.max(1, gold.length - dropped)).map((call) => exactAnswer(call, choices))
    const options = resolveMatchOptions({ level })
    const ctx = new PairingContext(options, callSet(readTurns(pred), options.canonicalizeName), callSet(readGold(gold), options.canonicalizeName))
    const rows = pred.length
    const cols = gold.length
    const ranks = comparedRanks(ctx, pred.map((_, i) => i), gold.map((_, j) => j))

    const pairs = matchCalls(pred, gold, { level }).pairs
    expect(reachedTotals(pairs, cols, ranks)).toEqual(bestTotals(rows, cols, ranks))
    expect(pairs.every((pair) => pair.exact)).toBe(true)
    // At distance 0 with every row paired, the pairing in order is the only one that reaches the best; at arg
    // level, where gold is left over, leaving out other gold calls may spare more errors (see PairRank).
    if (level === 'call' || rows === cols) expect(pairs.map(({ predIndex, goldIndex }) => [predIndex, goldIndex])).toEqual(pred.map((_, i) => [i, i]))
  })

  test.prop([
    fc.array(goldCall, { minLength: 2, maxLength: 4 }),
    fc.array(fc.record({ name: fc.constant('f'), args: fc.dictionary(argNames, plain, { maxKeys: 3 }) }), { minLength: 1, maxLength: 5 }),
    fc.constantFrom<Level>('call', 'arg'),
  ])('any predictions reach the best tiers at the least distance', (gold, pred, level) => {
    const options = resolveMatchOptions({ level })
    const ctx = new PairingContext(options, callSet(readTurns(pred), options.canonicalizeName), callSet(readGold(gold), options.canonicalizeName))
    const cols = gold.length
    const ranks = comparedRanks(ctx, pred.map((_, i) => i), gold.map((_, j) => j))
    expect(reachedTotals(matchCalls(pred, gold, { level }).pairs, cols, ranks)).toEqual(bestTotals(pred.length, cols, ranks))
  })

  test('calls exact in order pair in order where a gold call holds more than a thousand arguments too', () => {
    // Past a thousand arguments the in-order check leaves the group to the solver, which must find the same pairs.
    const args = (from: number) => Object.fromEntries(Array.from({ length: 1001 }, (_, a) => [`a${a}`, from + a]))
    const gold = [{ name: 'f', args: args(0) }, { name: 'f', args: args(1) }]
    const pred = gold.map((call) => ({ name: call.name, args: { ...call.args } }))
    for (const level of ['call', 'arg'] as const) {
      expect(matchCalls(pred, gold, { level }).pairs.map(({ predIndex, goldIndex, exact }) => [predIndex, goldIndex, exact])).toEqual([
        [0, 0, true],
        [1, 1, true],
      ])
    }
  })
})

describe('the verdicts of a pair chosen from a group', () => {
  test.prop([
    fc.array(goldCall, { minLength: 2, maxLength: 5 }),
    fc.array(fc.nat(5), { minLength: 1, maxLength: 3 }),
    fc.array(fc.record({ name: fc.constant('f'), args: fc.dictionary(argNames, plain, { maxKeys: 3 }) }), { maxLength: 2 }),
    fc.constantFrom<Level>('call', 'arg'),
  ])('are those of the pair scored alone', (gold, choices, extra, level) => {
    // Exact answers in order (whose verdicts the pairing keeps), then a few arbitrary ones.
    const pred = [...gold.map((call) => exactAnswer(call, choices)), ...extra]
    const metric = new ToolCallMetric({ level })
    const score = metric.score(pred, gold)
    expect(score.pairs.length).toBe(gold.length)
    for (const pair of score.pairs) {
      const alone = metric.score([pred[pair.predIndex]], [gold[pair.goldIndex]]).pairs[0]!
      expect([pair.exact, pair.args]).toEqual([alone.exact, alone.args])
    }
  })
})

describe('grouping calls by tool', () => {
  const metric = new ToolCallMetric()

  test.prop([fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 39 })])(
    'every call of many tools pairs with a gold call of its own tool, whatever the order; a tool the gold lacks pairs with nothing',
    (tools, missing) => {
      // Two calls of each tool, so that each tool's group and tally are met more than once.
      const gold = Array.from({ length: 2 * tools }, (_, i) => ({ name: `tool_${i % tools}`, args: { n: i } }))
      const pred = [...gold].reverse().map((call) => ({ name: call.name === `tool_${missing}` ? 'unknown_tool' : call.name, args: { ...call.args } }))
      const score = metric.score(pred, gold)
      const isMissing = (name: string) => name === `tool_${missing}`
      expect(score.pairs).toHaveLength(missing < tools ? 2 * tools - 2 : 2 * tools)
      expect(score.pairs.every((pair) => pair.exact && pair.pred.name === pair.gold.name)).toBe(true)
      expect(score.unmatchedPred.map((u) => u.kind)).toEqual(missing < tools ? ['wrong tool', 'wrong tool'] : [])
      const perTool = Object.fromEntries(gold.map((call) => [call.name, isMissing(call.name) ? { tp: 0, fp: 0, fn: 2 } : { tp: 2, fp: 0, fn: 0 }]))
      if (missing < tools) perTool.unknown_tool = { tp: 0, fp: 2, fn: 0 }
      expect(perToolCounts(score)).toEqual(perTool)
    },
  )
})
