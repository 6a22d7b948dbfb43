import { describe, expect, test } from 'vitest'
import { MAX_CANDIDATE_PAIRS, pairedPredictions } from '../../src/calls/limits'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

const f = (a: number) => ({ name: 'f', args: { a } })
const range = (length: number) => Array.from({ length }, (_, i) => i)

describe('the bound on candidate pairs', () => {
  test('pairs every prediction up to the bound, and past it the first of them, at least as many as the gold calls', () => {
    expect(pairedPredictions(2000, 2000)).toBe(2000)
    expect(pairedPredictions(MAX_CANDIDATE_PAIRS, 1)).toBe(MAX_CANDIDATE_PAIRS)
    expect(pairedPredictions(120_000, 1000)).toBe(MAX_CANDIDATE_PAIRS / 1000)
    expect(pairedPredictions(2500, 2000)).toBe(2000)
    expect(pairedPredictions(5, 1_000_000)).toBe(5)
  })

  test.each(['any', 'strict', 'turns'] as const)('leaves a flood of predicted calls past it unpaired, each with its reason (order %s)', (order) => {
    // 2,500 × 2,000 candidate pairs: the first 2,000 predictions are paired. The 2,401st is right, but past the bound.
    const pred = range(2500).map((i) => f(i === 2400 ? 0 : i + 1))
    const gold = range(2000).map(f)
    const score = new ToolCallMetric({ order }).score(pred, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([1999, 501, 1])
    const past = score.unmatchedPred.filter(({ predIndex }) => predIndex >= 2000)
    expect(past).toHaveLength(500)
    expect(past[400]).toMatchObject({
      predIndex: 2400,
      kind: 'hallucinated call',
      reason: 'one of 2,500 predicted calls: only the first 2,000 are paired against the 2,000 gold calls (at most 4,000,000 candidate pairs)',
    })
  })
})
