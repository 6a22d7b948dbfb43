import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { oneOf, optional, satisfies } from '../../src/compare/gold-values'
import { resolveMatchOptions, type Level, type Order } from '../../src/match/options'
import { PAIR_LINES, scoreDetail } from '../../src/matchers/score-detail'
import type { Score } from '../../src/metric/score'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { NO_COLORS } from '../../src/report/colors'
import { MESSAGE_BOUNDS, type PrintBounds } from '../../src/report/print-bounds'
import { evaluate } from '../../src/metric/evaluate'
import { formatCorpusReport } from '../../src/report/format-corpus-report'
import { formatScore, isDiffering } from '../../src/report/format-score'
import { failureMessage } from '../matchers/failure-message'

// ---------------------------------------------------------------------------------------------
// What is generated: gold of random calls, and predictions mutated from it.
// ---------------------------------------------------------------------------------------------

/** Characters a terminal acts on or draws misleadingly: controls, bidi overrides and isolates, zero-width, look-alikes, halves of surrogate pairs. */
const HOSTILE = ['\u0000', '\n', '\r', '\t', '\u001b[31m', '\u001b[2J', '\u0007', '\u007f', '\u0085', '\u009b', '\u200b', '\u200e', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u2028', '\ufeff', '\u00a0', 'é', 'e\u0301', 'ﬁ', 'fi', '😀', '\ud83d', '\ude00', '"', '\\', '←', '…', ' ', 'a', 'Z', '0']

const hostileString = fc.array(fc.constantFrom(...HOSTILE), { maxLength: 12 }).map((parts) => parts.join(''))
/** Long text, mostly ordinary, with hostile characters anywhere in it, near the places it is cut (60, 100, 120, 400) or far. */
const longString = fc
  .tuple(fc.integer({ min: 50, max: 3_000 }), fc.constantFrom('x', 'ab', 'k-', '😀', '😀x', 'é'), hostileString, fc.nat())
  .map(([length, unit, inserted, at]) => {
    const base = unit.repeat(Math.ceil(length / unit.length))
    const place = at % (base.length + 1)
    return base.slice(0, place) + inserted + base.slice(place)
  })
const anyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'Lisbon', 'cats', '', 'x y') },
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: longString },
)
const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('q', 'city', 'days', 'k', 'x', 'y', 'filters') }, { weight: 2, arbitrary: anyString })
const scalar = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), anyString)

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.dictionary(key, tie('value'), { maxKeys: 6 }) },
  ),
}))

/** A value nested `depth` deep in objects and lists, as a model's runaway output is. */
const deepValue = fc.tuple(fc.integer({ min: 10, max: 120 }), scalar, fc.array(fc.constantFrom('object', 'list', 'wide'), { minLength: 1, maxLength: 3 })).map(([depth, leaf, kinds]) => {
  let built: unknown = leaf
  for (let d = 0; d < depth; d++) {
    const kind = kinds[d % kinds.length]
    built = kind === 'object' ? { k: built } : kind === 'list' ? [built] : { a: d, b: built, c: 'pad'.repeat(d % 5) }
  }
  return built
})

const argValue = fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: deepValue })

const toolName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('search', 'get_weather', 'book_flight', 'f') },
  { weight: 1, arbitrary: anyString.filter((name) => name !== '') },
)

type Call = { name: string; args: Record<string, unknown> }

/** Args as an own-property record, so that a key such as `__proto__` is an argument, not a prototype. */
function argsOf(entries: ReadonlyArray<[string, unknown]>): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [k, v] of entries) Object.defineProperty(args, k, { value: v, enumerable: true, writable: true, configurable: true })
  return args
}

const call = (maxArgs: number): fc.Arbitrary<Call> =>
  fc.record({ name: toolName, args: fc.uniqueArray(fc.tuple(key, argValue), { maxLength: maxArgs, selector: ([k]) => k }).map(argsOf) })

