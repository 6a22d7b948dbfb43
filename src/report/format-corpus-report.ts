import { oneLine } from '../compare/print-value'
import type { CorpusReport } from '../metric/evaluate'
import type { Figures } from '../metric/figures'
import { type Colors, NO_COLORS } from './colors'
import { columnWidth } from './column-width'
import { figuresLine } from './figures-line'
import { printFigure } from './print-figure'

const COLUMNS = ['TP', 'FP', 'FN', 'precision', 'recall', 'F1'] as const

function row({ tp, fp, fn, precision, recall, f1 }: Figures): string[] {
  return [tp, fp, fn, precision, recall, f1].map(printFigure)
}

/** Characters of a tool's name shown in the table: a name is the model's own, and one long name would widen every row. */
const MAX_NAME = 60

/** Tools in rows, counts and figures in right-aligned columns. */
export function perToolTable(perTool: Record<string, Figures>, colors: Colors = NO_COLORS): string[] {
  const keys = Object.keys(perTool)
  const rows = keys.map((tool) => row(perTool[tool]!))
  // A tool's name may be the model's own.
  const tools = keys.map((tool) => oneLine(tool.length > MAX_NAME ? `${tool.slice(0, MAX_NAME - 1)}…` : tool))
  const nameWidth = columnWidth(tools, 4)
  const widths = COLUMNS.map((column, i) => columnWidth(rows.map((cells) => cells[i]!), column.length))
  const line = (name: string, cells: readonly string[]) =>
    `  ${name.padEnd(nameWidth)}  ${cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ')}`.trimEnd()
  return [colors.dim(line('tool', COLUMNS)), ...tools.map((tool, i) => line(tool, rows[i]!))]
}

function worstLines(report: CorpusReport): string[] {
  // A report read back from JSON may lack the worst episodes.
  if (!Array.isArray(report.worst)) return []
  return report.worst.map(({ id, index, score }) => {
    const name = id === undefined ? `episode ${index}` : `episode ${index} (id ${JSON.stringify(id)})`
    return `  ${name}  F1 ${printFigure(score.f1)}  TP ${printFigure(score.tp)}  FP ${printFigure(score.fp)}  FN ${printFigure(score.fn)}`
  })
}

/** A corpus report as text: per-tool figures, the worst episodes, then the micro-averaged figures over its `unit`s (episodes, or a test run's graded assertions). */
export function formatCorpusReport(report: CorpusReport, colors: Colors = NO_COLORS, unit = 'episode'): string {
  const sections: string[][] = []
  if (Object.keys(report.perTool).length > 0) sections.push(['Per tool:', ...perToolTable(report.perTool, colors)])
  const worst = worstLines(report)
  if (worst.length > 0) sections.push(['Lowest F1:', ...worst])
  sections.push([`${figuresLine(report)} (micro average over ${report.episodes} ${unit}${report.episodes === 1 ? '' : 's'})`])
  return sections.map((lines) => lines.join('\n')).join('\n\n')
}
