import { startExcerpt } from '../calls/text-excerpt'
import { type CanonicalForm, differsPastWindows, NamesByDrawing, oneLine, printArgName, printName } from '../compare/print-value'
import { childPath, thrownText } from '../calls/path'
import { prettyFormat } from '#printers'
import { isPlainObject, isRecord } from '../calls/plain-value'
import { isAsymmetricMatcher, isOneOf, isOptional, isSatisfies, matcherExpectedType } from '../compare/gold-values'
import type { ArgVerdict } from '../compare/compare-call'
import { figuresLine, type Judged } from './figures-line'
import { printDecimals } from './print-figure'
import type { PairDetail, Score, UnmatchedGold, UnmatchedPrediction } from '../metric/score'
import type { Level } from '../match/options'
import { type Colors, NO_COLORS } from './colors'
import { goldFromJSON } from '../compare/gold-json'
import type { AcceptsValue, ComparedPrediction, DeclaredSchema } from '../compare/accepts-value'
import { alignMatched, type Declared, withFilledDefaults } from './align-matched'
import { diffValues } from './diff-values'
import { withPredictionsCopied } from './copied-predictions'
import { longDiffCut } from './long-diff-cut'
import { longReasonCut } from './long-reason-cut'
import { cutLengthWithin, longStringsCut } from './long-strings-cut'
import { hasGoldMarker, hasUntestableMarker, printCall, printInline, printInlineApart } from './print-data'
import { MESSAGE_BOUNDS, type PrintBounds } from './print-bounds'

export interface FormatOptions {
  colors?: Colors
  /** How much of the score is shown (default: a message's bounds; WHOLE for a snapshot). */
  bounds?: PrintBounds
  /** How many exactly matched pairs are listed, one line each, before the rest are counted (default: the bounds'). */
  exactLines?: number
  /**
   * A gold call's arguments as its author wrote them, matchers included, by the gold's index:
   * so that a nested diff can tell which of them accept. Without it, a nested value holding a
   * matcher or a predicate is shown on one line each side.
   */
  goldArgs?: (goldIndex: number) => Record<string, unknown> | undefined
  /** The score's comparison, so that a nested diff shows what it took (a string its canonicalizer makes alike) as no difference. */
  accepts?: AcceptsValue
  /** A predicted argument as the score compared it, so that a nested diff shows keys filled in with their declared default as no difference. */
  compared?: ComparedPrediction
  /** The schema the tool declares for an argument, so that a nested diff marks a value the gold takes and the schema refuses. */
  declared?: DeclaredSchema
  /** The score's canonical form of strings, so that a long string is cut around the difference it did not take (not one of case or spaces). */
  canonical?: CanonicalForm
  /** Unmatched calls an assertion lets pass (toMatchToolCalls' allowExtra and allowMissing), marked as allowed; an unparseable prediction never is. */
  allowed?: { extra: boolean; missing: boolean }
  /** Where a gold call stands in the gold as written, by the gold's index: `[1][0]` in gold written as turns (default `[i]`). */
  goldPlace?: (goldIndex: number) => string
  /**
   * Lines the pairs may take (or as many characters as that many lines of 100) before the pairs and arguments still to come are counted, not shown, and
   * `seeAll` says where to read them all (default: no bound beyond the per-list ones).
   */
  pairLines?: { lines: number; seeAll: string }
  /** The figure an assertion judged against a threshold, printed so that it never reads as on the threshold's other side. */
  judged?: Judged
}

/** What a verdict's nested diff is drawn with: the gold call's arguments as written, and the score's comparison; and how much of it is shown. */
export interface VerdictDiff {
  writtenGold?: Record<string, unknown>
  accepts?: AcceptsValue
  compared?: ComparedPrediction
  declared?: DeclaredSchema
  canonical?: CanonicalForm
  bounds?: PrintBounds
}

const INDENT = '    '

/** The length of a value written as JSON; infinite for one that cannot be written. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0
  } catch {
    return Infinity
  }
}

/** Whether two values JSON can write, long only for the long strings in them, are short once those are cut, as the diff shows them: then they are diffed all the same. */
function shortOnceCut(gold: unknown, pred: unknown, { diffableSize, stringCharacters }: PrintBounds): boolean {
  return cutLengthWithin(gold, diffableSize, stringCharacters) <= diffableSize && cutLengthWithin(pred, diffableSize, stringCharacters) <= diffableSize
}

