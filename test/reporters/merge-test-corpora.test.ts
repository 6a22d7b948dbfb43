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

  test("shows a tool's row as one run over all the tests does, whatever order the reports come in, labelled as shards or not", () => {
    const graded = (file: string, tool: string, tp: number): GradedTest => ({
      file,
      test: 't',
      tp,
      fp: 1 - tp,
      fn: 0,
      perTool: { [tool]: { tp, fp: 1 - tp, fn: 0 } },
      ...(tool === 'get_w' ? {} : { foldedNames: { [tool]: 'get_w' } }),
      assertions: 1,
    })
    // The gold spells the tool get_w in a.test.ts and GET.W in c.test.ts; the model alone spells it Get.W in b.test.ts.
    const tests = [graded('a.test.ts', 'get_w', 1), graded('b.test.ts', 'Get.W', 0), graded('c.test.ts', 'GET.W', 1)]
    const oneRun = testCorpus(tests, { worst: 0, by: 'f1' })
    expect(Object.keys(oneRun.perTool)).toEqual(['GET.W'])
    const reports = tests.map((test) => testCorpus([test], { worst: 0, by: 'f1' }))
    for (const order of [[0, 1, 2], [2, 1, 0], [1, 0, 2]]) {
      const given = order.map((i) => reports[i]!)
      expect(mergeTestCorpora(given, 0)).toMatchObject({ perTool: oneRun.perTool, foldedNames: oneRun.foldedNames })
      // Shard 1/3 holds the last tests, as a runner's shards by hash may.
      expect(mergeTestCorpora(given.map((report, i) => ({ ...report, shard: `${i + 1}/3` })), 0).perTool).toEqual(oneRun.perTool)
    }
  })

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
