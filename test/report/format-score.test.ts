import { describe, expect, test } from 'vitest'
import { satisfies } from '../../src/compare/gold-values'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { formatScore } from '../../src/report/format-score'
import { EXPANDED_MESSAGE_BOUNDS, WHOLE } from '../../src/report/print-bounds'

// A Score formatted on its own, as a snapshot and the command's report format it: with no gold as written beside it.
const metric = new ToolCallMetric()
const argument = (pred: unknown, gold: unknown) => metric.score([{ name: 'f', args: { x: pred } }], [{ name: 'f', args: { x: gold } }])

describe('a Score formatted without the gold as written', () => {
  test('diffs a nested argument against its described $optional and $oneOf, read back as markers', () => {
    const hunk = ['            "a": 1,', '        -   "b": 3,', '        +   "b": 2,'].join('\n')
    const jsonGold = (x: unknown) => metric.score([{ name: 'f', args: { x: { a: 1, b: 2 } } }], [{ name: 'f', args: { x } }], { goldForm: 'json' })
    expect(formatScore(jsonGold({ $optional: [{ a: 1, b: 3 }] }))).toContain(hunk)
    expect(formatScore(jsonGold({ $oneOf: ['none', { a: 1, b: 3 }] }))).toContain(hunk)
    expect(formatScore(jsonGold({ a: { $oneOf: [1, 5] }, b: 3 }))).toContain(hunk)
  })

  test('prints on one line each side a nested gold holding a predicate or a matcher, in an object or a list, which its description cannot stand in for', () => {
    const text = formatScore(argument({ a: 1, b: 2 }, { a: satisfies(() => false, 'odd'), b: 3 }))
    expect(text).toContain('    - x: {"a": satisfies(odd), "b": 3}\n    + x: {"a": 1, "b": 2}  ← x.a: expected odd, received 1\n')
    expect(text).not.toContain('$satisfies')
    const byMatcher = formatScore(metric.score([{ name: 'f', args: { o: { a: 'x', b: 2 } } }], [{ name: 'f', args: { o: { a: expect.any(Number), b: 3 } } }]))
    expect(byMatcher).toContain('    - o: {"a": Any<Number>, "b": 3}\n    + o: {"a": "x", "b": 2}  ←')
    const inList = formatScore(metric.score([{ name: 'f', args: { xs: [2, 3] } }], [{ name: 'f', args: { xs: [1, satisfies(() => false, 'odd')] } }]))
    expect(inList).toContain('    - xs: [1, satisfies(odd)]\n    + xs: [2, 3]  ←')
  })

  test('prints a null gold beside an object on one line each side, as there is nothing to diff', () => {
    expect(formatScore(argument({ a: 1 }, null))).toContain('    - x: null\n    + x: {"a": 1}  ← expected null, received {"a": 1}\n')
  })

  test('prints on one line each side values too large to diff, on either side, even where they hold no long string', () => {
    const large = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))
    expect(formatScore(argument({ k0: 1 }, large))).toMatch(/\n {4}- x: \{"k0": 0, "k1": 1, [^\n]*…\n {4}\+ x: \{"k0": 1\} {2}←/)
    expect(formatScore(argument(large, { k0: 1 }))).toMatch(/\n {4}- x: \{"k0": 1\}\n {4}\+ x: \{"k0": 0, "k1": 1, [^\n]*… {2}←/)
    // Large only for a long string, the values are diffed with it cut.
    const long = 'x'.repeat(30_000)
    expect(formatScore(argument({ a: `${long}b` }, { a: `${long}c` }))).toMatch(/\n {8}- {3}"a": "…x+c",\n {8}\+ {3}"a": "…x+b",\n/)
  })

  test('expands a diff where asked only while it fits its lines, else shows the hunks around the difference', () => {
    const listDiff = (length: number) => {
      const gold = Array.from({ length }, (_, i) => i)
      return formatScore(argument(gold.map((i) => (i === 60 ? -1 : i)), gold), { bounds: EXPANDED_MESSAGE_BOUNDS })
    }
    // 97 items and the changed one's second line, within the brackets: 100 lines, the most a diff shows.
    const whole = listDiff(97)
    expect(whole).toContain('          Array [\n            0,\n')
    expect(whole).toContain('        -   60,\n        +   -1,\n')
    expect(whole).not.toContain('@@')
    const cut = listDiff(98)
    expect(cut).toContain('        @@ -57,11 +57,11 @@\n')
    expect(cut).toContain('        -   60,\n        +   -1,\n')
    expect(cut).not.toContain('            0,\n')
    // Not asked, the hunks alone.
    expect(formatScore(argument([...Array.from({ length: 20 }, (_, i) => i), 0], Array.from({ length: 21 }, (_, i) => i)))).toContain('@@')
  })

  test('lists no pairs where there are none, and counts the unmatched calls past those listed, never zero', () => {
    const noPairs = formatScore(metric.score([], [{ name: 'g', args: {} }]))
    expect(noPairs.startsWith('Gold calls that nothing matched:\n  - gold[0] g()\n')).toBe(true)
    const calls = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `t${i}`, args: {} }))
    const fifty = formatScore(metric.score(calls(50), []))
    expect(fifty).toContain('  + pred[49] t49()')
    expect(fifty).not.toContain('more prediction')
    expect(formatScore(metric.score(calls(51), []))).toContain('  + pred[49] t49()  ← wrong tool: no call to t49 was expected\n  + … and 1 more prediction that matched nothing\n')
    const gold = formatScore(metric.score([], calls(51)))
    expect(gold).toContain('  - gold[49] t49()\n  - … and 1 more gold call that nothing matched\n')
  })

  test("writes in escapes a prediction's tool name drawn like a gold call's that nothing matched, and a gold call's drawn like a prediction listed", () => {
    const text = formatScore(metric.score([{ name: '\u0455earch', args: {} }], [{ name: 'search', args: {} }]))
    expect(text).toContain('  + pred[0] \\u0455earch()  ← wrong tool')
    // The prediction it is drawn like is past those listed: it stands as it is.
    const listedFirst = Array.from({ length: 50 }, (_, i) => ({ name: `t${i}`, args: {} }))
    const past = formatScore(metric.score([...listedFirst, { name: 'search', args: {} }], [{ name: '\u0455earch', args: {} }]))
    expect(past).toContain('  - gold[0] \u0455earch()\n')
    expect(formatScore(metric.score([{ name: 'search', args: {} }], [{ name: '\u0455earch', args: {} }]))).toContain('  - gold[0] \\u0455earch()\n')
  })

  test('says a string differs further on from the first length at which it is cut', () => {
    const ends = (length: number) => formatScore(argument(`Y${'a'.repeat(length - 2)}Y`, `X${'a'.repeat(length - 2)}X`))
    expect(ends(98)).toContain(`    + x: "Y${'a'.repeat(96)}Y"  ← expected`)
    expect(ends(98)).not.toContain('differs further on')
    expect(ends(99)).toContain(`    + x: "Y${'a'.repeat(97)}…"  (and differs further on)  ← expected`)
  })

  test('cuts the pairs once they fill the lines they may take, a pair begun shown with its header', () => {
    const score = metric.score([{ name: 'f', args: { x: 2 } }, { name: 'g', args: { x: 2 } }], [{ name: 'f', args: { x: 1 } }, { name: 'g', args: { x: 1 } }])
    const pairLines = (lines: number) => formatScore(score, { pairLines: { lines, seeAll: 'see the score' } })
    expect(pairLines(3)).toContain('    + x: 2  ← expected 1, received 2\n  ✗ … and 1 more pair that differs\n  (The pairs are cut at 3 lines, or 300 characters')
    expect(pairLines(4)).toContain('  ✗ gold[1] ↔ pred[1]  g\n      … and 1 more argument, wrong\n  (The pairs are cut at 4 lines')
    expect(pairLines(6)).not.toContain('cut at')
  })

  test('writes in escapes either name of a pair whose tools a name canonicalizer made one, where the two are drawn alike', () => {
    const folding = new ToolCallMetric({ name: (name: string) => name.replace('\u0455', 's') })
    const exact = formatScore(folding.score([{ name: '\u0455earch', args: {} }, { name: 'g', args: {} }], [{ name: 'search', args: {} }, { name: 'g', args: { x: 1 } }]))
    expect(exact).toContain('  ✓ gold[0] ↔ pred[0]  search() (predicted as \\u0455earch)\n')
    const wrong = formatScore(folding.score([{ name: 'search', args: { q: 1 } }], [{ name: '\u0455earch', args: { q: 2 } }]))
    expect(wrong).toContain('  ✗ gold[0] ↔ pred[0]  \\u0455earch (predicted as search)\n')
  })

  test("shows a model's tool names whole in a snapshot, a lone surrogate escaped, of an unparseable call and of a pair", () => {
    const unparseable = formatScore(metric.score([{ name: `f\ud800${'x'.repeat(200)}`, arguments: '{oops' }], []), { bounds: WHOLE })
    expect(unparseable).toContain(`  + pred[0] f\\ud800${'x'.repeat(200)} (unparseable)  ← unparseable:`)
    const byLetters = new ToolCallMetric({ name: (name: string) => name.replace(/[^a-z]/g, '') })
    const pair = formatScore(byLetters.score([{ name: `g\ud800${'9'.repeat(200)}`, args: { a: 2 } }], [{ name: 'g', args: { a: 1 } }]), { bounds: WHOLE })
    expect(pair).toContain(`  ✗ gold[0] ↔ pred[0]  g (predicted as g\\ud800${'9'.repeat(200)})\n`)
  })
})

