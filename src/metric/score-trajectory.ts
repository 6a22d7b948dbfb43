import { readTurns, readTurnsCopied } from '../calls/read'
import { unparseableCall } from '../calls/tool-call'
import { type GoldTurns, readGold } from '../compare/gold-calls'
import type { GoldForm } from '../compare/gold-node'
import type { ResolvedMatchOptions } from '../match/options'
import { pairCalls } from '../match/pair-calls'
import { type Score, scorePairing } from './score'

/** Reads a trajectory and its gold, pairs them, and scores the pairs. `goldPath` names the gold in errors. */
export function scoreTrajectory(pred: unknown, gold: unknown, options: ResolvedMatchOptions, goldPath = 'gold', goldForm: GoldForm = 'author'): Score {
  const goldTurns = readGold(gold, goldPath, goldForm)
  const predTurns = readTurns(pred)
  try {
    return scorePairing(pairCalls(predTurns, goldTurns, options))
  } catch {
    // A getter in the prediction's shared plain data threw on a later read: read it again with each value copied, read
    // once (a getter that throws then makes its call unparseable). What throws still is not the prediction's doing.
    return scoreCopied(pred, goldTurns, options)
  }
}

/**
 * scoreTrajectory with the prediction read with every value copied, each getter read once: for a
 * message, where printing a Score read the prediction's shared values again and a getter threw.
 */
export function scoreTrajectoryCopied(pred: unknown, gold: unknown, options: ResolvedMatchOptions, goldPath = 'gold', goldForm: GoldForm = 'author'): Score {
  return scoreCopied(pred, readGold(gold, goldPath, goldForm), options)
}

function scoreCopied(pred: unknown, goldTurns: GoldTurns, options: ResolvedMatchOptions): Score {
  return scorePairing(pairCalls(readTurnsCopied(pred), goldTurns, options))
}

/** A prediction that could not be handed over at all (the getter that holds it threw): one unparseable call saying why. */
export function scoreUnreadable(reason: string, gold: unknown, options: ResolvedMatchOptions, goldPath = 'gold', goldForm: GoldForm = 'author'): Score {
  return scorePairing(pairCalls([[unparseableCall(reason)]], readGold(gold, goldPath, goldForm), options))
}
