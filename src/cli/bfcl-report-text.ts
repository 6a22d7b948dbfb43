import { oneLine, startOfPrinted } from '../compare/print-value'
import { columnWidth } from '../report/column-width'
import { linesJoined } from './lines-joined'
import type { BfclVerdict } from '../bfcl'
import type { Colors } from '../report/colors'

/** The outcome of a category: BFCL's own figures, the failing verdicts, and lines that were not scored. */
export interface BfclRun {
  category: string
  correct: number
  total: number
  /** In the order of the questions. */
  failures: BfclVerdict[]
  /** Result lines that were not scored, each `results.jsonl:9: why`. */
  unscored: string[]
  /** Unscored lines beyond those listed. */
  unscoredMore: number
}

const MAX_ERROR = 160

/** BFCL's accuracy: valid / total, 0 for an empty category. */
export function accuracyOf(run: Pick<BfclRun, 'correct' | 'total'>): number {
  return run.total === 0 ? 0 : run.correct / run.total
}

function firstError(verdict: BfclVerdict): string {
  const error = verdict.errors[0] ?? ''
  // The error may quote the model's output, whose controls (a C1 CSI that JSON leaves as it is) must not drive the terminal.
  const line = oneLine(linesJoined(error))
  return line.length > MAX_ERROR ? `${startOfPrinted(line, MAX_ERROR)}…` : line
}

/** The failing ids with their error types, the unscored result lines, then the accuracy. */
export function formatBfclText(run: BfclRun, colors: Colors): string {
  const sections: string[][] = []
  if (run.failures.length > 0) {
    const idWidth = columnWidth(run.failures.map((f) => f.id))
    const typeWidth = columnWidth(run.failures.map((f) => f.error_type ?? ''))
    sections.push([
      colors.bold(`Failing (${run.failures.length} of ${run.total}):`),
      ...run.failures.map((f) => `  ${f.id.padEnd(idWidth)}  ${(f.error_type ?? '').padEnd(typeWidth)}  ${colors.dim(firstError(f))}`.trimEnd()),
    ])
  }
  if (run.unscored.length > 0) {
    const more = run.unscoredMore > 0 ? [`  … and ${run.unscoredMore} more`] : []
    sections.push([colors.bold(`Result lines not scored (${run.unscored.length + run.unscoredMore}):`), ...run.unscored.map((line) => `  ${line}`), ...more])
  }
  const percent = (accuracyOf(run) * 100).toFixed(2)
  sections.push([`${colors.bold(`${run.category}:`)} accuracy ${percent}% (${run.correct}/${run.total} correct)`])
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`
}
