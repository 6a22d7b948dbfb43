import { isObject } from '../calls/formats/reader'
import { isRecord, ownValue } from '../calls/plain-value'
import type { ToolCall } from '../calls/tool-call'
import { compareValue, type Mismatch, type ValueContext } from './compare-value'
import type { GoldCall } from './gold-calls'
import type { GoldNode } from './gold-node'
import type { ToolSpec } from './grammar'
import { withoutFilledDefaults } from './nested-defaults'
import { type AgreedParts, checkSchema, type ValueSchema } from './value-schema'

/** How one argument of a pair fared (README: Matching and scoring). */
export type Verdict = 'match' | 'mismatch' | 'missing' | 'unexpected' | 'omitted'

export interface ArgVerdict {
  /** The argument's name; for one given by position, `#1`, `#2`, ... */
  arg: string
  /** For an argument given by position, its place from 1: told apart from a keyword argument named `#1`. */
  position?: number
  verdict: Verdict
  /** The argument's unit weight, w(tool) x w(tool, arg). */
  weight: number
  /** Why it is not a match, naming the path inside the value where there is one. */
  reason?: string
}

/** What ranking a pair needs: whether it matches exactly, the weight of the arguments that agree, its errors spared, and what of them is left out by declared defaults. */
export interface PairRank {
  exact: boolean
  agreement: number
  /**
   * At arg level, what pairing the two calls spares beyond their agreement: the weight of predicted
   * arguments that equal their declared default or are a null left out (counted nothing in a pair, FP
   * apart), less that of optional gold arguments given (counted in a pair, nothing apart). A pairing's FP + FN is a constant
   * less twice its agreement less the sum of this, so among pairings of equal agreement, the one that
   * spares the most has the fewest errors, whatever order the calls came in.
   */
  spared: number
  /**
   * The weight of predicted arguments that equal their declared default or are a null left out. Among pairings that spare as
   * many errors, the one that leaves out the most by defaults gives the most optional gold arguments,
   * each an FN in a pair, so it has the fewest FPs: its FP and FN, not only their sum, are then the same
   * whatever order the calls came in.
   */
  defaulted: number
}

export interface CallContext {
  value: ValueContext
  /** The tool's spec from the grammar, if it has one; gives weights, declared types and defaults. */
  spec: ToolSpec | undefined
  toolWeight: number
}

/** An argument's unit weight: w(tool) x w(tool, arg). */
export function argWeight(ctx: CallContext, arg: string): number {
  return ctx.toolWeight * (ctx.spec?.args.get(arg)?.importance ?? 1)
}

const NULL_LEFT_OUT = 'null, for an argument the schema requires yet lets be null'

/**
 * Why a predicted argument that the gold does not list counts as left out, or undefined: it
 * equals the declared default, or it is null where the schema takes null for left out.
 */
function leftOutBySchema(ctx: CallContext, arg: string, value: unknown): string | undefined {
  const spec = ctx.spec?.args.get(arg)
  if (spec === undefined) return undefined
  if (value === null && spec.nullLeavesOut === true) return NULL_LEFT_OUT
  const declared = spec.schema?.default
  return declared !== undefined && compareValue(declared, value, ctx.value, null) === undefined ? 'equals the declared default' : undefined
}

/**
 * Whether a gold value names the accepted values themselves, rather than accepting any value or a
 * predicate's, anywhere in it: a list or object that holds `optional()` or a matcher accepts values
 * it does not name there, which the declared schema then still checks.
 */
function namesValues(node: GoldNode): boolean {
  switch (node.kind) {
    case 'oneOf':
      return node.alternatives.every(namesValues)
    case 'optional':
      return node.inner !== undefined && namesValues(node.inner)
    case 'satisfies':
    case 'matcher':
      return false
    case 'list':
      return node.plain || node.items.every(namesValues)
    case 'object':
      return node.plain || node.values.every(namesValues)
    default:
      return true
  }
}

/**
 * The parts of a predicted value that the gold names outright and the prediction agrees with there: the whole value,
 * or, where it is wrong or the gold accepts values it does not name, those within it, each compared at its place
 * (an item by its place, a property by its name; of a oneOf, within the alternative that takes the value).
 */
function agreedParts(node: GoldNode, pred: unknown, ctx: ValueContext): AgreedParts | undefined {
  if (namesValues(node) && compareValue(node, pred, ctx, null) === undefined) return true
  let parts: Map<string | number, AgreedParts> | undefined
  const add = (step: string | number, part: AgreedParts | undefined) => {
    if (part !== undefined) (parts ??= new Map()).set(step, part)
  }
  switch (node.kind) {
    case 'optional':
      return node.inner === undefined ? undefined : agreedParts(node.inner, pred, ctx)
    case 'oneOf': {
      const taking = node.alternatives.find((alternative) => compareValue(alternative, pred, ctx, null) === undefined)
      return taking === undefined ? undefined : agreedParts(taking, pred, ctx)
    }
    case 'list':
      if (!Array.isArray(pred)) return undefined
      for (let i = 0; i < Math.min(node.items.length, pred.length); i++) add(i, agreedParts(node.items[i]!, pred[i], ctx))
      return parts
    case 'object':
      if (!isRecord(pred)) return undefined
      for (let i = 0; i < node.keys.length; i++) if (Object.hasOwn(pred, node.keys[i]!)) add(node.keys[i]!, agreedParts(node.values[i]!, pred[node.keys[i]!], ctx))
      return parts
    default:
      return undefined
  }
}

