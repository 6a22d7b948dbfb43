import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { oneOf, optional, satisfies } from '../../src/compare/gold-values'
import { resolveMatchOptions } from '../../src/match/options'
import { scoreDetail } from '../../src/matchers/score-detail'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { NO_COLORS } from '../../src/report/colors'
import { EXPANDED_MESSAGE_BOUNDS, MESSAGE_BOUNDS } from '../../src/report/print-bounds'
import { failureMessage } from '../matchers/failure-message'

// ---------------------------------------------------------------------------------------------
// What is generated: the shape of a nested argument, each part of it told what the model did
// to it, from which the gold, the prediction, the tool's schema and what the score must find
// wrong are all built. The gold always fits its schema (an author's gold is right by it): a
// part the gold names outright and the schema refuses is wrong while printing as agreeing,
// which no diff can mark.
// ---------------------------------------------------------------------------------------------

/** A gold leaf: plain data, or a marker or matcher in its place. */
type LeafKind = 'int' | 'float' | 'str' | 'bool' | 'anyNumber' | 'anyString' | 'oneOf' | 'optional' | 'satisfies'
/**
 * What the model did to a leaf: nothing; changed case and spaces of a string; another value of
 * its type; a value of another type; a float for a number; left out its key.
 */
type LeafChange = 'keep' | 'case' | 'change' | 'retype' | 'float' | 'omit'

type Shape =
  | { kind: 'leaf'; leaf: LeafKind; change: LeafChange; declared: boolean; integer: boolean; second: boolean }
  | { kind: 'object'; entries: Shape[]; declared: boolean; added: boolean; replaced: boolean }
  | { kind: 'list'; items: Shape[]; declared: boolean; inserted: number | null; removed: number | null; replaced: boolean }

const LEAVES: LeafKind[] = ['int', 'float', 'str', 'bool', 'anyNumber', 'anyString', 'oneOf', 'optional', 'satisfies']
const CHANGES: LeafChange[] = ['case', 'change', 'retype', 'float', 'omit']

const leafShape: fc.Arbitrary<Shape> = fc.record({
  kind: fc.constant('leaf' as const),
  leaf: fc.constantFrom(...LEAVES),
  change: fc.oneof({ weight: 3, arbitrary: fc.constant<LeafChange>('keep') }, { weight: 2, arbitrary: fc.constantFrom(...CHANGES) }),
  declared: fc.boolean(),
  integer: fc.boolean(),
  second: fc.boolean(),
})

/** One structural change of an object or list at most in four, so that most leaves stay where the score compares them. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, none: T) => fc.oneof({ weight: 4, arbitrary: fc.constant(none) }, { weight: 1, arbitrary })

const { shape } = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    { weight: 3, arbitrary: leafShape },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('object' as const),
        entries: fc.array(tie('shape'), { maxLength: 4 }),
        declared: fc.boolean(),
        added: rarely(fc.constant(true), false),
        replaced: rarely(fc.constant(true), false),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('list' as const),
        items: fc.array(tie('shape'), { maxLength: 4 }),
        declared: fc.boolean(),
        inserted: rarely(fc.nat(), null),
        removed: rarely(fc.nat(), null),
        replaced: rarely(fc.constant(true), false),
      }),
    },
  ),
}))

/** An argument: an object or a list at its root, as a nested diff needs. */
const rootShape: fc.Arbitrary<Shape> = shape.filter((s) => s.kind !== 'leaf')

type Path = ReadonlyArray<string | number>

/** What the message must show of a part: unmarked, marked on the sides it is on, or marked somewhere within it. */
type Expected =
  | { kind: 'agrees'; gold: Path; pred: Path | null }
  | { kind: 'differs'; gold: Path | null; pred: Path | null }
  | { kind: 'differsWithin'; gold: Path; pred: Path }

/** A value the prediction leaves out, as an object's key. */
const LEFT_OUT = Symbol('left out')

const POSITIVE = (v: unknown) => typeof v === 'number' && v > 0

/** Whether the score takes a predicted value in a gold value's place, as it compares a part of an argument (no schema). */
function takes(gold: unknown, pred: unknown): boolean {
  return new ToolCallMetric({ level: 'arg' }).score([{ name: 'f', args: { x: pred } }], [{ name: 'f', args: { x: gold } }]).pairs[0]?.args[0]?.verdict === 'match'
}

