import type { ToolCall } from '../calls/tool-call'
import { type ArgVerdict, compareCall } from '../compare/compare-call'
import { describeGoldArgs } from '../compare/gold-calls'
import { setOwnEntry } from '../compare/gold-node'
import type { Level } from '../match/options'
import type { Pairing } from '../match/pair-calls'
import { addCounts, type Counts, type Figures, figures } from './figures'

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

/** The score of one trajectory against its gold: the figures and the whole detail. Plain data. */
export interface Score extends Figures {
  level: Level
  pairs: PairDetail[]
  unmatchedPred: UnmatchedPrediction[]
  unmatchedGold: UnmatchedGold[]
  /** Counts per tool: a pair and an unmatched gold call count under the gold's name, an unmatched prediction under its own. */
  perTool: Record<string, Counts>
}

function callData(call: ToolCall): CallData {
  return call.positional !== undefined && call.positional.length > 0
    ? { name: call.name, args: call.args, positional: call.positional }
    : { name: call.name, args: call.args }
}

function countPair(level: Level, weight: number, exact: boolean, verdicts: readonly ArgVerdict[]): Counts {
  if (level === 'call') return exact ? { tp: weight, fp: 0, fn: 0 } : { tp: 0, fp: weight, fn: weight }
  const counts = { tp: weight, fp: 0, fn: 0 }
  for (const { verdict, weight: w } of verdicts) {
    if (verdict === 'match') counts.tp += w
    else if (verdict === 'mismatch') {
      counts.fp += w
      counts.fn += w
    } else if (verdict === 'missing') counts.fn += w
    else if (verdict === 'unexpected') counts.fp += w
  }
  return counts
}

function tally(perTool: Record<string, Counts>, tool: string, counts: Counts): void {
  let sums = Object.hasOwn(perTool, tool) ? perTool[tool] : undefined
  if (sums === undefined) {
    sums = { tp: 0, fp: 0, fn: 0 }
    setOwnEntry(perTool, tool, sums)
  }
  addCounts(sums, counts)
}

/** Turns a pairing into a Score with the arithmetic of DESIGN.md §5. */
export function scorePairing({ context, pairs }: Pairing): Score {
  const level = context.options.level
  const total: Counts = { tp: 0, fp: 0, fn: 0 }
  const perTool: Record<string, Counts> = {}
  const predPaired = new Uint8Array(context.pred.calls.length)
  const goldPaired = new Uint8Array(context.gold.calls.length)

  const pairDetails = pairs
    .map(([predIndex, goldIndex]): PairDetail => {
      predPaired[predIndex] = 1
      goldPaired[goldIndex] = 1
      const pred = context.pred.calls[predIndex]!
      const gold = context.gold.calls[goldIndex]!
      const callContext = context.callContext(context.gold.names[goldIndex]!)
      const args: ArgVerdict[] = []
      const { exact } = compareCall(pred, gold, callContext, args)
      const counts = countPair(level, callContext.toolWeight, exact, args)
      addCounts(total, counts)
      tally(perTool, gold.name, counts)
      return {
        predIndex,
        goldIndex,
        exact,
        weight: callContext.toolWeight,
        ...counts,
        pred: callData(pred),
        gold: { name: gold.name, args: describeGoldArgs(gold) },
        args,
      }
    })
    .sort((a, b) => a.goldIndex - b.goldIndex)

  const unmatchedGold: UnmatchedGold[] = []
  const unpairedGoldNames = new Set<string>()
  context.gold.calls.forEach((gold, goldIndex) => {
    if (goldPaired[goldIndex]) return
    const name = context.gold.names[goldIndex]!
    unpairedGoldNames.add(name)
    const callContext = context.callContext(name)
    let weight = callContext.toolWeight
    if (level === 'arg') {
      gold.keys.forEach((arg, i) => {
        if (gold.values[i]!.kind !== 'optional') weight += callContext.toolWeight * (callContext.spec?.args.get(arg)?.importance ?? 1)
      })
    }
    addCounts(total, { tp: 0, fp: 0, fn: weight })
    tally(perTool, gold.name, { tp: 0, fp: 0, fn: weight })
    unmatchedGold.push({ goldIndex, weight, call: { name: gold.name, args: describeGoldArgs(gold) } })
  })

  let goldNames: ReadonlySet<string | undefined> | undefined
  const unmatchedPred: UnmatchedPrediction[] = []
  context.pred.calls.forEach((pred, predIndex) => {
    if (predPaired[predIndex]) return
    const name = context.pred.names[predIndex]
    // An unparseable call that names its tool weighs as that tool: garbage sent to a heavy tool is a heavy error.
    const weighedAs = name ?? (pred.name === '' ? undefined : context.options.canonicalizeName(pred.name))
    const callContext = weighedAs === undefined ? undefined : context.callContext(weighedAs)
    const toolWeight = callContext?.toolWeight ?? 1
    let weight = toolWeight
    if (level === 'arg' && callContext !== undefined) {
      for (const arg of Object.keys(pred.args)) weight += toolWeight * (callContext.spec?.args.get(arg)?.importance ?? 1)
      weight += toolWeight * (pred.positional?.length ?? 0)
    }
    goldNames ??= new Set(context.gold.names)
    const { kind, reason } = unmatchedReason(pred, name, goldNames, unpairedGoldNames)
    addCounts(total, { tp: 0, fp: weight, fn: 0 })
    tally(perTool, pred.name === '' ? '(unparseable)' : pred.name, { tp: 0, fp: weight, fn: 0 })
    unmatchedPred.push({ predIndex, kind, reason, weight, call: callData(pred) })
  })

  return { level, ...figures(total), pairs: pairDetails, unmatchedPred, unmatchedGold, perTool }
}

function unmatchedReason(
  pred: ToolCall,
  name: string | undefined,
  goldNames: ReadonlySet<string | undefined>,
  unpairedGoldNames: ReadonlySet<string>,
): { kind: UnmatchedKind; reason: string } {
  if (name === undefined) return { kind: 'unparseable', reason: pred.unparseable ?? 'could not be read' }
  if (!goldNames.has(name)) {
    const missing = [...unpairedGoldNames]
    return {
      kind: 'wrong tool',
      reason: missing.length > 0 ? `no call to ${pred.name} was expected (expected ${missing.join(', ')})` : `no call to ${pred.name} was expected`,
    }
  }
  if (unpairedGoldNames.has(name)) {
    return { kind: 'out of order', reason: `an expected call to ${pred.name} is left, but pairing it would break the order` }
  }
  return { kind: 'hallucinated call', reason: `every expected call to ${pred.name} is already paired` }
}
