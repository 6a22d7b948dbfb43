import { MAX_CANDIDATE_PAIRS } from '../calls/limits'
import type { Order } from './options'

/**
 * How many of a prediction's calls, from its first, the pairing weighs: all, unless that passes
 * MAX_CANDIDATE_PAIRS. In any order only calls to a tool of the gold's are candidates, each weighed
 * against the gold calls to its tool; an alignment in order (strict, turns) weighs every cell of
 * predicted × gold calls. Past the bound, the first are kept while a gold call could still lack a
 * candidate (at least as many calls to the gold's tools as gold calls).
 */
export function pairedPredictions(predNames: readonly (string | undefined)[], goldNames: readonly (string | undefined)[], order: Order): number {
  const predCalls = predNames.length
  const goldCalls = goldNames.length
  if (predCalls * goldCalls <= MAX_CANDIDATE_PAIRS) return predCalls
  if (order !== 'any') return Math.min(predCalls, Math.max(goldCalls, Math.floor(MAX_CANDIDATE_PAIRS / goldCalls)))
  const goldOfTool = new Map<string, number>()
  for (const name of goldNames) if (name !== undefined) goldOfTool.set(name, (goldOfTool.get(name) ?? 0) + 1)
  let candidatePairs = 0
  let candidates = 0
  for (let i = 0; i < predCalls; i++) {
    const name = predNames[i]
    const against = name === undefined ? 0 : (goldOfTool.get(name) ?? 0)
    if (against === 0) continue
    if (candidatePairs + against > MAX_CANDIDATE_PAIRS && candidates >= goldCalls) return i
    candidatePairs += against
    candidates++
  }
  return predCalls
}
