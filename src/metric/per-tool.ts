import { setOwnEntry } from '../compare/gold-node'
import { printValue } from '../compare/print-value'
import type { Counts } from './figures'
import type { Score } from './score'

/** The tool an unmatched prediction with no name counts under. */
export const UNPARSEABLE_TOOL = '(unparseable)'

/** What a score's counts per tool are read from: its pairs and unmatched calls. */
export type ScoreEntries = Pick<Score, 'pairs' | 'unmatchedPred' | 'unmatchedGold'>

/**
 * Hands over each entry of a score as its tool's share of the counts: a pair and an unmatched
 * gold call count under the gold's name, an unmatched prediction under its own. A tool may
 * come more than once; the entries come in the score's order.
 */
export function forEachToolShare(score: ScoreEntries, add: (tool: string, tp: number, fp: number, fn: number) => void): void {
  for (const pair of score.pairs) add(pair.gold.name, pair.tp, pair.fp, pair.fn)
  for (const gold of score.unmatchedGold) add(gold.call.name, 0, 0, gold.weight)
  for (const pred of score.unmatchedPred) add(pred.call.name === '' ? UNPARSEABLE_TOOL : pred.call.name, 0, pred.weight, 0)
}

/** Past this many tools, the tally indexes them by name rather than scanning its list. */
const LISTED_TOOLS = 16

/** Per-tool sums: a short list, as most problems name few tools. */
class ToolTally {
  private tools: string[] = []
  private sums: Counts[] = []
  private index: Map<string, number> | undefined

  add(tool: string, tp: number, fp: number, fn: number): void {
    const at = this.index === undefined ? this.tools.indexOf(tool) : (this.index.get(tool) ?? -1)
    if (at < 0) {
      this.index?.set(tool, this.tools.length)
      this.tools.push(tool)
      this.sums.push({ tp, fp, fn })
      if (this.index === undefined && this.tools.length > LISTED_TOOLS) this.index = new Map(this.tools.map((name, i) => [name, i]))
      return
    }
    const sums = this.sums[at]!
    sums.tp += tp
    sums.fp += fp
    sums.fn += fn
  }

  record(): Record<string, Counts> {
    const perTool: Record<string, Counts> = {}
    for (let i = 0; i < this.tools.length; i++) setOwnEntry(perTool, this.tools[i]!, this.sums[i]!)
    return perTool
  }
}

/**
 * A score's TP, FP and FN per tool, tools in the order the score first names them. Kept out
 * of the Score itself: keying an object by each new tool name costs a corpus loop several
 * percent, and only corpus figures need the sums.
 */
export function perToolCounts(score: ScoreEntries): Record<string, Counts> {
  if (!hasEntries(score)) throw new TypeError(`score: expected a Score, with pairs, unmatchedPred and unmatchedGold, received ${printValue(score)}`)
  const tally = new ToolTally()
  forEachToolShare(score, (tool, tp, fp, fn) => tally.add(tool, tp, fp, fn))
  return tally.record()
}

function hasEntries(value: unknown): value is ScoreEntries {
  if (typeof value !== 'object' || value === null) return false
  const { pairs, unmatchedPred, unmatchedGold } = value as Record<string, unknown>
  return Array.isArray(pairs) && Array.isArray(unmatchedPred) && Array.isArray(unmatchedGold)
}
