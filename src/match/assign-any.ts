import { maxBenefitAssignment } from './assignment'
import type { PairingContext } from './pairing-context'

/** Pairs chosen for a set of calls, with the sums of their tiers (for comparing alternatives). */
export interface Assignment {
  pairs: Array<[predIndex: number, goldIndex: number]>
  primary: number
  secondary: number
}

const EXACT_LIMIT = 2 ** 53

/**
 * Pairs the given predictions with the given gold calls as a multiset (order 'any'): calls
 * are grouped by tool, and each group is an optimal assignment (DESIGN.md §4).
 */
export function assignAny(
  ctx: PairingContext,
  predIndices: readonly number[],
  goldIndices: readonly number[],
  needTotals = true,
): Assignment {
  const groups = new Map<string, { preds: number[]; golds: number[] }>()
  for (const g of goldIndices) {
    const name = ctx.gold.names[g]!
    let group = groups.get(name)
    if (group === undefined) groups.set(name, (group = { preds: [], golds: [] }))
    group.golds.push(g)
  }
  for (const p of predIndices) {
    groups.get(ctx.pred.names[p]!)?.preds.push(p)
  }
  const result: Assignment = { pairs: [], primary: 0, secondary: 0 }
  for (const { preds, golds } of groups.values()) {
    if (preds.length > 0) assignGroup(ctx, preds, golds, result, needTotals)
  }
  return result
}

/** One tool's calls: a 1x1 group pairs at once (ranked only when totals are needed); larger ones go to the solver. */
function assignGroup(ctx: PairingContext, preds: number[], golds: number[], into: Assignment, needTotals: boolean): void {
  const rows = preds.length
  const cols = golds.length
  if (rows === 1 && cols === 1) {
    into.pairs.push([preds[0]!, golds[0]!])
    if (needTotals) {
      const tiers = ctx.tiers(preds[0]!, golds[0]!)
      into.primary += tiers.primary
      into.secondary += tiers.secondary
    }
    return
  }
  const primary = new Float64Array(rows * cols)
  const secondary = new Float64Array(rows * cols)
  let maxPrimary = 0
  let maxSecondary = 0
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const tiers = ctx.tiers(preds[i]!, golds[j]!)
      primary[i * cols + j] = tiers.primary
      secondary[i * cols + j] = tiers.secondary
      if (tiers.primary > maxPrimary) maxPrimary = tiers.primary
      if (tiers.secondary > maxSecondary) maxSecondary = tiers.secondary
    }
  }
  // The tiers are folded into one benefit: primary, then secondary, then nearness of position,
  // each scaled above the largest total the next can reach, as long as the sums stay exact.
  const pairCount = Math.min(rows, cols)
  const maxDistance = pairCount * Math.max(rows, cols)
  let secondaryScale = maxDistance + 1
  let primaryScale = (pairCount * maxSecondary + 1) * secondaryScale
  if ((pairCount * maxPrimary + 1) * primaryScale >= EXACT_LIMIT) {
    secondaryScale = 1 // position no longer breaks ties; the solver's own order does
    primaryScale = pairCount * maxSecondary + 1
  }
  const distanceScale = secondaryScale === 1 ? 0 : 1
  const benefit = new Float64Array(rows * cols)
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const k = i * cols + j
      benefit[k] = primary[k]! * primaryScale + secondary[k]! * secondaryScale - distanceScale * Math.abs(i - j)
    }
  }
  const assigned = maxBenefitAssignment(rows, cols, benefit)
  for (let i = 0; i < rows; i++) {
    const j = assigned[i]!
    if (j < 0) continue
    into.pairs.push([preds[i]!, golds[j]!])
    into.primary += primary[i * cols + j]!
    into.secondary += secondary[i * cols + j]!
  }
}
