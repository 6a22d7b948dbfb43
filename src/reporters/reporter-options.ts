import { readingAt } from '../calls/path'
import { printValue } from '../compare/print-value'
import type { ScoreFigure } from '../matchers/matcher-types'
import { checkOptions } from '../match/options'
import { didYouMean } from '../compare/nearest'
import { namesDirectory } from './write-report-json'
import { percentageAsFraction } from '../report/print-figure'

/** The options of either runner's corpus reporter. */
export interface ToolCallsReporterOptions {
  /** The run fails when the corpus micro-F1 is below this (0 to 1). */
  minF1?: number | undefined
  /** Also write the report as JSON to this path (relative to the runner's root). */
  json?: string | undefined
  /** How many of the lowest tests to list (default 5). */
  worst?: number | undefined
  /** Which figure ranks the lowest tests (default 'f1'). */
  by?: ScoreFigure | undefined
}

export interface ResolvedReporterOptions {
  minF1: number | undefined
  json: string | undefined
  worst: number
  by: ScoreFigure
}

const KEYS = ['minF1', 'json', 'worst', 'by']

/** How many of the lowest tests a report lists unless told. */
export const DEFAULT_WORST = 5

/** Reads a reporter's options; an error names the reporter and the option, so a typo in a config is found at start. */
export function readReporterOptions(options: unknown, reporter: string): ResolvedReporterOptions {
  const path = `${reporter} options`
  if (options === undefined || options === null) return { minF1: undefined, json: undefined, worst: DEFAULT_WORST, by: 'f1' }
  checkOptions(options, KEYS, path)
  // A getter that throws is a TypeError naming the options, as the metric's are.
  const { minF1, json, worst = DEFAULT_WORST, by = 'f1' } = readingAt(path, () => ({ ...(options as Record<string, unknown>) }))
  if (minF1 !== undefined && (typeof minF1 !== 'number' || !(minF1 >= 0 && minF1 <= 1))) {
    throw new TypeError(`${path}.minF1: expected a number from 0 to 1, received ${printValue(minF1)}${percentageAsFraction(minF1)}`)
  }
  if (json !== undefined && (typeof json !== 'string' || json === '')) {
    throw new TypeError(`${path}.json: expected the path of a file to write, received ${printValue(json)}`)
  }
  if (json !== undefined && namesDirectory(json)) {
    throw new TypeError(`${path}.json: expected the path of a file to write, received ${printValue(json)}, which ends in a slash and so names a directory`)
  }
  if (typeof worst !== 'number' || !Number.isInteger(worst) || worst < 0) {
    throw new TypeError(`${path}.worst: expected a count of tests (0 or more), received ${printValue(worst)}`)
  }
  if (by !== 'f1' && by !== 'precision' && by !== 'recall') {
    throw new TypeError(`${path}.by: expected 'f1', 'precision' or 'recall', received ${printValue(by)}${didYouMean(by, ['f1', 'precision', 'recall'])}`)
  }
  return { minF1, json, worst, by }
}
