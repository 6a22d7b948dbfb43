import { printFigure } from '../report/print-figure'
import type { TestCorpusReport } from './test-corpus'

/** Why the run fails its `minF1`, or undefined when it passes (or sets none). A run that graded nothing fails: nothing reached the bar. */
export function minF1Failure(report: TestCorpusReport, minF1: number | undefined): string | undefined {
  if (minF1 === undefined) return undefined
  if (report.assertions === 0) return `Tool calls: minF1 is ${printFigure(minF1)}, but no assertion scored calls against a gold; the run fails.`
  if (report.f1 >= minF1) return undefined
  return `Tool calls: the corpus F1 ${printFigure(report.f1)} is below minF1 ${printFigure(minF1)}; the run fails. The per-tool figures above show where.`
}
