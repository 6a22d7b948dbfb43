import type { Score } from '../metric/score'
import { formatScore } from '../report/format-score'
import { isScore } from './score-shape'

/** A pretty-format plugin, typed by its shape so that Jest's and Vitest's copies of pretty-format both accept it. */
export interface ScoreSerializer {
  test(value: unknown): boolean
  serialize(value: unknown, config: unknown, indentation: string): string
}

/**
 * A snapshot serializer that prints a Score as its aligned diff, without colour, so a
 * snapshot of a score reads like the failure message and changes when the pairing does.
 */
export const serializer: ScoreSerializer = {
  test: (value) => isScore(value),
  serialize(value, _config, indentation) {
    const text = formatScore(value as Score)
    // Nested inside another value, every line after the first keeps the surrounding indentation.
    return text
      .split('\n')
      .map((line, i) => (i === 0 || line === '' ? line : indentation + line))
      .join('\n')
  },
}
