/** Weighted counts: true positives, false positives, false negatives. */
export interface Counts {
  tp: number
  fp: number
  fn: number
}

export const COUNT_KEYS = ['tp', 'fp', 'fn'] as const satisfies readonly (keyof Counts)[]

/** A count as summed from weights: a finite number, 0 or more. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/** Counts by their shape: what was carried from a worker, a blob or a file, or handed in, is checked before it is summed. */
export function isCounts(value: unknown): value is Counts {
  if (typeof value !== 'object' || value === null) return false
  const { tp, fp, fn } = value as Record<string, unknown>
  return isCount(tp) && isCount(fp) && isCount(fn)
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
  return { tp, fp, fn, precision: precisionOf(tp, fp, fn), recall: recallOf(tp, fp, fn), f1: f1Of(tp, fp, fn) }
}

// One figure at a time, for a caller that builds its own object of them (a Score, for every trajectory).

export function precisionOf(tp: number, fp: number, fn: number): number {
  return tp + fp === 0 ? nothingAtAll(tp, fp, fn) : tp / (tp + fp)
}

export function recallOf(tp: number, fp: number, fn: number): number {
  return tp + fn === 0 ? nothingAtAll(tp, fp, fn) : tp / (tp + fn)
}

export function f1Of(tp: number, fp: number, fn: number): number {
  return 2 * tp + fp + fn === 0 ? nothingAtAll(tp, fp, fn) : (2 * tp) / (2 * tp + fp + fn)
}

/** A figure whose denominator is 0: 1 when nothing was expected nor predicted, else 0. */
function nothingAtAll(tp: number, fp: number, fn: number): number {
  return tp === 0 && fp === 0 && fn === 0 ? 1 : 0
}

