import { isPlainNode } from '../compare/gold-node'
import { argumentsKey } from '../compare/value-key'
import type { PairingContext } from './pairing-context'

export interface IdenticalPairs {
  pairs: Array<[predIndex: number, goldIndex: number]>
  restPreds: number[]
  restGolds: number[]
}

/**
 * Pairs predictions identical to a gold call before the assignment, in order of position.
 * Sound only where every gold value is plain data (no marker, predicate or matcher) and no
 * schema or custom tester is in play: then exact matches are exactly the identical calls,
 * and an identical pair is in some optimal assignment at either level (swapping it in
 * never lowers the agreement). Undefined where it does not apply.
 */
export function pairIdentical(ctx: PairingContext, preds: readonly number[], golds: readonly number[]): IdenticalPairs | undefined {
  const name = ctx.gold.names[golds[0]!]!
  if (ctx.valueContext.testers !== undefined || ctx.callContext(name).spec?.declared === true) return undefined
  for (const g of golds) if (!ctx.gold.calls[g]!.values.every(isPlainNode)) return undefined
  const waiting = new Map<string, number[]>()
  for (const g of golds) {
    const gold = ctx.gold.calls[g]!
    // A plain value accepts exactly one key: its own.
    const key = argumentsKey(gold.keys, ctx.goldAccepted(g).map((accepted) => (accepted === 'any' ? undefined : accepted?.[0])))
    if (key === undefined) return undefined
    let list = waiting.get(key)
    if (list === undefined) waiting.set(key, (list = []))
    list.push(g)
  }
  const pairs: Array<[number, number]> = []
  const paired = new Set<number>()
  const restPreds: number[] = []
  for (const p of preds) {
    const pred = ctx.pred.calls[p]!
    const { names, keys } = ctx.predArgKeys(p)
    const key = pred.positional?.length ? undefined : argumentsKey(names, keys)
    const list = key === undefined ? undefined : waiting.get(key)
    if (list === undefined || list.length === 0) {
      restPreds.push(p)
      continue
    }
    const g = list.shift()!
    pairs.push([p, g])
    paired.add(g)
  }
  return { pairs, restPreds, restGolds: golds.filter((g) => !paired.has(g)) }
}