/** A change to a gold call that a model makes. */
type Mutation =
  | { kind: 'keep' | 'drop' | 'duplicate' }
  | { kind: 'rename'; name: string }
  | { kind: 'set' | 'nested'; pick: number; value: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'add'; key: string; value: unknown }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'keep' as const }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'drop' as const }, { kind: 'duplicate' as const }) },
  { weight: 1, arbitrary: toolName.map((name) => ({ kind: 'rename' as const, name })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('set' as const, 'nested' as const), pick: fc.nat(), value: scalar }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), key, value: argValue }) },
)

const isPlainData = (v: unknown): v is object =>
  Array.isArray(v) || (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && !('asymmetricMatch' in v))

/** A copy of `v` with the leaf that `pick` chooses, walking down, replaced by `leaf` (of the leaf it replaces). */
function replaceLeaf(v: unknown, pick: number, leaf: (old: unknown, inList: boolean) => unknown, inList = false): unknown {
  if (Array.isArray(v) && v.length > 0) {
    const i = pick % v.length
    return v.map((item, j) => (j === i ? replaceLeaf(item, Math.floor(pick / v.length), leaf, true) : item))
  }
  if (isPlainData(v) && Object.keys(v).length > 0) {
    const keys = Object.keys(v)
    const chosen = keys[pick % keys.length]!
    return argsOf(keys.map((k) => [k, k === chosen ? replaceLeaf((v as Record<string, unknown>)[k], Math.floor(pick / keys.length), leaf) : (v as Record<string, unknown>)[k]]))
  }
  return leaf(v, inList)
}

function mutate(gold: Call, change: Mutation): Call[] {
  const entries = Object.entries(gold.args)
  const pickKey = (pick: number) => entries[pick % entries.length]?.[0]
  switch (change.kind) {
    case 'keep':
      return [gold]
    case 'drop':
      return []
    case 'duplicate':
      return [gold, gold]
    case 'rename':
      return [{ ...gold, name: change.name }]
    case 'set':
    case 'nested': {
      const k = pickKey(change.pick)
      if (k === undefined) return [{ ...gold, args: argsOf([['extra', change.value]]) }]
      const replaced = change.kind === 'set' ? change.value : replaceLeaf(gold.args[k], change.pick, () => change.value)
      return [{ ...gold, args: argsOf(entries.map(([ek, ev]) => [ek, ek === k ? replaced : ev])) }]
    }
    case 'remove': {
      const k = pickKey(change.pick)
      return [{ ...gold, args: argsOf(entries.filter(([ek]) => ek !== k)) }]
    }
    case 'add':
      return [{ ...gold, args: argsOf([...entries.filter(([ek]) => ek !== change.key), [change.key, change.value]]) }]
  }
}

/** Gold values an author writes in place of a plain one: markers, and matchers of the runner's kind, some of which pretty-format cannot print. */
const MATCHERS = ['oneOf', 'optional', 'optional()', 'satisfies', 'any', 'unprintable', 'throwing'] as const
type MatcherKind = (typeof MATCHERS)[number]

function matcherFor(kind: MatcherKind, leaf: unknown): unknown {
  const same = (v: unknown) => Object.is(v, leaf)
  switch (kind) {
    case 'oneOf':
      return oneOf(leaf, 'other')
    case 'optional':
      return optional(leaf)
    case 'optional()':
      return optional()
    case 'satisfies':
      return satisfies(same, 'is the gold leaf')
    case 'any':
      return expect.anything()
    case 'unprintable':
      return { $$typeof: Symbol.for('jest.asymmetricMatcher'), asymmetricMatch: same }
    case 'throwing':
      return {
        $$typeof: Symbol.for('jest.asymmetricMatcher'),
        asymmetricMatch: same,
        toAsymmetricMatcher() {
          throw new Error('cannot print')
        },
      }
  }
}

