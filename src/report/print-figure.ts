/**
 * A figure or a count as the messages print it: at most four decimals, no trailing zeros, but
 * never a whole number it is not (a recall of 0.99997 beside one false negative is no 1).
 */
export function printFigure(value: number): string {
  return printDecimals(value, 4)
}

/** A figure to at most `decimals` decimals, as printFigure prints it to four; every decimal where `decimals` is infinite. */
export function printDecimals(value: number, decimals: number): string {
  if (decimals === Infinity) return String(value)
  const printed = Number(value.toFixed(decimals))
  if (!Number.isInteger(printed) || Number.isInteger(value)) return String(printed)
  for (let digits = decimals + 1; digits <= 20; digits++) {
    const closer = Number(value.toFixed(digits))
    if (!Number.isInteger(closer)) return String(closer)
  }
  return String(value)
}

/**
 * A figure printed beside the threshold it is judged against: as printFigure prints it, with more
 * decimals where rounding would carry it across the threshold (0.79999 beside 0.8 is no 0.8).
 */
export function printBesideThreshold(value: number, threshold: number): string {
  const reaches = value >= threshold
  for (let digits = 4; digits <= 20; digits++) {
    const printed = printDecimals(value, digits)
    if (Number(printed) >= threshold === reaches) return printed
  }
  return String(value)
}

/** A threshold written as a percentage (`80` where 0.8 is meant), the fraction it means: ` (for 80%, write 0.8)`; '' for a number that is none. */
export function percentageAsFraction(threshold: unknown): string {
  return typeof threshold === 'number' && threshold > 1 && threshold <= 100 ? writeAsFraction(threshold) : ''
}

/** ` (for 80%, write 0.8)` */
export function writeAsFraction(percent: number): string {
  // Rounded, as 99.99 / 100 is 0.9998999999999999.
  return ` (for ${percent}%, write ${Number((percent / 100).toPrecision(12))})`
}
