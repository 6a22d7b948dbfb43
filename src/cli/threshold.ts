import { percentageAsFraction, printBesideThreshold, writeAsFraction } from '../report/print-figure'
import { type ParsedArgs, stringOption, usageError } from './args'

/** The figure fell short of its threshold: the report is out all the same, and the command exits with code 1. */
export class BelowThreshold extends Error {
  override name = 'BelowThreshold'
}

/** The options that set a threshold, and the figure each judges. */
const FIGURES = { 'min-f1': 'F1', 'min-accuracy': 'accuracy' } as const

export type ThresholdOption = keyof typeof FIGURES

/** A decimal, in exponent notation too (1e-1); not what else Number reads (0x1, '', Infinity). */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i

/** `--min-f1 0.8`: a number from 0 to 1, as the reporters' `minF1` is. */
export function thresholdOption(command: string, parsed: ParsedArgs, option: ThresholdOption = 'min-f1'): number | undefined {
  const value = stringOption(parsed, option)
  if (value === undefined) return undefined
  const figure = DECIMAL.test(value) ? Number(value) : Number.NaN
  if (!(figure >= 0 && figure <= 1)) throw usageError(command, `--${option}: expected a number from 0 to 1, received '${value}'${asFraction(value, figure)}`)
  return figure
}

/** Throws BelowThreshold when the figure is below the threshold; a report that scored nothing reaches no threshold. */
export function checkThreshold(command: string, figure: number, threshold: number | undefined, scoredNothing: boolean, option: ThresholdOption = 'min-f1'): void {
  if (threshold === undefined) return
  if (scoredNothing) throw new BelowThreshold(`toolcalls ${command}: --${option} is ${threshold}, but nothing was scored`)
  if (figure >= threshold) return
  // The threshold as given (0.12345 is no 0.1235); the figure to as many decimals as keep it below.
  throw new BelowThreshold(`toolcalls ${command}: the ${FIGURES[option]} ${printBesideThreshold(figure, threshold)} is below --${option} ${threshold}`)
}

/** For a threshold written as a percentage (`80`, `80%`), the fraction it means: ` (for 80%, write 0.8)`. */
function asFraction(value: string, figure: number): string {
  if (!value.endsWith('%') || !DECIMAL.test(value.slice(0, -1))) return percentageAsFraction(figure)
  const percent = Number(value.slice(0, -1))
  return percent <= 100 ? writeAsFraction(percent) : ''
}
