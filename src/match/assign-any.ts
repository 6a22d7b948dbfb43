import { withItem } from '../calls/with-item'
import type { PairRank } from '../compare/compare-call'
import { maxBenefitAssignment } from './assignment'
import { comparedRanks, hashedRanks } from './group-ranks'
import { pairIdentical } from './pair-identical'
import type { PairingContext } from './pairing-context'
import { type RankBuffer, returnRankBuffer, takeRankBuffer } from './rank-buffer'

/** Pairs chosen for a set of calls, with the sums of their tiers (for comparing alternatives). */
export interface Assignment {
  pairs: Array<[predIndex: number, goldIndex: number]>
  primary: number
  secondary: number
  tertiary: number
  quaternary: number
}

const EXACT_LIMIT = 2 ** 53
/**
 * Up to this many candidate pairs, ties go to the pairing nearest in position (what a reader
 * expects beside a short trajectory); beyond it, the solver's own deterministic order breaks
 * them, since position ties lengthen its searches many times over when values tie widely.
 */
const POSITION_TIES_UP_TO = 400

/**
 * Pairs the given predictions with the given gold calls as a multiset (order 'any'): calls
 * are grouped by tool, and each group is an optimal assignment (README: Matching and scoring).
 */
function addPair(ctx: PairingContext, p: number, g: number, into: Assignment, needTotals: boolean): void {
  addTo(into, p, g)
  if (!needTotals) return
  const tiers = ctx.tiers(p, g)
  into.primary += tiers.primary
  into.secondary += tiers.secondary
  into.tertiary += tiers.tertiary
  into.quaternary += tiers.quaternary
}

function addTo(into: Assignment, p: number, g: number): void {
  into.pairs = withItem(into.pairs, [p, g])
}

export function assignAny(
  ctx: PairingContext,
  predIndices: readonly number[],
  goldIndices: readonly number[],
  needTotals = true,
): Assignment {
  if (predIndices.length === 1 && goldIndices.length === 1) {
    // One call each side, the commonest problem: a pair if the tools agree.
    const result: Assignment = { pairs: [], primary: 0, secondary: 0, tertiary: 0, quaternary: 0 }
    const p = predIndices[0]!
    const g = goldIndices[0]!
    if (ctx.pred.names[p] === ctx.gold.names[g]) addPair(ctx, p, g, result, needTotals)
    return result
  }
  const result: Assignment = { pairs: [], primary: 0, secondary: 0, tertiary: 0, quaternary: 0 }
  if (predIndices.length === 0 || goldIndices.length === 0) return result
  // Calls all to one tool, as parallel calls mostly are, form one group as they are, with no lists made for it.
  const tool = ctx.gold.names[goldIndices[0]!]!
  if (allNamed(ctx.gold.names, goldIndices, tool) && allNamed(ctx.pred.names, predIndices, tool)) {
    assignGroup(ctx, predIndices, goldIndices, result, needTotals)
    return result
  }
  const groups = new ToolGroups()
  for (const g of goldIndices) groups.addGold(ctx.gold.names[g]!, g)
  for (const p of predIndices) {
    const name = ctx.pred.names[p]
    if (name !== undefined) groups.addPred(name, p)
  }
  for (const { preds, golds } of groups.list) {
    if (preds.length > 0) assignGroup(ctx, preds, golds, result, needTotals)
  }
  return result
}

/** Whether every call of `indices` names `tool` (an unparseable prediction, named undefined, does not). */
function allNamed(names: readonly (string | undefined)[], indices: readonly number[], tool: string): boolean {
  for (let k = 0; k < indices.length; k++) if (names[indices[k]!] !== tool) return false
  return true
}

/** Past this many tools, groups are found by name in a map rather than by scanning their list. */
const LISTED_GROUPS = 16

/**
 * The calls of each tool, in the order the gold names the tools. A problem names few tools, and
 * its names are new strings each time: comparing a few beats hashing each of them.
 */
class ToolGroups {
  list: { name: string; preds: number[]; golds: number[] }[] = []
  private index: Map<string, number> | undefined

  addGold(name: string, g: number): void {
    const at = this.find(name)
    if (at >= 0) {
      this.list[at]!.golds.push(g)
      return
    }
    this.index?.set(name, this.list.length)
    this.list = withItem(this.list, { name, preds: [], golds: [g] })
    if (this.index === undefined && this.list.length > LISTED_GROUPS) this.index = new Map(this.list.map((group, i) => [group.name, i]))
  }

  /** A prediction joins its tool's group; with no gold call of its tool, it pairs with nothing. */
  addPred(name: string, p: number): void {
    const at = this.find(name)
    if (at < 0) return
    const group = this.list[at]!
    // Made with its first index, as withItem makes lists of objects (which numbers must not share).
    if (group.preds.length === 0) group.preds = [p]
    else group.preds.push(p)
  }

  private find(name: string): number {
    if (this.index !== undefined) return this.index.get(name) ?? -1
    for (let i = 0; i < this.list.length; i++) if (this.list[i]!.name === name) return i
    return -1
  }
}

