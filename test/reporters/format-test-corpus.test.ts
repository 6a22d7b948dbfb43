import { describe, expect, test } from 'vitest'
import { formatTestCorpus } from '../../src/reporters/format-test-corpus'
import { testCorpus } from '../../src/reporters/test-corpus'

describe('formatTestCorpus', () => {
  test('prints what was graded, the lowest tests by file and name, the per-tool table and the micro figures', () => {
    const report = testCorpus(
      [
        { file: 'weather.test.ts', test: 'weather > right city', tp: 1, fp: 0, fn: 0, perTool: { get_weather: { tp: 1, fp: 0, fn: 0 } }, assertions: 1 },
        { file: 'weather.test.ts', test: 'weather > wrong city', tp: 0, fp: 1, fn: 1, perTool: { get_weather: { tp: 0, fp: 1, fn: 1 } }, assertions: 2 },
      ],
      { worst: 5, by: 'f1' },
    )
    expect(formatTestCorpus(report)).toMatchInlineSnapshot(`
      "Tool calls: 3 graded assertions in 2 tests

      Lowest F1:
        weather.test.ts > weather > wrong city  F1 0  TP 0  FP 1  FN 1

      Per tool:
        tool         TP  FP  FN  precision  recall   F1
        get_weather   1   1   1        0.5     0.5  0.5

      TP 1  FP 1  FN 1  precision 0.5  recall 0.5  F1 0.5 (micro average over 3 graded assertions)"
    `)
  })

  test('says at which level the assertions were scored when any were at arg level, and that mixed levels are summed', () => {
    const graded = (test: string, argLevel?: number) => ({ file: 'a.test.ts', test, tp: 1, fp: 0, fn: 0, perTool: { f: { tp: 1, fp: 0, fn: 0 } }, assertions: 2, argLevel })
    const heading = (tests: ReturnType<typeof graded>[]) => formatTestCorpus(testCorpus(tests, { worst: 5, by: 'f1' })).split('\n')[0]
    expect(heading([graded('a'), graded('b')])).toBe('Tool calls: 4 graded assertions in 2 tests')
    expect(heading([graded('a', 2), graded('b', 2)])).toBe('Tool calls: 4 graded assertions in 2 tests, at arg level')
    expect(heading([graded('a', 1), graded('b')])).toBe(
      'Tool calls: 4 graded assertions in 2 tests (1 at arg level, 3 at call level: their counts are summed, an argument counting at arg level as a whole call does at call level)',
    )
    expect(testCorpus([graded('a', 1), graded('b')], { worst: 5, by: 'f1' }).argLevelAssertions).toBe(1)
    expect(testCorpus([graded('a'), graded('b')], { worst: 5, by: 'f1' })).not.toHaveProperty('argLevelAssertions')
  })

  test('says how assertions are recorded when none was', () => {
    expect(formatTestCorpus(testCorpus([], { worst: 5, by: 'f1' }))).toMatch(/^Tool calls: 0 graded assertions in 0 tests; toMatchToolCalls/)
  })
})
