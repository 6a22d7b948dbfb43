import { MAX_CANDIDATE_PAIRS } from '../calls/limits'
import { thousands } from '../calls/thousands'
import { nameForEscaping } from '../calls/text-excerpt'
import type { ToolCall } from '../calls/tool-call'
import { type ArgVerdict, argWeight } from '../compare/compare-call'
import { describeGoldArgs } from '../compare/gold-calls'
import { drawnAlikeAny, NamesByDrawing, oneLine, printName } from '../compare/print-value'
import type { Level } from '../match/options'
import type { Pairing } from '../match/pair-calls'
import type { PairingContext } from '../match/pairing-context'
import { noteExactElsewhere } from './exact-elsewhere'
import { ExactSum } from './exact-sum'
import { type Counts, type Figures, f1Of, precisionOf, recallOf } from './figures'

/** A call as plain data; gold values that are not plain data are described (see describeNode). */
export interface CallData {
  name: string
  args: Record<string, unknown>
  positional?: unknown[]
}

export interface PairDetail extends Counts {
  predIndex: number
  goldIndex: number
  exact: boolean
  /** The tool's weight, w(t). */
  weight: number
  pred: CallData
  gold: CallData
  args: ArgVerdict[]
}

/** Why a prediction paired with nothing. */
export type UnmatchedKind = 'unparseable' | 'wrong tool' | 'hallucinated call' | 'out of order'

export interface UnmatchedPrediction {
  predIndex: number
  kind: UnmatchedKind
  reason: string
  /** What it adds to FP. */
  weight: number
  call: CallData
}

export interface UnmatchedGold {
  goldIndex: number
  /** What it adds to FN. */
  weight: number
  call: CallData
}

/** The score of one trajectory against its gold: the figures and the whole detail. Plain data. Its counts per tool: perToolCounts(score). */
export interface Score extends Figures {
  level: Level
  pairs: PairDetail[]
  unmatchedPred: UnmatchedPrediction[]
  unmatchedGold: UnmatchedGold[]
}

function callData(call: ToolCall): CallData {
  return call.positional !== undefined && call.positional.length > 0
    ? { name: call.name, args: call.args, positional: call.positional }
    : { name: call.name, args: call.args }
}

const byGoldIndex = (a: readonly [number, number], b: readonly [number, number]) => a[1] - b[1]

/** Whether pairs already run in gold order, as they mostly do: then they need no sorted copy. */
function inGoldOrder(pairs: ReadonlyArray<readonly [number, number]>): boolean {
  for (let i = 1; i < pairs.length; i++) if (pairs[i - 1]![1] > pairs[i]![1]) return false
  return true
}

