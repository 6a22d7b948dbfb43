import { isRecord } from '../calls/plain-value'
import { printValue } from '../compare/print-value'
import { perToolSumsProblem } from './corpus-counts'
import { type Counts, figures, isCount, isCounts } from './figures'
import { scoreProblem } from './score-problem'

// A corpus report received from elsewhere (a report file, JSON, a value that only looks like
// one): checked as deeply as judging and printing it read it, so that a report edited by hand
// is an error naming what is wrong, never a figure taken on trust.

const FIGURE_KEYS = ['precision', 'recall', 'f1'] as const

/** Which of a row's figures is not the one its counts give (a figure edited, or lost to JSON as null), or undefined. */
export function figuresProblem(row: Record<string, unknown>): string | undefined {
  const expected = figures(row as unknown as Counts)
  for (const key of FIGURE_KEYS) {
    if (row[key] !== expected[key]) return `${key}: expected ${expected[key]}, the ${key} of its counts, received ${printValue(row[key])}`
  }
  return undefined
}

/** What is wrong with one of a report's worst episodes, after its place (`.score.pairs[0]: ...`), or undefined. */
function worstProblem(result: unknown): string | undefined {
  if (!isRecord(result) || typeof result.index !== 'number') return ': expected { index, score }'
  if (result.id !== undefined && typeof result.id !== 'string' && typeof result.id !== 'number') return '.id: expected a string or a number'
  const problem = scoreProblem(result.score)
  return problem === undefined ? undefined : `.score: ${problem}`
}

/** What is wrong with a value read as a corpus report (`perTool["f"].f1: …`), or undefined when it is one. */
export function corpusReportProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'expected an object'
  if (!isCounts(value)) return 'tp, fp, fn: expected counts'
  if (!(isCount(value.episodes) && Number.isInteger(value.episodes))) return 'episodes: expected a count'
  if (!isRecord(value.perTool)) return 'perTool: expected an object'
  for (const tool of Object.keys(value.perTool)) {
    if (!isCounts(value.perTool[tool])) return `perTool[${JSON.stringify(tool)}]: expected counts`
  }
  const sumsProblem = perToolSumsProblem(value as unknown as Counts & { perTool: Record<string, Counts> })
  if (sumsProblem !== undefined) return sumsProblem
  // The counts agree with one another; a figure that is not theirs was edited apart from them.
  const problem = figuresProblem(value)
  if (problem !== undefined) return problem
  for (const tool of Object.keys(value.perTool)) {
    const rowProblem = figuresProblem(value.perTool[tool] as Record<string, unknown>)
    if (rowProblem !== undefined) return `perTool[${JSON.stringify(tool)}].${rowProblem}`
  }
  if (!Array.isArray(value.worst)) return 'worst: expected a list'
  for (const [i, result] of value.worst.entries()) {
    const problem = worstProblem(result)
    if (problem !== undefined) return `worst[${i}]${problem}`
  }
  return undefined
}
