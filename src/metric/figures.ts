/** Weighted counts: true positives, false positives, false negatives. */
export interface Counts {
  tp: number
  fp: number
  fn: number
}

export interface Figures extends Counts {
  precision: number
  recall: number
  f1: number
}

/**
 * precision = TP/(TP+FP), recall = TP/(TP+FN), F1 = 2TP/(2TP+FP+FN). With nothing expected
 * and nothing predicted (all counts 0) every figure is 1; otherwise a figure whose
 * denominator is 0 is 0.
 */
export function figures({ tp, fp, fn }: Counts): Figures {
  if (tp === 0 && fp === 0 && fn === 0) return { tp, fp, fn, precision: 1, recall: 1, f1: 1 }
  return {
    tp,
    fp,
    fn,
    precision: tp + fp === 0 ? 0 : tp / (tp + fp),
    recall: tp + fn === 0 ? 0 : tp / (tp + fn),
    f1: 2 * tp + fp + fn === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn),
  }
}

export function addCounts(into: Counts, add: Counts): void {
  into.tp += add.tp
  into.fp += add.fp
  into.fn += add.fn
}
