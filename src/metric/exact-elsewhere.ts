import type { PairingContext } from '../match/pairing-context'
import type { PairDetail, UnmatchedPrediction } from './score'

/** At most this many comparisons for the notes of one Score: a flood of left-over calls costs no second pairing. */
const COMPARISONS = 100_000

/**
 * At arg level, a left-over prediction may match exactly a gold call that an inexact one pairs with: the pairing
 * seats beside each gold call the prediction that agrees with most of it (README: Matching and scoring), or, with an
 * order, one that keeps it. Its reason then says so.
 */
class ExactElsewhere {
  /** The pairs that are not exact, by their gold call's tool. */
  private readonly inexactByName = new Map<string, PairDetail[]>()
  private comparisonsLeft = COMPARISONS

  constructor(
    pairs: readonly PairDetail[],
    private readonly context: PairingContext,
  ) {
    for (const pair of pairs) {
      if (pair.exact) continue
      const name = context.gold.names[pair.goldIndex]!
      const same = this.inexactByName.get(name)
      if (same === undefined) this.inexactByName.set(name, [pair])
      else same.push(pair)
    }
  }

  /** What to add to the reason of the left-over prediction `predIndex` of the tool `name`: nothing where it matches no such gold call. */
  note(predIndex: number, name: string): string {
    for (const pair of this.inexactByName.get(name) ?? []) {
      if (this.comparisonsLeft-- <= 0) return ''
      if (!this.context.rank(predIndex, pair.goldIndex).exact) continue
      const why = this.context.options.order === 'any' ? 'which agrees with more of its arguments' : 'as the order allows, or as it agrees with more of its arguments'
      return `: the one it matches exactly is paired with pred[${pair.predIndex}], ${why}`
    }
    return ''
  }
}

/** Adds the note to each left-over prediction's reason that calls it a hallucinated call, but for one of a flood past the pairing's bound. */
export function noteExactElsewhere(unmatched: UnmatchedPrediction[], pairs: readonly PairDetail[], context: PairingContext): void {
  let notes: ExactElsewhere | undefined
  for (const prediction of unmatched) {
    const name = context.pred.names[prediction.predIndex]
    if (prediction.kind !== 'hallucinated call' || name === undefined || prediction.predIndex >= context.pairedPredictions) continue
    notes ??= new ExactElsewhere(pairs, context)
    prediction.reason += notes.note(prediction.predIndex, name)
  }
}
