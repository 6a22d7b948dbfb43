import { readTurns, readTurnsCopied } from '../calls/read'
import type { ToolCall, Turns } from '../calls/tool-call'
import { type GoldTurns, readGold } from '../compare/gold-calls'
import { checkOptions, MATCH_OPTION_KEYS, type MatchOptions, type ResolvedMatchOptions, resolveMatchOptions } from './options'
import { pairCalls } from './pair-calls'

/** A gold call as its author wrote it. */
export interface GoldToolCall {
  name: string
  args: Record<string, unknown>
}

export interface Pair {
  pred: ToolCall
  gold: GoldToolCall
  predIndex: number
  goldIndex: number
  exact: boolean
}

export interface Matching {
  pairs: Pair[]
  unmatchedPred: Array<{ pred: ToolCall; predIndex: number }>
  unmatchedGold: Array<{ gold: GoldToolCall; goldIndex: number }>
}

/** Which predicted call pairs with which gold call (README: Matching and scoring); indices are into the flattened calls. */
export function matchCalls(pred: unknown, gold: unknown, options: MatchOptions = {}): Matching {
  checkOptions(options, MATCH_OPTION_KEYS, 'options')
  const resolved = resolveMatchOptions(options)
  const goldTurns = readGold(gold)
  try {
    return matching(readTurns(pred), goldTurns, resolved)
  } catch {
    // As in scoreTrajectory: a getter of the shared prediction threw on a later read; read it again, each value copied.
    return matching(readTurnsCopied(pred), goldTurns, resolved)
  }
}

function matching(predTurns: Turns, goldTurns: GoldTurns, resolved: ResolvedMatchOptions): Matching {
  const { context, pairs } = pairCalls(predTurns, goldTurns, resolved)
  const goldCall = (i: number): GoldToolCall => ({ name: context.gold.calls[i]!.name, args: context.gold.calls[i]!.args })
  const predPaired = new Set(pairs.map(([p]) => p))
  const goldPaired = new Set(pairs.map(([, g]) => g))
  return {
    pairs: pairs
      .map(([predIndex, goldIndex]) => ({
        pred: context.pred.calls[predIndex]!,
        gold: goldCall(goldIndex),
        predIndex,
        goldIndex,
        exact: context.rank(predIndex, goldIndex).exact,
      }))
      .sort((a, b) => a.goldIndex - b.goldIndex),
    unmatchedPred: context.pred.calls.flatMap((call, predIndex) => (predPaired.has(predIndex) ? [] : [{ pred: call, predIndex }])),
    unmatchedGold: context.gold.calls.flatMap((_, goldIndex) => (goldPaired.has(goldIndex) ? [] : [{ gold: goldCall(goldIndex), goldIndex }])),
  }
}
