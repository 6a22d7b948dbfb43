import { CANONICALIZER_NAMES, type Canonicalizer } from '../compare/canonicalizers'
import { printValue } from '../compare/print-value'
import { MATCH_OPTION_KEYS } from '../match/options'
import type { CorpusReport } from '../metric/evaluate'
import type { Figures } from '../metric/figures'
import type { Score } from '../metric/score'
import { scoreTrajectory, scoreTrajectoryCopied } from '../metric/score-trajectory'
import type { Colors } from '../report/colors'
import type { Judged } from '../report/figures-line'
import type { PrintBounds } from '../report/print-bounds'
import { formatCorpusReport } from '../report/format-corpus-report'
import { undecidedSoFar, withUndecidedAsMatches } from '../compare/undecided'
import { hint, type MatcherContext, type MatcherResult, notYetCalls, printedOrFromCopies, runnerBounds, runnerColors, UNDECIDED } from './matcher-context'
import { readOptions, resolveForRunner } from './matcher-options'
import type { Gold, ScoreFigure, ToScoreAtLeastOptions } from './matcher-types'
import { percentageAsFraction, printBesideThreshold } from '../report/print-figure'
import { recordScore } from './record-score'
import { scoreDetail } from './score-detail'
import { isCorpusReport, isScore, isTestRunReport } from './score-shape'
import { didYouMean } from '../compare/nearest'
import { corpusReportProblem, figuresProblem } from '../metric/corpus-report-problem'
import { readingAt } from '../calls/path'

/** Rows of a report's per-tool table a message shows: a model that makes up a name per call would make it thousands of rows. */
const TOOL_ROWS = 50

const FIGURES: Record<ScoreFigure, string> = { f1: 'F1', precision: 'precision', recall: 'recall' }

/** What is being graded: its figures, the options read, how the hint names it, and its detail. */
interface Graded {
  figures: Figures
  options: Record<string, unknown>
  hintNames: { received: string; args: string[] }
  detail: (colors: Colors, shown: { judged: Judged; bounds: PrintBounds }) => string
  /** The score computed here from a gold, and how it compared tool names, for the corpus reporters; a received Score or report is not recorded, lest it count twice. */
  scoredFromGold?: { score: Score; foldName: Canonicalizer }
  /**
   * Why there is no figure to compare, so that the assertion fails with or without `.not`: a
   * corpus report of no episodes (whose F1 of 1 would pass any threshold), or a promise received.
   */
  noFigure?: string
  /** The figures with every value the gold's code could not decide on taken as a match, where some went undecided (see undecided.ts). */
  ifUndecidedMatch?: () => Figures
}

function readThreshold(threshold: unknown): number {
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) {
    throw new TypeError(`threshold: expected a number from 0 to 1, received ${printValue(threshold)}${percentageAsFraction(threshold)}`)
  }
  return threshold
}

function readFigure(options: Record<string, unknown>): ScoreFigure {
  const by = options.by ?? 'f1'
  if (by !== 'f1' && by !== 'precision' && by !== 'recall') {
    throw new TypeError(`options.by: expected 'f1', 'precision' or 'recall', received ${printValue(by)}${didYouMean(by, ['f1', 'precision', 'recall'])}`)
  }
  return by
}

function isGoldLike(value: unknown): boolean {
  try {
    return Array.isArray(value) || (typeof value === 'object' && value !== null && 'name' in value)
  } catch {
    // Asking threw (a Proxy's trap): reading it as options names it where a read throws.
    return false
  }
}

