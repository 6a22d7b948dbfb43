import { describe, expect, test } from 'vitest'
import { MAX_CANDIDATE_PAIRS } from '../../src/calls/limits'
import { pairedPredictions } from '../../src/match/paired-predictions'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

const f = (a: number) => ({ name: 'f', args: { a } })
const range = (length: number) => Array.from({ length }, (_, i) => i)
const names = (name: string | undefined, length: number) => range(length).map(() => name)

describe('the bound on candidate pairs', () => {
  test('weighs every prediction up to the bound, and past it the first, at least as many calls to the gold tools as gold calls', () => {
    expect(pairedPredictions(names('f', 2000), names('f', 2000), 'any')).toBe(2000)
    expect(pairedPredictions(names('f', 120_000), names('f', 1000), 'any')).toBe(MAX_CANDIDATE_PAIRS / 1000)
    expect(pairedPredictions(names('f', 2500), names('f', 2000), 'any')).toBe(2000)
    expect(pairedPredictions(names('f', 5), names('f', 1_000_000), 'any')).toBe(5)
    // In any order, calls that cannot pair (unparseable, to a tool the gold lacks) weigh nothing.
    expect(pairedPredictions([...names(undefined, 3000), ...names('g', 3000), ...names('f', 2000)], names('f', 2000), 'any')).toBe(8000)
    // Nor do they count as candidates: 2,000 calls to f after a call to g still leave one of the 2,001 gold calls without
    // a candidate, so the next call to f is weighed too.
    expect(pairedPredictions(['g', ...names('f', 2002)], [...names('f', 2000), 'h'], 'any')).toBe(2002)
    // An alignment in order weighs every cell.
    expect(pairedPredictions([...names('g', 3000), ...names('f', 2000)], names('f', 2000), 'strict')).toBe(2000)
  })

  test('in order, weighs as many predictions as the bound allows, and never fewer than the gold calls', () => {
    expect(pairedPredictions(names('f', 120_000), names('f', 1000), 'strict')).toBe(MAX_CANDIDATE_PAIRS / 1000)
    expect(pairedPredictions(names('f', 120_000), names('f', 1000), 'turns')).toBe(MAX_CANDIDATE_PAIRS / 1000)
    // 3,000 × 3,000 passes the bound, yet every gold call keeps a prediction that could pair with it.
    expect(pairedPredictions(names('f', 3000), names('f', 3000), 'strict')).toBe(3000)
  })

  test.each(['any', 'strict', 'turns'] as const)('leaves a flood of predicted calls past it unpaired, each with its reason (order %s)', (order) => {
    // 2,500 × 2,000 candidate pairs: the first 2,000 predictions are weighed. The 2,401st is right, but past the bound.
    const pred = range(2500).map((i) => f(i === 2400 ? 0 : i + 1))
    const gold = range(2000).map(f)
    const score = new ToolCallMetric({ order }).score(pred, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([1999, 501, 1])
    const past = score.unmatchedPred.filter(({ predIndex }) => predIndex >= 2000)
    expect(past).toHaveLength(500)
    expect(past[400]).toMatchObject({
      predIndex: 2400,
      kind: 'hallucinated call',
      reason: 'one of 2,500 predicted calls: only the first 2,000 are weighed for pairs with the 2,000 gold calls (at most 4,000,000 candidate pairs)',
    })
  })

  test.each(['any', 'strict', 'turns'] as const)('weighs not even the first prediction past the bound (order %s)', (order) => {
    // 2,500 × 2,000 candidate pairs: the first 2,000 predictions are weighed, and the 2,001st is the one that is right.
    const pred = range(2500).map((i) => f(i === 2000 ? 0 : i + 1))
    const score = new ToolCallMetric({ order }).score(pred, range(2000).map(f))
    expect([score.tp, score.fp, score.fn]).toEqual([1999, 501, 1])
    expect(score.unmatchedPred.find(({ predIndex }) => predIndex === 2000)?.kind).toBe('hallucinated call')
  })

  test('in order of turns, leaves out the part of a turn past the bound, even where that part would pair', () => {
    // Turns of 1,999, 2 and 499 calls: the bound of 2,000 falls inside the second turn, whose call past it is right.
    const g = { name: 'g', args: {} }
    const pred = [range(1999).map((i) => f(i + 1)), [g, f(0)], range(499).map(() => g)]
    const gold = [range(1999).map((i) => f(i + 1)), [f(0)]]
    const score = new ToolCallMetric({ order: 'turns' }).score(pred, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([1999, 501, 1])
    expect(score.unmatchedPred.find(({ predIndex }) => predIndex === 2000)?.kind).toBe('hallucinated call')
  })

  test('in any order, calls that cannot pair neither crowd right calls out nor lose their own reasons past the bound', () => {
    const gold = range(2000).map(f)
    const junk = range(600).map((i) => (i % 2 === 0 ? { name: 'f', arguments: '{oops' } : { name: 'g', args: {} }))
    const first = new ToolCallMetric().score([...junk, ...gold], gold)
    expect([first.tp, first.fp, first.fn]).toEqual([2000, 600, 0])
    // Past the bound (2,000 of 2,600 calls to f weighed), junk keeps its own reasons; a call that could have paired is the flood's.
    const after = new ToolCallMetric().score([...gold, ...range(600).map(() => f(0)), ...junk], gold)
    const kinds = new Set(after.unmatchedPred.filter(({ predIndex }) => predIndex >= 2600).map(({ kind }) => kind))
    expect(kinds).toEqual(new Set(['unparseable', 'wrong tool']))
    expect(after.unmatchedPred.find(({ predIndex }) => predIndex === 2000)?.reason).toMatch(/^one of 3,200 predicted calls: only the first 2,000 are weighed/)
  })
})
