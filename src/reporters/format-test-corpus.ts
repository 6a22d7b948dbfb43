import { formatCorpusReport } from '../report/format-corpus-report'
import { printFigure } from '../report/print-figure'
import type { TestCorpusReport, WorstTest } from './test-corpus'

const FIGURE_NAMES = { f1: 'F1', precision: 'precision', recall: 'recall' } as const

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function worstLine(test: WorstTest, report: TestCorpusReport): string {
  const counts = `TP ${printFigure(test.tp)}  FP ${printFigure(test.fp)}  FN ${printFigure(test.fn)}`
  // The project as Vitest's own reporter labels it.
  const project = test.project === undefined ? '' : `|${test.project}| `
  return `  ${project}${test.file} > ${test.test}  ${FIGURE_NAMES[report.by]} ${printFigure(test[report.by])}  ${counts}`
}

/** At which level the assertions were scored, when any were at arg level; mixed levels sum counts of two units, which the heading says. */
function levels({ assertions, argLevelAssertions = 0 }: TestCorpusReport): string {
  if (argLevelAssertions === 0) return ''
  if (argLevelAssertions === assertions) return ', at arg level'
  return ` (${argLevelAssertions} at arg level, ${assertions - argLevelAssertions} at call level: their counts are summed, an argument counting at arg level as a whole call does at call level)`
}

/** A run narrowed to part of the suite is said to be: its figure is not the suite's. */
function narrowedNote({ narrowed }: TestCorpusReport): string {
  return narrowed === undefined ? '' : `, in a run narrowed to part of the suite (${narrowed})`
}

/**
 * A test run's corpus as text: what was graded, the lowest tests by file and name, then the
 * per-tool table and the micro-averaged figures as the corpus report prints them.
 */
export function formatTestCorpus(report: TestCorpusReport): string {
  const heading = `Tool calls: ${plural(report.assertions, 'graded assertion')} in ${plural(report.tests, 'test')}${levels(report)}${narrowedNote(report)}`
  if (report.assertions === 0) return `${heading}; toMatchToolCalls and toScoreAtLeast record the assertions that score calls against a gold.`
  const sections = [heading]
  if (report.worst.length > 0) {
    sections.push([`Lowest ${FIGURE_NAMES[report.by]}:`, ...report.worst.map((test) => worstLine(test, report))].join('\n'))
  }
  sections.push(formatCorpusReport({ ...report, episodes: report.assertions, worst: [] }, undefined, 'graded assertion'))
  return sections.join('\n\n')
}