function isNested(value: unknown): boolean {
  return typeof value === 'object' && value !== null
}

/** Two nested values jest-diff can diff: of one kind, as of a list and an object it says only that they differ in type, showing neither. */
function areDiffable(gold: unknown, pred: unknown): boolean {
  return isNested(gold) && isNested(pred) && Array.isArray(gold) === Array.isArray(pred)
}

/**
 * Whether a nested diff shows a gold beside the prediction: two values areDiffable, a matcher beside an object, a predicate beside either.
 * Not a matcher of another kind than the prediction (`expect.any(Array)` beside an object), of which jest-diff would only
 * say that the types differ, as the reason does: the two are printed on one line each.
 */
function diffsWith(gold: unknown, pred: unknown): boolean {
  if (!isAsymmetricMatcher(gold)) return areDiffable(gold, pred)
  if (isSatisfies(gold)) return true
  const expected = matcherExpectedType(gold)
  // Not a list, the prediction is an object, jest-diff's 'object' (only nested values are diffed).
  return !Array.isArray(pred) && (expected === undefined || expected === typeof pred)
}

/** The gold value of a nested diff: the author's, or the described one with its JSON markers as markers; undefined when it holds what a Score cannot test. */
function diffableGold(described: unknown, written: unknown): unknown {
  if (written !== undefined) return written
  // An argument's optional() is read as an argument's value only, so its value is read on its own (of one of no value, nothing).
  if (isRecord(described) && Object.keys(described).length === 1 && Array.isArray(described.$optional)) return diffableGold(described.$optional[0], undefined)
  if (!hasGoldMarker(described)) return described
  if (hasUntestableMarker(described)) return undefined
  try {
    return goldFromJSON(described)
  } catch {
    return undefined
  }
}

/** How many leaves (strings, numbers, …) two values hold alike at the same places. */
function leavesAlike(gold: unknown, pred: unknown): number {
  if (Array.isArray(gold) && Array.isArray(pred)) {
    let alike = 0
    for (let i = 0; i < Math.min(gold.length, pred.length); i++) alike += leavesAlike(gold[i], pred[i])
    return alike
  }
  if (isPlainObject(gold) && isPlainObject(pred)) {
    let alike = 0
    for (const key of Object.keys(gold)) if (Object.hasOwn(pred, key)) alike += leavesAlike(gold[key], pred[key])
    return alike
  }
  return isNested(gold) || isNested(pred) || !Object.is(gold, pred) ? 0 : 1
}

/**
 * The value a marker around the whole gold stands for in a nested diff, as jest-diff shows none
 * inside one: optional()'s value, and of a oneOf the alternative of the prediction's kind that
 * holds most of it alike (the first, on a tie). Anything else is itself.
 */
function unwrapped(gold: unknown, pred: unknown, accepts: AcceptsValue | undefined): unknown {
  for (;;) {
    if (isOptional(gold) && gold.constrained) gold = gold.value
    else if (isOneOf(gold)) {
      let nearest: unknown = gold.alternatives[0]
      let most = -1
      for (const alternative of gold.alternatives) {
        const inner = unwrapped(alternative, pred, accepts)
        if (!areDiffable(inner, pred)) continue
        const alike = leavesAlike(alignMatched(inner, pred, accepts), pred)
        if (alike > most) [nearest, most] = [alternative, alike]
      }
      gold = nearest
    } else return gold
  }
}

/**
 * A nested argument's diff; undefined where pretty-format cannot print a part of the gold (a
 * matcher without toAsymmetricMatcher, or whose printing throws), which is then shown on one line,
 * and null where the gold is a matcher jest-diff shows nothing inside (a predicate), or takes every part of the
 * prediction, so that what is wrong (a type or value the tool's schema declares) is nothing a diff of the two shows.
 */
