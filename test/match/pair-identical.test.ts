import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { readTurns } from '../../src/calls/read'
import { readGold } from '../../src/compare/gold-calls'
import { maxBenefitAssignment } from '../../src/match/assignment'
import { comparedRanks } from '../../src/match/group-ranks'
import { matchCalls } from '../../src/match/match-calls'
import { type Level, resolveMatchOptions } from '../../src/match/options'
import { callSet } from '../../src/match/pair-calls'
import { PairingContext } from '../../src/match/pairing-context'

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
})