/** The gold with some of its leaves (none a matcher already) written as matchers that accept them. */
function withMatchers(gold: Call, places: ReadonlyArray<[number, MatcherKind]>): Call {
  const entries = Object.entries(gold.args)
  if (entries.length === 0 || places.length === 0) return gold
  const args = argsOf(entries)
  for (const [pick, kind] of places) {
    const k = entries[pick % entries.length]![0]
    // optional() belongs to an object's key, not to a place in a list.
    const shown = (leaf: unknown, inList: boolean) => (typeof leaf === 'object' && leaf !== null ? leaf : matcherFor(inList && kind.startsWith('optional') ? 'oneOf' : kind, leaf))
    args[k] = replaceLeaf(args[k], Math.floor(pick / entries.length), shown)
  }
  return { ...gold, args }
}

/** Predictions a model makes that are no plain call: broken JSON, arguments as JSON text, values that are no JSON. */
const oddPrediction: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ name: 'search', arguments: '{"q": ' }),
  fc.tuple(toolName, fc.dictionary(key, value, { maxKeys: 3 })).map(([name, args]) => ({ name, arguments: JSON.stringify(args) })),
  fc.tuple(toolName, anyString).map(([name, text]) => ({ name, arguments: text })),
  fc.constant({ name: 'f', args: { big: 10n, gone: undefined, fn: () => 1, date: new Date(0), map: new Map([[1, 2]]), sym: Symbol('s') } }),
  fc.constant({ name: 'f', args: { o: { nested: 10n, list: [undefined, () => 2] } } }),
  fc.constant(null),
  fc.constant('search(q="cats")'),
)

interface Case {
  gold: Call[]
  pred: unknown[]
  level: Level
  order: Order
  allowExtra: boolean
  allowMissing: boolean
}

/** Gold of up to `maxCalls` calls of up to `maxArgs` arguments, and a prediction made from it by a mutation per call, with extra calls, perhaps shuffled. */
function trajectory(maxCalls: number, maxArgs: number): fc.Arbitrary<Case> {
  return fc
    .array(fc.tuple(call(maxArgs), mutation, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...MATCHERS)), { maxLength: 2 })), { maxLength: maxCalls })
    .chain((golds) =>
      fc.record({
        gold: fc.constant(golds.map(([gold, , places]) => withMatchers(gold, places))),
        pred: fc
          .tuple(fc.array(fc.oneof({ weight: 3, arbitrary: call(3) }, { weight: 1, arbitrary: oddPrediction }), { maxLength: 3 }), fc.boolean())
          .chain(([extra, shuffle]) => {
            const mutated: unknown[] = [...golds.flatMap(([gold, change]) => mutate(gold, change)), ...extra]
            return shuffle ? fc.shuffledSubarray(mutated, { minLength: mutated.length, maxLength: mutated.length }) : fc.constant(mutated)
          }),
        level: fc.constantFrom<Level>('call', 'arg'),
        order: fc.constantFrom<Order>('any', 'strict'),
        allowExtra: fc.boolean(),
        allowMissing: fc.boolean(),
      }),
    )
}

/** Many calls of many arguments, each pair differing in many of them: messages that reach the bound on the pairs. */
const vast: fc.Arbitrary<Case> = fc
  .tuple(
    fc.integer({ min: 20, max: 70 }),
    fc.integer({ min: 5, max: 60 }),
    fc.constantFrom('short', 'long', 'deep', 'nested'),
    fc.integer({ min: 1, max: 5 }),
    fc.constantFrom<Level>('call', 'arg'),
    fc.constantFrom<Order>('any', 'strict'),
    fc.array(fc.tuple(fc.nat(), mutation), { maxLength: 20 }),
  )
  .map(([calls, args, kind, every, level, order, changes]) => {
    const valueOf = (i: number, j: number, v: number): unknown => {
      switch (kind) {
        case 'short':
          return `v${i}-${j}-${v}`
        case 'long':
          return `${'lorem ipsum '.repeat(30)}\u202e${v}`
        case 'deep': {
          let built: unknown = v
          for (let d = 0; d < 40; d++) built = { k: built }
          return built
        }
        default:
          return Array.from({ length: 12 }, (_, n) => ({ n, v: n % 6 === 3 ? v : 0, s: 'x'.repeat(n * 3) }))
      }
    }
    const gold = Array.from({ length: calls }, (_, i) => ({ name: 'f', args: argsOf(Array.from({ length: args }, (_, j) => [`a${j}`, valueOf(i, j, 0)])) }))
    const pred = gold.map((g, i) => ({ name: 'f', args: argsOf(Array.from({ length: args }, (_, j) => [`a${j}`, valueOf(i, j, j % every === 0 ? 1 : 0)])) }))
    // A few calls changed in other ways too.
    for (const [at, change] of changes) if (pred.length > 0) pred.splice(at % pred.length, 1, ...mutate(pred[at % pred.length]!, change))
    return { gold, pred, level, order, allowExtra: false, allowMissing: false }
  })