function nestedDiff(
  gold: unknown,
  pred: unknown,
  colors: Colors,
  accepts: AcceptsValue | undefined,
  bounds: PrintBounds,
  differsFurther: { paths: string[]; root: string },
  compared: unknown = pred,
  declared?: Declared,
): string | null | undefined {
  // Every piece of the diff's text passes one of these: the model's control characters are escaped there,
  // after pretty-format has escaped backslashes, so an escape and the same text written out stay apart.
  const aligned = withFilledDefaults(alignedGold(gold, compared, accepts, declared), pred, compared)
  // jest-diff would say only that the two have no visual difference: the reason names what is wrong, and the prediction shows where.
  if (printsAlike(aligned, pred)) return null
  const [expectedShown, receivedShown] = longStringsCut(aligned, pred, bounds.stringCharacters, differsFurther.paths, differsFurther.root)
  const diff = (expand: boolean) =>
    diffValues(expectedShown, receivedShown, {
      omitAnnotationLines: true,
      expand,
      // The runners' own context: a small value then prints whole, where 2 lines would trade its brackets for a hunk header.
      contextLines: 5,
      aColor: (text) => colors.expected(oneLine(text)),
      bColor: (text) => colors.received(oneLine(text)),
      changeColor: oneLine,
      commonColor: (text) => colors.dim(oneLine(text)),
      patchColor: (text) => colors.dim(oneLine(text)),
    }, bounds.printBasicPrototype)
  try {
    if (!bounds.expandDiffs) return diff(false)
    // Expanded past the lines shown, a diff could hide its differences below the cut.
    const expanded = diff(true)
    return expanded !== null && lineCount(expanded) > bounds.diffLines ? diff(false) : expanded
  } catch {
    return undefined
  }
}

/**
 * The gold aligned with the score's comparison, or, where that leaves no difference, without it:
 * a runner's equality tester that took over a value compared its parts its own way, so the
 * parts the canonicalizer makes alike may be what it found different.
 */
function alignedGold(gold: unknown, pred: unknown, accepts: AcceptsValue | undefined, declared: Declared | undefined): unknown {
  const aligned = alignMatched(gold, pred, accepts, declared)
  return accepts !== undefined && sameData(aligned, pred) ? alignMatched(gold, pred, undefined, declared) : aligned
}

/** Whether two values print alike, as jest-diff compares them before it diffs them. */
function printsAlike(expected: unknown, received: unknown): boolean {
  try {
    const { format, plugins } = prettyFormat()
    const options = { plugins: [plugins.AsymmetricMatcher], indent: 0 }
    return format(expected, options) === format(received, options)
  } catch {
    return false
  }
}

function lineCount(text: string): number {
  let lines = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++
  return lines
}

/** The predicted value alone, as a diff prints its side, where the gold is a predicate and there is nothing to diff it with. */
function receivedAlone(pred: unknown, colors: Colors, bounds: PrintBounds): string | undefined {
  try {
    const { format, plugins } = prettyFormat()
    const printed = format(longStringsCut(pred, pred, bounds.stringCharacters)[1], {
      indent: 2,
      plugins: [plugins.AsymmetricMatcher],
      printBasicPrototype: bounds.printBasicPrototype,
    })
    return printed
      .split('\n')
      .map((line) => colors.received(`+ ${oneLine(line)}`))
      .join('\n')
  } catch {
    return undefined
  }
}

const argNamesByDrawing = new WeakMap<object, NamesByDrawing>()

/** A call's argument names, kept once for all the verdicts of its pair listed: a call may have thousands. */
/** The names of a pair's arguments, either side's: those a long one must not print alike once cut. */
function pairArgNames(pair: PairDetail): string[] {
  const names = Object.keys(pair.gold.args)
  for (const name of Object.keys(pair.pred.args)) if (!Object.hasOwn(pair.gold.args, name)) names.push(name)
  return names
}

function argNames(args: Record<string, unknown>): NamesByDrawing {
  let names = argNamesByDrawing.get(args)
  if (names === undefined) argNamesByDrawing.set(args, (names = new NamesByDrawing(Object.keys(args))))
  return names
}

/** Two values that are the same data; told by their JSON, as a score's values are plain data. */
function sameData(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return Object.is(a, b)
  }
}