/**
 * Where a nested value the schema refuses is told wrong: at a part the schema refuses, but not one the gold names
 * outright and the prediction agrees with, which the diff shows agreeing; else where it differs from the gold; and
 * only where it does neither, at that part (a value the gold does not name whole is held to the schema whole).
 */
function nestedTypeReason(typeReason: string, node: GoldNode, value: unknown, mismatch: Mismatch | undefined, schema: ValueSchema, ctx: ValueContext): string | undefined {
  const agreed = agreedParts(node, value, ctx)
  if (agreed === undefined) return typeReason
  return checkSchema(schema, value, ctx.canonicalize, agreed) ?? (mismatch === undefined ? typeReason : undefined)
}

/**
 * Compares a predicted call with a gold call of the same tool, argument by argument
 * (README: Matching and scoring). With `verdicts` given, each argument's verdict is written to it; without,
 * only the rank is computed, which is what the assignment needs for every candidate pair.
 */
export function compareCall(pred: ToolCall, gold: GoldCall, ctx: CallContext, verdicts?: ArgVerdict[], into?: PairRank): PairRank {
  const explain = verdicts !== undefined
  // Verdicts are written from index 0 and the length set at the end, so a caller may hand over a list sized beforehand.
  let written = 0
  const predArgs = pred.args
  let exact = true
  let agreement = 0
  let spared = 0
  let defaulted = 0
  let goldFound = 0

  for (let i = 0; i < gold.keys.length; i++) {
    const arg = gold.keys[i]!
    const node = gold.values[i]!
    const weight = argWeight(ctx, arg)
    const value = ownValue(predArgs, arg)
    if (value === undefined) {
      if (node.kind === 'optional') {
        if (verdicts !== undefined) verdicts[written++] = { arg, verdict: 'omitted', weight }
      } else {
        exact = false
        if (verdicts !== undefined) verdicts[written++] = { arg, verdict: 'missing', weight, reason: 'required argument not given' }
      }
      continue
    }
    goldFound++
    if (value === null && node.kind === 'optional' && ctx.spec?.args.get(arg)?.nullLeavesOut === true) {
      // Counted nothing in a pair and an FP apart, as a predicted argument equal to its declared default is.
      spared += weight
      defaulted += weight
      if (verdicts !== undefined) verdicts[written++] = { arg, verdict: 'omitted', weight, reason: NULL_LEFT_OUT }
      continue
    }
    if (node.kind === 'optional') spared -= weight
    const schema = ctx.spec?.args.get(arg)?.schema
    let mismatch = compareValue(node, value, ctx.value, explain ? arg : null)
    // Keys inside the value that an SDK filled in with their declared default count as left out, as the call's own arguments do.
    if (mismatch !== undefined && schema !== undefined) {
      const withoutDefaults = withoutFilledDefaults(node, value, schema, ctx.value)
      if (withoutDefaults !== value) mismatch = compareValue(node, withoutDefaults, ctx.value, explain ? arg : null)
    }
    // A value the gold names outright is right whatever the schema declares (BFCL's rule too); where the gold accepts
    // any value, the declared type still applies. A wrong one is told by its type, which ranking needs only where nothing else is wrong.
    let typeReason =
      schema === undefined || (mismatch === undefined ? namesValues(node) : !explain) ? undefined : checkSchema(schema, value, ctx.value.canonicalize)
    if (explain && typeReason !== undefined && isObject(value)) typeReason = nestedTypeReason(typeReason, node, value, mismatch, schema!, ctx.value)
    if (mismatch === undefined && typeReason === undefined) {
      agreement += weight
      if (verdicts !== undefined) verdicts[written++] = { arg, verdict: 'match', weight }
    } else {
      exact = false
      if (explain) {
        // A reason inside the value names its path from the argument, as a mismatch's does: `filters.stars: …`.
        const reason =
          typeReason !== undefined
            ? typeReason.startsWith('.') || typeReason.startsWith('[') ? `${arg}${typeReason}` : typeReason
            : mismatch!.path === arg ? mismatch!.reason : `${mismatch!.path}: ${mismatch!.reason}`
        verdicts[written++] = { arg, verdict: 'mismatch', weight, reason }
      }
    }
  }

  // Counted with for-in, which allocates no key list; it may count inherited keys, which the own keys then rule out.
  let keysCounted = 0
  for (const _ in predArgs) keysCounted++
  if (keysCounted > goldFound) {
    for (const arg of Object.keys(predArgs)) {
      if (gold.keys.includes(arg)) continue
      const weight = argWeight(ctx, arg)
      const leftOut = leftOutBySchema(ctx, arg, predArgs[arg])
      if (leftOut !== undefined) {
        spared += weight
        defaulted += weight
        if (verdicts !== undefined) verdicts[written++] = { arg, verdict: 'omitted', weight, reason: leftOut }
      } else {
        exact = false
        if (verdicts !== undefined) verdicts[written++] = { arg, verdict: 'unexpected', weight, reason: 'not an argument of the gold call' }
      }
    }
  }

  const positional = pred.positional
  if (positional !== undefined && positional.length > 0) {
    exact = false
    if (explain) {
      for (let i = 0; i < positional.length; i++) {
        verdicts[written++] = {
          arg: `#${i + 1}`,
          position: i + 1,
          verdict: 'unexpected',
          weight: ctx.toolWeight,
          reason: 'given by position; only keyword arguments count',
        }
      }
    }
  }
  // Setting an array's length goes through the runtime even when it is unchanged.
  if (explain && verdicts.length !== written) verdicts.length = written
  if (into === undefined) return { exact, agreement, spared, defaulted }
  into.exact = exact
  into.agreement = agreement
  into.spared = spared
  into.defaulted = defaulted
  return into
}
