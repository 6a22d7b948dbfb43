import { copyValue } from '../calls/plain-value'
import { childPath } from '../calls/path'
import type { CallData, Score } from '../metric/score'

export type CopiedPredictions = { ok: true; score: Score } | { ok: false; reason: string }

/**
 * A Score with its predicted calls' values copied, each getter in them read once. A Score shares them
 * with the model's output, so printing reads its getters again, and one may then answer with a value
 * never scored: a list of 2^32 - 1 holes, which a snapshot would print whole, hole by hole. The score
 * printed from the copy shows what the copy checked; where the copy refuses a value, why, at its path
 * in the Score. What a getter throws is thrown.
 */
export function withPredictionsCopied(score: Score): CopiedPredictions {
  const pairs: Score['pairs'] = []
  for (const [i, pair] of score.pairs.entries()) {
    const pred = copiedCall(pair.pred, `pairs[${i}].pred`)
    if (typeof pred === 'string') return { ok: false, reason: pred }
    pairs.push({ ...pair, pred })
  }
  const unmatchedPred: Score['unmatchedPred'] = []
  for (const [i, unmatched] of score.unmatchedPred.entries()) {
    const call = copiedCall(unmatched.call, `unmatchedPred[${i}].call`)
    if (typeof call === 'string') return { ok: false, reason: call }
    unmatchedPred.push({ ...unmatched, call })
  }
  return { ok: true, score: { ...score, pairs, unmatchedPred } }
}

/** A call with its arguments copied, or why the copy refused one. */
function copiedCall(call: CallData, path: string): CallData | string {
  const args = copyValue(call.args, childPath(path, 'args'))
  if (!args.ok) return args.reason
  if (call.positional === undefined) return { ...call, args: args.value as Record<string, unknown> }
  const positional = copyValue(call.positional, childPath(path, 'positional'))
  if (!positional.ok) return positional.reason
  return { ...call, args: args.value as Record<string, unknown>, positional: positional.value as unknown[] }
}