/** Whether the gold a prediction matched is shown beside it: where it is other data (a string the canonicalizer makes alike), or, where the bounds say, a matcher. */
function showsAccepted(gold: unknown, pred: unknown, bounds: PrintBounds): boolean {
  return !sameData(gold, pred) && (bounds.acceptedMatchers || !hasGoldMarker(gold))
}

/** The gold value a prediction matched, where it is shown beside it. */
function goldAccepted(gold: unknown, pred: unknown, bounds: PrintBounds): string {
  return showsAccepted(gold, pred, bounds) ? `  (gold ${printInline(gold, bounds)})` : ''
}

/** The schema of a verdict's argument, for its nested diff: an argument given by position has none by name. */
function declaredOf(pair: PairDetail, verdict: ArgVerdict, declared: DeclaredSchema | undefined, canonical: CanonicalForm | undefined): Declared | undefined {
  const schema = declared === undefined || verdict.position !== undefined ? undefined : declared(pair.gold.name, verdict.arg)
  return schema === undefined || canonical === undefined ? undefined : { schema, canonicalize: canonical }
}

/** The predicted value a verdict is about: by its place, for an argument given by position. */
function predictedValue(pair: PairDetail, verdict: ArgVerdict): unknown {
  return verdict.position !== undefined ? pair.pred.positional?.[verdict.position - 1] : pair.pred.args[verdict.arg]
}

export function formatVerdict(
  pair: PairDetail,
  verdict: ArgVerdict,
  colors: Colors,
  { writtenGold, accepts, compared, declared, canonical, bounds = MESSAGE_BOUNDS }: VerdictDiff = {},
): string[] {
  const { arg: key } = verdict
  // An argument's name may be the model's own; one missing or unexpected is written in escapes
  // where it would print alike a name of the other call (a Cyrillic а for a Latin a).
  const others = verdict.verdict === 'missing' ? argNames(pair.pred.args) : verdict.verdict === 'unexpected' ? argNames(pair.gold.args) : undefined
  const arg = verdict.position !== undefined ? key : printArgName(key, others, bounds.argNameCharacters, pairArgNames(pair))
  const gold = pair.gold.args[key]
  const pred = predictedValue(pair, verdict)
  // A reason's path may quote the model's keys, escaped by JSON only: a direction override in one would reverse the line.
  const why = (text: string) => colors.dim(`  ← ${longReasonCut(text, bounds.reasonCharacters)}`)
  const inline = (value: unknown) => printInline(value, bounds)
  const inlinePred = (value: unknown) => printInline(value, bounds, 'prediction')
  switch (verdict.verdict) {
    case 'match': {
      // Strings drawn alike (`é` composed or not) print apart, as a mismatch's do: the note would show the same text twice.
      if (typeof gold === 'string' && typeof pred === 'string' && showsAccepted(gold, pred, bounds)) {
        const [printedGold, printedPred] = printInlineApart(gold, pred, bounds)
        return [colors.dim(`${INDENT}  ${arg}: ${printedPred}  (gold ${printedGold})`)]
      }
      return [colors.dim(`${INDENT}  ${arg}: ${inlinePred(pred)}${goldAccepted(gold, pred, bounds)}`)]
    }
    case 'omitted':
      return Object.hasOwn(pair.pred.args, key)
        ? [colors.dim(`${INDENT}  ${arg}: ${inlinePred(pred)}  (${verdict.reason ?? 'left out'})`)]
        : [colors.dim(`${INDENT}  ${arg}: (left out; optional)`)]
    case 'missing':
      return [colors.expected(`${INDENT}- ${arg}: ${inline(gold)}`) + why('missing')]
    case 'unexpected':
      return [colors.received(`${INDENT}+ ${arg}: ${inlinePred(pred)}`) + why(`unexpected: ${verdict.reason ?? ''}`)]
    case 'mismatch': {
      // Each side written once, for both of the bounds below; a marker's value is diffed, not the marker (see unwrapped).
      const longer = isNested(gold) && isNested(pred) ? Math.max(jsonLength(gold), jsonLength(pred)) : Infinity
      // Infinite where JSON cannot write one, which no bound lets be diffed.
      const source = longer < Infinity && (longer <= bounds.diffableSize || shortOnceCut(gold, pred, bounds)) ? diffableGold(gold, writtenGold?.[key]) : undefined
      const diffable = source === undefined ? undefined : unwrapped(source, pred, accepts)
      const differsFurther = { paths: [] as string[], root: verdict.position !== undefined ? key : childPath('', key) }
      // Diffed with the prediction as the score compared it: without the keys an SDK filled in with their declared default.
      const diff =
        diffable === undefined || !diffsWith(diffable, pred)
          ? undefined
          : nestedDiff(
              diffable,
              pred,
              colors,
              accepts,
              bounds,
              differsFurther,
              compared === undefined ? pred : compared(pair.gold.name, key, source, pred),
              declaredOf(pair, verdict, declared, canonical),
            )
      const nested = diff === null ? receivedAlone(pred, colors, bounds) : diff
      if (nested !== undefined) {
        const lines = longDiffCut(nested, colors, bounds.diffLines).map((line) => `${INDENT}    ${line}`)
        if (differsFurther.paths.length > 0) lines.push(colors.dim(`${INDENT}    (${stringsDifferFurther(differsFurther.paths, bounds)})`))
        return [`${INDENT}~ ${arg}:` + why(verdict.reason ?? 'differs'), ...lines]
      }
      const strings = typeof gold === 'string' && typeof pred === 'string'
      const [printedGold, printedPred] = strings ? printInlineApart(gold, pred, bounds, canonical) : [inline(gold), inlinePred(pred)]
      // A cut string shows its first difference only: where there are more, say so.
      const further = strings && differsPastWindows(gold, pred, bounds.lineCharacters - 2, canonical) ? colors.dim('  (and differs further on)') : ''
      return [
        colors.expected(`${INDENT}- ${arg}: ${printedGold}`),
        colors.received(`${INDENT}+ ${arg}: ${printedPred}`) + further + why(verdict.reason ?? 'differs'),
      ]
    }
  }
}

