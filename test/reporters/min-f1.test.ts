import { describe, expect, test } from 'vitest'
import { minF1Verdict } from '../../src/reporters/min-f1'
import { testCorpus } from '../../src/reporters/test-corpus'

const options = { worst: 5, by: 'f1' } as const
// F1 = 2 / (2 + 1 + 1) = 0.5
const half = testCorpus([{ file: 'a.test.ts', test: 'one', tp: 1, fp: 1, fn: 1, perTool: {}, assertions: 1 }], options)
const nothing = testCorpus([], options)

describe('minF1Verdict', () => {
  test('fails a corpus whose F1 is below minF1, giving both figures', () => {
    expect(minF1Verdict(half, 0.6)).toEqual({ failure: 'Tool calls: the corpus F1 0.5 is below minF1 0.6; the run fails. The per-tool figures above show where.' })
  })

  test('prints minF1 as given, and an F1 just below it to as many decimals as keep it below', () => {
    // F1 = 2 * 39999 / (2 * 39999 + 20000) = 0.799995...
    const nearly = testCorpus([{ file: 'a.test.ts', test: 'one', tp: 39999, fp: 10000, fn: 10000, perTool: {}, assertions: 1 }], options)
    expect(minF1Verdict(nearly, 0.8).failure).toMatch(/^Tool calls: the corpus F1 0\.79999\d* is below minF1 0\.8;/)
    expect(minF1Verdict(half, 0.50001).failure).toMatch(/^Tool calls: the corpus F1 0\.5 is below minF1 0\.50001;/)
  })

  test('passes a corpus whose F1 reaches minF1', () => {
    expect(minF1Verdict(half, 0.5)).toEqual({})
  })

  test('fails a run that graded nothing, though all its figures are 1', () => {
    expect(minF1Verdict(nothing, 0.5).failure).toMatch(/no assertion scored calls against a gold/)
  })

  test('judges a narrowed run that graded something, and not one that graded nothing, nor a run of no test file the runner passes', () => {
    expect(minF1Verdict({ ...half, narrowed: '-t books' }, 0.6).failure).toMatch(/is below minF1 0\.6/)
    expect(minF1Verdict({ ...nothing, narrowed: 'changed files' }, 0.5)).toEqual({
      note: 'Tool calls: minF1 0.5 not judged: a run narrowed to part of the suite, which graded nothing.',
    })
    expect(minF1Verdict(nothing, 0.5, true)).toEqual({ note: 'Tool calls: minF1 0.5 not judged: a run of no test file, which graded nothing.' })
  })

  test('passes anything when no minF1 is set', () => {
    expect(minF1Verdict(nothing, undefined)).toEqual({})
  })
})
