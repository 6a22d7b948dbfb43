import { type Colors, NO_COLORS } from '../report/colors'

const style = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`

const ANSI_COLORS: Colors = {
  expected: style(32, 39),
  received: style(31, 39),
  dim: style(2, 22),
  bold: style(1, 22),
}

/** Colours for a terminal (gold green, prediction red, as Jest prints them); none when not a terminal or `NO_COLOR` is set. */
export function terminalColors(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Colors {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== ''
  return stream.isTTY === true && !noColor ? ANSI_COLORS : NO_COLORS
}
