import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import type { GradedTest } from '../../src/reporters/graded-test'
import { mergeTestCorpora } from '../../src/reporters/merge-test-corpora'
import { type TestCorpusReport, testCorpus } from '../../src/reporters/test-corpus'

// Counts as weighted assertions make them: tenths, whose sums are not exact in doubles.
const count = fc.integer({ min: 0, max: 30 }).map((tenths) => tenths / 10)
const gradedTest = fc.record({
  file: fc.constantFrom('a.test.ts', 'b.test.ts', 'c.test.ts'),
  test: fc.string({ maxLength: 3 }),
  tool: fc.constantFrom('search', 'answer', 'book'),
  tp: count,
  fp: count,
  fn: count,
  shard: fc.nat(2),
})

/** A report without its partial sums, whose representation depends on the order of the additions, not on their value. */
const figuresOf = ({ exactSums: _, ...report }: TestCorpusReport) => report

describe('mergeTestCorpora', () => {
  test.prop([fc.uniqueArray(gradedTest, { selector: (t) => `${t.file} ${t.test}`, maxLength: 40 }), fc.nat(6), fc.constantFrom('f1', 'precision', 'recall')])(
    "gives the figures and lowest tests of one run over all the shards' tests",
    (tests, worst, by) => {
      const graded = tests.map(({ file, test, tool, tp, fp, fn }): GradedTest => ({ file, test, tp, fp, fn, perTool: { [tool]: { tp, fp, fn } }, assertions: 1 }))
      const shards = [0, 1, 2].map((shard) => testCorpus(graded.filter((_, i) => tests[i]!.shard === shard), { worst, by }))
      expect(figuresOf(mergeTestCorpora(shards, worst))).toEqual(figuresOf(testCorpus(graded, { worst, by })))
    },
  )

  test('keeps how the runs were narrowed to part of the suite, each way once', () => {
    const graded: GradedTest = { file: 'a.test.ts', test: 't', tp: 1, fp: 0, fn: 0, perTool: {}, assertions: 1 }
    const report = (narrowed?: string) => ({ ...testCorpus([graded], { worst: 5, by: 'f1' }), ...(narrowed === undefined ? {} : { narrowed }) })
    expect(mergeTestCorpora([report(), report()], 5)).not.toHaveProperty('narrowed')
    expect(mergeTestCorpora([report('-t books'), report(), report('-t books'), report('changed files')], 5).narrowed).toBe('-t books; changed files')
  })

  test('adds tenths exactly across shards, to the last bit of one run, where adding their rounded totals would not', () => {
    const tenth = (file: string): GradedTest => ({ file, test: 't', tp: 0.1, fp: 0, fn: 0, perTool: { search: { tp: 0.1, fp: 0, fn: 0 } }, assertions: 1 })
    const files = ['a', 'b', 'c', 'd', 'e', 'f']
    const oneRun = testCorpus(files.map(tenth), { worst: 0, by: 'f1' })
    const shards = [files.slice(0, 1), files.slice(1)].map((shard) => testCorpus(shard.map(tenth), { worst: 0, by: 'f1' }))
    expect(shards[0]!.tp + shards[1]!.tp).not.toBe(oneRun.tp)
    expect(mergeTestCorpora(shards, 0)).toMatchObject({ tp: oneRun.tp, perTool: { search: { tp: oneRun.tp } }, tests: 6, assertions: 6 })
  })
})
