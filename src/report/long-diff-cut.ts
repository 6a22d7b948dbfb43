import type { Colors } from './colors'
import { MESSAGE_BOUNDS } from './print-bounds'

/**
 * A nested diff's lines: the first `shownLines` (a value nested hundreds deep would diff to pages
 * of lines, each the wider for its depth), then how many more there are. jest-diff
 * colours each line on its own, so cutting between lines leaves no colour open.
 */
export function longDiffCut(diff: string, colors: Colors, shownLines = MESSAGE_BOUNDS.diffLines): string[] {
  const lines = diff.split('\n')
  if (lines.length <= shownLines) return lines
  const left = lines.length - shownLines
  return [...lines.slice(0, shownLines), colors.dim(`… and ${left} more ${left === 1 ? 'line' : 'lines'} of the diff`)]
}
