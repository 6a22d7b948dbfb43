import { MATCH_OPTION_KEYS, type ResolvedMatchOptions } from '../match/options'
import { scoreTrajectory, scoreTrajectoryCopied } from '../metric/score-trajectory'
import type { Score } from '../metric/score'
import { undecidedSoFar, withUndecidedAsMatches } from '../compare/undecided'
import { hint, type MatcherContext, type MatcherResult, noCallsToGrade, printedOrFromCopies, runnerBounds, runnerColors, UNDECIDED } from './matcher-context'
import { readFlag } from '../match/options'
import { readOptions, resolveForRunner } from './matcher-options'
import { recordScore } from './record-score'
import { scoreDetail } from './score-detail'
import type { Gold, ToMatchToolCallsOptions } from './matcher-types'

const OPTION_KEYS = [...MATCH_OPTION_KEYS, 'allowExtra', 'allowMissing']

interface Allowances {
  allowExtra: boolean
  allowMissing: boolean
}

function count(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`
}

/** Predictions that fail the assertion; an unparseable one is never an allowed extra: it is broken output. */
function failingPredictions(score: Score, { allowExtra }: Allowances): number {
  return allowExtra ? score.unmatchedPred.filter((u) => u.kind === 'unparseable').length : score.unmatchedPred.length
}

function whatFailed(score: Score, allowances: Allowances): string {
  const differing = score.pairs.filter((pair) => !pair.exact).length
  const predictions = failingPredictions(score, allowances)
  const gold = allowances.allowMissing ? 0 : score.unmatchedGold.length
  const parts: string[] = []
  if (differing > 0) parts.push(count(differing, 'pair differs', 'pairs differ'))
  if (predictions > 0) {
    // With allowExtra, those left are unparseable: an extra call is allowed, broken output is not.
    parts.push(allowances.allowExtra ? `${count(predictions, 'prediction', 'predictions')} could not be read (extra calls are allowed, unreadable ones are not)` : count(predictions, 'prediction matched nothing', 'predictions matched nothing'))
  }
  if (gold > 0) parts.push(count(gold, 'gold call was not matched', 'gold calls were not matched'))
  const said = parts.join(', ')
  // With nothing predicted, that is the story: said first, as toHaveCalledTool says it.
  return score.pairs.length === 0 && score.unmatchedPred.length === 0 ? `no call was made: ${said}` : said
}

/** What fails the assertion: pairs that differ, and unpaired calls the allowances do not allow. */
function failureCount(score: Score, allowances: Allowances): number {
  return score.pairs.filter((pair) => !pair.exact).length + failingPredictions(score, allowances) + (allowances.allowMissing ? 0 : score.unmatchedGold.length)
}

const EXACT_FIRST = ', with exact pairs seated first (the pairs and figures below are of that seating)'

/** Every pair exact, and nothing left unpaired that the allowances do not allow. */
function matched(score: Score, allowances: Allowances): boolean {
  return (
    score.pairs.every((pair) => pair.exact) &&
    failingPredictions(score, allowances) === 0 &&
    (allowances.allowMissing || score.unmatchedGold.length === 0)
  )
}

/** Whether the calls match with every value the gold's code could not decide on taken as a match, pairs seated either way (see toMatchToolCalls). */
function matchedIfUndecidedMatch(received: unknown, gold: Gold, options: ResolvedMatchOptions, allowances: Allowances): boolean {
  return withUndecidedAsMatches(
    () =>
      matched(scoreTrajectory(received, gold, options), allowances) ||
      (options.level === 'arg' && matched(scoreTrajectory(received, gold, { ...options, exactFirst: true }), allowances)),
  )
}

function allowed({ allowExtra, allowMissing }: Allowances): string {
  const allowances = [allowExtra ? 'extra predictions' : '', allowMissing ? 'missing gold calls' : ''].filter(Boolean)
  return allowances.length === 0 ? '' : ` (${allowances.join(' and ')} allowed)`
}

/**
 * Passes when every gold call is in an exact pair and no prediction is left over; `allowExtra`
 * and `allowMissing` let predictions or gold calls stay unpaired. A pair that differs always fails.
 * A promise received fails with or without `.not`.
 */
export function toMatchToolCalls(
  this: MatcherContext,
  received: unknown,
  gold: Gold,
  options?: ToMatchToolCallsOptions,
  ...rest: unknown[]
): MatcherResult {
  // A third argument, such as options given twice, would be ignored: refuse it.
  if (rest.length > 0) throw new TypeError(`toMatchToolCalls(gold, options?): expected at most two arguments, received ${rest.length + 2}`)
  const read = readOptions(options, OPTION_KEYS)
  const allowances = { allowExtra: readFlag(read, 'allowExtra'), allowMissing: readFlag(read, 'allowMissing') }
  let resolved = resolveForRunner(this, read)
  const undecidedBefore = undecidedSoFar()
  let score = scoreTrajectory(received, gold, resolved)
  const notYet = noCallsToGrade(received)
  const noCallsYet = notYet !== undefined
  // A promise not awaited, a stream not collected, is the test's slip, not the agent's output: nothing to count.
  if (!noCallsYet) recordScore(this, score, resolved.canonicalizeName)
  let pass = noCallsYet ? this.isNot === true : matched(score, allowances)
  if (!noCallsYet && !pass && resolved.level === 'arg') {
    // The arg-level pairing seats each gold call by agreement, which may pass over an exact pair
    // when calls are left unpaired; whether the gold is matched exactly is asked of exact pairs first.
    const exactFirstOptions = { ...resolved, exactFirst: true }
    const exactFirst = scoreTrajectory(received, gold, exactFirstOptions)
    if (matched(exactFirst, allowances)) [score, pass, resolved] = [exactFirst, true, exactFirstOptions]
    // Failing either way, the message tells what fails with exact pairs seated first where that is less: only that needs fixing.
    else if (failureCount(exactFirst, allowances) < failureCount(score, allowances)) [score, resolved] = [exactFirst, exactFirstOptions]
  }
  // Under .not, calls graded wrong only where the gold's own code never decided may be the ones.
  const undecided = this.isNot === true && !pass && !noCallsYet && undecidedSoFar() !== undecidedBefore && matchedIfUndecidedMatch(received, gold, resolved, allowances)
  if (undecided) pass = true

  const message = () => {
    const verdict = noCallsYet
      ? `Expected the calls ${this.isNot ? 'not ' : ''}to match the gold, but ${notYet}.`
      : this.isNot
        ? undecided
          ? `Expected the calls not to match the gold, but ${UNDECIDED}, and taken as a match it makes them match${allowed(allowances)}.`
          : `Expected the calls not to match the gold, but they do${allowed(allowances)}${resolved.exactFirst === true ? EXACT_FIRST : ''}.`
        : `Expected the calls to match the gold, but ${whatFailed(score, allowances)}${resolved.exactFirst === true ? EXACT_FIRST : ''}.`
    const head = hint(this, 'toMatchToolCalls', 'received', 'gold', options === undefined ? undefined : 'options')
    // A promise or a stream has no calls to show: a pair list would only grade it as unparseable.
    if (noCallsYet) return `${head}\n\n${verdict}`
    const colors = runnerColors(this)
    const shown = { allowed: { extra: allowances.allowExtra, missing: allowances.allowMissing }, bounds: runnerBounds(this) }
    const detail = printedOrFromCopies(
      () => scoreDetail(score, colors, { gold, options: resolved }, shown),
      () => scoreDetail(scoreTrajectoryCopied(received, gold, resolved), colors, { gold, options: resolved }, shown),
    )
    return `${head}\n\n${verdict}\n\n${detail}`
  }
  return { pass, message }
}