/** Below this many candidate pairs a group is ranked by comparing each pair; from it, by keys where it can be, after pairing identical calls. */
const HASHED_FROM = 64

/** Up to this many pairs, a group's ranks are typed arrays of 64 bytes or less, made on the heap; larger groups rank in a kept buffer (see RankBuffer). */
const ON_HEAP_PAIRS = 8

/**
 * One tool's calls: a 1x1 group pairs at once (ranked only when totals are needed); identical
 * calls pair before the assignment where that is sound; the rest go to the solver.
 */
function assignGroup(ctx: PairingContext, preds: readonly number[], golds: readonly number[], into: Assignment, needTotals: boolean): void {
  if (preds.length === 1 && golds.length === 1) {
    addPair(ctx, preds[0]!, golds[0]!, into, needTotals)
    return
  }
  if (pairInOrder(ctx, preds, golds, into, needTotals)) return
  const identical = preds.length * golds.length >= HASHED_FROM ? pairIdentical(ctx, preds, golds) : undefined
  if (identical !== undefined) {
    for (const [p, g] of identical.pairs) addPair(ctx, p, g, into, needTotals)
    preds = identical.restPreds
    golds = identical.restGolds
    if (preds.length === 0 || golds.length === 0) return
    if (preds.length === 1 && golds.length === 1) {
      addPair(ctx, preds[0]!, golds[0]!, into, needTotals)
      return
    }
  }
  const rows = preds.length
  const cols = golds.length
  const size = rows * cols
  const buffer = size > ON_HEAP_PAIRS ? takeRankBuffer(rows, cols) : undefined
  try {
    assignRanked(ctx, preds, golds, into, buffer)
  } finally {
    if (buffer !== undefined) returnRankBuffer(buffer)
  }
}

/** Gold calls with more arguments than this take the solver, so the scales of assignRanked keep position ties for certain. */
const IN_ORDER_MAX_ARGS = 1000

/**
 * The commonest group of several calls: each prediction, in order, matches its gold call
 * exactly. Where the tool has no spec (so weights are 1 and a pair's agreement can only be
 * the prediction's own arguments), that pairing reaches the most the first two tiers can reach
 * in every row at once, at distance 0. At arg level every gold call must be paired too: the
 * errors spared then sum the same in every pairing of exact pairs (the predictions' arguments
 * less the gold calls' required ones), where leaving out a gold call with fewer required
 * arguments could spare more. So it is the solver's unique optimum; found here with one
 * comparison a row instead of one a pair. False, and nothing added, where it does not apply.
 */
function pairInOrder(ctx: PairingContext, preds: readonly number[], golds: readonly number[], into: Assignment, needTotals: boolean): boolean {
  const rows = preds.length
  const allGoldPaired = rows === golds.length || ctx.options.level === 'call'
  if (rows > golds.length || !allGoldPaired || rows * golds.length > POSITION_TIES_UP_TO || ctx.rankUnit !== 1) return false
  const call = ctx.callContext(ctx.gold.names[golds[0]!]!)
  if (call.spec !== undefined) return false
  const ranks: PairRank[] = new Array(rows)
  for (let i = 0; i < rows; i++) {
    if (ctx.gold.calls[golds[i]!]!.keys.length > IN_ORDER_MAX_ARGS) return false
    const rank = ctx.rankExplained(preds[i]!, golds[i]!)
    if (!rank.exact) return false
    ranks[i] = rank
  }
  for (let i = 0; i < rows; i++) {
    addTo(into, preds[i]!, golds[i]!)
    if (!needTotals) continue
    const tiers = ctx.tiersOf(ranks[i]!, call.toolWeight)
    into.primary += tiers.primary
    into.secondary += tiers.secondary
    into.tertiary += tiers.tertiary
    into.quaternary += tiers.quaternary
  }
  return true
}

