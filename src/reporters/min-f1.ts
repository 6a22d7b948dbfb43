import { printBesideThreshold } from '../report/print-figure'
import type { TestCorpusReport } from './test-corpus'

/** What the gate makes of a run: the reason it fails, or a note on why it was not judged; neither where it passes (or sets no minF1). */
export interface MinF1Verdict {
  failure?: string
  note?: string
}

/**
 * The run judged against `minF1`. A run that graded nothing fails, nothing having reached the bar (a broken setup records
 * nothing), unless it was narrowed to part of the suite (`-t`, files named, changed or related files, tags) or ran no test file
 * where the runner passes such a run (`passWithNoTests`): a pre-commit run of files that grade nothing is no broken setup.
 */
export function minF1Verdict(report: TestCorpusReport, minF1: number | undefined, noTestFilePassed = false): MinF1Verdict {
  if (minF1 === undefined) return {}
  if (report.assertions === 0) {
    if (report.narrowed !== undefined || noTestFilePassed) {
      const run = report.narrowed !== undefined ? 'a run narrowed to part of the suite' : 'a run of no test file'
      return { note: `Tool calls: minF1 ${minF1} not judged: ${run}, which graded nothing.` }
    }
    return { failure: `Tool calls: minF1 is ${minF1}, but no assertion scored calls against a gold; the run fails.` }
  }
  if (report.f1 >= minF1) return {}
  // minF1 as given, and the F1 to as many decimals as keep it below (0.79999 is no 0.8).
  return { failure: `Tool calls: the corpus F1 ${printBesideThreshold(report.f1, minF1)} is below minF1 ${minF1}; the run fails. The per-tool figures above show where.` }
}
