/** A figure or a count as the messages print it: at most four decimals, no trailing zeros. */
export function printFigure(value: number): string {
  return String(Number(value.toFixed(4)))
}
