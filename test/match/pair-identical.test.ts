import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { readTurns } from '../../src/calls/read'
import { readGold } from '../../src/compare/gold-calls'
import { oneOf } from '../../src/compare/gold-values'
import { maxBenefitAssignment } from '../../src/match/assignment'
import { comparedRanks } from '../../src/match/group-ranks'
import { matchCalls } from '../../src/match/match-calls'
import { type Level, resolveMatchOptions } from '../../src/match/options'
import { callSet } from '../../src/match/pair-calls'
import { PairingContext } from '../../src/match/pairing-context'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

// Few values, so many calls are identical and pair before the assignment.
const call = fc.record({
  name: fc.constant('f'),
  args: fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 2, 'a'), { maxKeys: 2 }),
})
const calls = fc.array(call, { minLength: 8, maxLength: 12 })

describe('pairing identical calls before the assignment', () => {
  test.prop([calls, calls, fc.constantFrom<Level>('call', 'arg')])('reaches the objective of the assignment alone', (pred, gold, level) => {
    const options = resolveMatchOptions({ level })
    const ctx = new PairingContext(options, callSet(readTurns(pred), options.canonicalizeName), callSet(readGold(gold), options.canonicalizeName))
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
    const f = (x: unknown) => ({ name: 'f', args: { x } })
    const filler = Array.from({ length: 6 }, (_, k) => ({ name: 'f', args: { z: k } }))
    const gold = [f(oneOf(1, 2)), f(1), ...filler]
    const pred = [f(1), f(2), ...filler]
    const score = new ToolCallMetric().score(pred, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([8, 0, 0])
  })
})
