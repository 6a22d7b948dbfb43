import type { CorpusReport } from '../metric/evaluate'
import { hasScoreEntries } from '../metric/per-tool'
import type { Score } from '../metric/score'

function hasCounts(value: object): boolean {
  const { tp, fp, fn } = value as Record<string, unknown>
  return typeof tp === 'number' && typeof fp === 'number' && typeof fn === 'number'
}

/** A Score by its shape: counts and the detail of the pairing (a Score may come from either build, or from JSON). */
export function isScore(value: unknown): value is Score {
  return typeof value === 'object' && value !== null && hasCounts(value) && hasScoreEntries(value)
}

/** A corpus report from `evaluate` by its shape: counts, an episode count and per-tool figures. */
export function isCorpusReport(value: unknown): value is CorpusReport {
  if (typeof value !== 'object' || value === null || !hasCounts(value)) return false
  const { episodes, perTool } = value as Record<string, unknown>
  return typeof episodes === 'number' && typeof perTool === 'object' && perTool !== null
}
