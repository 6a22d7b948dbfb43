import { isRecord, isStringList } from '../calls/plain-value'
import { exactSumsProblem, isExactSums, perToolSumsProblem } from '../metric/corpus-counts'
import { parseShardLabel } from '../reporters/shard-label'
import type { TestCorpusReport } from '../reporters/test-corpus'
import { type Counts, isCounts } from '../metric/figures'
import { isArgLevelCount, isFoldedNames, isGoldRows, isWholeCount } from '../reporters/graded-test'

const FIGURES = ['f1', 'precision', 'recall']

function isFigure(value: unknown): boolean {
  return typeof value === 'number' && value >= 0 && value <= 1
}

function isWorstTest(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.file === 'string' &&
    (value.project === undefined || typeof value.project === 'string') &&
    typeof value.test === 'string' &&
    isWholeCount(value.assertions) &&
    isCounts(value) &&
    isFigure(value.precision) &&
    isFigure(value.recall) &&
    isFigure(value.f1)
  )
}

/** Whether a report file is a test run's, as the reporters' `json` option writes it, rather than `toolcalls score --json`'s. */
export function isTestReport(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && value.command === undefined && value.tests !== undefined
}

/** What is wrong with a value read as a test run's report, or undefined when it is one. */
export function testReportProblem(value: Record<string, unknown>): string | undefined {
  if (!isCounts(value)) return 'tp, fp, fn: expected counts'
  if (!isWholeCount(value.tests) || !isWholeCount(value.assertions)) return 'tests, assertions: expected counts'
  if (!isArgLevelCount(value.argLevelAssertions, value.assertions)) return 'argLevelAssertions: expected a count of at most the assertions'
  if (!isRecord(value.perTool)) return 'perTool: expected an object'
  for (const tool of Object.keys(value.perTool)) {
    if (!isCounts(value.perTool[tool])) return `perTool[${JSON.stringify(tool)}]: expected counts`
  }
  if (!isFoldedNames(value.foldedNames, value.perTool as Record<string, Counts>)) return 'foldedNames: expected an object of strings, keyed by rows of perTool'
  if (!isGoldRows(value.goldRows, value.perTool as Record<string, Counts>)) return 'goldRows: expected a list of rows of perTool'
  const sumsProblem = perToolSumsProblem(value as unknown as TestCorpusReport)
  if (sumsProblem !== undefined) return sumsProblem
  if (!FIGURES.includes(value.by as string)) return "by: expected 'f1', 'precision' or 'recall'"
  if (!Array.isArray(value.worst)) return 'worst: expected a list'
  if (value.keptWorst !== undefined && !isWholeCount(value.keptWorst)) return 'keptWorst: expected a count'
  const wrong = value.worst.findIndex((test) => !isWorstTest(test))
  if (wrong !== -1) return `worst[${wrong}]: expected { file, test, assertions, tp, fp, fn, precision, recall, f1 }`
  if (value.files !== undefined && !isStringList(value.files)) return 'files: expected a list of file names'
  if (value.shard !== undefined && parseShardLabel(value.shard) === undefined) return 'shard: expected a shard of a run, i/n with 1 ≤ i ≤ n'
  if (value.shards !== undefined && !isStringList(value.shards)) return 'shards: expected a list of digests'
  if (value.narrowed !== undefined && (typeof value.narrowed !== 'string' || value.narrowed === '')) return 'narrowed: expected text'
  if (value.exactSums === undefined) return undefined
  if (!isExactSums(value.exactSums)) return 'exactSums: expected { total?, perTool? } of partial sums'
  return exactSumsProblem(value as unknown as TestCorpusReport, value.exactSums)
}
