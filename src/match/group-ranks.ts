import { argWeight } from '../compare/compare-call'
import type { PairingContext } from './pairing-context'
import type { RankBuffer } from './rank-buffer'

/** The tiers of every candidate pair of one tool's group, row-major (prediction x gold). */
export interface GroupRanks {
  primary: Float64Array
  secondary: Float64Array
  /** The errors spared; undefined at call level, where every pair's is 0 (see Tiers). */
  tertiary: Float64Array | undefined
  /** What is left out by declared defaults; undefined at call level or where the tool declares none, as every pair's is 0. */
  quaternary: Float64Array | undefined
}

/** The tiers' arrays for `size` pairs: in `buffer` when given (see RankBuffer), else made for them; those of defaults, rarely needed, made for them. */
function tierArrays(ctx: PairingContext, size: number, buffer: RankBuffer | undefined, defaults: boolean): GroupRanks {
  const spares = ctx.options.level === 'arg'
  const quaternary = spares && defaults ? new Float64Array(size) : undefined
  if (buffer === undefined) {
    return { primary: new Float64Array(size), secondary: new Float64Array(size), tertiary: spares ? new Float64Array(size) : undefined, quaternary }
  }
  const { doubles } = buffer
  return { primary: doubles.subarray(0, size), secondary: doubles.subarray(size, 2 * size), tertiary: spares ? doubles.subarray(3 * size, 4 * size) : undefined, quaternary }
}

/** Ranks every pair by comparing the two calls; in `buffer` when given (see RankBuffer). */
export function comparedRanks(ctx: PairingContext, preds: readonly number[], golds: readonly number[], buffer?: RankBuffer): GroupRanks {
  const cols = golds.length
  const defaults = ctx.callContext(ctx.gold.names[golds[0]!]!).spec?.defaults === true
  const ranks = tierArrays(ctx, preds.length * cols, buffer, defaults)
  const { primary, secondary, tertiary, quaternary } = ranks
  const tiers = { primary: 0, secondary: 0, tertiary: 0, quaternary: 0 }
  for (let i = 0; i < preds.length; i++) {
    for (let j = 0; j < cols; j++) {
      ctx.writePairTiers(preds[i]!, golds[j]!, tiers)
      primary[i * cols + j] = tiers.primary
      secondary[i * cols + j] = tiers.secondary
      if (tertiary !== undefined) tertiary[i * cols + j] = tiers.tertiary
      if (quaternary !== undefined) quaternary[i * cols + j] = tiers.quaternary
    }
  }
  return ranks
}

/**
 * Ranks every pair without comparing each pair: each predicted argument value is reduced to
 * its key once, and looked up among the keys the gold calls accept for that argument. Only
 * for gold values that accepted keys describe (no predicate, matcher, custom tester or
 * declared schema); otherwise undefined, and the pairs are compared one by one.
 * The work is done in `buffer` when given (see RankBuffer), else in arrays made for it.
 */
export function hashedRanks(ctx: PairingContext, preds: readonly number[], golds: readonly number[], buffer?: RankBuffer): GroupRanks | undefined {
  const name = ctx.gold.names[golds[0]!]!
  const call = ctx.callContext(name)
  if (ctx.valueContext.testers !== undefined || call.spec?.declared === true) return undefined
  const cols = golds.length

  // For each argument name: the gold columns accepting each key, those accepting any value, and
  // those where it is optional. A column is stored as col * 2 + (1 when the argument is required in that gold call).
  const byKey = new Map<string, Map<string, number[]>>()
  const anyValue = new Map<string, number[]>()
  const optionalIn = new Map<string, number[]>()
  const size = preds.length * cols
  const ranks = tierArrays(ctx, size, buffer, false)
  // The weight of optional gold arguments given, which the errors spared count against (see PairRank); overwritten by them below.
  const optionalGiven = ranks.tertiary?.fill(0)
  // The tallies start at zero, as new typed arrays do.
  const required = buffer === undefined ? new Uint32Array(cols) : buffer.counts.fill(0, 0, 2 * size + cols).subarray(2 * size, 2 * size + cols)
  for (let j = 0; j < cols; j++) {
    const gold = ctx.gold.calls[golds[j]!]!
    const acceptedByArg = ctx.goldAccepted(golds[j]!)
    for (let a = 0; a < gold.keys.length; a++) {
      const arg = gold.keys[a]!
      const node = gold.values[a]!
      const accepted = acceptedByArg[a]
      if (accepted === undefined) return undefined
      const isRequired = node.kind === 'optional' ? 0 : 1
      required[j]! += isRequired
      if (isRequired === 0 && optionalGiven !== undefined) listOf(optionalIn, arg).push(j)
      const entry = j * 2 + isRequired
      if (accepted === 'any') {
        listOf(anyValue, arg).push(entry)
        continue
      }
      let keys = byKey.get(arg)
      if (keys === undefined) byKey.set(arg, (keys = new Map()))
      for (const key of accepted) listOf(keys, key).push(entry)
    }
  }

  const agreement = buffer === undefined ? new Float64Array(size) : buffer.doubles.fill(0, 2 * size, 3 * size).subarray(2 * size, 3 * size)
  const matched = buffer === undefined ? new Uint32Array(size) : buffer.counts.subarray(0, size)
  const requiredMatched = buffer === undefined ? new Uint32Array(size) : buffer.counts.subarray(size, 2 * size)
  const argCount = buffer === undefined ? new Uint32Array(preds.length) : buffer.counts.subarray(2 * size + cols, 2 * size + cols + preds.length)
  for (let i = 0; i < preds.length; i++) {
    const pred = ctx.pred.calls[preds[i]!]!
    const row = i * cols
    const { names, keys } = ctx.predArgKeys(preds[i]!)
    // Positional arguments never match; counting them keeps such a call from being exact.
    argCount[i] = names.length + (pred.positional?.length ?? 0)
    for (let a = 0; a < names.length; a++) {
      const arg = names[a]!
      const weight = argWeight(call, arg)
      const optionalCols = optionalGiven === undefined ? undefined : optionalIn.get(arg)
      if (optionalCols !== undefined) for (const j of optionalCols) optionalGiven![row + j]! += weight
      const key = keys[a]
      const accepting = key === undefined ? undefined : byKey.get(arg)?.get(key)
      for (const entries of [accepting, anyValue.get(arg)]) {
        if (entries === undefined) continue
        for (const entry of entries) {
          const k = row + (entry >> 1)
          agreement[k]! += weight
          matched[k]!++
          requiredMatched[k]! += entry & 1
        }
      }
    }
  }

  const { primary, secondary, tertiary } = ranks
  const tiers = { primary: 0, secondary: 0, tertiary: 0, quaternary: 0 }
  for (let i = 0; i < preds.length; i++) {
    for (let j = 0; j < cols; j++) {
      const k = i * cols + j
      // Exact: every predicted argument matched (so none is extra) and every required gold argument was given.
      const exact = matched[k] === argCount[i] && requiredMatched[k] === required[j]
      // No declared defaults here (a declared spec ranks pair by pair), so the errors spared are the optional arguments given, negated.
      ctx.writeTiers(exact, agreement[k]!, optionalGiven === undefined ? 0 : 0 - optionalGiven[k]!, 0, call.toolWeight, tiers)
      primary[k] = tiers.primary
      secondary[k] = tiers.secondary
      if (tertiary !== undefined) tertiary[k] = tiers.tertiary
    }
  }
  return ranks
}

function listOf<K>(map: Map<K, number[]>, key: K): number[] {
  let list = map.get(key)
  if (list === undefined) map.set(key, (list = []))
  return list
}
