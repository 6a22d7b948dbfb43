import { UNNAMED } from '../calls/path'
import { compareValue, type ValueContext } from './compare-value'
import { compileGoldValue } from './gold-node'

/** Whether the comparison a Score makes takes a predicted value in a gold value's place. */
export type AcceptsValue = (gold: unknown, pred: unknown) => boolean

/**
 * The comparison of a score's options for any part of a gold value (canonicalizer and testers
 * included), so that a nested diff marks only what the score found wrong. A part that does not
 * compile alone is not accepted, and is shown as written.
 */
export function acceptsUnder({ canonicalize, testers }: ValueContext): AcceptsValue {
  // A context of its own, of the shape scoring gives compareValue, rather than the options themselves.
  const context: ValueContext = { canonicalize, testers }
  return (gold, pred) => {
    try {
      // As under a key, where `optional()` may stand: a gold the score compiled has it nowhere else.
      return compareValue(compileGoldValue(gold, UNNAMED, 0, true), pred, context, null) === undefined
    } catch {
      return false
    }
  }
}
