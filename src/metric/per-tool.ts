import { type Canonicalizer, foldedToolName } from '../compare/canonicalizers'
import { setOwnEntry } from '../compare/gold-node'
import { printValue } from '../compare/print-value'
import { ExactSum } from './exact-sum'
import type { CountParts, ExactSums } from './corpus-counts'
import { COUNT_KEYS, type Counts } from './figures'
import type { Score } from './score'

/** The tool an unmatched prediction with no name counts under. */
export const UNPARSEABLE_TOOL = '(unparseable)'

/**
 * The row that the unmatched predictions of tools past a corpus's bounds (PREDICTED_TOOL_ROWS) count under: names
 * that no gold call gave first are the model's, and one that makes up a name per call would otherwise grow the
 * sums, and the report, with every episode.
 */
export const OTHER_TOOLS = '(other tools)'

/** Whether a row stands for no tool (UNPARSEABLE_TOOL, OTHER_TOOLS), whose name is never folded: a tool the model so spells counts there. */
export function standsForNoTool(tool: string): boolean {
  return tool === UNPARSEABLE_TOOL || tool === OTHER_TOOLS
}

/** What a score's counts per tool are read from: its pairs and unmatched calls. */
export type ScoreEntries = Pick<Score, 'pairs' | 'unmatchedPred' | 'unmatchedGold'>

/** Takes one entry's share of the counts; `predicted` when the tool's name is the model's alone (an unmatched prediction's). */
export type AddToolShare = (tool: string, tp: number, fp: number, fn: number, predicted: boolean) => void

/**
 * Hands over each entry of a score as its tool's share of the counts: a pair and an unmatched
 * gold call count under the gold's name, an unmatched prediction under its own. A tool may
 * come more than once; the entries come in the score's order.
 */
export function forEachToolShare(score: ScoreEntries, add: AddToolShare): void {
  for (const pair of score.pairs) add(pair.gold.name, pair.tp, pair.fp, pair.fn, false)
  for (const gold of score.unmatchedGold) add(gold.call.name, 0, 0, gold.weight, false)
  for (const pred of score.unmatchedPred) add(pred.call.name === '' ? UNPARSEABLE_TOOL : pred.call.name, 0, pred.weight, 0, true)
}

/**
 * A score's TP, FP and FN per tool, tools in the order the score first names them. Kept out
 * of the Score itself: keying an object by each new tool name costs a corpus loop several
 * percent, and only corpus figures need the sums.
 */
export function perToolCounts(score: ScoreEntries): Record<string, Counts> {
  if (!hasScoreEntries(score)) throw new TypeError(`score: expected a Score, with pairs, unmatchedPred and unmatchedGold, received ${printValue(score)}`)
  const perTool: Record<string, Counts> = {}
  for (const [tool, sums] of toolShareSums(score)) setOwnEntry(perTool, tool, valuesOf(sums))
  return perTool
}

/** TP, FP and FN each summed exactly, as the score's own totals and a corpus's sums are: ten shares of 0.1 are 1, not 0.9999999999999999. */
type ShareSums = Record<keyof Counts, ExactSum>

function newShareSums(): ShareSums {
  return { tp: new ExactSum(), fp: new ExactSum(), fn: new ExactSum() }
}

function addShare(sums: ShareSums, tp: number, fp: number, fn: number): void {
  sums.tp.add(tp)
  sums.fp.add(fp)
  sums.fn.add(fn)
}

function valuesOf(sums: ShareSums): Counts {
  return { tp: sums.tp.value, fp: sums.fp.value, fn: sums.fn.value }
}

/** The partials of the sums that are not one double. */
function inexactPartsOf(sums: ShareSums): CountParts {
  const parts: CountParts = {}
  for (const key of COUNT_KEYS) {
    const kept = sums[key].inexactParts()
    if (kept !== undefined) parts[key] = kept
  }
  return parts
}

/** Each tool's shares summed exactly, and every share into `total` too where given; `goldNamed` takes the tools a gold call named, where given. */
function toolShareSums(score: ScoreEntries, total?: ShareSums, goldNamed?: Set<string>): Map<string, ShareSums> {
  const sums = new Map<string, ShareSums>()
  forEachToolShare(score, (tool, tp, fp, fn, predicted) => {
    let sum = sums.get(tool)
    if (sum === undefined) sums.set(tool, (sum = newShareSums()))
    addShare(sum, tp, fp, fn)
    if (total !== undefined) addShare(total, tp, fp, fn)
    if (!predicted) goldNamed?.add(tool)
  })
  return sums
}

/** The total's partials where it rounds to the score's own totals, so that the score is as the metric gave it; else undefined. */
function totalParts(total: ShareSums, score: Counts): CountParts | undefined {
  for (const key of COUNT_KEYS) if (total[key].value !== score[key]) return undefined
  return inexactPartsOf(total)
}

/** One score's rows, as a test's graded assertions are added up from (see perToolCountsExactly). */
export interface ExactToolCounts {
  perTool: Record<string, Counts>
  exact: ExactSums
  foldedNames?: Record<string, string>
  goldRows?: string[]
}

/**
 * A score's counts per tool, with the partials of the sums that are not one double, overall and per
 * tool (see ExactSum): what a test's graded assertions are added up from, so that the run's figures
 * are its shares rounded once, as `evaluate`'s are. Where `foldName` (the option `name`) folds a tool's
 * name to another, `foldedNames` gives the folded one, which the reporters' rows are kept by, as `evaluate`'s are.
 * `goldRows` lists the tools a gold call named that count no TP and no FN (they weigh 0), which the counts
 * alone would give as the model's, so that a row is shown by the gold's spelling as `evaluate` shows it.
 */
export function perToolCountsExactly(score: Counts & ScoreEntries, foldName?: Canonicalizer): ExactToolCounts {
  const counts: ExactToolCounts = { perTool: {}, exact: {} }
  const { perTool, exact } = counts
  const total = newShareSums()
  const goldNamed = new Set<string>()
  for (const [tool, sums] of toolShareSums(score, total, goldNamed)) {
    setOwnEntry(perTool, tool, valuesOf(sums))
    const parts = inexactPartsOf(sums)
    if (Object.keys(parts).length > 0) setOwnEntry((exact.perTool ??= {}), tool, parts)
    const folded = foldName === undefined || standsForNoTool(tool) ? tool : foldedToolName(foldName, tool)
    if (folded !== tool) setOwnEntry((counts.foldedNames ??= {}), tool, folded)
    if (goldNamed.has(tool) && sums.tp.value === 0 && sums.fn.value === 0) (counts.goldRows ??= []).push(tool)
  }
  const parts = totalParts(total, score)
  if (parts !== undefined && Object.keys(parts).length > 0) exact.total = parts
  return counts
}

/** Whether a value has a score's pairs and unmatched calls, as lists. */
export function hasScoreEntries(value: unknown): value is ScoreEntries {
  if (typeof value !== 'object' || value === null) return false
  const { pairs, unmatchedPred, unmatchedGold } = value as Record<string, unknown>
  return Array.isArray(pairs) && Array.isArray(unmatchedPred) && Array.isArray(unmatchedGold)
}

/**
 * A score's shares summed exactly, as the partials of sums that are not one double (see ExactSum), where they
 * round to the score's own totals, so that it is as the metric gave it; else undefined.
 */
export function exactShareSums(score: Counts & ScoreEntries): CountParts | undefined {
  const total = newShareSums()
  forEachToolShare(score, (_tool, tp, fp, fn) => addShare(total, tp, fp, fn))
  return totalParts(total, score)
}