/** Which strings of a nested diff differ again past what it shows of them: the first by its path, the rest counted. */
function stringsDifferFurther(paths: readonly string[], bounds: PrintBounds): string {
  const first = longReasonCut(paths[0]!, bounds.reasonCharacters)
  const more = paths.length - 1
  return more === 0 ? `${first} differs further on, past what is shown` : `${first} and ${more} more ${more === 1 ? 'string' : 'strings'} differ further on, past what is shown`
}

/** A call's weight where it is not 1, so that the counts below can be told from the calls listed. */
function weighed(weight: number, colors: Colors, bounds: PrintBounds): string {
  return weight === 1 ? '' : colors.dim(`  (weight ${printDecimals(weight, bounds.countDecimals)})`)
}

/**
 * What an unmatched call counts where it is not 1. At arg level that is its units summed (name and
 * arguments), not its tool's weight, which a pair's line shows: so it is named apart.
 */
function counted(count: number, level: Level, colors: Colors, bounds: PrintBounds): string {
  if (level === 'call') return weighed(count, colors, bounds)
  return count === 1 ? '' : colors.dim(`  (${printDecimals(count, bounds.countDecimals)} units)`)
}

/** A tool's name of the model's as the bounds show it; undefined where it is shown whole, its lone surrogates then escaped, not dropped. */
function nameExcerptWithin(bounds: PrintBounds): ((name: string) => string) | undefined {
  return bounds.stringCharacters === Infinity ? undefined : (name) => startExcerpt(name, bounds.stringCharacters)
}

function flatPlace(goldIndex: number): string {
  return `[${goldIndex}]`
}

function pairHeader(pair: PairDetail, goldPlace: (goldIndex: number) => string): string {
  return `gold${goldPlace(pair.goldIndex)} ↔ pred[${pair.predIndex}]`
}

/** A verdict that marks a difference: anything but a match or an argument left out as allowed. */
export function isDiffering(verdict: ArgVerdict): boolean {
  return verdict.verdict !== 'match' && verdict.verdict !== 'omitted'
}

/** Characters a line takes in a terminal before it wraps: a diff nested hundreds deep fills few lines that wrap into many. */
const LINE_WIDTH = 100

