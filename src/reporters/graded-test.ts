import { type Counts, isCount, isCounts } from '../metric/figures'
import type { RepeatSums, TestToolCalls } from '../matchers/record-score'

/** A test and what its graded assertions add up to. */
export interface GradedTest extends RepeatSums {
  /** The test file, relative to the runner's root. */
  file: string
  /** The project that ran it, where the project has a name (under Jest, where it alone ran the file): one file may run in several. */
  project?: string
  /** The test's full name, its describe blocks first. */
  test: string
}


/** A count of episodes, tests or assertions: a whole number. */
export function isWholeCount(value: unknown): value is number {
  return isCount(value) && Number.isInteger(value)
}


export function isPerTool(value: unknown): value is Record<string, Counts> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every(isCounts)
}

/** Absent, or the folded name of rows of `perTool`, each a string. */
export function isFoldedNames(foldedNames: unknown, perTool: Record<string, Counts>): boolean {
  if (foldedNames === undefined) return true
  if (typeof foldedNames !== 'object' || foldedNames === null || Array.isArray(foldedNames)) return false
  return Object.entries(foldedNames).every(([tool, folded]) => typeof folded === 'string' && Object.hasOwn(perTool, tool))
}

/** Absent, or a list of rows of `perTool`: the rows a gold call named whose counts do not tell it. */
export function isGoldRows(goldRows: unknown, perTool: Record<string, Counts>): boolean {
  return goldRows === undefined || (Array.isArray(goldRows) && goldRows.every((row) => typeof row === 'string' && Object.hasOwn(perTool, row)))
}

/** How many of `assertions` were scored at arg level: absent, or a whole count of at most that many. */
export function isArgLevelCount(argLevel: unknown, assertions: number): boolean {
  return argLevel === undefined || (isWholeCount(argLevel) && argLevel <= assertions)
}

/** The sums of a test's repeats by their shape. */
function isRepeatSums(value: unknown): value is RepeatSums {
  if (!isCounts(value)) return false
  const { perTool, foldedNames, goldRows, assertions, argLevel } = value as unknown as Record<string, unknown>
  const isWhole = typeof assertions === 'number' && Number.isInteger(assertions) && assertions > 0
  const rows = isPerTool(perTool) && isFoldedNames(foldedNames, perTool) && isGoldRows(goldRows, perTool)
  return rows && isWhole && isArgLevelCount(argLevel, assertions as number)
}

/** A test's `meta.toolcalls` by its shape. */
export function isTestToolCalls(value: unknown): value is TestToolCalls {
  if (!isRepeatSums(value)) return false
  const { attempt, endedRepeats } = value as unknown as Record<string, unknown>
  const isAttempt = attempt === undefined || (typeof attempt === 'number' && Number.isInteger(attempt) && attempt > 0)
  return isAttempt && (endedRepeats === undefined || isRepeatSums(endedRepeats))
}
