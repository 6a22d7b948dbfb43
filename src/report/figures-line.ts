import type { Figures } from '../metric/figures'
import { printDecimals, printFigure as round } from './print-figure'

/**
 * `TP 1  FP 1  FN 1  precision 0.5  recall 0.5  F1 0.5 (call level)`. The counts to `countDecimals`;
 * the ratios always rounded, as the counts shown decide them.
 */
export function figuresLine(figures: Figures & { level?: string }, countDecimals = 4): string {
  const level = figures.level === undefined ? '' : ` (${figures.level} level)`
  return (
    `TP ${printDecimals(figures.tp, countDecimals)}  FP ${printDecimals(figures.fp, countDecimals)}  FN ${printDecimals(figures.fn, countDecimals)}  ` +
    `precision ${round(figures.precision)}  recall ${round(figures.recall)}  F1 ${round(figures.f1)}${level}`
  )
}
