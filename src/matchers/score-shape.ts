import type { CorpusReport } from '../metric/evaluate'
import { hasScoreEntries } from '../metric/per-tool'
import type { Score } from '../metric/score'
import { scoreProblem } from '../metric/score-problem'

function hasCounts(value: object): boolean {
  const { tp, fp, fn } = value as Record<string, unknown>
  return typeof tp === 'number' && typeof fp === 'number' && typeof fn === 'number'
}

/**
 * Whether a received value passes `shape`; false when reading it throws (a revoked Proxy, a
 * getter that throws), so that such a value is graded as a trajectory, which never throws.
 */
function hasShape(value: unknown, shape: (value: object) => boolean): boolean {
  if (typeof value !== 'object' || value === null) return false
  try {
    return shape(value)
  } catch {
    return false
  }
}

/**
 * A Score by its shape: counts and the detail of the pairing, checked as deeply as printing it
 * reads it (a Score may come from either build, or from JSON; an object that only looks like
 * one is not printed as one).
 */
export function isScore(value: unknown): value is Score {
  return hasShape(value, (object) => hasCounts(object) && hasScoreEntries(object) && scoreProblem(object) === undefined)
}

/** A corpus report from `evaluate` by its shape: counts, an episode count and per-tool figures. */
export function isCorpusReport(value: unknown): value is CorpusReport {
  return hasShape(value, (object) => {
    if (!hasCounts(object)) return false
    const { episodes, perTool } = object as Record<string, unknown>
    return typeof episodes === 'number' && typeof perTool === 'object' && perTool !== null
  })
}

/** A reporter's report of a test run (its `json`) by its shape: counts, and how many tests and assertions it sums. */
export function isTestRunReport(value: unknown): boolean {
  return hasShape(value, (object) => {
    if (!hasCounts(object)) return false
    const { tests, assertions } = object as Record<string, unknown>
    return typeof tests === 'number' && typeof assertions === 'number'
  })
}
