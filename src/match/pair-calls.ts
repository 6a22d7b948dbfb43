import type { ToolCall, Turns } from '../calls/tool-call'
import type { GoldCall, GoldTurns } from '../compare/gold-calls'
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

const FIRST_ONLY: readonly number[] = Object.freeze([0])

/** The index of every call of the set; one call, the commonest, shares one list. */
function allIndices(set: CallSet<unknown>): readonly number[] {
  return set.calls.length === 1 ? FIRST_ONLY : set.calls.map((_, i) => i)
}

/** The indices of each turn's calls into the flattened calls. */
function indicesByTurn(set: CallSet<unknown>): number[][] {
  let next = 0
  return (set.turnSizes ?? [set.calls.length]).map((size) => Array.from({ length: size }, () => next++))
}

/** The chosen pairs of one problem, as indices into the flattened predictions and gold calls. */
export interface Pairing {
  context: PairingContext
  pairs: Array<[predIndex: number, goldIndex: number]>
}

/** Pairs predicted calls with gold calls under the options' order (DESIGN.md §4). */
export function pairCalls(pred: Turns, gold: GoldTurns, options: ResolvedMatchOptions): Pairing {
  const context = new PairingContext(
    options,
    callSet<ToolCall>(pred, options.canonicalizeName),
    callSet<GoldCall & { unparseable?: undefined }>(gold, options.canonicalizeName),
  )
  // The orders that need closures have functions of their own: a closure over `context` here would make every call allocate a context for it.
  switch (options.order) {
    case 'any':
      return { context, pairs: assignAny(context, allIndices(context.pred), allIndices(context.gold), false).pairs }
    case 'strict':
      return { context, pairs: pairStrict(context) }
    case 'turns':
      return { context, pairs: pairTurns(context) }
  }
}

/** Calls in order: an order-preserving alignment of single calls. */
function pairStrict(context: PairingContext): Array<[number, number]> {
  const single = (i: number, j: number): Assignment | undefined => {
    const name = context.pred.names[i]
    if (name === undefined || name !== context.gold.names[j]) return undefined
    const tiers = context.tiers(i, j)
    return { pairs: [[i, j]], ...tiers }
  }
  return alignMonotone(context.pred.calls.length, context.gold.calls.length, single)
}

/** Turns in order, the calls inside each paired turn as a multiset. */
function pairTurns(context: PairingContext): Array<[number, number]> {
  const predTurns = indicesByTurn(context.pred)
  const goldTurns = indicesByTurn(context.gold)
  const block = (a: number, b: number) => assignAny(context, predTurns[a]!, goldTurns[b]!)
  const turnPairs = alignMonotone(predTurns.length, goldTurns.length, block)
  return turnPairs.flatMap(([a, b]) => block(a, b).pairs)
}
