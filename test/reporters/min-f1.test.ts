import { describe, expect, test } from 'vitest'
import { minF1Failure } from '../../src/reporters/min-f1'
import { testCorpus } from '../../src/reporters/test-corpus'

const options = { worst: 5, by: 'f1' } as const
// F1 = 2 / (2 + 1 + 1) = 0.5
const half = testCorpus([{ file: 'a.test.ts', test: 'one', tp: 1, fp: 1, fn: 1, perTool: {}, assertions: 1 }], options)

describe('minF1Failure', () => {
  test('fails a corpus whose F1 is below minF1, giving both figures', () => {
    expect(minF1Failure(half, 0.6)).toBe('Tool calls: the corpus F1 0.5 is below minF1 0.6; the run fails. The per-tool figures above show where.')
  })

  test('passes a corpus whose F1 reaches minF1', () => {
    expect(minF1Failure(half, 0.5)).toBeUndefined()
  })

  test('fails a run that graded nothing, though all its figures are 1', () => {
    expect(minF1Failure(testCorpus([], options), 0.5)).toMatch(/no assertion scored calls against a gold/)
  })

  test('passes anything when no minF1 is set', () => {
    expect(minF1Failure(testCorpus([], options), undefined)).toBeUndefined()
  })
})
