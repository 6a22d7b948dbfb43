import { printFigure, printFiguresApart } from '../report/print-figure'
import { type ParsedArgs, stringOption, usageError } from './args'

/** The figure fell short of --min-f1: the report is out all the same, and the command exits with code 1. */
export class BelowMinF1 extends Error {
  override name = 'BelowMinF1'
}

/** `--min-f1 0.8`: a number from 0 to 1, as the reporters' `minF1` is. */
export function minF1Option(command: string, parsed: ParsedArgs): number | undefined {
  const value = stringOption(parsed, 'min-f1')
  if (value === undefined) return undefined
  const figure = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(value) ? Number(value) : Number.NaN
  if (!(figure >= 0 && figure <= 1)) throw usageError(command, `--min-f1: expected a number from 0 to 1, received '${value}'${asFraction(figure)}`)
  return figure
}

/** Throws BelowMinF1 when the F1 is below the threshold; a report that scored nothing reaches no threshold. */
export function checkMinF1(command: string, f1: number, minF1: number | undefined, scoredNothing: boolean): void {
  if (minF1 === undefined) return
  if (scoredNothing) throw new BelowMinF1(`toolcalls ${command}: --min-f1 is ${printFigure(minF1)}, but nothing was scored`)
  if (f1 >= minF1) return
  const [printedF1, printedMin] = printFiguresApart(f1, minF1)
  throw new BelowMinF1(`toolcalls ${command}: the F1 ${printedF1} is below --min-f1 ${printedMin}`)
}

/** For a threshold written as a percentage (`80`), the fraction it means: ` (for 80%, write 0.8)`. */
function asFraction(figure: number): string {
  if (!(figure > 1 && figure <= 100)) return ''
  // Rounded, as 99.99 / 100 is 0.9998999999999999.
  return ` (for ${figure}%, write ${Number((figure / 100).toPrecision(12))})`
}
