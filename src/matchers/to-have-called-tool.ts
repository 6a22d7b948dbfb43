import { readTurnsCopied, toolCalls } from '../calls/read'
import { nameExcerpt } from '../calls/text-excerpt'
import { thrownText, unreadableAt } from '../calls/path'
import { isUnparseable, type ToolCall } from '../calls/tool-call'
import { describeMatcher, isAsymmetricMatcher, type AsymmetricMatcher } from '../compare/gold-values'
import { printName, printValue } from '../compare/print-value'
import { acceptsUnder } from '../compare/accepts-value'
import { isThenable } from '../compare/compare-value'
import type { ArgVerdict } from '../compare/compare-call'
import { type ContainingMiss, containingMisses } from '../compare/containing-miss'
import { undecidedSoFar, withUndecidedAsMatches } from '../compare/undecided'
import { resolveMatchOptions, type ResolvedMatchOptions } from '../match/options'
import { type PairDetail, scorePairing } from '../metric/score'
import { scoreTrajectory, scoreTrajectoryCopied } from '../metric/score-trajectory'
import { pairCalls } from '../match/pair-calls'
import { type ArgsInput, describeGoldArgs, type GoldTurns, isCallText, readGold } from '../compare/gold-calls'
import { countDiffering, formatDiffering } from '../report/format-score'
import { printCall } from '../report/print-data'
import { longReasonCut } from '../report/long-reason-cut'
import { PAIR_LINES } from './score-detail'
import { hint, type MatcherContext, type MatcherResult, noCallsToGrade, printedOrFromCopies, runnerBounds, runnerColors, withRunnerTesters } from './matcher-context'

/** How many calls the message lists before it counts the rest. */
const LISTED_CALLS = 20

function printPrediction(call: ToolCall, wanted: string): string {
  if (call.unparseable === undefined) return printCall(call.name, call.args, call.positional, [wanted], undefined, 'prediction')
  // The name and the reason quote the model's text: escaped, as every message prints it.
  return `${call.name === '' ? '' : `${printName(call.name, [wanted], nameExcerpt)} `}(unparseable: ${longReasonCut(call.unparseable)})`
}

/** The first calls made, and the one the message names wherever it stands; a name drawn as `wanted` is, in escapes. */
function callsMade(calls: readonly ToolCall[], highlight: number | undefined, wanted: string): string[] {
  const line = (i: number) => `${i === highlight ? '→' : ' '} pred[${i}] ${printPrediction(calls[i]!, wanted)}`
  const beyond = highlight !== undefined && highlight >= LISTED_CALLS
  const first = Math.min(calls.length, beyond ? LISTED_CALLS - 1 : LISTED_CALLS)
  const lines = Array.from({ length: first }, (_, i) => line(i))
  let listedUpTo = first
  if (beyond) {
    if (highlight > first) lines.push(`  … ${highlight - first} more`)
    lines.push(line(highlight))
    listedUpTo = highlight + 1
  }
  if (calls.length > listedUpTo) lines.push(`  … and ${calls.length - listedUpTo} more`)
  return [`Calls made (${calls.length}):`, ...lines]
}

/** Calls to the tool weighed for the one nearest the arguments: the message's work, bounded, never the verdict's. */
const NEAREST_WEIGHED = 1000

/**
 * The pair to show as nearest: of the calls to the tool, the one whose arguments differ in the
 * fewest, then agree in the most, then the earliest; the pairing alone, which weighs agreement
 * only, would show the earlier of two calls that agree as much however many more the one gets wrong.
 */
function nearestPair(calls: readonly ToolCall[], goldTurns: GoldTurns, chosen: PairDetail, options: ResolvedMatchOptions): PairDetail {
  let nearest = chosen
  let [fewest, most] = [countDiffering(chosen.args), countAgreeing(chosen.args)]
  for (let index = 0, weighed = 0; index < calls.length && weighed < NEAREST_WEIGHED; index++) {
    const call = calls[index]!
    if (isUnparseable(call)) continue
    const pair = index === chosen.predIndex ? chosen : scorePairing(pairCalls([[call]], goldTurns, options)).pairs[0]
    if (pair === undefined) continue
    weighed++
    const [differing, agreeing] = [countDiffering(pair.args), countAgreeing(pair.args)]
    const nearer = differing < fewest || (differing === fewest && (agreeing > most || (agreeing === most && index < nearest.predIndex)))
    if (nearer) [nearest, fewest, most] = [{ ...pair, predIndex: index }, differing, agreeing]
  }
  return nearest
}

function countAgreeing(verdicts: readonly ArgVerdict[]): number {
  let count = 0
  for (const verdict of verdicts) if (verdict.verdict === 'match') count++
  return count
}