// ---------------------------------------------------------------------------------------------
// The message, built as toMatchToolCalls builds it, without colours, and read back.
// ---------------------------------------------------------------------------------------------

function scored({ gold, pred, level, order }: Case): Score {
  return new ToolCallMetric({ level, order }).score(pred, gold)
}

function detailOf(c: Case, score: Score = scored(c), bounds?: PrintBounds): string {
  return scoreDetail(score, NO_COLORS, { gold: c.gold, options: resolveMatchOptions({ level: c.level, order: c.order }) }, { allowed: { extra: c.allowExtra, missing: c.allowMissing }, bounds })
}

/** The message's sections: no line of the detail is empty (each is indented or a heading), so they part at empty lines. */
function sections(detail: string): { pairs: string[]; unmatchedPred: string[]; unmatchedGold: string[]; figures: string[] } {
  const found = { pairs: [] as string[], unmatchedPred: [] as string[], unmatchedGold: [] as string[], figures: [] as string[] }
  for (const section of detail.split('\n\n')) {
    const lines = section.split('\n')
    if (lines[0]!.startsWith('Pairs (')) found.pairs = lines
    else if (lines[0] === 'Predictions that matched nothing:') found.unmatchedPred = lines
    else if (lines[0] === 'Gold calls that nothing matched:') found.unmatchedGold = lines
    else found.figures = lines
  }
  return found
}

/** The number in a line `… and N more <what>`, or 0 where there is no such line. */
function moreCount(lines: readonly string[], pattern: RegExp): number {
  const matches = lines.map((line) => pattern.exec(line)).filter((m) => m !== null)
  expect(matches.length).toBeLessThanOrEqual(1)
  return matches.length === 0 ? 0 : Number(matches[0]![1])
}

// ---------------------------------------------------------------------------------------------
// The bounds, as format-score.ts sets them.
// ---------------------------------------------------------------------------------------------

/** Lines of 100 characters: the room's bound in characters (format-score.ts, LINE_WIDTH). */
const PAIR_CHARS = PAIR_LINES * 100
/**
 * Lines the pairs section may add once its room is found full: the room is asked before each wrong
 * pair's heading and each argument, so the last one begun is shown whole. The largest argument is a
 * nested diff: its reason line, 100 lines of diff and the line counting the rest (long-diff-cut.ts).
 * Then a pair's `… and N more arguments`, up to 10 exact pairs listed anywhere (score-detail.ts),
 * the three summary lines (pairs that differ, pairs that match, where the cut was made) and the heading.
 */
const LAST_ARGUMENT_LINES = 1 + 100 + 1
const PAIR_LINES_AFTER_ROOM = LAST_ARGUMENT_LINES + 1 + 10 + 3 + 1
/**
 * The widest line a message may print, for values nested at most `depth` deep: a diff line's
 * indentation (8, and 2 a level), a key and a string each cut to 100 characters but written with
 * escapes of up to 6 characters each, a reason's 400 characters with escapes; a listed call is cut to 200.
 */
const widestLine = (depth: number) => 8 + 2 * depth + 2 * 6 * 101 + 6 * 401 + 200

function depthOf(v: unknown): number {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[v, 0]]
  while (stack.length > 0) {
    const [item, d] = stack.pop()!
    deepest = Math.max(deepest, d)
    if (typeof item === 'object' && item !== null) for (const inner of Object.values(item)) stack.push([inner, d + 1])
  }
  return deepest
}

