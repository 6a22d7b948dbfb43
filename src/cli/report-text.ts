import { scoreComparison } from '../compare/accepts-value'
import { oneLine } from '../compare/print-value'
import type { Level, ResolvedMatchOptions } from '../match/options'
import type { CorpusReport, EpisodeResult } from '../metric/evaluate'
import type { Colors } from '../report/colors'
import { figuresLine } from '../report/figures-line'
import { perToolTable } from '../report/format-corpus-report'
import { formatScore } from '../report/format-score'
import { turnPlaces } from '../report/gold-place'
import { printFigure } from '../report/print-figure'

/** An episode's result with the lines it was read from (`pred.jsonl:7`, `gold.jsonl:7`). */
export interface LocatedResult extends EpisodeResult {
  where?: string[]
  /** The sizes of the gold's turns, where it was written as turns: its calls are named `gold[t][i]`, as written. */
  goldTurns?: number[]
}

export interface ReportTextOptions {
  level: Level
  colors: Colors
  /** The options the episodes were scored with, so that their nested diffs mark only what the score found wrong. */
  scoredWith?: ResolvedMatchOptions
}

function episodeLabel(result: LocatedResult): string {
  const where = result.where !== undefined && result.where.length > 0 ? result.where.join(', ') : `episode ${result.index + 1}`
  // An id may come from the prediction file, and so from the model's harness output: printed escaped.
  return result.id === undefined ? where : `${oneLine(String(result.id))} (${where})`
}

function worstSection(worst: readonly LocatedResult[], colors: Colors, scoredWith: ResolvedMatchOptions | undefined): string[] {
  const lines = [colors.bold(`Worst episodes (${worst.length}):`)]
  // Compared as the score compared values, as the matchers' messages are: a string its canonicalizer makes alike is no difference.
  const compared = scoredWith === undefined ? {} : scoreComparison(scoredWith)
  for (const result of worst) {
    lines.push('', `  ${colors.bold('✗')} ${episodeLabel(result)}  F1 ${printFigure(result.score.f1)}`)
    const goldPlace = result.goldTurns === undefined ? undefined : turnPlaces(result.goldTurns)
    for (const line of formatScore(result.score, { colors, goldPlace, ...compared }).split('\n')) lines.push(line === '' ? '' : `    ${line}`)
  }
  return lines
}

/**
 * A corpus report as text: the worst episodes with their aligned diffs, the figures per tool,
 * then the micro average (last, where a terminal leaves it in view).
 */
export function formatReportText(report: CorpusReport, options: ReportTextOptions): string {
  const { colors } = options
  const sections: string[][] = []
  const worst = (report.worst ?? []) as LocatedResult[]
  if (worst.length > 0) sections.push(worstSection(worst, colors, options.scoredWith))
  const tools = Object.keys(report.perTool)
  if (tools.length > 0) sections.push([colors.bold('Per tool:'), ...perToolTable(report.perTool, colors)])
  const episodes = `${report.episodes} episode${report.episodes === 1 ? '' : 's'}`
  sections.push([`${colors.bold(`Micro average over ${episodes}:`)} ${figuresLine({ ...report, level: options.level })}`])
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`
}