/** The differing arguments of the same-named call that came closest to the arguments, diffed against `writtenGold` where they can be read again. */
function nearest(pair: PairDetail, writtenGold: Record<string, unknown> | undefined, options: ResolvedMatchOptions, context: MatcherContext): string[] {
  const colors = runnerColors(context)
  const diff = { writtenGold, accepts: acceptsUnder(options), canonical: options.canonicalize, bounds: runnerBounds(context) }
  return [`The nearest, pred[${pair.predIndex}], differs:`, ...formatDiffering(pair, colors, diff, PAIR_LINES)]
}

/** Of the calls to the tool, the one whose arguments fail the fewest keys of an `expect.objectContaining`, and those keys; undefined for any other matcher. */
function nearestContaining(calls: readonly ToolCall[], name: string, matcher: AsymmetricMatcher, testers: ResolvedMatchOptions['testers']) {
  let nearest: { index: number; misses: ContainingMiss[] } | undefined
  for (const [index, call] of calls.entries()) {
    if (call.name !== name || isUnparseable(call)) continue
    const misses = containingMisses(matcher, call.args, testers)
    if (misses !== undefined && misses.length > 0 && (nearest === undefined || misses.length < nearest.misses.length)) nearest = { index, misses }
  }
  return nearest
}

/** The keys of the sample that the nearest call's arguments lack or hold otherwise, written as a pair's differing arguments are. */
function nearestMisses(call: ToolCall, index: number, misses: readonly ContainingMiss[], options: ResolvedMatchOptions, context: MatcherContext): string[] {
  const pair: PairDetail = {
    predIndex: index,
    goldIndex: 0,
    exact: false,
    weight: 1,
    tp: 0,
    fp: 1,
    fn: 1,
    pred: { name: call.name, args: call.args },
    gold: { name: call.name, args: Object.fromEntries(misses.map(({ key, expected }) => [key, expected])) },
    args: misses.map(({ key, missing, reason, within }): ArgVerdict =>
      missing ? { arg: key, verdict: 'missing', weight: 1 } : { arg: key, verdict: 'mismatch', weight: 1, reason: within === undefined ? reason : `${within.path}: ${within.reason}` },
    ),
  }
  const diff = { accepts: acceptsUnder(options), canonical: options.canonicalize, bounds: runnerBounds(context) }
  return [`The nearest, pred[${index}], differs:`, ...formatDiffering(pair, runnerColors(context), diff, PAIR_LINES)]
}

/** Why a matcher gave no verdict on a call's arguments: what it threw, or that it answered with a promise. */
interface Undecided {
  why: string
}

/** Whether the call's arguments satisfy the matcher, or why it could not decide: it threw, or answered with a promise. */
function satisfiesMatcher(call: ToolCall, matcher: AsymmetricMatcher, testers: MatcherContext['customTesters']): boolean | Undecided {
  try {
    // Vitest's matchers take the custom testers as an argument; Jest's read them from its state.
    const matched: unknown = matcher.asymmetricMatch(call.args, testers)
    return isThenable(matched) ? { why: 'it returned a promise: it must decide at once' } : Boolean(matched)
  } catch (error) {
    return { why: `it threw on them: ${thrownText(error)}` }
  }
}

/** The expected arguments as an asymmetric matcher, if they are one; asking may run a getter or Proxy trap of the author's, whose throw is named by its path. */
function asMatcher(args: unknown): AsymmetricMatcher | undefined {
  try {
    return isAsymmetricMatcher(args) ? args : undefined
  } catch (error) {
    throw unreadableAt('args', error)
  }
}

/**
 * Passes when at least one predicted call has this name (its arguments read or not) and, when
 * `args` are given, matches them exactly, as the one-call gold `{ name, args }` would be
 * matched, or satisfies them when they are an asymmetric matcher (`expect.objectContaining({
 * city: 'Paris' })`). Under `.not`, a call that could not be read and may be the one (it names
 * the tool, or no tool) fails the assertion: nothing shows that it is not. A promise received
 * fails with or without `.not`.
 */