/** How many gold items the score takes the predicted item in their place for. */
function inPlace(gold: readonly unknown[], pred: readonly unknown[]): number {
  return gold.filter((item, i) => takes(item, pred[i])).length
}

/** The most gold items the score takes predicted items for, in order, whatever their places. */
function inOrder(gold: readonly unknown[], pred: readonly unknown[]): number {
  const longest = Array.from({ length: gold.length + 1 }, () => new Array<number>(pred.length + 1).fill(0))
  for (let g = gold.length - 1; g >= 0; g--) {
    for (let p = pred.length - 1; p >= 0; p--) {
      longest[g]![p] = takes(gold[g], pred[p]) ? longest[g + 1]![p + 1]! + 1 : Math.max(longest[g + 1]![p]!, longest[g]![p + 1]!)
    }
  }
  return longest[0]![0]!
}

interface Built {
  gold: unknown
  pred: unknown
  schema: Record<string, unknown> | undefined
  expected: Expected[]
  /** Whether the score must find anything of the argument wrong. */
  wrong: boolean
}

/** A declared type of a leaf: `integer`, `number`, `string`, `boolean`, or an `enum` of strings. */
type Declared = { type: string } | { enum: string[] } | undefined

/**
 * Builds gold, prediction and schema of a shape, every value unique (numbers and strings from one
 * count, keys too), so that no line of one part prints as another's.
 */
