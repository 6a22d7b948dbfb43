import { type Colors, NO_COLORS } from '../report/colors'

const style = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`

const ANSI_COLORS: Colors = {
  expected: style(32, 39),
  received: style(31, 39),
  dim: style(2, 22),
  bold: style(1, 22),
}

/**
 * Colours for a terminal (gold green, prediction red, as Jest prints them), but one that says it
 * has none (`TERM=dumb`). `NO_COLOR` turns them off; `FORCE_COLOR` turns them on anywhere, or off
 * when it is `0` or `false`, as Node and the test runners read it.
 */
export function terminalColors(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Colors {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return NO_COLORS
  const force = env.FORCE_COLOR
  if (force !== undefined) return force === '0' || force === 'false' ? NO_COLORS : ANSI_COLORS
  return stream.isTTY === true && env.TERM !== 'dumb' ? ANSI_COLORS : NO_COLORS
}
