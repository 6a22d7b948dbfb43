import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { readTurns } from '../../src/calls/read'
import { readGold } from '../../src/compare/gold-calls'
import { oneOf } from '../../src/compare/gold-values'
import { maxBenefitAssignment } from '../../src/match/assignment'
import { comparedRanks } from '../../src/match/group-ranks'
import { matchCalls } from '../../src/match/match-calls'
import { type Level, type ResolvedMatchOptions, resolveMatchOptions } from '../../src/match/options'
import { pairIdentical } from '../../src/match/pair-identical'
import { callSet } from '../../src/match/pair-calls'
import { PairingContext } from '../../src/match/pairing-context'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

// Few values, so many calls are identical and pair before the assignment.
const call = fc.record({
  name: fc.constant('f'),
  args: fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 2, 'a'), { maxKeys: 2 }),
})
const calls = fc.array(call, { minLength: 8, maxLength: 12 })

type Call = { name: string; args: Record<string, unknown> }

function pairingContext(pred: unknown[], gold: unknown[], options: ResolvedMatchOptions): PairingContext {
  return new PairingContext(options, callSet(readTurns(pred), options.canonicalizeName), callSet(readGold(gold), options.canonicalizeName))
}

function identicalPairs(pred: Call[], gold: Call[], options = resolveMatchOptions({})) {
  return pairIdentical(
    pairingContext(pred, gold, options),
    pred.map((_, i) => i),
    gold.map((_, j) => j),
  )
}

const f = (args: Record<string, unknown>): Call => ({ name: 'f', args })

/** Calls that pair only with themselves, to make a group large enough (8 × 8) for identical calls to pair first. */
const filler = (count: number) => Array.from({ length: count }, (_, k) => f({ z: k }))

describe('pairing identical calls before the assignment', () => {
  test('pairs each prediction with the first waiting gold call identical to it, and leaves the rest', () => {
    const pred = [f({ x: 1, y: 'A' }), f({ x: 2 }), f({ y: 'a', x: 1 })]
    const gold = [f({ x: 1, y: 'a' }), f({ x: 1, y: 'a' }), f({ x: 3 })]
    expect(identicalPairs(pred, gold)).toEqual({
      pairs: [
        [0, 0],
        [2, 1],
      ],
      restPreds: [1],
      restGolds: [2],
    })
  })

  test('does not apply where a gold call holds a marker, even beside a plain value', () => {
    expect(identicalPairs([f({ x: 1, y: 0 })], [f({ x: 1, y: 0 }), f({ x: oneOf(1, 2), y: 0 })])).toBeUndefined()
  })

  test("does not apply where the runner's custom testers compare values", () => {
    const options: ResolvedMatchOptions = { ...resolveMatchOptions({}), testers: { context: { equals: () => false }, list: [() => undefined] } }
    expect(identicalPairs([f({ x: 1 })], [f({ x: 1 })], options)).toBeUndefined()
  })

  test('does not apply where a schema declares the tool', () => {
    const grammar = [{ name: 'f', parameters: { type: 'object', properties: { x: { type: 'integer' } } } }]
    expect(identicalPairs([f({ x: 1 })], [f({ x: 1 })], resolveMatchOptions({ grammar }))).toBeUndefined()
    expect(identicalPairs([f({ x: 1 })], [f({ x: 1 })], resolveMatchOptions({ grammar: { tools: { f: { importance: 2 } } } }))).toEqual({ pairs: [[0, 0]], restPreds: [], restGolds: [] })
  })

  test('leaves a gold call whose marker sits beside a plain argument to the assignment, which pairs every call exactly', () => {
    // f(x=1, y=0) is identical to gold f(x=1, y=0) and accepted by gold f(x=oneOf(1, 2), y=0); only f(x=2, y=0) with the oneOf makes both exact.
    const gold = [f({ x: oneOf(1, 2), y: 0 }), f({ x: 1, y: 0 }), ...filler(6)]
    const pred = [f({ x: 1, y: 0 }), f({ x: 2, y: 0 }), ...filler(6)]
    const score = new ToolCallMetric().score(pred, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([8, 0, 0])
  })

  test.prop([calls, calls, fc.constantFrom<Level>('call', 'arg')])('reaches the objective of the assignment alone', (pred, gold, level) => {
    const options = resolveMatchOptions({ level })
    const ctx = pairingContext(pred, gold, options)
    const rows = pred.length
    const cols = gold.length
    const { primary, secondary } = comparedRanks(ctx, pred.map((_, i) => i), gold.map((_, j) => j))
    // The assignment alone, on the two tiers folded lexicographically.
    const scale = 1 + Math.max(...secondary) * Math.min(rows, cols)
    const folded = primary.map((p, k) => p * scale + secondary[k]!)
    const alone = maxBenefitAssignment(rows, cols, folded)
    const total = (pairs: Array<[number, number]>) =>
      pairs.reduce(([p, s], [i, j]) => [p + primary[i * cols + j]!, s + secondary[i * cols + j]!], [0, 0])
    const aloneTotal = total([...alone].flatMap((j, i) => (j < 0 ? [] : [[i, j] as [number, number]])))
    const found = total(matchCalls(pred, gold, { level }).pairs.map((pair) => [pair.predIndex, pair.goldIndex]))
    expect(found).toEqual(aloneTotal)
  })

  test('leaves a gold call of alternatives to the assignment, which finds the pairing a greedy one misses, in a group large enough to pair identical calls first', () => {
    // 8 × 8 calls: f(1) is identical to gold f(1) and accepted by gold f(oneOf(1, 2)); only f(2) with the oneOf makes both exact.
    const gold = [f({ x: oneOf(1, 2) }), f({ x: 1 }), ...filler(6)]
    const pred = [f({ x: 1 }), f({ x: 2 }), ...filler(6)]
    const score = new ToolCallMetric().score(pred, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([8, 0, 0])
  })
})
