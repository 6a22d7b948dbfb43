/**
 * The parallel categories: as many calls as gold calls, then each gold call paired with a
 * model call that passes the one-call check. Unlike BFCL's greedy first fit, which can reject
 * a correct set given in an unlucky order, the pairing is an optimal matching: a set of calls
 * that admits a valid one-to-one pairing is valid in every order.
 */

import type { ToolCall } from '../calls/tool-call'
import { maxBenefitAssignment } from '../match/assignment'
import { failure, VALID, type CallCheck } from './call-check'
import { checkBfclCall, type CallContext } from './check-call'
import type { BfclFunctionDoc } from './function-doc'
import type { BfclGoldCall } from './ground-truth'

export function checkParallelCalls(
  docs: readonly BfclFunctionDoc[],
  calls: readonly ToolCall[],
  gold: readonly BfclGoldCall[],
  context: CallContext,
): CallCheck {
  if (calls.length !== gold.length) {
    return failure('parallel_function_checker_no_order:wrong_count', ['Wrong number of functions.'])
  }
  const n = gold.length
  const checks: Array<CallCheck | undefined> = new Array(n * n)
  const checkPair = (i: number, j: number): CallCheck => (checks[i * n + j] ??= checkBfclCall(docs[i]!, calls[j]!, gold[i]!, context))
  if (pairsFirstFit(n, checkPair)) return VALID
  const benefit = new Float64Array(n * n)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) benefit[i * n + j] = checkPair(i, j).valid ? 1 : 0
  const callForGold = maxBenefitAssignment(n, n, benefit)
  const pairedCalls = new Set<number>()
  let unpairedGold = -1
  for (let i = 0; i < n; i++) {
    const j = callForGold[i]!
    if (j >= 0 && checkPair(i, j).valid) pairedCalls.add(j)
    else if (unpairedGold === -1) unpairedGold = i
  }
  if (unpairedGold === -1) return VALID
  // Every call left unpaired fails against this gold call, or the matching would not be maximal.
  const considered = calls.map((_, j) => j).filter((j) => !pairedCalls.has(j))
  const errors = [
    `Could not find a matching function among index [${considered.join(', ')}] of model output for index ${unpairedGold} of possible answers.`,
  ]
  for (const j of considered) {
    const check = checkPair(unpairedGold, j)
    if (!check.valid) errors.push(`Model Result Index ${j}: ${check.errorType}: ${check.errors.join(' ')}`)
  }
  return failure('parallel_function_checker_no_order:cannot_find_match', errors)
}

/**
 * Whether pairing each gold call in turn with the first valid call left pairs them all, as it
 * does when the calls come in the gold's order or near it; when it fails, a pairing may still
 * exist, and only the optimal matching can tell.
 */
function pairsFirstFit(n: number, checkPair: (gold: number, call: number) => CallCheck): boolean {
  const taken = new Array<boolean>(n).fill(false)
  for (let i = 0; i < n; i++) {
    let j = 0
    while (j < n && (taken[j] || !checkPair(i, j).valid)) j++
    if (j === n) return false
    taken[j] = true
  }
  return true
}
