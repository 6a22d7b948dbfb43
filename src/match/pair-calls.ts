import type { ToolCall, Turns } from '../calls/tool-call'
import type { GoldCall, GoldTurns } from '../compare/gold-calls'
import { refuseFailedForm } from '../compare/canonicalizers'
import { alignMonotone } from './align-monotone'
import { type Assignment, assignAny } from './assign-any'
import type { ResolvedMatchOptions } from './options'
import { type CallSet, PairingContext } from './pairing-context'

export function callSet<C extends { name: string; unparseable?: string }>(
  turns: readonly (readonly C[])[],
  canonicalizeName: (name: string) => string,
): CallSet<C> {
  const calls: readonly C[] = turns.length === 1 ? turns[0]! : turns.flat()
  const names: (string | undefined)[] = new Array(calls.length)
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!
    names[i] = call.unparseable === undefined ? canonicalizeName(call.name) : undefined
  }
  return { calls, names, turnSizes: turns.length === 1 ? undefined : turns.map((turn) => turn.length) }
}

/**
 * `[0, 1, ..., n - 1]` for the sizes most problems have, made once and shared: the pairing
 * steps take index lists as readonly. Not frozen, as iterating a frozen array allocates.
 */
const SHARED_INDICES: readonly (readonly number[])[] = Array.from({ length: 17 }, (_, n) => Array.from({ length: n }, (_, i) => i))

/** The index of every call of the set, or of its first `count`. */
function allIndices(set: CallSet<unknown>, count = set.calls.length): readonly number[] {
  if (count < SHARED_INDICES.length) return SHARED_INDICES[count]!
  const indices: number[] = new Array(count)
  for (let i = 0; i < count; i++) indices[i] = i
  return indices
}

/** The indices of each turn's calls into the flattened calls. */
function indicesByTurn(set: CallSet<unknown>): number[][] {
  let next = 0
  return (set.turnSizes ?? [set.calls.length]).map((size) => Array.from({ length: size }, () => next++))
}

/** The chosen pairs of one problem, as indices into the flattened predictions and gold calls. */
export interface Pairing {
  context: PairingContext
  pairs: ReadonlyArray<readonly [predIndex: number, goldIndex: number]>
}

/** Pairs predicted calls with gold calls under the options' order (README: Matching and scoring). */
export function pairCalls(pred: Turns, gold: GoldTurns, options: ResolvedMatchOptions): Pairing {
  const goldSet = callSet<GoldCall & { unparseable?: undefined }>(gold, options.canonicalizeName)
  for (const name of goldSet.names) refuseFailedForm(name!, "a gold call's name")
  const context = new PairingContext(options, callSet<ToolCall>(pred, options.canonicalizeName), goldSet)
  // The orders that need closures have functions of their own: a closure over `context` here would make every call allocate a context for it.
  switch (options.order) {
    case 'any':
      return { context, pairs: pairAny(context) }
    case 'strict':
      return { context, pairs: pairStrict(context) }
    case 'turns':
      return { context, pairs: pairTurns(context) }
  }
}

/** The pairing of one call with one call, shared as nothing changes a pairing's pairs (not frozen: reading a frozen array's items by destructuring allocates). */
const FIRST_WITH_FIRST: ReadonlyArray<readonly [number, number]> = [[0, 0]]
const NO_PAIRS: ReadonlyArray<readonly [number, number]> = []

/** Calls as a multiset (README: Matching and scoring). */
function pairAny(context: PairingContext): ReadonlyArray<readonly [number, number]> {
  // One call each side, the commonest problem: a pair if the tools agree, with no lists or totals made to say so.
  if (context.pred.calls.length === 1 && context.gold.calls.length === 1) return context.pred.names[0] === context.gold.names[0] ? FIRST_WITH_FIRST : NO_PAIRS
  return assignAny(context, allIndices(context.pred, context.pairedPredictions), allIndices(context.gold), false).pairs
}

/** Calls in order: an order-preserving alignment of single calls. */
function pairStrict(context: PairingContext): Array<[number, number]> {
  const single = (i: number, j: number): Assignment | undefined => {
    const name = context.pred.names[i]
    if (name === undefined || name !== context.gold.names[j]) return undefined
    const tiers = context.tiers(i, j)
    return { pairs: [[i, j]], ...tiers }
  }
  return alignMonotone(context.pairedPredictions, context.gold.calls.length, single)
}

/** Turns in order, the calls inside each paired turn as a multiset. */
function pairTurns(context: PairingContext): Array<[number, number]> {
  // Turns past the bound are left out whole, as the alignment weighs every pair of turns.
  const paired = context.pairedPredictions
  const predTurns = indicesByTurn(context.pred).flatMap((turn) => (turn.length === 0 || turn[turn.length - 1]! < paired ? [turn] : turn[0]! < paired ? [turn.filter((i) => i < paired)] : []))
  const goldTurns = indicesByTurn(context.gold)
  const block = (a: number, b: number) => assignAny(context, predTurns[a]!, goldTurns[b]!)
  const turnPairs = alignMonotone(predTurns.length, goldTurns.length, block)
  return turnPairs.flatMap(([a, b]) => block(a, b).pairs)
}
