import type { ScoreFigure } from '../matchers/matcher-types'
import { CorpusCounts, isExactSums } from '../metric/corpus-counts'
import { type Figures, figures } from '../metric/figures'
import type { GradedTest } from './graded-test'

/** A test among the lowest, with its figures. */
export interface WorstTest extends Figures {
  file: string
  test: string
  assertions: number
}

/** The corpus of a test run: counts summed over every graded assertion, then divided (micro average). Plain data. */
export interface TestCorpusReport extends Figures {
  tests: number
  assertions: number
  perTool: Record<string, Figures>
  /** The tests lowest by `by`, lowest first; a test whose figure is 1 is never among them. */
  worst: WorstTest[]
  by: ScoreFigure
}

export interface TestCorpusOptions {
  /** How many of the lowest tests to keep. */
  worst: number
  /** Which figure ranks the tests. */
  by: ScoreFigure
}

function byFileThenName(a: GradedTest, b: GradedTest): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.test < b.test ? -1 : a.test > b.test ? 1 : 0
}

/**
 * The micro average over the graded tests of a run. Tests are summed in file and name order,
 * so a run split into shards, or run by the other runner, adds up to the very same figures.
 */
export function testCorpus(tests: Iterable<GradedTest>, { worst, by }: TestCorpusOptions): TestCorpusReport {
  const sorted = [...tests].sort(byFileThenName)
  const counts = new CorpusCounts()
  let assertions = 0
  for (const test of sorted) {
    counts.add(test, test.perTool, isExactSums(test.exactSums) ? test.exactSums : undefined)
    assertions += test.assertions
  }
  const ranked = sorted
    .map(({ file, test, assertions: count, ...counts }): WorstTest => ({ file, test, assertions: count, ...figures(counts) }))
    .filter((test) => test[by] < 1)
    // A stable sort: ties stay in file and name order.
    .sort((a, b) => a[by] - b[by])
  return { ...counts.figures(), tests: sorted.length, assertions, perTool: counts.perTool(), worst: ranked.slice(0, worst), by }
}
