import { MAX_CANDIDATE_PAIRS } from '../calls/limits'
import { pairedPredictions } from './paired-predictions'
import type { ToolCall } from '../calls/tool-call'
import type { ArgVerdict, CallContext, PairRank } from '../compare/compare-call'
import { compareCall } from '../compare/compare-call'
import type { ValueContext } from '../compare/compare-value'
import type { GoldCall } from '../compare/gold-calls'
import { type AcceptedKeys, acceptedKeys, valueKey } from '../compare/value-key'
import type { ResolvedMatchOptions } from './options'

/** The calls of one problem, flattened, with their canonical tool names and how many calls each turn holds. */
export interface CallSet<C> {
  calls: readonly C[]
  /** Canonical tool names; undefined for an unparseable prediction, which pairs with nothing. */
  names: readonly (string | undefined)[]
  /** The size of each turn in order; undefined for one turn. */
  turnSizes: readonly number[] | undefined
}

/** A call's argument names and the key of each value, in the same order. */
export interface ArgKeys {
  names: readonly string[]
  keys: readonly (string | undefined)[]
}

/** A pair compared in full: its rank and each argument's verdict. */
export interface ExplainedPair extends PairRank {
  goldIndex: number
  verdicts: ArgVerdict[]
}

/** A pair's worth, lexicographically: `primary` first, then `secondary`, `tertiary` and `quaternary`. Integers in rank units. */
export interface Tiers {
  primary: number
  secondary: number
  /** The errors spared (see PairRank), at arg level only: at call level the counts follow the exact pairs alone. May be negative. */
  tertiary: number
  /** What is left out by declared defaults (see PairRank), at arg level only; 0 where the tool declares none. */
  quaternary: number
}

/**
 * Everything the pairing steps share: the calls, how to compare two of them, and the
 * per-tool contexts, built once per problem.
 */
export class PairingContext {
  readonly valueContext: ValueContext
  /** Contexts of the tools the grammar names; every other tool shares the plain one. */
  private contexts: Map<string, CallContext> | undefined
  private plainContext: CallContext | undefined
  // Filled only for groups ranked by keys.
  private predKeys: (ArgKeys | undefined)[] | undefined
  private goldKeys: (readonly (AcceptedKeys | undefined)[] | undefined)[] | undefined
  /** Fractional importances are ranked in millionths, so tier sums stay exact integers. */
  readonly rankUnit: number
  /** The first predicted calls, this many, are paired; of a flood past MAX_CANDIDATE_PAIRS, the rest are left unpaired. */
  readonly pairedPredictions: number
  /** Verdicts of pairs compared in full while pairing, by prediction, so the score does not compare them again. */
  private explained: (ExplainedPair | undefined)[] | undefined

  constructor(
    readonly options: ResolvedMatchOptions,
    readonly pred: CallSet<ToolCall>,
    readonly gold: CallSet<GoldCall>,
  ) {
    // One call each side compares each predicted string with one gold value (a oneOf canonicalises it once for all its
    // alternatives): nothing to memoise, so such problems share one context and allocate none.
    const fewPairs = pred.calls.length <= 1 && gold.calls.length <= 1
    if (fewPairs && options.testers === undefined) {
      const shared = sharedContexts(options.canonicalize)
      this.valueContext = shared.value
      this.plainContext = shared.call
    } else {
      this.valueContext = { canonicalize: memoise(options.canonicalize), testers: options.testers }
    }
    this.rankUnit = options.grammar.rankedFinely ? 1e6 : 1
    // Told here for the common case, which then makes no call.
    const predCalls = pred.calls.length
    this.pairedPredictions = predCalls * gold.calls.length <= MAX_CANDIDATE_PAIRS ? predCalls : pairedPredictions(pred.names, gold.names, options.order)
  }

  callContext(canonicalName: string): CallContext {
    const tools = this.options.grammar.tools
    const spec = tools.size === 0 ? undefined : tools.get(canonicalName)
    if (spec === undefined) return (this.plainContext ??= { value: this.valueContext, spec: undefined, toolWeight: 1 })
    const contexts = (this.contexts ??= new Map())
    let context = contexts.get(canonicalName)
    if (context === undefined) {
      context = { value: this.valueContext, spec, toolWeight: spec.importance }
      contexts.set(canonicalName, context)
    }
    return context
  }

  rank(predIndex: number, goldIndex: number): PairRank {
    return compareCall(this.pred.calls[predIndex]!, this.gold.calls[goldIndex]!, this.callContext(this.gold.names[goldIndex]!))
  }

  /** rank, with each argument's verdict kept for the score (for pairs that will most likely be chosen). */
  rankExplained(predIndex: number, goldIndex: number): PairRank {
    const explained = this.compareInFull(predIndex, goldIndex)
    ;(this.explained ??= [])[predIndex] = explained
    return explained
  }

  /** The pair compared in full: kept by rankExplained when it was, compared now otherwise. */
  explain(predIndex: number, goldIndex: number): ExplainedPair {
    return this.kept(predIndex, goldIndex) ?? this.compareInFull(predIndex, goldIndex)
  }

  /** The pair as rankExplained kept it, if it did. */
  private kept(predIndex: number, goldIndex: number): ExplainedPair | undefined {
    const kept = this.explained?.[predIndex]
    return kept !== undefined && kept.goldIndex === goldIndex ? kept : undefined
  }