/** The optimal assignment of a group's pairs, ranked by comparing or by keys. */
function assignRanked(ctx: PairingContext, preds: readonly number[], golds: readonly number[], into: Assignment, buffer: RankBuffer | undefined): void {
  const rows = preds.length
  const cols = golds.length
  const size = rows * cols
  const { primary, secondary, tertiary, quaternary } =
    (size >= HASHED_FROM ? hashedRanks(ctx, preds, golds, buffer) : undefined) ?? comparedRanks(ctx, preds, golds, buffer)
  // Every assignment pairs min(rows, cols) calls, so shifting a tier by a constant changes no choice:
  // the tertiary tier, which may be negative, is shifted to start at 0, as the scales below need.
  let minTertiary = 0
  let maxTertiary = 0
  if (tertiary !== undefined) {
    for (let k = 0; k < size; k++) {
      if (tertiary[k]! < minTertiary) minTertiary = tertiary[k]!
      if (tertiary[k]! > maxTertiary) maxTertiary = tertiary[k]!
    }
    maxTertiary -= minTertiary
  }
  // Ranks in millionths (fractional weights) would overflow the exact range below for groups of a few calls
  // and silently lose the position tie-break: each tier is divided by the greatest common divisor of its
  // values, which keeps the order of sums and the scales small. Whole ranks need no such pass.
  let primaryUnit = ctx.rankUnit === 1 ? 1 : commonDivisor(primary, size)
  let secondaryUnit = ctx.rankUnit === 1 ? 1 : commonDivisor(secondary, size)
  let tertiaryUnit = ctx.rankUnit === 1 || tertiary === undefined ? 1 : commonDivisor(tertiary, size, minTertiary)
  let quaternaryUnit = ctx.rankUnit === 1 || quaternary === undefined ? 1 : commonDivisor(quaternary, size)
  let maxPrimary = 0
  let maxSecondary = 0
  let maxQuaternary = 0
  for (let k = 0; k < size; k++) {
    if (primary[k]! > maxPrimary) maxPrimary = primary[k]!
    if (secondary[k]! > maxSecondary) maxSecondary = secondary[k]!
  }
  if (quaternary !== undefined) for (let k = 0; k < size; k++) if (quaternary[k]! > maxQuaternary) maxQuaternary = quaternary[k]!
  maxPrimary /= primaryUnit
  maxSecondary /= secondaryUnit
  maxTertiary /= tertiaryUnit
  maxQuaternary /= quaternaryUnit
  // The tiers are folded into one benefit: primary, then secondary, tertiary, quaternary, then nearness of
  // position, each scaled above the largest total the next can reach, as long as the sums stay exact.
  // Past that, position gives way first, then the quaternary tier, then the tertiary and the secondary in
  // turn (the larger halved first, so that each keeps what digits fit), and the primary last, are told
  // apart in a coarser unit, as fine as fits (for importances of many digits), rather than not at all.
  const pairCount = Math.min(rows, cols)
  const maxDistance = pairCount * Math.max(rows, cols)
  let distanceScale = 1
  let quaternaryScale = maxDistance + 1
  let tertiaryScale = (pairCount * maxQuaternary + 1) * quaternaryScale
  let secondaryScale = (pairCount * maxTertiary + 1) * tertiaryScale
  let primaryScale = (pairCount * maxSecondary + 1) * secondaryScale
  if (size > POSITION_TIES_UP_TO || (pairCount * maxPrimary + 1) * primaryScale >= EXACT_LIMIT) {
    distanceScale = 0 // position no longer breaks ties; the solver's own order does
    const room = (max: number) => pairCount * max + 1
    while (room(maxPrimary) * room(maxSecondary) * room(maxTertiary) * room(maxQuaternary) >= EXACT_LIMIT) {
      if (maxQuaternary > 0) {
        quaternaryUnit *= 2
        maxQuaternary = Math.floor(maxQuaternary / 2)
      } else if (maxTertiary > 0 && maxTertiary >= maxSecondary) {
        tertiaryUnit *= 2
        maxTertiary = Math.floor(maxTertiary / 2)
      } else if (maxSecondary > 0) {
        secondaryUnit *= 2
        maxSecondary = Math.floor(maxSecondary / 2)
      } else {
        primaryUnit *= 2
        maxPrimary = Math.floor(maxPrimary / 2)
      }
    }
    quaternaryScale = 1
    tertiaryScale = room(maxQuaternary)
    secondaryScale = room(maxTertiary) * tertiaryScale
    primaryScale = room(maxSecondary) * secondaryScale
  }
  const benefit = buffer === undefined ? new Float64Array(size) : buffer.doubles.subarray(2 * size, 3 * size)
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const k = i * cols + j
      benefit[k] = Math.floor(primary[k]! / primaryUnit) * primaryScale + Math.floor(secondary[k]! / secondaryUnit) * secondaryScale - distanceScale * Math.abs(i - j)
      if (tertiary !== undefined) benefit[k]! += Math.floor((tertiary[k]! - minTertiary) / tertiaryUnit) * tertiaryScale
      if (quaternary !== undefined) benefit[k]! += Math.floor(quaternary[k]! / quaternaryUnit) * quaternaryScale
    }
  }
  const assigned = maxBenefitAssignment(rows, cols, benefit)
  for (let i = 0; i < rows; i++) {
    const j = assigned[i]!
    if (j < 0) continue
    addTo(into, preds[i]!, golds[j]!)
    into.primary += primary[i * cols + j]!
    into.secondary += secondary[i * cols + j]!
    if (tertiary !== undefined) into.tertiary += tertiary[i * cols + j]!
    if (quaternary !== undefined) into.quaternary += quaternary[i * cols + j]!
  }
}

/** The greatest common divisor of the first `size` values less `offset` (non-negative integers), or 1 when all are 0. */
function commonDivisor(values: Float64Array, size: number, offset = 0): number {
  let divisor = 0
  for (let k = 0; k < size && divisor !== 1; k++) {
    let a = values[k]! - offset
    let b = divisor
    while (b !== 0) {
      const rest = a % b
      a = b
      b = rest
    }
    divisor = a
  }
  return divisor === 0 ? 1 : divisor
}
