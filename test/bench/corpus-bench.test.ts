import { ToolCallMetric } from 'expect-toolcalls'
import { describe, expect, test } from 'vitest'
import { bfclCorpus, episodeLines } from '../../bench/bfcl-corpus'
import { evaluateEach } from '../../bench/corpus.bench'

const entries = bfclCorpus()
const metric = new ToolCallMetric({ canonicalizer: 'bfcl' })

describe("the corpus benchmark's evaluate loop", () => {
  const microF1 = (lines: readonly string[]) =>
    metric.aggregate(
      lines.map((line) => {
        const { pred, gold } = JSON.parse(line) as { pred: unknown; gold: unknown }
        return metric.score(pred, gold, { goldForm: 'json' })
      }),
    )

  test.each(['json', 'python'] as const)('with predictions as %s, gives the micro F1 of scoring each line', (predAs) => {
    const lines = episodeLines(entries, predAs)
    const f1 = evaluateEach(lines, metric)()
    expect(f1).toBe(microF1(lines))
    expect(f1).toBeGreaterThan(0.5)
    expect(f1).toBeLessThan(1)
  })

  test('gives the same figure whichever form the answers take', () => {
    expect(evaluateEach(episodeLines(entries, 'python'), metric)()).toBe(evaluateEach(episodeLines(entries, 'json'), metric)())
  })
})