function build(root: Shape, withGrammar: boolean): Built {
  let count = 100
  const fresh = () => count++
  const freshString = () => `t${fresh()} x`
  const expected: Expected[] = []
  let wrong = false
  const differs = (gold: Path | null, pred: Path | null) => {
    wrong = true
    expected.push({ kind: 'differs', gold, pred })
  }

  /** The type a list's items declare: one for all, where they are leaves of one kind of value. */
  function itemsDeclared(items: Shape[]): Declared {
    if (items.length === 0 || !items.every((item) => item.kind === 'leaf')) return undefined
    const leaves = items as Array<Extract<Shape, { kind: 'leaf' }>>
    const numeric = (leaf: LeafKind) => leaf === 'int' || leaf === 'anyNumber' || leaf === 'satisfies' || leaf === 'float'
    if (leaves.every((item) => numeric(item.leaf))) return { type: leaves.every((item) => item.leaf !== 'float') && leaves[0]!.integer ? 'integer' : 'number' }
    if (leaves.every((item) => item.leaf === 'str' || item.leaf === 'anyString' || item.leaf === 'oneOf' || item.leaf === 'optional')) return { type: 'string' }
    return undefined
  }

  /** A leaf's own declared type, where its parent declares its parts. */
  function leafDeclared(s: Extract<Shape, { kind: 'leaf' }>, gold: unknown): Declared {
    if (!s.declared) return undefined
    switch (s.leaf) {
      case 'int':
      case 'anyNumber':
      case 'satisfies':
        return { type: s.integer ? 'integer' : 'number' }
      case 'float':
        return { type: 'number' }
      case 'oneOf':
        return s.integer ? { enum: [...(gold as { alternatives: string[] }).alternatives] } : { type: 'string' }
      case 'bool':
        return { type: 'boolean' }
      default:
        return { type: 'string' }
    }
  }

  /** A leaf's gold, prediction and whether the score takes it; `declaredOf` gives the type its place declares, if any. */
  function leaf(s: Extract<Shape, { kind: 'leaf' }>, inList: boolean, declaredOf: (gold: unknown) => Declared): { gold: unknown; pred: unknown; ok: boolean; schema: Declared } {
    const kind = inList && (s.leaf === 'optional' || s.leaf === 'bool') ? 'anyString' : s.leaf
    const change = inList && s.change === 'omit' ? 'keep' : s.change
    let gold: unknown
    let kept: unknown
    switch (kind) {
      case 'int':
        gold = kept = fresh()
        break
      case 'float':
        gold = kept = fresh() + 0.5
        break
      case 'str':
        gold = kept = freshString()
        break
      case 'bool':
        gold = kept = s.second
        break
      case 'anyNumber':
        gold = expect.any(Number)
        kept = fresh()
        break
      case 'anyString':
        gold = expect.any(String)
        kept = freshString()
        break
      case 'oneOf': {
        const alternatives = [freshString(), freshString()]
        gold = oneOf(...alternatives)
        kept = alternatives[s.second ? 1 : 0]
        break
      }
      case 'optional':
        gold = optional()
        kept = s.integer ? freshString() : fresh()
        break
      case 'satisfies':
        gold = satisfies(POSITIVE, 'a positive number')
        kept = fresh()
        break
    }
    const schema = declaredOf(gold)
    const typed = schema !== undefined && 'type' in schema ? schema.type : schema === undefined ? undefined : 'string'
    if (kind === 'optional' && typed === 'string') kept = typeof kept === 'string' ? kept : freshString()
    const numberKept = typeof kept === 'number'
    switch (change) {
      case 'keep':
        return { gold, pred: kept, ok: true, schema }
      case 'case':
        // Case and spaces, which the default canonicalizer reads alike.
        return { gold, pred: typeof kept === 'string' ? `  ${kept.toUpperCase().replace(' ', '   ')} ` : kept, ok: true, schema }
      case 'change': {
        const pred = typeof kept === 'boolean' ? !kept : numberKept ? fresh() : freshString()
        return { gold, pred, ok: kind === 'anyNumber' || kind === 'anyString' || kind === 'optional' || kind === 'satisfies', schema }
      }
      case 'retype': {
        const pred = numberKept ? freshString() : fresh()
        return { gold, pred, ok: kind === 'optional' && typed === undefined, schema }
      }
      case 'float': {
        if (!numberKept) return { gold, pred: kept, ok: true, schema }
        const pred = fresh() + 0.5
        const takes = kind === 'anyNumber' || kind === 'satisfies' || kind === 'optional'
        return { gold, pred, ok: takes && typed !== 'integer', schema }
      }
      case 'omit':
        return { gold, pred: LEFT_OUT, ok: kind === 'optional', schema }
    }
  }

  /**
   * A part at `goldPath`, which is its path in the prediction too while no list around it changes its
   * length (expectations within such a list are dropped); `declaredOf` gives the type its place declares.
   */
  function part(s: Shape, goldPath: Path, inList: boolean, declaredOf: (gold: unknown) => Declared): { gold: unknown; pred: unknown; schema: unknown } {
    if (s.kind === 'leaf') {
      const built = leaf(s, inList, declaredOf)
      if (built.ok) expected.push({ kind: 'agrees', gold: goldPath, pred: built.pred === LEFT_OUT ? null : goldPath })
      else differs(goldPath, built.pred === LEFT_OUT ? null : goldPath)
      return { gold: built.gold, pred: built.pred, schema: built.schema }
    }
    const declared = declaredOf(undefined) !== undefined
    if (s.kind === 'object') {
      const gold: Record<string, unknown> = {}
      const pred: Record<string, unknown> = {}
      const properties: Record<string, unknown> = {}
      const marks = expected.length
      for (const entry of s.entries) {
        const key = `k${fresh()}`
        const child = part(entry, [...goldPath, key], false, (g) => (declared ? (entry.kind === 'leaf' ? leafDeclared(entry, g) : entry.declared ? { type: entry.kind } : undefined) : undefined))
        gold[key] = child.gold
        if (child.pred !== LEFT_OUT) pred[key] = child.pred
        if (child.schema !== undefined) properties[key] = child.schema
      }
      if (s.added) {
        const key = `x${fresh()}`
        pred[key] = freshString()
        differs(null, [...goldPath, key])
      }
      const schema = declared ? { type: 'object', properties } : undefined
      if (!s.replaced) return { gold, pred, schema }
      // Replaced whole by a string: nothing within it is in the prediction.
      expected.length = marks
      differs(goldPath, goldPath)
      return { gold, pred: freshString(), schema }
    }
    const items = itemsDeclared(s.items)
    const gold: unknown[] = []
    let pred: unknown[] = []
    const marks = expected.length
    s.items.forEach((item, i) => {
      // Items declare a type where all are leaves of one kind of value; a nested item, nothing.
      const child = part(item, [...goldPath, i], true, () => (declared ? items : undefined))
      gold.push(child.gold)
      pred.push(child.pred)
    })
    const schema = declared ? (items !== undefined ? { type: 'array', items } : { type: 'array' }) : undefined
    if (s.replaced) {
      expected.length = marks
      differs(goldPath, goldPath)
      return { gold, pred: freshString(), schema }
    }
    // One item left out or one added: either makes the list another length.
    if (s.removed !== null && pred.length > 0) pred = pred.filter((_, i) => i !== s.removed! % pred.length)
    else if (s.inserted !== null) {
      const like = items !== undefined && 'type' in items && items.type !== 'string' ? fresh() : freshString()
      const at = s.inserted % (pred.length + 1)
      pred = [...pred.slice(0, at), like, ...pred.slice(at)]
    }
    if (pred.length !== gold.length || inOrder(gold, pred) > inPlace(gold, pred)) {
      // The items no longer stand where the score compares them, or are read so, as lined up in order they take more
      // of each other than in place (a list the model shifted): only that the list differs is asked of the message.
      expected.length = marks
      wrong = true
      expected.push({ kind: 'differsWithin', gold: goldPath, pred: goldPath })
    }
    return { gold, pred, schema }
  }

  const built = part(root, [], false, () => (withGrammar && root.declared ? { type: root.kind === 'list' ? 'array' : 'object' } : undefined))
  return { gold: built.gold, pred: built.pred, schema: built.schema as Record<string, unknown> | undefined, expected, wrong }
}