/** A Score or a corpus report holds its figures already; only `by` applies. */
function alreadyScored(received: Score | CorpusReport, optionsArgument: unknown): Graded {
  if (isGoldLike(optionsArgument)) {
    throw new TypeError(
      'gold: the received value is already scored (a Score or a corpus report); leave the gold out: toScoreAtLeast(threshold, { by })',
    )
  }
  const options = readOptions(optionsArgument, ['by'])
  if (isScore(received)) {
    // Judged by its F1, which must be the one its counts give, as a report's must.
    const problem = readingAt('received', () => figuresProblem(received as unknown as Record<string, unknown>))
    if (problem !== undefined) throw new TypeError(`received: a Score, but ${problem}; pass the Score as the metric gave it`)
    return { figures: received, options, hintNames: { received: 'score', args: ['threshold'] }, detail: (colors, shown) => scoreDetail(received, colors, undefined, shown) }
  }
  // A report is the author's, from evaluate or a file: one edited by hand would be judged by figures its counts do not give.
  const problem = readingAt('received', () => corpusReportProblem(received))
  if (problem !== undefined) {
    throw new TypeError(`received: a corpus report, but ${problem}; pass the report as evaluate or toolcalls score --json gave it`)
  }
  return {
    figures: received,
    options,
    hintNames: { received: 'report', args: ['threshold'] },
    detail: (colors, { judged }) => formatCorpusReport(received, colors, 'episode', TOOL_ROWS, judged),
    noFigure: received.episodes === 0 ? 'the report holds no episodes: an empty corpus has no figure' : undefined,
  }
}

/** The one object of options a Score or report takes, in either place; given in both, one would be ignored. */
function alreadyScoredOptions(goldOrOptions: unknown, options: unknown): unknown {
  if (goldOrOptions !== undefined && options !== undefined && !isGoldLike(goldOrOptions)) {
    throw new TypeError(
      `options: received ${printValue(goldOrOptions)} and ${printValue(options)}; a Score or corpus report takes one object of options: toScoreAtLeast(threshold, { by })`,
    )
  }
  return goldOrOptions ?? options
}

const OPTION_KEYS = [...MATCH_OPTION_KEYS, 'by']

/**
 * Options where the gold belongs, as when the form for a Score, `toScoreAtLeast(threshold, { by })`,
 * is used on calls. A gold call's name is a tool's; the option `name` is a canonicalizer or one's name.
 */
function isOptionsInPlaceOfGold(gold: unknown): boolean {
  try {
    if (typeof gold !== 'object' || gold === null || Array.isArray(gold)) return false
    const name = (gold as { name?: unknown }).name
    if (typeof name === 'string' && !(CANONICALIZER_NAMES as readonly string[]).includes(name)) return false
    const keys = Object.keys(gold)
    return keys.length > 0 && keys.every((key) => OPTION_KEYS.includes(key))
  } catch {
    // Gold that throws when read (a getter, a Proxy trap) is no options: reading it as gold names the path.
    return false
  }
}

function scoredAgainst(context: MatcherContext, received: unknown, gold: unknown, optionsArgument: unknown): Graded {
  if (gold === undefined) {
    if (isTestRunReport(received)) {
      throw new TypeError(
        "received: a test run's report, which its reporter checks against the option minF1; toScoreAtLeast takes calls, a Score or a report of evaluate or toolcalls score. " +
          'To check it in a test of its own, compare its figure: expect(report.f1).toBeGreaterThanOrEqual(0.9)',
      )
    }
    throw new TypeError('gold: expected the gold calls as the second argument (or a Score or corpus report as the received value)')
  }
  if (isOptionsInPlaceOfGold(gold)) {
    const name = (gold as { name?: unknown }).name
    // `{ name: 'default' }` is also a call to a tool so named, without arguments.
    const asCall = typeof name === 'string' ? `; a call to a tool named ${JSON.stringify(name)} is gold written { name: ${JSON.stringify(name)}, args: {} }` : ''
    throw new TypeError(
      `gold: expected the gold calls as the second argument, received options ${printValue(gold)}: ` +
        `calls are graded with toScoreAtLeast(threshold, gold, options), a Score or corpus report with toScoreAtLeast(threshold, options)${asCall}`,
    )
  }
  const options = readOptions(optionsArgument, OPTION_KEYS)
  const resolved = resolveForRunner(context, options)
  const undecidedBefore = undecidedSoFar()
  const score = scoreTrajectory(received, gold, resolved)
  const undecided = undecidedSoFar() !== undecidedBefore
  return {
    figures: score,
    options,
    hintNames: { received: 'received', args: ['threshold', 'gold'] },
    detail: (colors, shown) =>
      printedOrFromCopies(
        () => scoreDetail(score, colors, { gold, options: resolved }, shown),
        () => scoreDetail(scoreTrajectoryCopied(received, gold, resolved), colors, { gold, options: resolved }, shown),
      ),
    scoredFromGold: { score, foldName: resolved.canonicalizeName },
    ifUndecidedMatch: undecided ? () => withUndecidedAsMatches(() => scoreTrajectory(received, gold, resolved)) : undefined,
  }
}