const deepestOf = (c: Case) => Math.max(0, ...[...c.gold, ...c.pred].map((x) => depthOf(x)))

/** Controls (but the line break that parts lines), C1 controls, direction embeddings, overrides and isolates. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
/** Half of a surrogate pair without the other, which a terminal draws as another character. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function expectBounded(c: Case, detail: string): void {
  const { pairs } = sections(detail)
  expect(pairs.length).toBeLessThanOrEqual(PAIR_LINES + PAIR_LINES_AFTER_ROOM)
  const lines = detail.split('\n')
  const widest = Math.max(...lines.map((line) => line.length))
  expect(widest).toBeLessThanOrEqual(widestLine(deepestOf(c)))
  // The room is asked before each argument, so what overruns it is the last argument begun and the lines after it.
  expect(pairs.join('\n').length).toBeLessThanOrEqual(PAIR_CHARS + PAIR_LINES_AFTER_ROOM * (widest + 1))
  // The whole message: the pairs, 50 unmatched predictions and 50 unmatched gold calls and a count of each, the figures, headings.
  expect(detail.length).toBeLessThanOrEqual(PAIR_CHARS + (PAIR_LINES_AFTER_ROOM + 2 * 52) * (widest + 1) + 200)
}

/** A half of a surrogate pair written as its escape: what a cut between the halves of an emoji prints once escaped. */
const ESCAPED_SURROGATE = /\\ud[89a-f][0-9a-f]{2}/i

/** Whether a string anywhere in a value, key or text, holds half a surrogate pair alone, or its escape (in JSON text). */
function holdsLoneSurrogate(v: unknown): boolean {
  if (typeof v === 'string') return LONE_SURROGATE.test(v) || ESCAPED_SURROGATE.test(v)
  if (typeof v !== 'object' || v === null) return false
  return Object.entries(v).some(([k, inner]) => LONE_SURROGATE.test(k) || holdsLoneSurrogate(inner))
}

function expectNoRawControls(detail: string): void {
  expect(detail).not.toMatch(RAW_CONTROL)
  expect(detail).not.toMatch(LONE_SURROGATE)
}

/** Every pair, unmatched prediction and unmatched gold call is listed or counted, and what is listed is of the score. */
function expectAccounted(score: Score, detail: string): void {
  const { pairs, unmatchedPred, unmatchedGold } = sections(detail)
  const wrong = score.pairs.filter((pair) => !pair.exact)
  const exact = score.pairs.length - wrong.length

  const wrongHeadings = pairs.filter((line) => /^ {2}✗ gold\[\d+\] ↔ pred\[\d+\]/.test(line))
  expect(wrongHeadings.length + moreCount(pairs, /^ {2}✗ … and (\d+) more (?:pairs that differ|pair that differs)$/)).toBe(wrong.length)
  const exactLines = pairs.filter((line) => /^ {2}✓ gold\[\d+\] ↔ pred\[\d+\]/.test(line))
  expect(exactLines.length + moreCount(pairs, /^ {2}✓ … and (\d+) more (?:pairs that match|pair that matches) exactly$/)).toBe(exact)

  // Fewer than 50 wrong pairs listed, with some left out, only where the room ran out, as the message then says.
  if (!pairs.some((line) => line.startsWith('  (The pairs are cut at '))) expect(wrongHeadings.length).toBe(Math.min(50, wrong.length))

  // The wrong pairs listed are the first of the score's, in its order.
  const listedWrong = wrongHeadings.map((line) => /gold\[(\d+)\] ↔ pred\[(\d+)\]/.exec(line)!.slice(1).map(Number))
  expect(listedWrong).toEqual(wrong.slice(0, listedWrong.length).map((pair) => [pair.goldIndex, pair.predIndex]))

  const predListed = unmatchedPred.filter((line) => /^ {2}\+ pred\[\d+\]/.test(line)).length
  expect(predListed + moreCount(unmatchedPred, /^ {2}\+ … and (\d+) more predictions? that matched nothing$/)).toBe(score.unmatchedPred.length)
  const goldListed = unmatchedGold.filter((line) => /^ {2}- gold\[\d+\]/.test(line)).map((line) => Number(/^ {2}- gold\[(\d+)\]/.exec(line)![1]))
  expect(goldListed.length + moreCount(unmatchedGold, /^ {2}- … and (\d+) more gold calls? that nothing matched$/)).toBe(score.unmatchedGold.length)
  expect(goldListed).toEqual(score.unmatchedGold.slice(0, goldListed.length).map((u) => u.goldIndex))

  // Every gold call that was not matched exactly: in a wrong pair or unmatched, so listed or counted above.
  const notExact = new Set([...wrong.map((pair) => pair.goldIndex), ...score.unmatchedGold.map((u) => u.goldIndex)])
  const exactGold = new Set(score.pairs.filter((pair) => pair.exact).map((pair) => pair.goldIndex))
  expect(notExact.size + exactGold.size).toBe(score.pairs.length + score.unmatchedGold.length)
}