// ---------------------------------------------------------------------------------------------
// The message read back: an argument's line, and its nested diff as the lines of either side,
// each with the path of the part it prints and whether it is marked.
// ---------------------------------------------------------------------------------------------

interface DiffLine {
  path: Path
  marked: boolean
}

/** The lines of one side of a diff, as pretty-format prints a value a line a part, each with the path of its part. */
function sideLines(lines: ReadonlyArray<{ text: string; marked: boolean }>): DiffLine[] {
  const open: Array<{ path: Path; list: boolean; next: number }> = []
  const read: DiffLine[] = []
  for (const { text, marked } of lines) {
    const line = text.trim()
    const top = open.at(-1)
    if (/^[\]}],?$/.test(line)) {
      read.push({ path: top!.path, marked })
      open.pop()
      continue
    }
    let path: Path = []
    let rest = line
    if (top?.list === true) path = [...top.path, top.next++]
    else if (top !== undefined) {
      const entry = /^("(?:[^"\\]|\\.)*"): (.*)$/.exec(line)
      expect(entry, `a line of an object's entry: ${line}`).not.toBeNull()
      path = [...top.path, JSON.parse(entry![1]!) as string]
      rest = entry![2]!
    }
    read.push({ path, marked })
    if (/[{[]$/.test(rest)) open.push({ path, list: rest.endsWith('['), next: 0 })
  }
  expect(open).toEqual([])
  return read
}

interface ArgumentShown {
  /** The argument's line: `~` for a nested diff, `-` and `+` for a value on one line each side, ` ` for one that agrees. */
  sign: string
  reason: string | undefined
  /** Lines of its nested diff, if it has one. */
  expected: DiffLine[]
  received: DiffLine[]
  diffLines: number
}

/** Where an argument's line and its diff are in a pair's block: `    ~ v0:  ← reason` then lines indented 8, each a sign and a space. */
function argumentShown(detail: string, arg: string): ArgumentShown {
  const lines = detail.split('\n')
  const at = lines.findIndex((line) => line.startsWith(`    `) && line.slice(6).startsWith(`${arg}:`))
  expect(at, `the line of ${arg}`).toBeGreaterThanOrEqual(0)
  const head = lines[at]!
  const diff: Array<{ sign: string; text: string }> = []
  for (let i = at + 1; i < lines.length && lines[i]!.startsWith('        '); i++) diff.push({ sign: lines[i]![8]!, text: lines[i]!.slice(10) })
  const side = (kept: string) => sideLines(diff.filter((line) => line.sign === ' ' || line.sign === kept).map((line) => ({ text: line.text, marked: line.sign === kept })))
  return {
    sign: head[4]!,
    reason: /  ← (.*)$/.exec(head)?.[1],
    expected: diff.length === 0 ? [] : side('-'),
    received: diff.length === 0 ? [] : side('+'),
    diffLines: diff.length,
  }
}

/** The path a reason names, from the argument: `v0.k3[1]: expected …` names k3, 1; a reason about the whole argument names none. */
function reasonPath(arg: string, reason: string): Path {
  const named = new RegExp(`^${arg}((?:\\.[A-Za-z_$][\\w$]*|\\[\\d+\\]|\\["(?:[^"\\\\]|\\\\.)*"\\])*): `).exec(reason)
  if (named === null) return []
  const steps: Array<string | number> = []
  for (const [, name, index, quoted] of named[1]!.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    steps.push(name ?? (index !== undefined ? Number(index) : (JSON.parse(quoted!) as string)))
  }
  return steps
}

