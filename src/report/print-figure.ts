/** A figure or a count as the messages print it: at most four decimals, no trailing zeros. */
export function printFigure(value: number): string {
  return String(Number(value.toFixed(4)))
}

/** Two figures compared in one message: printed in full when four decimals would make them look equal. */
export function printFiguresApart(a: number, b: number): [string, string] {
  const printedA = printFigure(a)
  const printedB = printFigure(b)
  return printedA === printedB && a !== b ? [String(a), String(b)] : [printedA, printedB]
}
