import { ANSI_COLORS, type Colors, NO_COLORS } from '../report/colors'

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
