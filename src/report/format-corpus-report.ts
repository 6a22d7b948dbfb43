import { cutApart, NamesByDrawing, oneLine, printName } from '../compare/print-value'
import type { CorpusReport } from '../metric/evaluate'
import type { Figures } from '../metric/figures'
import { startOf } from '../calls/text-excerpt'
import { type Colors, NO_COLORS } from './colors'
import { columnWidth } from './column-width'
import { figuresLine, type Judged } from './figures-line'
import { printFigure } from './print-figure'

const COLUMNS = ['TP', 'FP', 'FN', 'precision', 'recall', 'F1'] as const

function row({ tp, fp, fn, precision, recall, f1 }: Figures): string[] {
  return [tp, fp, fn, precision, recall, f1].map(printFigure)
}

/** Characters of a tool's name shown in the table: a name is the model's own, and one long name would widen every row. */
const MAX_NAME = 60

/** A tool's name cut to MAX_NAME characters: its start, or around where it differs from another whose start is the same (`…_by_id`, `…_by_title`). */
function cutName(tool: string, byStart: ReadonlyMap<string, readonly string[]>): string {
  if (tool.length <= MAX_NAME) return tool
  const start = startOf(tool, MAX_NAME - 1)
  const twin = byStart.get(start)?.find((other) => other !== tool)
  return twin === undefined ? `${start}…` : cutApart(tool, twin, MAX_NAME)[0]
}

/**
 * Each tool's name as its row shows it, as messages print a name of the model's: cut, with its unseen characters and a space at
 * either end as escapes, and apart from another row's that it would otherwise print as (`search` and `search `, a Cyrillic `а`
 * for a Latin `a`, two long names alike in their first characters), so that no two rows read as one tool.
 */
function toolLabels(tools: readonly string[]): string[] {
  const byStart = new Map<string, string[]>()
  for (const tool of tools) {
    if (tool.length <= MAX_NAME) continue
    const start = startOf(tool, MAX_NAME - 1)
    const same = byStart.get(start)
    if (same === undefined) byStart.set(start, [tool])
    else same.push(tool)
  }
  const byDrawing = new NamesByDrawing(tools)
  return tools.map((tool) => printName(tool, byDrawing, (name) => cutName(name, byStart)))
}

/** Of more tools than `rows`, those with the most calls (TP + FP + FN), in their order: a tool the agent relies on is not hidden behind names it made up once each. */
function busiest(perTool: Record<string, Figures>, keys: readonly string[], rows: number): string[] {
  const calls = (tool: string) => perTool[tool]!.tp + perTool[tool]!.fp + perTool[tool]!.fn
  const kept = new Set(keys.map((tool, i) => ({ i, n: calls(tool) })).sort((a, b) => b.n - a.n || a.i - b.i).slice(0, rows).map(({ i }) => i))
  return keys.filter((_, i) => kept.has(i))
}

/** Tools in rows, counts and figures in right-aligned columns; of more than `maxRows` tools, the busiest, then how many more. */
export function perToolTable(perTool: Record<string, Figures>, colors: Colors = NO_COLORS, maxRows = Infinity): string[] {
  const all = Object.keys(perTool)
  const keys = all.length > maxRows ? busiest(perTool, all, maxRows) : all
  const rows = keys.map((tool) => row(perTool[tool]!))
  // A tool's name may be the model's own.
  const tools = toolLabels(keys)
  const nameWidth = columnWidth(tools, 4)
  const widths = COLUMNS.map((column, i) => columnWidth(rows.map((cells) => cells[i]!), column.length))
  const line = (name: string, cells: readonly string[]) =>
    `  ${name.padEnd(nameWidth)}  ${cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ')}`.trimEnd()
  const table = [colors.dim(line('tool', COLUMNS)), ...tools.map((tool, i) => line(tool, rows[i]!))]
  if (keys.length < all.length) table.push(colors.dim(`  … and ${all.length - keys.length} more tools, none busier than those listed; the report's perTool holds them all`))
  return table
}

function worstLines(report: CorpusReport): string[] {
  // A report read back from JSON may lack the worst episodes.
  if (!Array.isArray(report.worst)) return []
  return report.worst.map(({ id, index, score }) => {
    // JSON escapes controls, not a direction override, which would reverse the rest of the line.
    const name = id === undefined ? `episode ${index}` : `episode ${index} (id ${oneLine(JSON.stringify(id))})`
    return `  ${name}  F1 ${printFigure(score.f1)}  TP ${printFigure(score.tp)}  FP ${printFigure(score.fp)}  FN ${printFigure(score.fn)}`
  })
}

/** A corpus report as text: per-tool figures (of the busiest `toolRows` tools), the worst episodes, then the micro-averaged figures over its `unit`s (episodes, or a test run's graded assertions). */
export function formatCorpusReport(report: CorpusReport, colors: Colors = NO_COLORS, unit = 'episode', toolRows = Infinity, judged?: Judged): string {
  const sections: string[][] = []
  if (Object.keys(report.perTool).length > 0) sections.push(['Per tool:', ...perToolTable(report.perTool, colors, toolRows)])
  const worst = worstLines(report)
  if (worst.length > 0) sections.push(['Lowest F1:', ...worst])
  sections.push([`${figuresLine(report, 4, judged)} (micro average over ${report.episodes} ${unit}${report.episodes === 1 ? '' : 's'})`])
  return sections.map((lines) => lines.join('\n')).join('\n\n')
}
