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
  const checks = gold.map((goldCall, i) => calls.map((call) => checkBfclCall(docs[i]!, call, goldCall, context)))
  const benefit = new Float64Array(n * n)
  checks.forEach((row, i) => row.forEach((check, j) => (benefit[i * n + j] = check.valid ? 1 : 0)))
  const callForGold = maxBenefitAssignment(n, n, benefit)
  const pairedCalls = new Set<number>()
  let unpairedGold = -1
  for (let i = 0; i < n; i++) {
    const j = callForGold[i]!
    if (j >= 0 && checks[i]![j]!.valid) pairedCalls.add(j)
    else if (unpairedGold === -1) unpairedGold = i
  }
  if (unpairedGold === -1) return VALID
  // Every call left unpaired fails against this gold call, or the matching would not be maximal.
  const considered = calls.map((_, j) => j).filter((j) => !pairedCalls.has(j))
  const errors = [
    `Could not find a matching function among index [${considered.join(', ')}] of model output for index ${unpairedGold} of possible answers.`,
  ]
  for (const j of considered) {
    const check = checks[unpairedGold]![j]!
    if (!check.valid) errors.push(`Model Result Index ${j}: ${check.errorType}: ${check.errors.join(' ')}`)
  }
  return failure('parallel_function_checker_no_order:cannot_find_match', errors)
}
