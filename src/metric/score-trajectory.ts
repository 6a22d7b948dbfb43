import { readTurns } from '../calls/read'
import { readGold } from '../compare/gold-calls'
import type { GoldForm } from '../compare/gold-node'
import type { ResolvedMatchOptions } from '../match/options'
import { pairCalls } from '../match/pair-calls'
import { type Score, scorePairing } from './score'

/** Reads a trajectory and its gold, pairs them, and scores the pairs. `goldPath` names the gold in errors. */
export function scoreTrajectory(pred: unknown, gold: unknown, options: ResolvedMatchOptions, goldPath = 'gold', goldForm: GoldForm = 'author'): Score {
  const goldTurns = readGold(gold, goldPath, goldForm)
  return scorePairing(pairCalls(readTurns(pred), goldTurns, options))
}
