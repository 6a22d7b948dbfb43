import type { Score } from '../metric/score'
import type { Colors } from '../report/colors'
import { formatScore } from '../report/format-score'

/** In a failure message the pairs that differ matter: a few exact pairs are listed for context, the rest counted. */
const EXACT_PAIRS_LISTED = 10

/** A Score's aligned diff as a matcher's message shows it. */
export function scoreDetail(score: Score, colors: Colors): string {
  return formatScore(score, { colors, exactLines: EXACT_PAIRS_LISTED })
}