const within = (path: Path, part: Path) => part.every((step, i) => path[i] === step)
const markedWithin = (lines: readonly DiffLine[], part: Path) => lines.some((line) => line.marked && within(line.path, part))
const printPath = (path: Path) => JSON.stringify(path)

// ---------------------------------------------------------------------------------------------
// The law.
// ---------------------------------------------------------------------------------------------

const isNested = (v: unknown) => typeof v === 'object' && v !== null

describe('a nested diff', () => {
  // Runs enough that parts printed with other brackets on either side (an object left empty, a list replaced) meet often.
  test.prop([fc.array(rootShape, { minLength: 1, maxLength: 2 }), fc.boolean(), fc.boolean()], { seed: 20261207, numRuns: 1000 })(
    'marks every part the score found wrong and nothing the score accepts',
    (shapes, withGrammar, printBasicPrototype) => {
      const args = shapes.map((s) => build(s, withGrammar))
      const names = args.map((_, i) => `v${i}`)
      // An argument always wrong, so that the pair is listed argument by argument.
      const gold = [{ name: 'f', args: Object.fromEntries([...args.map((a, i) => [names[i]!, a.gold]), ['w', 1]]) }]
      const pred = [{ name: 'f', args: Object.fromEntries([...args.map((a, i) => [names[i]!, a.pred]), ['w', 2]]) }]
      const properties = Object.fromEntries([...args.flatMap((a, i) => (a.schema === undefined ? [] : [[names[i]!, a.schema]])), ['w', { type: 'integer' }]])
      const grammar = withGrammar ? [{ name: 'f', parameters: { type: 'object', properties } }] : undefined
      const options = { level: 'arg' as const, ...(grammar === undefined ? {} : { grammar }) }

      const score = new ToolCallMetric(options).score(pred, gold)
      const scoredWith = { gold, options: resolveMatchOptions(options) }
      // Every line of each diff, as a run with --expand or diff.expand shows it, lists and objects named as Jest names them or not.
      const detail = scoreDetail(score, NO_COLORS, scoredWith, { bounds: { ...EXPANDED_MESSAGE_BOUNDS, printBasicPrototype } })
      // The matcher's own message is that detail, as Vitest prints it by default.
      const message = failureMessage(() => expect(pred).toMatchToolCalls(gold, options))
      expect(message).toContain(scoreDetail(score, NO_COLORS, scoredWith, { bounds: { ...MESSAGE_BOUNDS, printBasicPrototype: false } }))

      const verdicts = score.pairs[0]!.args
      args.forEach((arg, i) => {
        const name = names[i]!
        const verdict = verdicts.find((v) => v.arg === name)!
        const shown = argumentShown(detail, name)
        const context = `${name}: ${verdict.verdict} ${verdict.reason ?? ''}\n${detail}`
        // Wrong exactly where the model did something the score does not take: differences of case and spaces in strings it takes.
        expect(verdict.verdict, context).toBe(arg.wrong ? 'mismatch' : 'match')
        if (verdict.verdict === 'match') {
          // An argument that agrees is one line, with no diff under it.
          expect(shown.sign, context).toBe(' ')
          expect(shown.diffLines, context).toBe(0)
          return
        }
        if (!isNested(arg.pred)) {
          expect([shown.sign, shown.diffLines], context).toEqual(['-', 0])
          return
        }
        expect(shown.sign, context).toBe('~')
        expect(shown.reason, context).toBe(verdict.reason)
        // The part the reason names is marked, on one side or the other (an item by its place on either).
        const named = reasonPath(name, verdict.reason!)
        expect(markedWithin(shown.expected, named) || markedWithin(shown.received, named), `${printPath(named)} marked\n${context}`).toBe(true)
        for (const part of arg.expected) {
          const at = `${part.kind} ${printPath(part.gold ?? [])} ${printPath(part.pred ?? [])}\n${context}`
          switch (part.kind) {
            case 'agrees':
              expect(markedWithin(shown.expected, part.gold), at).toBe(false)
              if (part.pred !== null) expect(markedWithin(shown.received, part.pred), at).toBe(false)
              break
            case 'differs':
              if (part.gold !== null) expect(markedWithin(shown.expected, part.gold), at).toBe(true)
              if (part.pred !== null) expect(markedWithin(shown.received, part.pred), at).toBe(true)
              break
            case 'differsWithin':
              expect(markedWithin(shown.expected, part.gold) || markedWithin(shown.received, part.pred), at).toBe(true)
              break
          }
        }
      })
    },
  )
})