/** Whether lines leave room in `maxLines` lines: as many lines, or as many characters as that many lines fill. */
function hasRoom(lines: readonly string[], maxLines: number): boolean {
  if (lines.length >= maxLines) return false
  if (maxLines === Infinity) return true
  let characters = 0
  for (const line of lines) characters += line.length
  return characters < maxLines * LINE_WIDTH
}

/**
 * The arguments of a pair that differ, each with its diff: the first as many as a pair lists and
 * as fit in `maxLines` (see hasRoom; an argument begun is shown whole), then how many more.
 */
export function formatDiffering(pair: PairDetail, colors: Colors, diff: VerdictDiff = {}, maxLines = Infinity): string[] {
  const differing = pair.args.filter(isDiffering)
  const lines: string[] = []
  let shown = 0
  while (shown < Math.min(differing.length, (diff.bounds ?? MESSAGE_BOUNDS).listed) && hasRoom(lines, maxLines)) lines.push(...formatVerdict(pair, differing[shown++]!, colors, diff))
  if (differing.length > shown) lines.push(colors.dim(`${INDENT}  ${andMore(differing.length - shown, 'argument that differs', 'arguments that differ')}`))
  return lines
}

/** How many of a pair's arguments differ (see isDiffering). */
export function countDiffering(verdicts: readonly ArgVerdict[]): number {
  let count = 0
  for (const verdict of verdicts) if (isDiffering(verdict)) count++
  return count
}

/**
 * The arguments of a pair a message lists, in their order: those that differ first claim the room, so none hides
 * behind the ones that agree, of which at most `agreeing` are listed.
 */
function argumentsShown(verdicts: readonly ArgVerdict[], listed: number, agreeing = listed): readonly ArgVerdict[] {
  const differing = countDiffering(verdicts)
  let differingRoom = listed
  let agreeingRoom = Math.min(agreeing, listed - Math.min(listed, differing))
  if (verdicts.length <= listed && verdicts.length - differing <= agreeingRoom) return verdicts
  return verdicts.filter((verdict) => (isDiffering(verdict) ? differingRoom-- > 0 : agreeingRoom-- > 0))
}

/** The arguments of an exact pair whose gold is other data than the prediction, each with its gold: the pair's call shows only the prediction's. */
function acceptedNotes(pair: PairDetail, colors: Colors, bounds: PrintBounds): string[] {
  const lines: string[] = []
  let accepted = 0
  for (const verdict of pair.args) {
    if (verdict.verdict !== 'match' || !showsAccepted(pair.gold.args[verdict.arg], predictedValue(pair, verdict), bounds)) continue
    if (accepted++ < bounds.acceptedListed) lines.push(...formatVerdict(pair, verdict, colors, { bounds }))
  }
  if (accepted > bounds.acceptedListed) lines.push(colors.dim(`${INDENT}  ${andMore(accepted - bounds.acceptedListed, 'argument that matches other data', 'arguments that match other data')}`))
  return lines
}

