import type { Score } from '../metric/score'
import { formatGivenScore } from '../report/format-score'
import { type PrintBounds, WHOLE } from '../report/print-bounds'
import { isScore } from './score-shape'

/** A pretty-format plugin, typed by its shape so that Jest's and Vitest's copies of pretty-format both accept it. */
export interface ScoreSerializer {
  test(value: unknown): boolean
  serialize(value: unknown, config: unknown, indentation: string): string
}

const SCORE_KEYS = new Set(['level', 'tp', 'fp', 'fn', 'precision', 'recall', 'f1', 'pairs', 'unmatchedPred', 'unmatchedGold'])

/** A Score with fields of the user's own beside it (`{ ...score, note }`) is snapshotted as it is: the diff would leave them out. */
function holdsScoreAlone(score: Score): boolean {
  try {
    return Object.keys(score).every((key) => SCORE_KEYS.has(key))
  } catch {
    return false
  }
}

/** A snapshot's bounds with nested diffs' plain objects and lists unnamed (`{`, `[`), as the runners' snapshots print them by default. */
const WHOLE_UNNAMED: PrintBounds = Object.freeze({ ...WHOLE, printBasicPrototype: false })

/** Whether the snapshot names plain objects and lists (`Object {`): pretty-format's option, which Jest and Vitest turn off by default. */
function printBasicPrototype(config: unknown): boolean {
  try {
    return (config as { printBasicPrototype?: unknown } | undefined)?.printBasicPrototype !== false
  } catch {
    return true
  }
}

/**
 * A snapshot serializer that prints a Score as its aligned diff, without colour, so a snapshot
 * of a score reads like the failure message. Unlike the message it is whole, nothing cut or
 * counted instead of listed: a snapshot that left a part out would pass when that part changed.
 */
export const serializer: ScoreSerializer = {
  test: (value) => isScore(value) && holdsScoreAlone(value),
  serialize(value, config, indentation) {
    const text = formatGivenScore(value as Score, { bounds: printBasicPrototype(config) ? WHOLE : WHOLE_UNNAMED })
    // Nested inside another value, every line after the first keeps the surrounding indentation.
    return text
      .split('\n')
      .map((line, i) => (i === 0 || line === '' ? line : indentation + line))
      .join('\n')
  },
}