  private compareInFull(predIndex: number, goldIndex: number): ExplainedPair {
    const gold = this.gold.calls[goldIndex]!
    // Sized for the gold's arguments, the usual count; compareCall sets the length it wrote.
    const verdicts: ArgVerdict[] = new Array(gold.keys.length)
    const explained: ExplainedPair = { goldIndex, exact: false, agreement: 0, spared: 0, defaulted: 0, verdicts }
    compareCall(this.pred.calls[predIndex]!, gold, this.callContext(this.gold.names[goldIndex]!), verdicts, explained)
    return explained
  }

  tiers(predIndex: number, goldIndex: number): Tiers {
    const tiers = { primary: 0, secondary: 0, tertiary: 0, quaternary: 0 }
    this.writePairTiers(predIndex, goldIndex, tiers)
    return tiers
  }

  /** tiers, written into the given slots: how a group's rank matrices are filled without allocating. */
  writePairTiers(predIndex: number, goldIndex: number, into: Tiers): void {
    const callContext = this.callContext(this.gold.names[goldIndex]!)
    // A pair the in-order attempt compared in full before it gave up ranks the same: not compared again.
    const rank = this.kept(predIndex, goldIndex) ?? compareCall(this.pred.calls[predIndex]!, this.gold.calls[goldIndex]!, callContext, undefined, SCRATCH_RANK)
    this.writeTiers(rank.exact, rank.agreement, rank.spared, rank.defaulted, callContext.toolWeight, into)
  }

  /** Each predicted argument's key (see valueKey), computed once per call however many gold calls it meets. */
  predArgKeys(predIndex: number): ArgKeys {
    const cache = (this.predKeys ??= [])
    let keys = cache[predIndex]
    if (keys === undefined) {
      const { args } = this.pred.calls[predIndex]!
      const names = Object.keys(args)
      const canonicalize = this.valueContext.canonicalize
      keys = cache[predIndex] = { names, keys: names.map((name) => valueKey(args[name], canonicalize)) }
    }
    return keys
  }

  /** What each gold argument accepts, as keys, computed once per gold call; undefined entries accept what keys cannot say. */
  goldAccepted(goldIndex: number): readonly (AcceptedKeys | undefined)[] {
    const cache = (this.goldKeys ??= [])
    let accepted = cache[goldIndex]
    if (accepted === undefined) {
      const canonicalize = this.valueContext.canonicalize
      accepted = cache[goldIndex] = this.gold.calls[goldIndex]!.values.map((node) => acceptedKeys(node, canonicalize))
    }
    return accepted
  }

  /**
   * At call level a pair is worth its exactness first, then, if it is wrong, its argument agreement; at arg
   * level, its agreed units (name and arguments) first, then its exactness, then the errors it
   * spares, then what it leaves out by declared defaults (README: Matching and scoring), unless
   * asked for exact pairs first.
   */
  tiersOf({ exact, agreement, spared, defaulted }: PairRank, toolWeight: number): Tiers {
    const tiers = { primary: 0, secondary: 0, tertiary: 0, quaternary: 0 }
    this.writeTiers(exact, agreement, spared, defaulted, toolWeight, tiers)
    return tiers
  }

  /** tiersOf, written into the given slots: the form a group's rank matrices fill without allocating. */
  writeTiers(exact: boolean, agreement: number, spared: number, defaulted: number, toolWeight: number, into: Tiers): void {
    const unit = this.rankUnit
    // An exact pair is worth at least one unit: a weight below a millionth, or a tool's of importance 0 (which counts nothing,
    // yet its exact pairs are still the ones to make), is a millionth, above a wrong pair and below any weighed exact one.
    const exactRank = exact ? Math.max(1, Math.round(toolWeight * unit)) : 0
    if (this.options.level === 'call') {
      into.primary = exactRank
      // The agreement of the calls that remain, the wrong ones: it seats each beside the gold call it came closest to.
      into.secondary = exact ? 0 : Math.round(agreement * unit)
      into.tertiary = 0
      into.quaternary = 0
    } else if (this.options.exactFirst === true) {
      into.primary = exactRank
      // Agreed units with the name's, as below: the errors spared count beside them (see PairRank).
      into.secondary = Math.round((toolWeight + agreement) * unit)
      into.tertiary = Math.round(spared * unit)
      into.quaternary = Math.round(defaulted * unit)
    } else {
      into.primary = Math.round((toolWeight + agreement) * unit)
      into.secondary = exactRank
      into.tertiary = Math.round(spared * unit)
      into.quaternary = Math.round(defaulted * unit)
    }
  }
}

/** Written by compareCall and read at once, with no other code between: one serves every ranking comparison. */
const SCRATCH_RANK: PairRank = { exact: false, agreement: 0, spared: 0, defaulted: 0 }

interface SharedContexts {
  value: ValueContext
  call: CallContext
}

let shared: SharedContexts | undefined

/** The value and call contexts of problems of one call each side, made once for each canonicalizer in turn. */
function sharedContexts(canonicalize: (s: string) => string): SharedContexts {
  if (shared?.value.canonicalize !== canonicalize) {
    const value: ValueContext = Object.freeze({ canonicalize, testers: undefined })
    shared = { value, call: Object.freeze({ value, spec: undefined, toolWeight: 1 }) }
  }
  return shared
}

/**
 * Predicted strings recur across candidate pairs and across a gold value's alternatives;
 * canonicalise each once per problem. The last string is checked first, without hashing.
 */
function memoise(canonicalize: (s: string) => string): (s: string) => string {
  let cache: Map<string, string> | undefined
  let lastString: string | undefined
  let lastCanonical = ''
  return (s) => {
    if (s === lastString) return lastCanonical
    let canonical = cache?.get(s)
    if (canonical === undefined) {
      canonical = canonicalize(s)
      ;(cache ??= new Map()).set(s, canonical)
    }
    lastString = s
    lastCanonical = canonical
    return canonical
  }
}