describe('long strings in a nested diff', () => {
  test('shows a string the two sides share whole up to a line of characters, and cut past it', () => {
    const shared = (length: number) => formatScore(argument({ a: 'e'.repeat(length), b: 1 }, { a: 'e'.repeat(length), b: 2 }))
    expect(shared(100)).toContain(`            "a": "${'e'.repeat(100)}",\n`)
    expect(shared(101)).toContain(`            "a": "${'e'.repeat(100)}…",\n`)
  })

  test('cuts two strings at the same place of a list around where they differ, and names the place where they differ again', () => {
    const long = 'x'.repeat(30_000)
    expect(formatScore(argument([`${long}b`], [`${long}c`]))).toMatch(/\n {8}- {3}"…x+c",\n {8}\+ {3}"…x+b",\n/)
    const twice = formatScore(argument([`A${'m'.repeat(300)}B`, 1], [`C${'m'.repeat(300)}D`, 2]))
    expect(twice).toContain(`        -   "C${'m'.repeat(99)}…",\n`)
    expect(twice).toContain('        (x[0] differs further on, past what is shown)\n')
  })

  test('cuts a long string on one side only, in a list or an object, and leaves long keys whole where cut they would read as another key', () => {
    expect(formatScore(argument({ a: 1, extra: ['z'.repeat(150)] }, { a: 2 }))).toContain(`        +     "${'z'.repeat(100)}…",\n`)
    expect(formatScore(argument({ a: 1, extra: { s: 'z'.repeat(150) } }, { a: 2 }))).toContain(`        +     "s": "${'z'.repeat(100)}…",\n`)
    const keys = formatScore(argument({ a: 1, ['k'.repeat(150)]: 1, [`${'k'.repeat(100)}…`]: 2 }, { a: 2 }))
    expect(keys).toContain(`        +   "${'k'.repeat(150)}": 1,\n`)
    // Cut before a character of two units, a key reads as a short key the object has.
    const beforePair = formatScore(argument({ a: 1, [`${'k'.repeat(99)}👍👍`]: 1, [`${'k'.repeat(99)}…`]: 2 }, { a: 2 }))
    expect(beforePair).toContain(`        +   "${'k'.repeat(99)}👍👍": 1,\n`)
  })

  test("shows the items one side's list has past the other's, either side empty or not", () => {
    expect(formatScore(argument([1], [1, 2, 3]))).toContain('          Array [\n            1,\n        -   2,\n        -   3,\n          ]\n')
    expect(formatScore(argument({ a: ['x'] }, { a: [] }))).toContain('        -   "a": Array [],\n        +   "a": Array [\n        +     "x",\n        +   ],\n')
    expect(formatScore(argument({ a: [] }, { a: ['x'] }))).toContain('        -   "a": Array [\n        -     "x",\n        -   ],\n        +   "a": Array [],\n')
  })

  test('diffs a value long only for a long string by its length with the string cut, however many short strings and keys it has', () => {
    const keys = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 1]))
    const long = 'z'.repeat(30_000)
    expect(formatScore(argument({ ...keys, long, k0: 2 }, { ...keys, long }))).toContain('        -   "k0": 1,\n        +   "k0": 2,\n')
    const strings = Array.from({ length: 3000 }, (_, i) => `s${i}`)
    expect(formatScore(argument(['t'], strings))).toContain('    - x: ["s0", "s1", ')
  })
})
