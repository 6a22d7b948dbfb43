import type { ScoreFigure } from '../matchers/matcher-types'
import { CorpusCounts, type ExactSums, isExactSums } from '../metric/corpus-counts'
import { type Figures, figures } from '../metric/figures'
import type { GradedTest } from './graded-test'

/** A test among the lowest, with its figures. */
export interface WorstTest extends Figures {
  file: string
  /** The project that ran it, where the project has a name (under Jest, where it alone ran the file). */
  project?: string
  test: string
  assertions: number
}

/** The corpus of a test run: counts summed over every graded assertion, then divided (micro average). Plain data. */
export interface TestCorpusReport extends Figures {
  tests: number
  assertions: number
  perTool: Record<string, Figures>
  /**
   * Where assertions fold tool names (the option `name`), the folded name of each row shown by another
   * spelling (`{ "GET.W": "get_w" }`), so that `toolcalls merge` adds one tool's rows of several reports into one.
   */
  foldedNames?: Record<string, string>
  /**
   * The rows a gold call named that count no TP and no FN (tools that weigh 0), which the counts alone would give
   * as the model's: `toolcalls merge` shows a row by the gold's spelling before the model's.
   */
  goldRows?: string[]
  /**
   * How many assertions were scored at arg level, when any were: their counts (one for the name
   * and one for each argument) are summed with the call-level ones, where a call counts once.
   */
  argLevelAssertions?: number
  /** The tests lowest by `by`, lowest first; a test whose figure is 1 is never among them. */
  worst: WorstTest[]
  /** How many lowest tests the run kept at most (`worst`): a merge ranks no more than that for certain. */
  keptWorst?: number
  by: ScoreFigure
  /** The partials of the sums that are not one double, so that reports of shards merge exactly; left out when there are none. */
  exactSums?: ExactSums
  /** In a report that `toolcalls merge` wrote, the shards' reports it adds up, each named by its full path. */
  files?: string[]
  /**
   * The shard of a run split with `--shard` that the report is of, as `index/count` (`1/2`): it
   * sets the report's content apart from any other shard's, so that a copy is known by its content.
   */
  shard?: string
  /** In a report that `toolcalls merge` wrote, the digests of the shards' reports it adds up, when any was a shard's. */
  shards?: string[]
  /**
   * How the run was narrowed to part of the suite, as the runner was told (`-t "books a flight"`,
   * `files agent/`, `changed files`): its figure is of the tests that ran, not of the suite.
   */
  narrowed?: string
}

export interface TestCorpusOptions {
  /** How many of the lowest tests to keep. */
  worst: number
  /** Which figure ranks the tests. */
  by: ScoreFigure
}

type Placed = { file: string; project?: string; test: string }

/** Tests in file, project and name order: the order in which they are summed and in which ties rank. */
export function byFileThenName(a: Placed, b: Placed): number {
  return compare(a.file, b.file) || compare(a.project ?? '', b.project ?? '') || compare(a.test, b.test)
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The `keep` lowest of tests in file and name order, lowest first by `by`; a test whose figure is 1 is never among them. */
export function lowestTests(tests: readonly WorstTest[], by: ScoreFigure, keep: number): WorstTest[] {
  return (
    tests
      .filter((test) => test[by] < 1)
      // A stable sort: ties stay in file and name order.
      .sort((a, b) => a[by] - b[by])
      .slice(0, keep)
  )
}

/** The report of summed counts, with the partials of its sums when any is not one double. */
export function testCorpusReport(
  counts: CorpusCounts,
  tests: number,
  assertions: number,
  argLevelAssertions: number,
  worst: WorstTest[],
  by: ScoreFigure,
  keptWorst: number,
): TestCorpusReport {
  const report: TestCorpusReport = { ...counts.figures(), tests, assertions, perTool: counts.perTool(), worst, keptWorst, by }
  const foldedNames = counts.foldedNames()
  if (foldedNames !== undefined) report.foldedNames = foldedNames
  const goldRows = counts.goldRows()
  if (goldRows !== undefined) report.goldRows = goldRows
  if (argLevelAssertions > 0) report.argLevelAssertions = argLevelAssertions
  const exactSums = counts.exactSums()
  if (exactSums.total !== undefined || exactSums.perTool !== undefined) report.exactSums = exactSums
  return report
}

/**
 * The micro average over the graded tests of a run. Tests are summed in file and name order,
 * so a run split into shards, or run by the other runner, adds up to the very same figures.
 */
export function testCorpus(tests: Iterable<GradedTest>, { worst, by }: TestCorpusOptions): TestCorpusReport {
  const sorted = [...tests].sort(byFileThenName)
  const counts = new CorpusCounts()
  let assertions = 0
  let argLevelAssertions = 0
  for (const test of sorted) {
    counts.add(test, test.perTool, isExactSums(test.exactSums) ? test.exactSums : undefined, test.foldedNames, test.goldRows)
    assertions += test.assertions
    argLevelAssertions += test.argLevel ?? 0
  }
  const figured = sorted.map(({ file, project, test, assertions: count, ...counts }): WorstTest => ({
    file,
    ...(project === undefined ? {} : { project }),
    test,
    assertions: count,
    ...figures(counts),
  }))
  return testCorpusReport(counts, sorted.length, assertions, argLevelAssertions, lowestTests(figured, by, worst), by, worst)
}
