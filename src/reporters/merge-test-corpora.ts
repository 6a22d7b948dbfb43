import { CorpusCounts } from '../metric/corpus-counts'
import { parseShardLabel } from './shard-label'
import { byFileThenName, lowestTests, type TestCorpusReport, testCorpusReport, type WorstTest } from './test-corpus'

/**
 * Reports of test runs added up, as of Jest's `--shard`s: counts summed exactly, overall and
 * per tool, the figures recomputed, and the lowest tests of all ranked again. Each report's
 * lowest include every test of its run that is among the lowest of all, so the merged ones
 * are those of one run when each report kept at least `keepWorst`. All rank by the same figure.
 */
export function mergeTestCorpora(reports: readonly TestCorpusReport[], keepWorst: number): TestCorpusReport {
  const by = reports[0]?.by ?? 'f1'
  const counts = new CorpusCounts()
  const worst: WorstTest[] = []
  let tests = 0
  let assertions = 0
  let argLevelAssertions = 0
  for (const report of inShardOrder(reports)) {
    // Rows of one tool spelt apart are one where a report gives their folded names; a report that gives none (written before reports kept them) is added row by row, by name.
    counts.add(report, report.perTool, report.exactSums, report.foldedNames, report.goldRows)
    tests += report.tests
    assertions += report.assertions
    argLevelAssertions += report.argLevelAssertions ?? 0
    for (const test of report.worst) worst.push(test)
  }
  const merged = testCorpusReport(counts, tests, assertions, argLevelAssertions, lowestTests(worst.sort(byFileThenName), by, keepWorst), by, keepWorst)
  // Runs narrowed to part of the suite add up to part of it still.
  const narrowed = [...new Set(reports.flatMap((report) => (report.narrowed === undefined ? [] : [report.narrowed])))]
  if (narrowed.length > 0) merged.narrowed = narrowed.join('; ')
  return merged
}

/**
 * The reports in the order they are added, so that which tools the model alone named keep rows past the thousand
 * (see PREDICTED_TOOL_ROWS) does not hang on the order shards are given in: shards by their index (`1/3` first),
 * then reports of no shard, in the order given. A row's name does not hang on the order (see showsRowBefore).
 */
function inShardOrder(reports: readonly TestCorpusReport[]): TestCorpusReport[] {
  const index = (report: TestCorpusReport) => parseShardLabel(report.shard)?.index ?? Number.MAX_SAFE_INTEGER
  return [...reports].sort((a, b) => index(a) - index(b))
}
