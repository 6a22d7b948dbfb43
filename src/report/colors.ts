/** How the report colours its parts; the matchers pass the runner's own, the serializer none. */
export interface Colors {
  expected: (s: string) => string
  received: (s: string) => string
  dim: (s: string) => string
  bold: (s: string) => string
}

const plain = (s: string) => s

export const NO_COLORS: Colors = { expected: plain, received: plain, dim: plain, bold: plain }

const style = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`

/** A terminal's colours, as Jest's own are: gold green, prediction red. */
export const ANSI_COLORS: Colors = {
  expected: style(32, 39),
  received: style(31, 39),
  dim: style(2, 22),
  bold: style(1, 22),
}
