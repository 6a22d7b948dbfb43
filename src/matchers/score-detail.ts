import { scoreComparison } from '../compare/accepts-value'
import { isTupleCall, isWrittenAsTurns, readGold } from '../compare/gold-calls'
import type { ResolvedMatchOptions } from '../match/options'
import type { Score } from '../metric/score'
import type { Colors } from '../report/colors'
import { type FormatOptions, formatGivenScore, formatScore } from '../report/format-score'
import { turnPlaces } from '../report/gold-place'

/** In a failure message the pairs that differ matter: a few exact pairs are listed for context, the rest counted. */
const EXACT_PAIRS_LISTED = 10

/** Lines of pairs a message shows: fifty pairs of a few lines each fit, where fifty of fifty long nested diffs ran to 20,000 lines. */
export const PAIR_LINES = 500

/** The gold's calls as written, in the order a Score numbers them. */
function writtenCalls(gold: unknown): readonly unknown[] {
  if (!Array.isArray(gold) || isTupleCall(gold)) return [gold]
  return isWrittenAsTurns(gold) ? gold.flat(1) : gold
}

/**
 * Each gold call's arguments as the author wrote them, by the gold's index; the gold was read once
 * already, so it reads. Read call by call as the message asks: reading a large gold whole cost more than the message.
 * Arguments that hold a Proxy are left to the Score's copy of them, which no trap of the author's can break.
 */
function writtenArgs(gold: unknown): (goldIndex: number) => Record<string, unknown> | undefined {
  const calls = writtenCalls(gold)
  return (goldIndex) => {
    const call = goldIndex < calls.length ? readGold(calls[goldIndex]).flat()[0] : undefined
    return call === undefined || call.proxied ? undefined : call.args
  }
}

/**
 * Where each gold call stands as written: `[t][i]` in gold written as turns; nothing after
 * `gold` for a single call given alone, which stands at no index.
 */
function goldPlaces(gold: unknown): ((goldIndex: number) => string) | undefined {
  if (!Array.isArray(gold) || isTupleCall(gold)) return () => ''
  return isWrittenAsTurns(gold) ? turnPlaces(gold.map((turn) => turn.length)) : undefined
}

/**
 * A Score's aligned diff as a matcher's message shows it; with the gold it was scored against
 * and the options it was scored with, nested diffs mark only what the score found wrong.
 */
export function scoreDetail(
  score: Score,
  colors: Colors,
  scoredWith?: { gold: unknown; options: ResolvedMatchOptions },
  { allowed, judged, bounds }: Pick<FormatOptions, 'allowed' | 'judged' | 'bounds'> = {},
): string {
  if (scoredWith === undefined) {
    return formatGivenScore(score, { colors, bounds, exactLines: EXACT_PAIRS_LISTED, pairLines: { lines: PAIR_LINES, seeAll: "the score's pairs hold every difference" }, judged })
  }
  const { gold, options } = scoredWith
  return formatScore(score, {
    colors,
    bounds,
    exactLines: EXACT_PAIRS_LISTED,
    goldArgs: writtenArgs(gold),
    ...scoreComparison(options),
    allowed,
    goldPlace: goldPlaces(gold),
    pairLines: { lines: PAIR_LINES, seeAll: 'the pairs of new ToolCallMetric(options).score(received, gold) hold every difference' },
    judged,
  })
}