function formatPairs(
  pairs: readonly PairDetail[],
  colors: Colors,
  exactLines: number,
  bounds: PrintBounds,
  { goldArgs, accepts, compared, declared, canonical, goldPlace = flatPlace, pairLines }: FormatOptions,
): string[] {
  const { listed } = bounds
  const lines: string[] = []
  const maxLines = pairLines?.lines ?? Infinity
  let exactShown = 0
  let exactHidden = 0
  let wrongShown = 0
  let wrongHidden = 0
  let cut = false
  const listedWrong = Math.min(listed, pairs.reduce((count, pair) => count + (pair.exact ? 0 : 1), 0))
  for (const pair of pairs) {
    if (pair.exact) {
      if (exactShown < exactLines) {
        const predictedAs = pair.pred.name !== pair.gold.name ? ` (predicted as ${printName(pair.pred.name, [pair.gold.name])})` : ''
        lines.push(colors.dim(`  ✓ ${pairHeader(pair, goldPlace)}  ${printCall(pair.gold.name, pair.pred.args, pair.pred.positional, undefined, bounds, 'prediction')}${predictedAs}`))
        lines.push(...acceptedNotes(pair, colors, bounds))
        exactShown++
      } else {
        exactHidden++
      }
      continue
    }
    if (wrongShown >= listed || !hasRoom(lines, maxLines)) {
      cut ||= wrongShown < listed
      wrongHidden++
      continue
    }
    wrongShown++
    const sameName = pair.pred.name === pair.gold.name
    // The predicted name is the model's own, which a name canonicalizer may have read as the gold's however long it is.
    const name = sameName
      ? oneLine(pair.gold.name)
      : `${printName(pair.gold.name, [pair.pred.name])} (predicted as ${printName(pair.pred.name, [pair.gold.name], nameExcerptWithin(bounds))})`
    lines.push(`  ${colors.bold('✗')} ${pairHeader(pair, goldPlace)}  ${colors.bold(name)}${weighed(pair.weight, colors, bounds)}`)
    const diff = { writtenGold: goldArgs?.(pair.goldIndex), accepts, compared, declared, canonical, bounds }
    // Each pair still to list gets its share of the room: the arguments that agree in one do not crowd out the next.
    const share = Math.floor((maxLines - lines.length) / (listedWrong - wrongShown + 1))
    const listedArgs = argumentsShown(pair.args, listed, Math.max(0, share - countDiffering(pair.args) - 1))
    // An argument begun is shown whole: its nested diff is cut on its own.
    let shown = 0
    while (shown < listedArgs.length && hasRoom(lines, maxLines)) lines.push(...formatVerdict(pair, listedArgs[shown++]!, colors, diff))
    if (shown < listedArgs.length) cut = true
    if (shown < pair.args.length) {
      const differingHidden = countDiffering(pair.args) - countDiffering(listedArgs.slice(0, shown))
      const hidden = pair.args.length - shown
      lines.push(colors.dim(`${INDENT}  ${hidden === 1 ? `… and 1 more argument, ${differingHidden === 0 ? 'right' : 'wrong'}` : `… and ${hidden} more arguments, ${differingHidden === 0 ? 'all of them right' : `${differingHidden} of them wrong`}`}`))
    }
  }
  if (wrongHidden > 0) lines.push(`  ${colors.bold('✗')} ${andMore(wrongHidden, 'pair that differs', 'pairs that differ')}`)
  if (exactHidden > 0) lines.push(colors.dim(`  ✓ ${andMore(exactHidden, 'pair that matches exactly', 'pairs that match exactly')}`))
  if (cut && pairLines !== undefined) lines.push(colors.dim(`  (The pairs are cut at ${pairLines.lines} lines, or ${pairLines.lines * LINE_WIDTH} characters, to keep the message readable; ${pairLines.seeAll}.)`))
  return lines
}

/** The first `shown` of a list of lines, then how many more there are. */
function listed<T>(items: readonly T[], shown: number, format: (item: T) => string, more: (count: number) => string): string[] {
  const lines = items.slice(0, shown).map(format)
  if (items.length > shown) lines.push(more(items.length - shown))
  return lines
}

function formatUnmatchedPred(
  unmatched: UnmatchedPrediction,
  level: Level,
  colors: Colors,
  allowed: boolean,
  goldNames: NamesByDrawing,
  bounds: PrintBounds,
): string {
  const excerpt = nameExcerptWithin(bounds)
  const call =
    unmatched.kind === 'unparseable'
      ? unmatched.call.name === ''
        ? '(unparseable)'
        : `${oneLine(excerpt === undefined ? unmatched.call.name : excerpt(unmatched.call.name))} (unparseable)`
      : printCall(unmatched.call.name, unmatched.call.args, unmatched.call.positional, goldNames, bounds, 'prediction')
  // A reason may quote the model's text (what would not parse).
  return (
    colors.received(`  + pred[${unmatched.predIndex}] ${call}`) +
    colors.dim(`  ← ${unmatched.kind}: ${longReasonCut(unmatched.reason, bounds.reasonCharacters)}`) +
    counted(unmatched.weight, level, colors, bounds) +
    (allowed && unmatched.kind !== 'unparseable' ? colors.dim('  (allowed)') : '')
  )
}

