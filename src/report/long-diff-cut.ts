import type { Colors } from './colors'

/** Lines of a nested diff shown before the rest are counted: a value nested hundreds deep would diff to pages of lines, each the wider for its depth. */
const SHOWN_LINES = 100

/**
 * A nested diff's lines: the first as many as are shown, then how many more there are. jest-diff
 * colours each line on its own, so cutting between lines leaves no colour open.
 */
export function longDiffCut(diff: string, colors: Colors): string[] {
  const lines = diff.split('\n')
  if (lines.length <= SHOWN_LINES) return lines
  const left = lines.length - SHOWN_LINES
  return [...lines.slice(0, SHOWN_LINES), colors.dim(`… and ${left} more ${left === 1 ? 'line' : 'lines'} of the diff`)]
}
