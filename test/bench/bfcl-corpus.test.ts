import { describe, expect, test } from 'vitest'
import { bfclCheckLines, bfclCorpus, episodeLines } from '../../bench/bfcl-corpus'
import { checkBfclEntry } from '../../src/bfcl'
import { parseTypedJson } from '../../src/bfcl/typed-json'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

const entries = bfclCorpus()
const metric = new ToolCallMetric({ canonicalizer: 'bfcl' })

describe("the benchmarks' BFCL corpus", () => {
  test('holds the 1,000 entries of the four Python categories, about a quarter mutated', () => {
    expect(entries).toHaveLength(1000)
    const mutated = entries.filter((entry) => entry.mutated).length
    expect(mutated / entries.length).toBeGreaterThan(0.2)
    expect(mutated / entries.length).toBeLessThan(0.3)
  })

  test.each(['json', 'python', 'json-text'] as const)('with predictions as %s, an answer is right exactly when it was not mutated', (predAs) => {
    const wrong = episodeLines(entries, predAs).flatMap((line, i) => {
      const { id, pred, gold } = JSON.parse(line) as { id: string; pred: unknown; gold: unknown }
      const right = metric.score(pred, gold, { goldForm: 'json' }).f1 === 1
      return right === entries[i]!.mutated ? [id] : []
    })
    expect(wrong).toEqual([])
  })

  test("the leaderboard's checker finds every mutated answer invalid", () => {
    const lines = bfclCheckLines(entries)
    const missed = lines.flatMap((line, i) => (entries[i]!.mutated && checkBfclEntry(parseTypedJson(line)).valid ? [entries[i]!.id] : []))
    expect(missed).toEqual([])
  })
})