/** Turns a pairing into a Score with the arithmetic of the README's "Matching and scoring". */
export function scorePairing({ context, pairs }: Pairing): Score {
  const level = context.options.level
  // Whole weights sum exactly as doubles; fractional ones are summed exactly even where a double sum lands on a whole number.
  const fractional = context.options.grammar.fractional
  const predCalls = context.pred.calls
  const goldCalls = context.gold.calls
  let tp = 0
  let fp = 0
  let fn = 0

  const ordered = inGoldOrder(pairs) ? pairs : [...pairs].sort(byGoldIndex)
  const pairDetails: PairDetail[] = new Array(ordered.length)
  for (let at = 0; at < ordered.length; at++) {
    const [predIndex, goldIndex] = ordered[at]!
    const pred = predCalls[predIndex]!
    const gold = goldCalls[goldIndex]!
    const callContext = context.callContext(context.gold.names[goldIndex]!)
    const weight = callContext.toolWeight
    const { exact, verdicts: args } = context.explain(predIndex, goldIndex)
    // A pair's counts (README: Matching and scoring): at call level all or nothing; at arg level the name and each argument.
    let pairTp = 0
    let pairFp = 0
    let pairFn = 0
    if (level === 'call') {
      if (exact) pairTp = weight
      else pairFp = pairFn = weight
    } else if (fractional) {
      ;({ tp: pairTp, fp: pairFp, fn: pairFn } = exactPairCounts(weight, args))
    } else {
      pairTp = weight
      for (const verdict of args) {
        if (verdict.verdict === 'match') pairTp += verdict.weight
        else if (verdict.verdict === 'mismatch') {
          pairFp += verdict.weight
          pairFn += verdict.weight
        } else if (verdict.verdict === 'missing') pairFn += verdict.weight
        else if (verdict.verdict === 'unexpected') pairFp += verdict.weight
      }
    }
    tp += pairTp
    fp += pairFp
    fn += pairFn
    pairDetails[at] = {
      predIndex,
      goldIndex,
      exact,
      weight,
      tp: pairTp,
      fp: pairFp,
      fn: pairFn,
      pred: callData(pred),
      gold: { name: gold.name, args: describeGoldArgs(gold) },
      args,
    }
  }

  const unmatchedGold: UnmatchedGold[] = []
  const unmatchedPred: UnmatchedPrediction[] = []
  if (pairs.length < goldCalls.length || pairs.length < predCalls.length) {
    const predPaired: boolean[] = new Array(predCalls.length).fill(false)
    const goldPaired: boolean[] = new Array(goldCalls.length).fill(false)
    for (const [predIndex, goldIndex] of pairs) {
      predPaired[predIndex] = true
      goldPaired[goldIndex] = true
    }

    const unpairedGoldNames = new Set<string>()
    for (let goldIndex = 0; goldIndex < goldCalls.length; goldIndex++) {
      if (goldPaired[goldIndex]) continue
      const gold = goldCalls[goldIndex]!
      const name = context.gold.names[goldIndex]!
      unpairedGoldNames.add(name)
      const callContext = context.callContext(name)
      let weight = callContext.toolWeight
      if (level === 'arg') {
        const weights = [weight]
        for (let i = 0; i < gold.keys.length; i++) {
          if (gold.values[i]!.kind !== 'optional') weights.push(argWeight(callContext, gold.keys[i]!))
        }
        weight = exactlySummed(weights, fractional)
      }
      fn += weight
      unmatchedGold.push({ goldIndex, weight, call: { name: gold.name, args: describeGoldArgs(gold) } })
    }

    let goldNames: ReadonlySet<string | undefined> | undefined
    let expectedNames: string | undefined
    let breaksOrder: string | undefined
    let goldByDrawing: NamesByDrawing | undefined
    for (let predIndex = 0; predIndex < predCalls.length; predIndex++) {
      if (predPaired[predIndex]) continue
      const pred = predCalls[predIndex]!
      const name = context.pred.names[predIndex]
      // An unparseable call that names its tool weighs as that tool: garbage sent to a heavy tool is a heavy error.
      const weighedAs = name ?? (pred.name === '' ? undefined : context.options.canonicalizeName(pred.name))
      const callContext = weighedAs === undefined ? undefined : context.callContext(weighedAs)
      const toolWeight = callContext?.toolWeight ?? 1
      let weight = toolWeight
      if (level === 'arg' && callContext !== undefined) {
        const weights = [toolWeight]
        for (const arg of Object.keys(pred.args)) weights.push(argWeight(callContext, arg))
        for (let i = 0; i < (pred.positional?.length ?? 0); i++) weights.push(toolWeight)
        weight = exactlySummed(weights, fractional)
      }
      goldNames ??= new Set(context.gold.names)
      // One for every wrong tool of the trajectory: a table built for the first that asks.
      goldByDrawing ??= new NamesByDrawing(goldNames)
      expectedNames ??= nameList(unpairedGoldNames)
      breaksOrder ??= orderBroken(context)
      // A call past the pairing's bound that could have paired is one of the flood; any other keeps its own reason.
      const { kind, reason } =
        predIndex >= context.pairedPredictions && goldNames.has(name)
          ? unpairedFlood(predCalls.length, context)
          : unmatchedReason(pred, name, goldNames, unpairedGoldNames, expectedNames, breaksOrder, goldByDrawing)
      fp += weight
      unmatchedPred.push({ predIndex, kind, reason, weight, call: callData(pred) })
    }
    if (level === 'arg' && pairDetails.length > 0) noteExactElsewhere(unmatchedPred, pairDetails, context)
  }

  // Fractional weights: the totals are the exact sums of the pairs' and unmatched calls' counts, rounded once.
  if (fractional) ({ tp, fp, fn } = exactTotals(pairDetails, unmatchedPred, unmatchedGold))
  return {
    level,
    tp,
    fp,
    fn,
    precision: precisionOf(tp, fp, fn),
    recall: recallOf(tp, fp, fn),
    f1: f1Of(tp, fp, fn),
    pairs: pairDetails,
    unmatchedPred,
    unmatchedGold,
  }
}

/** A pair's counts at arg level, the name's weight and each argument's summed exactly (fractional weights). */
function exactPairCounts(weight: number, args: readonly ArgVerdict[]): Counts {
  const [tp, fp, fn] = [new ExactSum(), new ExactSum(), new ExactSum()]
  tp.add(weight)
  for (const verdict of args) {
    if (verdict.verdict === 'match') tp.add(verdict.weight)
    else if (verdict.verdict === 'mismatch') {
      fp.add(verdict.weight)
      fn.add(verdict.weight)
    } else if (verdict.verdict === 'missing') fn.add(verdict.weight)
    else if (verdict.verdict === 'unexpected') fp.add(verdict.weight)
  }
  return { tp: tp.value, fp: fp.value, fn: fn.value }
}

