import type { Figures } from '../metric/figures'
import { printBesideThreshold, printDecimals, printFigure as round } from './print-figure'

/** The figure an assertion judged and the threshold it was judged against. */
export interface Judged {
  by: 'f1' | 'precision' | 'recall'
  threshold: number
}

/**
 * `TP 1  FP 1  FN 1  precision 0.5  recall 0.5  F1 0.5 (call level)`. The counts to `countDecimals`;
 * the ratios always rounded, as the counts shown decide them, but for a `judged` one, which never
 * rounds onto the other side of its threshold.
 */
export function figuresLine(figures: Figures & { level?: string }, countDecimals = 4, judged?: Judged): string {
  const level = figures.level === undefined ? '' : ` (${figures.level} level)`
  const ratio = (by: Judged['by']) => (judged?.by === by ? printBesideThreshold(figures[by], judged.threshold) : round(figures[by]))
  return (
    `TP ${printDecimals(figures.tp, countDecimals)}  FP ${printDecimals(figures.fp, countDecimals)}  FN ${printDecimals(figures.fn, countDecimals)}  ` +
    `precision ${ratio('precision')}  recall ${ratio('recall')}  F1 ${ratio('f1')}${level}`
  )
}
