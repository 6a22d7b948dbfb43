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
  const calls: C[] = turns.length === 1 ? (turns[0] as C[]) : turns.flat()
  const turnOf: number[] = []
  const names: (string | undefined)[] = new Array(calls.length)
  for (let t = 0; t < turns.length; t++) for (let i = 0; i < turns[t]!.length; i++) turnOf.push(t)
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!
    names[i] = call.unparseable === undefined ? canonicalizeName(call.name) : undefined
  }
  return { calls, turnOf, names, turns: turns.length }
}

function indicesByTurn(set: CallSet<unknown>): number[][] {
  const byTurn: number[][] = Array.from({ length: set.turns }, () => [])
  set.turnOf.forEach((turn, index) => byTurn[turn]!.push(index))
  return byTurn
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
  const all = (set: CallSet<unknown>) => set.calls.map((_, i) => i)
  switch (options.order) {
    case 'any':
      return { context, pairs: assignAny(context, all(context.pred), all(context.gold), false).pairs }
    case 'strict': {
      const single = (i: number, j: number): Assignment | undefined => {
        const name = context.pred.names[i]
        if (name === undefined || name !== context.gold.names[j]) return undefined
        const tiers = context.tiers(i, j)
        return { pairs: [[i, j]], ...tiers }
      }
      return { context, pairs: alignMonotone(context.pred.calls.length, context.gold.calls.length, single) }
    }
    case 'turns': {
      const predTurns = indicesByTurn(context.pred)
      const goldTurns = indicesByTurn(context.gold)
      const block = (a: number, b: number) => assignAny(context, predTurns[a]!, goldTurns[b]!)
      const turnPairs = alignMonotone(predTurns.length, goldTurns.length, block)
      return { context, pairs: turnPairs.flatMap(([a, b]) => block(a, b).pairs) }
    }
  }
}