/** Weights summed: as doubles when they are integers, as they mostly are, else exactly and rounded once. */
function exactlySummed(weights: readonly number[], fractional: boolean): number {
  if (!fractional) {
    let sum = 0
    for (const weight of weights) sum += weight
    return sum
  }
  const exact = new ExactSum()
  for (const weight of weights) exact.add(weight)
  return exact.value
}

/** TP, FP and FN as the exact sums of what each pair and unmatched call counts, as the corpus sums keep them. */
function exactTotals(pairs: readonly PairDetail[], unmatchedPred: readonly UnmatchedPrediction[], unmatchedGold: readonly UnmatchedGold[]): Counts {
  const [tp, fp, fn] = [new ExactSum(), new ExactSum(), new ExactSum()]
  for (const pair of pairs) {
    tp.add(pair.tp)
    fp.add(pair.fp)
    fn.add(pair.fn)
  }
  for (const unmatched of unmatchedPred) fp.add(unmatched.weight)
  for (const unmatched of unmatchedGold) fn.add(unmatched.weight)
  return { tp: tp.value, fp: fp.value, fn: fn.value }
}

/** How many names a reason lists before it says how many more there are. */
const NAMES_LISTED = 5

const asItIs = (name: string): string => name

/** `a, b, c`, or `a, b, c, d, e and 7 more`: one line, however many calls a trajectory makes. */
function nameList(names: ReadonlySet<string>, shown: (name: string) => string = asItIs): string {
  const listed: string[] = []
  for (const name of names) {
    if (listed.length === NAMES_LISTED) return `${listed.join(', ')} and ${names.size - NAMES_LISTED} more`
    listed.push(shown(name))
  }
  return listed.join(', ')
}

/** What pairing a left-over prediction with a left gold call of its tool would break: the order of calls, or of turns. */
function orderBroken(context: PairingContext): string {
  if (context.options.order !== 'turns') return 'the order'
  const predTurns = context.pred.turnSizes?.length ?? 1
  const goldTurns = context.gold.turnSizes?.length ?? 1
  if (predTurns === goldTurns) return 'the order of turns'
  const turns = (n: number) => `${n} ${n === 1 ? 'turn' : 'turns'}`
  // Gold written as one list of calls is one turn, which an author meaning several may not know.
  const howTurns = goldTurns === 1 ? ': gold of several turns is a list of them, each a list of calls' : ''
  return `the order of turns (the prediction has ${turns(predTurns)}, the gold ${turns(goldTurns)}${howTurns})`
}

/** Why a predicted call past the pairing's bound is unpaired: one of a flood of calls, more than the pairing weighs. */
function unpairedFlood(predCalls: number, context: PairingContext): { kind: UnmatchedKind; reason: string } {
  const paired = thousands(context.pairedPredictions)
  const gold = context.gold.calls.length
  return {
    kind: 'hallucinated call',
    reason: `one of ${thousands(predCalls)} predicted calls: only the first ${paired} are weighed for pairs with the ${thousands(gold)} gold call${gold === 1 ? '' : 's'} (at most ${thousands(MAX_CANDIDATE_PAIRS)} candidate pairs)`,
  }
}

function unmatchedReason(
  pred: ToolCall,
  name: string | undefined,
  goldNames: ReadonlySet<string | undefined>,
  unpairedGoldNames: ReadonlySet<string>,
  expectedNames: string,
  breaksOrder: string,
  goldByDrawing: NamesByDrawing,
): { kind: UnmatchedKind; reason: string } {
  if (name === undefined) return { kind: 'unparseable', reason: pred.unparseable ?? 'could not be read' }
  if (!goldNames.has(name)) {
    // A name drawn as a gold call's is (a Cyrillic а for a Latin a) is written in escapes, and so is that one where listed.
    const alike = drawnAlikeAny(pred.name, goldByDrawing)
    const predName = printName(pred.name, alike ? goldByDrawing : undefined, nameForEscaping)
    if (expectedNames === '') return { kind: 'wrong tool', reason: `no call to ${predName} was expected` }
    const expected = alike ? nameList(unpairedGoldNames, (gold) => printName(gold, [pred.name])) : expectedNames
    return { kind: 'wrong tool', reason: `no call to ${predName} was expected (expected ${expected})` }
  }
  if (unpairedGoldNames.has(name)) {
    return { kind: 'out of order', reason: `an expected call to ${printName(pred.name, undefined, nameForEscaping)} is left, but pairing it would break ${breaksOrder}` }
  }
  return { kind: 'hallucinated call', reason: `every expected call to ${printName(pred.name, undefined, nameForEscaping)} is already paired` }
}