export function toHaveCalledTool(
  this: MatcherContext,
  received: unknown,
  name: string,
  args?: ArgsInput | AsymmetricMatcher,
  ...rest: unknown[]
): MatcherResult {
  if (typeof name !== 'string' || name === '') throw new TypeError(`name: expected the tool's name, received ${printValue(name)}`)
  if (isCallText(name)) {
    throw new TypeError(`name: expected the tool's name, received the call text ${printValue(name)}; toHaveCalledTool(name, args) takes the arguments apart`)
  }
  // A third argument, such as options, would be ignored: refuse it.
  if (rest.length > 0) throw new TypeError(`toHaveCalledTool(name, args?): expected at most two arguments, received ${rest.length + 2}`)
  const calls = toolCalls(received)
  const matcher = asMatcher(args)
  const gold = args === undefined || matcher !== undefined ? undefined : { name, args: args as Record<string, unknown> }
  const options = withRunnerTesters(this, resolveMatchOptions({}))
  const undecidedBefore = undecidedSoFar()
  const score = gold === undefined ? undefined : scoreTrajectory(received, gold, options, '')
  const pair = score?.pairs[0]
  // A call on whose arguments the matcher could not decide: under .not, nothing shows it is not the one.
  let unchecked = -1
  // Why the matcher could not decide on the first such call: a bug of the author's matcher, which the message must not pass off as the model's.
  let undecidedWhy: string | undefined
  const checked = (call: ToolCall, index: number): boolean => {
    if (call.name !== name || isUnparseable(call)) return false
    const satisfied = satisfiesMatcher(call, matcher!, this.customTesters)
    if (typeof satisfied === 'object' && unchecked < 0) {
      unchecked = index
      undecidedWhy = satisfied.why
    }
    return satisfied === true
  }
  // By name alone, a call counts whether or not its arguments could be read; matched against arguments, only one that could.
  const found =
    score !== undefined ? (pair?.exact ? pair.predIndex : -1) : matcher === undefined ? calls.findIndex((call) => call.name === name) : calls.findIndex(checked)
  // Likewise a call graded wrong only where a predicate or matcher among the arguments never decided.
  if (this.isNot && gold !== undefined && found < 0 && undecidedSoFar() !== undecidedBefore) {
    const undecidedPair = withUndecidedAsMatches(() => scoreTrajectory(received, gold, options, '').pairs[0])
    if (undecidedPair?.exact) unchecked = undecidedPair.predIndex
  }
  const notYet = noCallsToGrade(received)
  const noCallsYet = notYet !== undefined
  const unreadable =
    this.isNot && found < 0 ? (unchecked >= 0 ? unchecked : calls.findIndex((call) => isUnparseable(call) && (call.name === '' || call.name === name))) : -1
  const pass = noCallsYet ? this.isNot === true : found >= 0 || unreadable >= 0

  const printed = (shownCalls: readonly ToolCall[], shownPair: PairDetail | undefined) => {
    const colors = runnerColors(this)
    // A name drawn as one of the calls listed is (a Cyrillic а for a Latin a) is written in escapes, on both sides.
    const listedNames = shownCalls.slice(0, LISTED_CALLS).map((call) => call.name)
    const wantedName = printName(name, listedNames)
    // Read once for the expected call and the nearest; arguments that hold a Proxy of the author's are shown as compiled, which no trap of theirs can break.
    const goldTurns = gold === undefined ? undefined : readGold(gold, '')
    const goldCall = goldTurns?.[0]![0]!
    const writtenGold = goldCall === undefined || goldCall.proxied ? undefined : goldCall.args
    const wanted = colors.expected(
      goldCall === undefined
        ? matcher !== undefined ? `${wantedName} with arguments ${describeMatcher(matcher)}` : wantedName
        : printCall(name, writtenGold ?? describeGoldArgs(goldCall), [], listedNames),
    )
    const verdict = noCallsYet
      ? `Expected ${this.isNot ? 'no call' : 'a call'} to ${wanted}, but ${notYet}.`
      : this.isNot
        ? found >= 0
          ? `Expected no call to ${wanted}, but pred[${found}] is one.`
          : unreadable === unchecked
            ? matcher !== undefined
              ? `Expected no call to ${wanted}, but the matcher could not decide on the arguments of pred[${unreadable}] (it threw, or answered with a promise or with undefined), which may be one.`
              : `Expected no call to ${wanted}, but a predicate or matcher among the arguments could not decide on pred[${unreadable}] (it threw, or answered with a promise or with undefined), which may be one.`
            : `Expected no call to ${wanted}, but pred[${unreadable}] could not be read and may be one.`
        : `Expected a call to ${wanted}, but ${shownCalls.length === 0 ? 'no call was made' : 'none of the calls made is one'}${
            undecidedWhy === undefined ? '' : `: the matcher could not decide on the arguments of pred[${unchecked}], as ${longReasonCut(undecidedWhy)}`
          }.`
    const sections = [hint(this, 'toHaveCalledTool', 'received', 'name', args === undefined ? undefined : 'args'), verdict]
    const containing = !pass && matcher !== undefined ? nearestContaining(shownCalls, name, matcher, options.testers) : undefined
    const nearestShown = !pass && shownPair !== undefined && goldTurns !== undefined ? nearestPair(shownCalls, goldTurns, shownPair, options) : shownPair
    const highlight = found >= 0 ? found : unreadable >= 0 ? unreadable : (nearestShown?.predIndex ?? containing?.index)
    if (shownCalls.length > 0 && !noCallsYet) sections.push(callsMade(shownCalls, highlight, name).join('\n'))
    if (!pass && nearestShown !== undefined && args !== undefined && matcher === undefined) sections.push(nearest(nearestShown, writtenGold, options, this).join('\n'))
    if (containing !== undefined) sections.push(nearestMisses(shownCalls[containing.index]!, containing.index, containing.misses, options, this).join('\n'))
    return sections.join('\n\n')
  }
  const message = () =>
    printedOrFromCopies(
      () => printed(calls, pair),
      () => printed(readTurnsCopied(received).flat(), gold === undefined ? undefined : scoreTrajectoryCopied(received, gold, options, '').pairs[0]),
    )
  return { pass, message }
}
