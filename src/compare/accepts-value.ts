import { UNNAMED } from '../calls/path'
import type { Canonicalizer } from './canonicalizers'
import { compareValue, type ValueContext } from './compare-value'
import { compileGoldValue } from './gold-node'
import type { Grammar } from './grammar'
import { withoutFilledDefaults } from './nested-defaults'
import type { ValueSchema } from './value-schema'

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

/** The options a score was made with that its comparison of values depends on. */
type ScoredWith = ValueContext & { grammar: Grammar; canonicalizeName: Canonicalizer }

/**
 * How a score of these options compared values, for a nested diff to mark only what it found wrong: what it
 * takes in a gold value's place, a predicted argument as it compared it, and its canonical form of strings.
 */
export function scoreComparison(options: ScoredWith): { accepts: AcceptsValue; compared: ComparedPrediction; canonical: Canonicalizer; declared: DeclaredSchema } {
  return { accepts: acceptsUnder(options), compared: comparedUnder(options), canonical: options.canonicalize, declared: declaredUnder(options) }
}

/** The schema the tool declares for an argument, which a score checks a predicted value against beside the gold. */
export type DeclaredSchema = (tool: string, arg: string) => ValueSchema | undefined

function declaredUnder({ grammar, canonicalizeName }: ScoredWith): DeclaredSchema {
  return (tool, arg) => {
    if (grammar.tools.size === 0) return undefined
    try {
      return grammar.tools.get(canonicalizeName(tool))?.args.get(arg)?.schema
    } catch {
      return undefined
    }
  }
}

/** A predicted argument of a call to `tool` as a score compares it with `gold`: see comparedUnder. */
export type ComparedPrediction = (tool: string, arg: string, gold: unknown, pred: unknown) => unknown

/**
 * The predicted argument as a score of these options compares it: without the keys inside it that an SDK filled in
 * with their declared default (withoutFilledDefaults), which count as left out; the value itself where there are none.
 */
function comparedUnder(options: ScoredWith): ComparedPrediction {
  const context: ValueContext = { canonicalize: options.canonicalize, testers: options.testers }
  const declared = declaredUnder(options)
  return (tool, arg, gold, pred) => {
    try {
      const schema = declared(tool, arg)
      return schema === undefined ? pred : withoutFilledDefaults(compileGoldValue(gold, UNNAMED, 0, true), pred, schema, context)
    } catch {
      return pred
    }
  }
}