/**
 * Within each wrong pair listed, its arguments are listed or counted: the lines `… and N more
 * arguments, M of them wrong` add up with the arguments listed to the pair's, and its wrong ones.
 */
function expectArgumentsAccounted(score: Score, detail: string): void {
  const { pairs } = sections(detail)
  const wrong = score.pairs.filter((pair) => !pair.exact)
  const blocks: string[][] = []
  for (const line of pairs) {
    if (/^ {2}[✗✓] /.test(line)) blocks.push([line])
    else if (line.startsWith('    ')) blocks.at(-1)!.push(line)
  }
  const wrongBlocks = blocks.filter((block) => /^ {2}✗ gold\[/.test(block[0]!))
  wrongBlocks.forEach((block, i) => {
    const pair = wrong[i]!
    const body = block.slice(1).filter((line) => !line.startsWith('        ')) // a nested diff's lines are indented under its argument
    const agreeing = body.filter((line) => /^ {6}[^ ]/.test(line) && !line.startsWith('      … and ')).length
    const nested = body.filter((line) => line.startsWith('    ~ ')).length
    const received = body.filter((line) => line.startsWith('    + ')).length // the second line of a scalar that differs, or an argument unexpected
    const missing = body.filter((line) => line.startsWith('    - ') && line.endsWith('  ← missing')).length
    const listedWrong = nested + received + missing
    const more = body.map((line) => /^ {6}… and (\d+) more (?:arguments, (?:all of them right|(\d+) of them wrong)|argument, (right|wrong))$/.exec(line)).filter((m) => m !== null)
    expect(more.length).toBeLessThanOrEqual(1)
    const hidden = more.length === 0 ? 0 : Number(more[0]![1])
    if (more[0]?.[3] !== undefined) expect(hidden).toBe(1)
    const hiddenWrong = more.length === 0 ? 0 : more[0]![3] !== undefined ? (more[0]![3] === 'wrong' ? 1 : 0) : more[0]![2] === undefined ? 0 : Number(more[0]![2])
    expect(agreeing + listedWrong + hidden).toBe(pair.args.length)
    expect(listedWrong + hiddenWrong).toBe(pair.args.filter(isDiffering).length)
  })
}

// ---------------------------------------------------------------------------------------------
// The laws.
// ---------------------------------------------------------------------------------------------

describe('laws of the failure message', () => {
  test.prop([trajectory(8, 6)], { numRuns: 600 })('is built without throwing, has no raw control character, and lists or counts every call and argument', (c) => {
    const score = scored(c)
    const detail = detailOf(c, score)
    expectNoRawControls(detail)
    expectAccounted(score, detail)
    expectArgumentsAccounted(score, detail)
    expectBounded(c, detail)
  })

  test.prop([trajectory(8, 6)], { numRuns: 1200 })('never cuts a character of the model\'s in half: with no lone surrogate in the input, none is printed, raw or escaped', (c) => {
    fc.pre(!holdsLoneSurrogate(c))
    // JSON.parse's own error, which an unparseable prediction's reason quotes, names the half of an emoji it stopped at: V8's text, not a cut of the message's.
    const lines = detailOf(c).split('\n').filter((line) => !/ ← unparseable: .*not valid JSON \(Unexpected token '\\ud/.test(line))
    for (const line of lines) expect(line).not.toMatch(ESCAPED_SURROGATE)
  })

  test.prop([vast], { numRuns: 25 })('stays within its bounds however many calls and arguments differ, and still accounts for each', (c) => {
    const score = scored(c)
    const detail = detailOf(c, score)
    expectBounded(c, detail)
    expectNoRawControls(detail)
    expectAccounted(score, detail)
    expectArgumentsAccounted(score, detail)
  }, 120_000)

  test.prop([trajectory(4, 4), fc.boolean()], { numRuns: 300 })('toMatchToolCalls fails, where it fails, with the message built here after its verdict', (scoredCase, hostile) => {
    // A call whose argument throws when read again, as the message reads the prediction again.
    let reads = 0
    const throwsLater = {
      name: 'f',
      args: {
        get x() {
          if (reads++ > 0) throw new Error('read twice')
          return 1
        },
      },
    }
    const c = hostile ? { ...scoredCase, pred: [...scoredCase.pred, throwsLater] } : scoredCase
    const options = { level: c.level, order: c.order, allowExtra: c.allowExtra, allowMissing: c.allowMissing }
    let message: string
    try {
      expect(c.pred).toMatchToolCalls(c.gold, options)
      return
    } catch {
      message = failureMessage(() => expect(c.pred).toMatchToolCalls(c.gold, options))
    }
    expect(message).toMatch(/^expect\(received\)\.toMatchToolCalls\(gold, options\)\n\nExpected the calls to match the gold, but .+\.\n\n/)
    expectNoRawControls(message)
    // At call level the matcher scores once, as here (at arg level it may score again, pairing exact calls first); under Vitest, its diffs print no `Object {`.
    if (c.level === 'call' && !hostile) expect(message.endsWith(`\n\n${detailOf(c, scored(c), { ...MESSAGE_BOUNDS, printBasicPrototype: false })}`)).toBe(true)
  })
})

describe('laws of the corpus report toScoreAtLeast prints', () => {
  /** Tools toScoreAtLeast lists before it counts the rest (to-score-at-least.ts). */
  const TOOL_ROWS = 50
  // Names a model makes up, many of them, so that the tools are sometimes more than the rows.
  const madeUp = fc.record({
    name: fc.oneof(toolName, fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), hostileString.filter((name) => name !== ''), longString),
    args: fc.constant({}),
  })
  const episode = fc.record({
    id: fc.option(fc.oneof(anyString, fc.integer()), { nil: undefined }),
    pred: fc.array(fc.oneof(call(2), madeUp), { maxLength: 12 }),
    gold: fc.array(call(2), { maxLength: 4 }),
  })

  // One episode of a model that made up a name a call, up to more names than the rows.
  const runaway = fc.array(madeUp, { maxLength: 120, size: 'max' })

  test.prop([fc.array(episode, { maxLength: 40 }), runaway, fc.constantFrom<Level>('call', 'arg')], { numRuns: 60 })(
    'lists at most 50 tools and counts the rest, and prints no raw control character of a tool name or an episode id',
    (episodes, runawayPred, level) => {
      const report = evaluate([...episodes, { pred: runawayPred, gold: [] }], new ToolCallMetric({ level }))
      const text = formatCorpusReport(report, NO_COLORS, 'episode', TOOL_ROWS)
      expectNoRawControls(text)
      const tools = Object.keys(report.perTool).length
      const table = text.split('\n\n').find((section) => section.startsWith('Per tool:'))?.split('\n') ?? []
      const more = moreCount(table, /^ {2}… and (\d+) more tools, /)
      // The heading, the columns' line, then a row a tool.
      const rows = table.length === 0 ? 0 : table.length - 2 - (more > 0 ? 1 : 0)
      expect(rows).toBe(Math.min(tools, TOOL_ROWS))
      expect(rows + more).toBe(tools)
      for (const line of table) expect(line.length).toBeLessThanOrEqual(2 + 60 * 6 + 6 * 40)
    },
  )
})

describe('laws of the per-tool table', () => {
  const wellFormed = fc.oneof(toolName, longString, hostileString).filter((name) => name !== '' && !holdsLoneSurrogate(name))
  test.prop([fc.array(wellFormed, { maxLength: 20 })], { numRuns: 100 })('cuts a long tool name never between the halves of an emoji', (names) => {
    const text = formatCorpusReport(evaluate([{ pred: names.map((name) => ({ name, args: {} })), gold: [] }]))
    expect(text).not.toMatch(ESCAPED_SURROGATE)
  })
})

describe('examples the laws found', () => {
  test("a string or key cut in a nested diff, and a tool's name cut in the per-tool table, keep a surrogate pair whole, whose half printed as an escape", () => {
    const long = `x${'😀'.repeat(60)}`
    const diff = formatScore(new ToolCallMetric().score([{ name: 'f', args: { o: { a: long, b: 1, [long]: 1 } } }], [{ name: 'f', args: { o: { a: long, b: 2, [long]: 1 } } }]))
    expect(diff).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i)
    expect(diff).toContain(`          "a": "x${'😀'.repeat(49)}…",`)
    expect(diff).toContain(`          "x${'😀'.repeat(49)}…": 1,`)
    const table = formatCorpusReport(evaluate([{ pred: [{ name: `xy${'😀'.repeat(40)}`, args: {} }], gold: [] }]))
    expect(table).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i)
    expect(table).toContain(`  xy${'😀'.repeat(28)}…  `)
  })

  test("a long argument name is cut without parting a surrogate pair, whose half printed as an escape", () => {
    const name = `\u0000\u0000\u0000\u0000\u0000\u0000fi\u0000\u0000\u0000${'😀'.repeat(25)}`
    const detail = detailOf({ gold: [{ name: 'search', args: argsOf([[name, null]]) }], pred: [{ name: 'search', args: argsOf([[name, 1]]) }], level: 'call', order: 'any', allowExtra: false, allowMissing: false })
    expect(detail).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i)
    const shown = `"\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000fi\\u0000\\u0000\\u0000${'😀'.repeat(14)}…${'😀'.repeat(10)}"`
    // In the pair's argument, and in a call listed whole.
    expect(detail).toContain(`    + ${shown}: 1  ← expected null, received 1`)
    const listed = detailOf({ gold: [{ name: 'search', args: argsOf([[name, null]]) }], pred: [], level: 'call', order: 'any', allowExtra: false, allowMissing: false })
    expect(listed).toContain(`  - gold[0] search(${shown}: null)\n`)
  })

  test('a value cut to its line is not cut between the halves of a surrogate pair, whose lone half prints as another character', () => {
    const inline = detailOf({ gold: [{ name: 'search', args: { q: ['😀'.repeat(49)] } }], pred: [{ name: 'search', args: { q: 0 } }], level: 'call', order: 'any', allowExtra: false, allowMissing: false })
    expect(inline).not.toMatch(LONE_SURROGATE)
    expect(inline).toContain(`    - q: ["${'😀'.repeat(48)}…\n`)
    // A call listed whole is cut at 200 characters, as unmatched gold: there too.
    const gold = [{ name: '\u0000\u0000\u0000\u0000\u0000a', args: argsOf([['y', 9.51778240489943e-231], ['', 9.99763423663374e-139], ['k', -1], ['\u0000\u0000\u0000\u0000', [{}, 0, true, -1.5755814583826845e-308, 3.432498209605834e-36]], ['q', ['\u0000𐀀𐀀']]]) }]
    const listed = detailOf({ gold, pred: [], level: 'call', order: 'any', allowExtra: false, allowMissing: false })
    expect(listed).not.toMatch(LONE_SURROGATE)
    expect(listed).toContain('q: ["\\u0000𐀀…)\n')
  })
})