const NO_FIGURES: Figures = { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, f1: 0 }

/**
 * A promise or a stream received: a Score, a report or calls, none of them yet; of what follows, only the figure named is read,
 * yet the hint names the gold and the options where they were given, as for calls.
 */
function notScoredYet(notYet: string, goldOrOptions: unknown, optionsArgument: unknown): Graded {
  const goldGiven = isGoldLike(goldOrOptions)
  const given = goldGiven ? optionsArgument : goldOrOptions
  const options = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {}
  return { figures: NO_FIGURES, options, hintNames: { received: 'received', args: goldGiven ? ['threshold', 'gold'] : ['threshold'] }, detail: () => '', noFigure: notYet }
}

/**
 * Passes when the F1 (or `by: 'precision' | 'recall'`) of the calls against the gold reaches
 * the threshold. A received Score or corpus report already holds its figures: leave the gold out.
 * Where there is no figure (a report of no episodes, a promise received), it fails with or without `.not`.
 */
export function toScoreAtLeast(
  this: MatcherContext,
  received: unknown,
  threshold: number,
  goldOrOptions?: Gold | ToScoreAtLeastOptions,
  options?: ToScoreAtLeastOptions,
  ...rest: unknown[]
): MatcherResult {
  // A further argument, such as a second object of options, would be ignored: refuse it.
  if (rest.length > 0) throw new TypeError(`toScoreAtLeast(threshold, gold?, options?): expected at most three arguments, received ${rest.length + 3}`)
  const limit = readThreshold(threshold)
  const notYet = notYetCalls(received)
  const graded = notYet !== undefined
    ? notScoredYet(notYet, goldOrOptions, options)
    : isScore(received) || isCorpusReport(received)
      ? alreadyScored(received, alreadyScoredOptions(goldOrOptions, options))
      : scoredAgainst(this, received, goldOrOptions, options)
  const by = readFigure(graded.options)
  if (graded.scoredFromGold !== undefined) recordScore(this, graded.scoredFromGold.score, graded.scoredFromGold.foldName)
  const figure = graded.figures[by]
  // Under .not, a figure below the threshold only where the gold's own code never decided may not be.
  const undecidedFigure = this.isNot === true && figure < limit && graded.ifUndecidedMatch !== undefined ? graded.ifUndecidedMatch()[by] : undefined
  const undecided = undecidedFigure !== undefined && undecidedFigure >= limit

  const message = () => {
    const colors = runnerColors(this)
    // The author's threshold as written (0.12345 is no 0.1235); the figure to as many decimals as keep it on its side.
    const printedLimit = String(limit)
    const printedFigure = printBesideThreshold(figure, limit)
    const expected = `Expected ${FIGURES[by]} ${this.isNot ? '<' : '≥'} ${colors.expected(printedLimit)}`
    const verdict =
      graded.noFigure !== undefined
        ? `${expected}, but ${graded.noFigure}.`
        : undecided
          ? `${expected}, received ${colors.received(printedFigure)}, but ${UNDECIDED}: taken as a match, it makes the ${FIGURES[by]} ${printBesideThreshold(undecidedFigure, limit)}.`
          : `${expected}, received ${colors.received(printedFigure)}.`
    const [first, ...rest] = Object.keys(graded.options).length > 0 ? [...graded.hintNames.args, 'options'] : graded.hintNames.args
    const head = hint(this, 'toScoreAtLeast', graded.hintNames.received, first!, rest.length > 0 ? rest.join(', ') : undefined)
    const detail = graded.detail(colors, { judged: { by, threshold: limit }, bounds: runnerBounds(this) })
    return detail === '' ? `${head}\n\n${verdict}` : `${head}\n\n${verdict}\n\n${detail}`
  }
  return { pass: graded.noFigure === undefined ? figure >= limit || undecided : this.isNot === true, message }
}