function formatUnmatchedGold(
  unmatched: UnmatchedGold,
  level: Level,
  colors: Colors,
  allowed: boolean,
  goldPlace: (goldIndex: number) => string,
  predNames: readonly string[],
  bounds: PrintBounds,
): string {
  return (
    colors.expected(`  - gold${goldPlace(unmatched.goldIndex)} ${printCall(unmatched.call.name, unmatched.call.args, [], predNames, bounds)}`) +
    counted(unmatched.weight, level, colors, bounds) +
    (allowed ? colors.dim('  (allowed)') : '')
  )
}

/**
 * A Score as an aligned diff: each pair with its gold and predicted arguments side by side
 * (`-` gold, `+` prediction), the predictions that matched nothing and why, the gold calls
 * nothing matched, then the figures.
 */
export function formatScore(score: Score, options: FormatOptions = {}): string {
  const colors = options.colors ?? NO_COLORS
  const bounds = options.bounds ?? MESSAGE_BOUNDS
  const sections: string[][] = []
  if (score.pairs.length > 0) {
    sections.push([
      `Pairs (${colors.expected('- gold')}, ${colors.received('+ prediction')}):`,
      ...formatPairs(score.pairs, colors, options.exactLines ?? bounds.exactLines, bounds, options),
    ])
  }
  // A tool's name drawn as one on the other side is (a Cyrillic а for a Latin a) prints in escapes: a prediction's
  // beside every gold call's, as its reason says none was expected; a gold call's beside the predictions listed.
  const predNames = score.unmatchedPred.slice(0, bounds.listed).map((unmatched) => unmatched.call.name)
  if (score.unmatchedPred.length > 0) {
    const goldNames = new NamesByDrawing([...score.pairs.map((pair) => pair.gold.name), ...score.unmatchedGold.map((unmatched) => unmatched.call.name)])
    const more = (count: number) => colors.received(`  + ${andMore(count, 'prediction that matched nothing', 'predictions that matched nothing')}`)
    const allowed = options.allowed?.extra === true
    sections.push(['Predictions that matched nothing:', ...listed(score.unmatchedPred, bounds.listed, (u) => formatUnmatchedPred(u, score.level, colors, allowed, goldNames, bounds), more)])
  }
  if (score.unmatchedGold.length > 0) {
    const more = (count: number) => colors.expected(`  - ${andMore(count, 'gold call that nothing matched', 'gold calls that nothing matched')}`)
    const allowed = options.allowed?.missing === true
    sections.push([
      'Gold calls that nothing matched:',
      ...listed(score.unmatchedGold, bounds.listed, (u) => formatUnmatchedGold(u, score.level, colors, allowed, options.goldPlace ?? flatPlace, predNames, bounds), more),
    ])
  }
  sections.push([figuresLine(score, bounds.countDecimals, options.judged)])
  return sections.map((lines) => lines.join('\n')).join('\n\n')
}

/**
 * formatScore for a Score given as it is (a snapshot's, an assertion's received one), whose predicted values are
 * shared with the model's output and so read again here, each once (see withPredictionsCopied): where a getter
 * among them throws on that read, or answers with what no score holds (a hole, a cycle), the figures alone and
 * why, rather than a throw out of the assertion or the snapshot, or a print that runs out of memory.
 */
export function formatGivenScore(score: Score, options: FormatOptions = {}): string {
  const bounds = options.bounds ?? MESSAGE_BOUNDS
  const withoutPairs = (why: string) => [`The score's pairs could not be printed: ${why}.`, figuresLine(score, bounds.countDecimals, options.judged)].join('\n\n')
  try {
    const copied = withPredictionsCopied(score)
    return copied.ok ? formatScore(copied.score, options) : withoutPairs(`a value in them was refused when read again (${longReasonCut(copied.reason, bounds.reasonCharacters)})`)
  } catch (error) {
    return withoutPairs(`a value in them threw when read again (${oneLine(thrownText(error))})`)
  }
}

/** `… and 3 more pairs that differ`, or `… and 1 more pair that differs`. */
function andMore(count: number, one: string, many: string): string {
  return `… and ${count} more ${count === 1 ? one : many}`
}
