import { describe, expect, test } from 'vitest'
import type { GradedTest } from '../../src/reporters/graded-test'
import { testCorpus } from '../../src/reporters/test-corpus'

function graded(file: string, name: string, tp: number, fp: number, fn: number, tool = 'search'): GradedTest {
  return { file, test: name, tp, fp, fn, perTool: { [tool]: { tp, fp, fn } }, assertions: 1 }
}

const options = { worst: 5, by: 'f1' } as const

describe('testCorpus', () => {
  test('sums the counts of every test, then divides: a micro average, not a mean of F1s', () => {
    // F1 1 and F1 0 average to 0.5; summed, TP 1 FN 3 give 2 / (2 + 3).
    const report = testCorpus([graded('a.test.ts', 'right', 1, 0, 0), graded('a.test.ts', 'wrong', 0, 0, 3)], options)
    expect(report).toMatchObject({ tp: 1, fp: 0, fn: 3, f1: 0.4, tests: 2, assertions: 2 })
  })

  test('gives each tool its own figures', () => {
    const report = testCorpus([graded('a.test.ts', 'one', 1, 0, 0, 'search'), graded('a.test.ts', 'two', 0, 1, 1, 'answer')], options)
    expect(report.perTool).toEqual({
      answer: { tp: 0, fp: 1, fn: 1, precision: 0, recall: 0, f1: 0 },
      search: { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1 },
    })
  })

  test('lists the lowest tests by the chosen figure, lowest first, without the perfect ones', () => {
    const tests = [graded('a.test.ts', 'extra call', 1, 1, 0), graded('a.test.ts', 'missed call', 1, 0, 1), graded('a.test.ts', 'right', 1, 0, 0)]
    expect(testCorpus(tests, { worst: 5, by: 'precision' }).worst.map((t) => t.test)).toEqual(['extra call'])
    expect(testCorpus(tests, { worst: 5, by: 'recall' }).worst.map((t) => t.test)).toEqual(['missed call'])
  })

  test('keeps as many of the lowest tests as asked, ties in file and name order', () => {
    const tests = [graded('b.test.ts', 'one', 0, 1, 0), graded('a.test.ts', 'two', 0, 1, 0), graded('a.test.ts', 'one', 0, 1, 0)]
    expect(testCorpus(tests, { worst: 2, by: 'f1' }).worst.map((t) => `${t.file} > ${t.test}`)).toEqual(['a.test.ts > one', 'a.test.ts > two'])
  })

  test('gives the same figures whatever order the tests arrive in, as shards do', () => {
    const tests = [graded('a.test.ts', 'one', 0.1, 0, 0), graded('b.test.ts', 'one', 0.2, 0, 0), graded('c.test.ts', 'one', 0.3, 0.7, 0)]
    expect(testCorpus([...tests].reverse(), options)).toEqual(testCorpus(tests, options))
  })
})
