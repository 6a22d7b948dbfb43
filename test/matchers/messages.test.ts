import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { oneOf, optional, satisfies } from '../../src/compare/gold-values'
import { evaluate } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { formatCorpusReport } from '../../src/report/format-corpus-report'
import { formatScore } from '../../src/report/format-score'
import { failureMessage } from './failure-message'
import { scoreDetail } from '../../src/matchers/score-detail'
import { resolveMatchOptions } from '../../src/match/options'
import { NO_COLORS } from '../../src/report/colors'

const search = (q: string) => ({ name: 'search', args: { q } })

describe('the message of toMatchToolCalls', () => {
  test("is the one the README's opening example shows, for the gold it writes and the calls it describes", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const shown = /When it fails, [\s\S]*?```\nError: ([\s\S]*?)\n```/.exec(readme)?.[1]
    const message = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: '1', type: 'function', function: { name: 'search_hotels', arguments: '{"city":"Lisbon","nights":2,"max_price":100,"filters":{"amenities":["pool","gym"],"stars":4}}' } },
        { id: '2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"lisbon","days":3}' } },
        { id: '3', type: 'function', function: { name: 'delete_booking', arguments: '{"id":"BK-1"}' } },
      ],
    }
    const gold = [
      { name: 'get_weather', args: { city: 'Lisbon', days: 5 } },
      { name: 'search_hotels', args: { city: 'Lisbon', nights: 2, max_price: oneOf(80, 90), filters: { amenities: ['pool', 'spa'], stars: 4 }, breakfast: optional() } },
      { name: 'book_flight', args: { to: 'Lisbon' } },
    ]
    expect(failureMessage(() => expect(message).toMatchToolCalls(gold))).toBe(shown)
  })

  test("escapes the model's control characters everywhere it prints them: nested diffs, argument names, the per-tool table", () => {
    const unseen = /[\u001b\u200b\u2067]/
    const score = new ToolCallMetric().score(
      [{ name: 'f', args: { xs: ['a', 'x\u001b[2Jy'], o: { 'k\u200b': 1 } } }, { name: 'rm', args: { 'x\u001b[2Jy': 1 } }],
      [{ name: 'f', args: { xs: ['a', 'b'], o: { k: 1 } } }],
    )
    const message = formatScore(score)
    expect(message).not.toMatch(unseen)
    expect(message).toContain('+ pred[1] rm("x\\u001b[2Jy": 1)')
    expect(message).toContain('+   "k\\u200b": 1,')
    // An escape and the same text written out stay apart: pretty-format doubles a written backslash.
    const written = formatScore(new ToolCallMetric().score([{ name: 'f', args: { o: { text: 'line1\\nline2' } } }], [{ name: 'f', args: { o: { text: 'line1\nline2' } } }]))
    expect(written).toContain('+   "text": "line1\\\\nline2",')
    expect(written).not.toContain('no visual difference')
    const table = formatCorpusReport(evaluate([{ pred: [{ name: 'evil\u001b[2J\u2067X', args: {} }], gold: [] }]))
    expect(table).not.toMatch(unseen)
    expect(table).toContain('evil\\u001b[2J\\u2067X')
  })

  test('lists 50 of each kind of wrong item and counts the rest, so that thousands of wrong calls give a readable message', () => {
    const gold = Array.from({ length: 120 }, (_, i) => ({ name: 'search', args: { q: `q${i}` } }))
    const pred = [
      ...Array.from({ length: 3000 }, () => ({ name: 'search', arguments: '{"q": ' })),
      { name: 'search', args: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`extra${i}`, i])) },
    ]
    const message = formatScore(new ToolCallMetric().score(pred, gold))
    expect(message.split('\n').length).toBeLessThan(250)
    expect(message).toContain('  + … and 2950 more predictions that matched nothing')
    expect(message).toContain('  - … and 69 more gold calls that nothing matched')
    expect(message).toContain('      … and 2951 more arguments, 2951 of them wrong')
    const sixty = Array.from({ length: 60 }, (_, i) => search(`q${i}`))
    const pairs = formatScore(new ToolCallMetric().score(sixty.map((call) => ({ ...call, args: { q: `${call.args.q}?` } })), sixty))
    expect(pairs.match(/ ✗ gold\[\d+\]/g)?.length).toBe(50)
    expect(pairs).toContain('gold[49] ↔ pred[49]')
    expect(pairs).not.toContain('gold[50] ↔')
    expect(pairs).toContain('  ✗ … and 10 more pairs that differ')
  })

  test('cuts the pairs at 500 lines, counting the arguments and pairs left out and saying where they all are', () => {
    // Each argument differs deep in a list, so that its diff takes lines of context around the difference.
    const args = (v: number) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`a${i}`, Array.from({ length: 30 }, (_, j) => ({ j, v: j % 10 === 5 ? v : 0 }))]))
    const gold = Array.from({ length: 20 }, () => ({ name: 'f', args: args(1) }))
    const message = failureMessage(() => expect(gold.map(() => ({ name: 'f', args: args(2) }))).toMatchToolCalls(gold))
    expect(message.split('\n').length).toBeLessThan(600)
    expect(message).toMatch(/\n {6}… and \d+ more arguments, \d+ of them wrong\n {2}✗ … and \d+ more pairs that differ\n/)
    expect(message).toContain(
      '  (The pairs are cut at 500 lines, or 50000 characters, to keep the message readable; the pairs of new ToolCallMetric(options).score(received, gold) hold every difference.)',
    )
    expect(message).toContain('TP 0  FP 20  FN 20')
    // A short message is not cut, and says nothing of it; nor is one of more pairs than are listed, all of them within the room.
    expect(failureMessage(() => expect([search('a')]).toMatchToolCalls([search('b')]))).not.toContain('cut at')
    const many = Array.from({ length: 51 }, (_, i) => search(`q${i}`))
    const counted = failureMessage(() => expect(many.map(() => search('x'))).toMatchToolCalls(many))
    expect(counted).toContain('  ✗ … and 1 more pair that differs\n')
    expect(counted).not.toContain('cut at')
  })

  test('shares the 500 lines among the pairs it lists, so that the arguments that agree in one pair do not crowd out the next', () => {
    const gold = Array.from({ length: 100 }, (_, i) => ({ name: 'f', args: Object.fromEntries(Array.from({ length: 60 }, (_, j) => [`k${j}`, `v${i}-${j}`])) }))
    const message = failureMessage(() => expect(gold.map((call) => ({ ...call, args: { ...call.args, k59: 'x' } }))).toMatchToolCalls(gold))
    expect(message.match(/\+ k59: "x" {2}← expected/g)).toHaveLength(50)
    expect(message).toContain('    + k59: "x"  ← expected "v49-59", received "x"')
    expect(message).toContain('  ✗ … and 50 more pairs that differ')
    expect(message.split('\n').length).toBeLessThan(600)
    // Each pair the room left over divided among the pairs still to list: a few more arguments for the later ones.
    const hidden = [...message.matchAll(/… and (\d+) more arguments, all of them right/g)].map((match) => Number(match[1]))
    expect([hidden.length, hidden[0], hidden.at(-1)]).toEqual([50, 52, 58])
    // Pairs of fewer arguments than a pair lists are cut the same.
    const fewer = gold.map((call) => ({ ...call, args: Object.fromEntries(Object.entries(call.args).slice(0, 40)) }))
    const fewerMessage = failureMessage(() => expect(fewer.map((call) => ({ ...call, args: { ...call.args, k39: 'x' } }))).toMatchToolCalls(fewer))
    expect(fewerMessage).toContain('    + k39: "x"  ← expected "v0-39", received "x"\n      … and 32 more arguments, all of them right\n')
  })

  test('cuts the pairs at 50,000 characters too, as a diff nested hundreds deep fills few lines that a terminal wraps into many', () => {
    const deep = (depth: number, leaf: number): unknown => (depth === 0 ? leaf : { k: deep(depth - 1, leaf) })
    const args = (leaf: number) => Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`a${i}`, deep(200, leaf)]))
    const message = failureMessage(() => expect([{ name: 'f', args: args(1) }]).toMatchToolCalls([{ name: 'f', args: args(2) }]))
    expect(message.length).toBeLessThan(60_000)
    expect(message).toMatch(/\n {6}… and \d+ more arguments, \d+ of them wrong\n/)
    expect(message).toContain('  (The pairs are cut at 500 lines, or 50000 characters, to keep the message readable;')
  })

  test('reads again only the gold calls whose pairs it shows, not the whole gold', () => {
    let reads = 0
    const counted = (q: string) => {
      const args = { q }
      return {
        name: 'search',
        get args() {
          reads++
          return args
        },
      }
    }
    const gold = Array.from({ length: 100 }, (_, i) => counted(`q${i}`))
    const score = new ToolCallMetric().score(
      gold.map((_, i) => search(i === 7 ? 'wrong' : `q${i}`)),
      gold,
    )
    const scored = reads
    expect(scoreDetail(score, NO_COLORS, { gold, options: resolveMatchOptions({}) })).toContain('gold[7] ↔ pred[7]')
    // Read again for the one pair that differs, whose diff wants the arguments as written; not for the 99 that match.
    expect(reads - scored).toBeLessThan(10)
  })

  test("escapes the invisible characters of a nested key where a reason's path names it, so that none reverses the line", () => {
    const message = failureMessage(() => expect([{ name: 'f', args: { o: { 'a\u202eb': 1 } } }]).toMatchToolCalls([{ name: 'f', args: { o: { 'a\u202eb': 2 } } }]))
    expect(message).not.toContain('\u202e')
    expect(message).toContain('← o["a\\u202eb"]: expected 2, received 1')
  })

  test("cuts the middle of a reason whose path runs through a vast key of the model's, keeping what was expected and received", () => {
    const key = 'k-'.repeat(5_000)
    const lines = failureMessage(() => {
      expect([{ name: 'f', args: { o: { [key]: 1 } } }, { name: 'g', args: { o: { [key]: 10n } } }]).toMatchToolCalls([{ name: 'f', args: { o: { [key]: 2 } } }])
    }).split('\n')
    const reason = lines.find((line) => line.startsWith('    ~ o:'))!
    expect(reason).toMatch(/^ {4}~ o: {2}← o\["k-k-.*k-k…k-k.*-"\]: expected 2, received 1$/)
    expect(reason.length).toBeLessThan(450)
    const unparseable = lines.find((line) => line.startsWith('  + pred[1]'))!
    expect(unparseable).toMatch(/← unparseable: \[1\]\.args\.o\["k-k-.*….*-"\]: expected JSON-like data, received a bigint$/)
    expect(unparseable.length).toBeLessThan(500)
  })

  test("prints a model's tool name with control characters as escapes: it keeps its line, and colours nothing", () => {
    const name = 'g\nh\u001b[31mRED'
    const message = failureMessage(() => expect([{ name, args: {} }, { name: 'search\u200b', args: { q: 'cats' } }]).toMatchToolCalls([search('cats')]))
    expect(message).not.toMatch(/\u001b\[31m|\u200b/)
    expect(message).toContain('+ pred[0] g\\nh\\u001b[31mRED()  ← wrong tool: no call to g\\nh\\u001b[31mRED was expected (expected search)')
    expect(message).toContain('search\\u200b(q: "cats")')
  })

  test('writes in escapes a tool name, an argument name and a string drawn like the gold\'s with a Cyrillic or Greek letter, and only those', () => {
    const gold = [{ name: 'get_weather', args: { city: 'Lisbon', place: 'Zurich', unit: 'celsius' } }]
    const pred = [
      { name: 'get_we\u0430ther', args: { city: 'Lisbon' } },
      { name: 'get_weather', args: { city: 'Lisb\u043en', place: 'Z\u00fcrich', 'un\u0456t': 'celsius' } },
    ]
    expect(() => expect(pred).toMatchToolCalls(gold)).toThrow('no call to get_we\\u0430ther was expected')
    const message = failureMessage(() => expect(pred).toMatchToolCalls(gold))
    expect(message).toContain('+ pred[0] get_we\\u0430ther(city: "Lisbon")  ← wrong tool: no call to get_we\\u0430ther was expected\n')
    expect(message).toContain('+ city: "Lisb\\u043en"  ← expected "Lisbon", received "Lisb\\u043en"')
    expect(message).toContain('- unit: "celsius"  ← missing')
    expect(message).toContain('+ "un\\u0456t": "celsius"  ← unexpected')
    // A difference a reader sees prints as it is.
    expect(message).toContain('+ place: "Z\u00fcrich"  ← expected "Zurich", received "Z\u00fcrich"')
    expect(message).not.toContain('\\u00fc')
  })

  test('writes in escapes where a wrong tool name differs from the one expected and is drawn alike, the rest of both names as they are', () => {
    const message = failureMessage(() => expect([{ name: 'поиск_Mосква', args: {} }]).toMatchToolCalls([{ name: 'поиск_Москва', args: {} }]))
    // The Latin M is drawn as itself; the Cyrillic М it stands for is the escape.
    expect(message).toContain('no call to поиск_Mосква was expected (expected поиск_\\u041cосква)')
    expect(message).toContain('- gold[0] поиск_\\u041cосква()')
    // A name canonicalizer that pairs look-alikes: the heading writes both in escapes.
    const paired = failureMessage(() => expect([{ name: 'se\u0430rch', args: { q: 'dogs' } }]).toMatchToolCalls([search('cats')], { name: (n) => n.replace('\u0430', 'a') }))
    expect(paired).toContain('  ✗ gold[0] ↔ pred[0]  search (predicted as se\\u0430rch)')
  })

  test("writes in escapes a oneOf's alternative and the prediction drawn like it", () => {
    const message = failureMessage(() => expect([{ name: 'f', args: { city: 'Lisb\u043en' } }]).toMatchToolCalls([{ name: 'f', args: { city: oneOf('Lisbon', 'Porto') } }]))
    expect(message).toContain('← expected one of "Lisbon", "Porto"; received "Lisb\\u043en"')
  })

  test("cuts a long predicted name that a name canonicalizer paired with the gold's, in the pair's heading", () => {
    const name = `search<|${'junk '.repeat(2_000)}`
    const message = failureMessage(() => expect([{ name, args: { q: 'dogs' } }]).toMatchToolCalls([search('cats')], { name: (n) => n.split('<')[0]! }))
    const heading = message.split('\n').find((line) => line.startsWith('  ✗ gold[0] ↔ pred[0]'))!
    expect(heading).toBe(`  ✗ gold[0] ↔ pred[0]  search (predicted as ${name.slice(0, 100)}…)`)
  })

  test('marks a scalar argument that differs', () => {
    expect(failureMessage(() => expect([{ name: 'get_weather', args: { city: 'Lyon', days: 3 } }]).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Paris', days: 3 } }]))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 1 pair differs.

      Pairs (- gold, + prediction):
        ✗ gold[0] ↔ pred[0]  get_weather
          - city: "Paris"
          + city: "Lyon"  ← expected "Paris", received "Lyon"
            days: 3

      TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
    `)
  })

  test('shows where two long strings differ, however far into them', () => {
    const query = "SELECT id, name, email, created_at FROM users WHERE status = 'active' AND created_at > '2024-01-01' ORDER BY created_at DESC LIMIT "
    expect(failureMessage(() => expect([{ name: 'sql', args: { q: `${query}10` } }]).toMatchToolCalls([{ name: 'sql', args: { q: `${query}100` } }])))
      .toMatchInlineSnapshot(`
        "expect(received).toMatchToolCalls(gold)

        Expected the calls to match the gold, but 1 pair differs.

        Pairs (- gold, + prediction):
          ✗ gold[0] ↔ pred[0]  sql
            - q: "…ROM users WHERE status = 'active' AND created_at > '2024-01-01' ORDER BY created_at DESC LIMIT 100"
            + q: "…ROM users WHERE status = 'active' AND created_at > '2024-01-01' ORDER BY created_at DESC LIMIT 10"  ← expected "…created_at > '2024-01-01' ORDER BY created_at DESC LIMIT 100", received "…created_at > '2024-01-01' ORDER BY created_at DESC LIMIT 10"

        TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
      `)
  })

  test('keeps a string with line breaks on its line', () => {
    expect(failureMessage(() => expect([{ name: 'note', args: { text: 'line1\nline2' } }]).toMatchToolCalls([{ name: 'note', args: { text: 'line1\nline3' } }])))
      .toMatchInlineSnapshot(`
        "expect(received).toMatchToolCalls(gold)

        Expected the calls to match the gold, but 1 pair differs.

        Pairs (- gold, + prediction):
          ✗ gold[0] ↔ pred[0]  note
            - text: "line1\\nline3"
            + text: "line1\\nline2"  ← expected "line1\\nline3", received "line1\\nline2"

        TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
      `)
  })

  test('diffs a nested argument holding matchers, marking only what differs', () => {
    const gold = [{ name: 'f', args: { o: { city: 'Paris', zip: '75001', note: expect.any(String), tags: oneOf(['a'], ['b']), floor: optional(2) } } }]
    const pred = [{ name: 'f', args: { o: { city: 'Lyon', zip: '69001', note: 'hi', tags: ['b'] } } }]
    expect(failureMessage(() => expect(pred).toMatchToolCalls(gold))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 1 pair differs.

      Pairs (- gold, + prediction):
        ✗ gold[0] ↔ pred[0]  f
          ~ o:  ← o.city: expected "Paris", received "Lyon"
                {
              -   "city": "Paris",
              +   "city": "Lyon",
                  "note": "hi",
                  "tags": [
                    "b",
                  ],
              -   "zip": "75001",
              +   "zip": "69001",
                }

      TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
    `)
  })

  test('diffs a nested argument whose gold is a marker against the value the marker stands for, so that every difference shows', () => {
    const pred = [{ name: 'hotel', args: { filters: { amenities: ['pool', 'gym'], stars: 3 } } }]
    const inner = { amenities: ['pool', 'spa'], stars: 4 }
    const diffed = [
      '        -     "spa",',
      '        +     "gym",',
      '            ],',
      '        -   "stars": 4,',
      '        +   "stars": 3,',
    ].join('\n')
    expect(failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'hotel', args: { filters: optional(inner) } }]))).toContain(diffed)
    // Of a oneOf, the alternative nearest the prediction.
    const alternatives = oneOf({ amenities: ['sauna'], stars: 5 }, inner, 'none')
    expect(failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'hotel', args: { filters: alternatives } }]))).toContain(diffed)
    // On a tie the first; an alternative of another kind than the prediction is passed over, even first.
    const filtersOf = (gold: unknown, predicted: unknown) =>
      failureMessage(() => expect([{ name: 'hotel', args: { filters: predicted } }]).toMatchToolCalls([{ name: 'hotel', args: { filters: gold } }]))
    const tied = filtersOf(oneOf({ stars: 4, pool: true }, { stars: 5, spa: true }), { stars: 3 })
    expect(tied).toContain(['        -   "pool": true,', '        -   "stars": 4,', '        +   "stars": 3,'].join('\n'))
    expect(filtersOf(oneOf([4], { stars: 4 }), { stars: 5 })).toContain(['          {', '        -   "stars": 4,', '        +   "stars": 5,', '          }'].join('\n'))
    expect(filtersOf(oneOf('none', { stars: 4 }), { stars: 5 })).toContain(['          {', '        -   "stars": 4,', '        +   "stars": 5,', '          }'].join('\n'))
    // Lists tied by their items alike: the first, though the second has as many items as the prediction.
    expect(filtersOf(oneOf([1, 2], [1, 2, 3]), [1, 2, 9])).toContain(['            2,', '        +   9,', '          ]'].join('\n'))
    // Nearest by the values held alike, not by the keys alone; a null where an alternative holds an object is no leaf alike, and no crash.
    expect(filtersOf(oneOf({ a: 1, b: 2 }, { a: 9, b: 9 }), { a: 9, b: 9, c: 0 })).toContain(['            "a": 9,', '            "b": 9,', '        +   "c": 0,'].join('\n'))
    expect(filtersOf(oneOf({ a: { x: 1 }, b: 1 }, { a: { y: 2 }, b: 2 }), { a: null, b: 2 })).toContain(['        -   "a": {', '        -     "y": 2,', '        -   },', '        +   "a": null,'].join('\n'))
  })

  test('prints a matcher of another kind than the prediction on one line each side, where a diff would only say the types differ', () => {
    const pred = [{ name: 'f', args: { tags: { a: 1 }, note: { b: 2 }, filters: { c: 3 } } }]
    const gold = [{ name: 'f', args: { tags: expect.any(Array), note: expect.any(String), filters: expect.objectContaining({ c: 4 }) } }]
    const message = failureMessage(() => expect(pred).toMatchToolCalls(gold))
    expect(message).toContain('    - tags: Any<Array>\n    + tags: {"a": 1}  ← expected Any<Array>, received {"a": 1}\n')
    expect(message).toContain('    - note: Any<String>\n    + note: {"b": 2}  ← expected Any<String>, received {"b": 2}\n')
    expect(message).not.toContain('Comparing two different types')
    // A matcher of strings beside a string, as beside any value that is not nested.
    const string = failureMessage(() => expect([{ name: 'f', args: { s: 'x' } }]).toMatchToolCalls([{ name: 'f', args: { s: expect.stringMatching(/y/) } }]))
    expect(string).toContain('    - s: StringMatching /y/\n    + s: "x"  ← expected StringMatching /y/, received "x"\n')
    // A matcher of objects beside an object is still diffed.
    expect(message).toContain('    ~ filters:  ← filters.c: expected 4, received 3\n        - ObjectContaining {\n')
  })

  test("beside a matcher not the runners' own, shows the predicted value alone, as jest-diff takes no kind of it; beside one whose kind throws, each side on one line", () => {
    const custom = { asymmetricMatch: () => false, toAsymmetricMatcher: () => 'Custom', getExpectedType: () => 'array' }
    const pred = [{ name: 'f', args: { a: { b: 1 } } }]
    const alone = failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'f', args: { a: custom } }]))
    expect(alone).toMatch(/\n {4}~ a: {2}← expected .*, received \{"b": 1\}\n {8}\+ \{\n {8}\+ {3}"b": 1,\n {8}\+ \}\n/)
    const throwing = { ...custom, $$typeof: Symbol.for('jest.asymmetricMatcher'), getExpectedType: () => { throw new Error('no kind') } }
    const inline = failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'f', args: { a: throwing } }]))
    expect(inline).toContain('\n    - a: Custom\n    + a: {"b": 1}  ← expected Custom, received {"b": 1}\n')
  })

  test('shows the predicted value alone where a nested argument\'s gold is a predicate, which has no value to diff it with', () => {
    const pred = [{ name: 'hotel', args: { filters: { stars: 3 } } }]
    const message = failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'hotel', args: { filters: satisfies(() => false, 'a good filter') } }]))
    expect(message).toContain(
      ['    ~ filters:  ← expected a good filter, received {"stars": 3}', '        + {', '        +   "stars": 3,', '        + }', '', 'TP 0'].join('\n'),
    )
    const list = failureMessage(() => expect([{ name: 'hotel', args: { rooms: [1, 2] } }]).toMatchToolCalls([{ name: 'hotel', args: { rooms: satisfies(() => false, 'free rooms') } }]))
    expect(list).toContain(['    ~ rooms:  ← expected free rooms, received [1, 2]', '        + [', '        +   1,', '        +   2,', '        + ]'].join('\n'))
  })

  test("marks a part that the gold takes and the tool's schema refuses, where jest-diff would say the two have no visual difference", () => {
    const grammar = [{ name: 'f', parameters: { type: 'object', properties: { o: { type: 'object', properties: { n: { type: 'integer' } } }, l: { type: 'array', items: { type: 'integer' } } } } }]
    const pred = [{ name: 'f', args: { o: { n: 2.5, s: 'x' }, l: [1, 2.5] } }]
    const message = failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'f', args: { o: { n: expect.any(Number), s: 'x' }, l: [1, satisfies(() => true, 'anything')] } }], { grammar }))
    expect(message).not.toContain('no visual difference')
    expect(message).toContain(
      [
        '    ~ o:  ← o.n: expected an integer (the declared type), received 2.5',
        '          {',
        '        -   "n": Any<Number>,',
        '        +   "n": 2.5,',
        '            "s": "x",',
        '          }',
        '    ~ l:  ← l[1]: expected an integer (the declared type), received 2.5',
        '          [',
        '            1,',
        '        -   satisfies(anything),',
        '        +   2.5,',
        '          ]',
      ].join('\n'),
    )
  })

  test("marks a part that the gold takes and the tool's schema refuses beside other differences, where it had shown as agreeing", () => {
    const grammar = [{ name: 'f', parameters: { type: 'object', properties: { o: { type: 'object', properties: { n: { type: 'integer' } } } } } }]
    const pred = [{ name: 'f', args: { o: { n: 2.5, s: 'y' } } }]
    const message = failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'f', args: { o: { n: expect.any(Number), s: 'x' } } }], { grammar }))
    expect(message).toContain(
      [
        '    ~ o:  ← o.n: expected an integer (the declared type), received 2.5',
        '          {',
        '        -   "n": Any<Number>,',
        '        -   "s": "x",',
        '        +   "n": 2.5,',
        '        +   "s": "y",',
        '          }',
      ].join('\n'),
    )
    // Where the schema takes the value, the part the gold takes agrees.
    const fitting = failureMessage(() => expect([{ name: 'f', args: { o: { n: 2, s: 'y' } } }]).toMatchToolCalls([{ name: 'f', args: { o: { n: expect.any(Number), s: 'x' } } }], { grammar }))
    expect(fitting).toContain(['          {', '            "n": 2,', '        -   "s": "x",', '        +   "s": "y",', '          }'].join('\n'))
  })

  test("shows the predicted value alone where the gold takes all of it and a schema of alternatives refuses it, as no one part can be marked", () => {
    const grammar = [{ name: 'f', parameters: { type: 'object', properties: { o: { anyOf: [{ type: 'object', properties: { n: { type: 'integer' } } }, { type: 'string' }] } } } }]
    const message = failureMessage(() => expect([{ name: 'f', args: { o: { n: 2.5 } } }]).toMatchToolCalls([{ name: 'f', args: { o: { n: expect.any(Number) } } }], { grammar }))
    expect(message).not.toContain('no visual difference')
    expect(message).toContain(['    ~ o:  ← o.n: expected an integer (the declared type), received 2.5', '        + {', '        +   "n": 2.5,', '        + }'].join('\n'))
  })

  test('lists a prediction that could not be read by the name it gives, if any, and marks only readable extra calls as allowed', () => {
    const message = failureMessage(() =>
      expect([{ name: 'f', arguments: '{oops' }, 'garbage(', { name: 'g', args: {} }]).toMatchToolCalls([{ name: 'h', args: {} }], { allowExtra: true }),
    )
    expect(message).toContain('but 2 predictions could not be read (extra calls are allowed, unreadable ones are not)')
    expect(message).toMatch(/^ {2}\+ pred\[0\] f \(unparseable\) {2}← unparseable: \[0\]\.arguments: not valid JSON \([^\n]*\)$/m)
    expect(message).toMatch(/^ {2}\+ pred\[1\] \(unparseable\) {2}← unparseable: \[1\]: not valid Python call syntax \([^\n]*\)$/m)
    expect(message).toContain('\n  + pred[2] g()  ← wrong tool: no call to g was expected (expected h)  (allowed)\n')
    expect(message.match(/\(allowed\)/g)).toHaveLength(1)
  })

  test('shows a predicted argument that counts as left out with the reason it does, beside what was wrong', () => {
    const grammar = [
      { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', default: 1 }, note: { type: ['string', 'null'] } }, required: ['city'] } },
    ]
    const score = new ToolCallMetric({ grammar }).score([{ name: 'get_weather', args: { city: 'Lyon', days: 1 } }], [{ name: 'get_weather', args: { city: 'Paris' } }])
    expect(formatScore(score)).toContain(['    - city: "Paris"', '    + city: "Lyon"  ← expected "Paris", received "Lyon"', '      days: 1  (equals the declared default)'].join('\n'))
  })

  test('cuts a long string of a nested diff at the same place on both sides, so text both share prints alike, and says where it differs further on', () => {
    const code = Array.from({ length: 40 }, (_, i) => `line ${i}: const v${i} = compute(${i});`).join('\n')
    const changed = code.replace('compute(5)', 'compute(50)').replace('compute(35)', 'compuet(35)')
    const write = (content: string) => [{ name: 'write_file', args: { file: { path: 'a.ts', content } } }]
    const nested = failureMessage(() => expect(write(changed)).toMatchToolCalls(write(code), { canonicalizer: 'exact' }))
    expect(nested).toContain('        -   "content": "…const v5 = compute(5);\n        +   "content": "…const v5 = compute(50);\n          line 6:')
    expect(nested).not.toMatch(/^ {8}[-+] line/m)
    expect(nested).toContain('        (file.content differs further on, past what is shown)')
    // Two strings or more that differ further are counted after the first.
    const notes = (content: string, n: number) => [{ name: 'write_file', args: { file: { path: 'a.ts', content, ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`copy${i}`, content])) } } }]
    for (const [copies, said] of [[1, 'and 1 more string differ'], [2, 'and 2 more strings differ']] as const) {
      const counted = failureMessage(() => expect(notes(changed, copies)).toMatchToolCalls(notes(code, copies), { canonicalizer: 'exact' }))
      expect(counted).toContain(`        (file.content ${said} further on, past what is shown)`)
    }
    const once = failureMessage(() => expect(write(code.replace('compute(5)', 'compute(50)'))).toMatchToolCalls(write(code), { canonicalizer: 'exact' }))
    expect(once).not.toContain('further on')
    const top = failureMessage(() => expect([{ name: 'write_file', args: { content: changed } }]).toMatchToolCalls([{ name: 'write_file', args: { content: code } }], { canonicalizer: 'exact' }))
    expect(top).toMatch(/\n {4}\+ content: "…const v5 = compute\(50\);.*…"  \(and differs further on\)  ← expected/)
  })

  test('cuts a long string around the difference the canonicalizer did not read alike, not one of case it took', () => {
    const note = (text: string) => [{ name: 'note', args: { text } }]
    const story = 'jumps over the lazy dog and then runs far away into the forest to hide from the'
    const message = failureMessage(() => expect(note(`the quick brown fox ${story} farmers`)).toMatchToolCalls(note(`The Quick Brown Fox ${story} hunters`)))
    expect(message).toMatch(/- text: "….*hunters"\n/)
    expect(message).toMatch(/\+ text: "….*farmers"  ← expected "….*hunters", received "….*farmers"\n/)
    expect(message).not.toContain('differs further on')
  })

  test("marks in a nested diff only what the score found wrong: what the canonicalizer makes alike is no difference", () => {
    const gold = [{ name: 'f', args: { tags: ['pool', 'spa', 'sauna'], at: { city: oneOf('Paris', 'Lyon'), town: 'new york', n: 0 } } }]
    const pred = [{ name: 'f', args: { tags: ['Pool', 'SPA', 'gym'], at: { city: 'paris', town: '  New   York ', n: -1 } } }]
    expect(failureMessage(() => expect(pred).toMatchToolCalls(gold))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 1 pair differs.

      Pairs (- gold, + prediction):
        ✗ gold[0] ↔ pred[0]  f
          ~ tags:  ← tags[2]: expected "sauna", received "gym"
                [
                  "Pool",
                  "SPA",
              -   "sauna",
              +   "gym",
                ]
          ~ at:  ← at.n: expected 0, received -1
                {
                  "city": "paris",
              -   "n": 0,
              +   "n": -1,
                  "town": "  New   York ",
                }

      TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
    `)
    // Exact strings mark the difference in case.
    const exact = failureMessage(() => expect(pred).toMatchToolCalls(gold, { canonicalizer: 'exact' }))
    expect(exact).toContain('-   "pool",')
    expect(exact).toContain('+   "Pool",')
  })

  test('a list the model added an item to, or left one out of, marks that item alone, not the items after it the canonicalizer makes alike', () => {
    const tags = (list: string[]) => [{ name: 'f', args: { tags: list } }]
    const added = failureMessage(() => expect(tags(['gym', 'Pool', 'SPA', 'Sauna'])).toMatchToolCalls(tags(['pool', 'spa', 'sauna'])))
    expect(added).toContain(['        +   "gym",', '            "Pool",', '            "SPA",', '            "Sauna",', '          ]'].join('\n'))
    const leftOut = failureMessage(() => expect(tags(['POOL', 'Sauna'])).toMatchToolCalls(tags(['pool', 'spa', 'sauna'])))
    expect(leftOut).toContain(['            "POOL",', '        -   "spa",', '            "Sauna",', '          ]'].join('\n'))
    // Long strings, cut, stand beside the items they were lined up with, not those at their place.
    const long = (tag: string) => `${tag}: ${'the quick brown fox jumps over the lazy dog '.repeat(4)}`
    const cut = failureMessage(() => expect(tags([long('bravo'), long('charlie')])).toMatchToolCalls(tags([long('alpha'), long('bravo'), long('charlie')])))
    expect(cut).toMatch(/\n {8}- {3}"alpha: [^\n]*\n {12}"bravo: [^\n]*\n {12}"charlie: /)
    expect(cut).not.toContain('differ further on')
    // Between the items taken, the rest pair in turn, so an object changed in one field shows that field alone.
    const rows = (list: object[]) => [{ name: 'f', args: { rows: list } }]
    const changed = failureMessage(() =>
      expect(rows([{ id: 0 }, { id: 1, city: 'PARIS' }, { id: 3 }])).toMatchToolCalls(rows([{ id: 1, city: 'paris' }, { id: 2, city: 'rome' }, { id: 3 }])),
    )
    expect(changed).toContain('"city": "PARIS"')
    expect(changed).not.toContain('"city": "paris"')
  })

  test('a list of the gold\'s length stands item beside item where a matcher that takes the next item would line up no more of them, so the wrong item is marked', () => {
    const message = failureMessage(() => expect([{ name: 'f', args: { l: [3, 4] } }]).toMatchToolCalls([{ name: 'f', args: { l: [1, expect.any(Number)] } }]))
    expect(message).toContain(['    ~ l:  ← l[0]: expected 1, received 3', '          [', '        -   1,', '        +   3,', '            4,', '          ]'].join('\n'))
  })

  test('a list of the gold\'s length stands item beside item where only a matcher would take an item away from its place, but reads as shifted where values the gold names would', () => {
    const list = (l: unknown[]) => [{ name: 'f', args: { l } }]
    const matchers = failureMessage(() => expect(list([1, 'c'])).toMatchToolCalls(list([expect.any(String), oneOf('a', 'b')])))
    expect(matchers).toContain(['          [', '        -   Any<String>,', '        -   oneOf("a", "b"),', '        +   1,', '        +   "c",', '          ]'].join('\n'))
    const named = failureMessage(() => expect(list(['x', 'a', 'b'])).toMatchToolCalls(list([oneOf('a', 'A'), oneOf('b', 'B'), oneOf('c', 'C')])))
    expect(named).toContain(['          [', '        +   "x",', '            "a",', '            "b",', '        -   oneOf("c", "C"),', '          ]'].join('\n'))
  })

  test('a part printed with other brackets on either side leaves the parts beside it agreeing: its closing bracket pairs with none of theirs', () => {
    const object = failureMessage(() => expect([{ name: 'f', args: { o: { a: { x: 'y' }, b: 1, c: 'z' } } }]).toMatchToolCalls([{ name: 'f', args: { o: { a: {}, b: 1, c: { d: 2 } } } }]))
    expect(object).toContain(['        +   },', '            "b": 1,', '        -   "c": {'].join('\n'))
    const list = failureMessage(() => expect([{ name: 'f', args: { l: [{ x: 'y' }, 1, {}] } }]).toMatchToolCalls([{ name: 'f', args: { l: [{}, 1, { k: 2 }] } }]))
    expect(list).toContain(['        +   },', '            1,', '        -   {'].join('\n'))
  })

  test('lists the arguments that differ before those that agree, so that a wrong one among many is shown', () => {
    const args = (wrongAt: number) => Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i === wrongAt ? -1 : i]))
    const message = failureMessage(() => expect([{ name: 'f', args: args(55) }]).toMatchToolCalls([{ name: 'f', args: args(-1) }]))
    expect(message).toContain('+ k55: -1  ← expected 55, received -1')
    expect(message).toContain('… and 10 more arguments, all of them right')
    // In their order: k0 to k48 agree, then the wrong k55.
    expect(message.indexOf('  k48: 48')).toBeLessThan(message.indexOf('k55: 55'))
    expect(message).not.toContain('k49: 49')
  })

  test('an argument named like a positional one (#1) prints its own value', () => {
    const message = failureMessage(() => expect([{ name: 'f', args: { '#1': 5 } }]).toMatchToolCalls([{ name: 'f', args: { '#1': 6 } }]))
    expect(message).toContain('+ "#1": 5  ← expected 6, received 5')
    const positional = failureMessage(() => expect('[f(7, x=1)]').toMatchToolCalls([{ name: 'f', args: { x: 1 } }]))
    expect(positional).toContain('+ #1: 7  ← unexpected: given by position; only keyword arguments count')
  })

  test("quotes an argument name that is no identifier, so a call's arguments cannot be misread", () => {
    const message = failureMessage(() => expect([{ name: 'g', args: { 'a: 1, b': 2, '': 3 } }]).toMatchToolCalls([{ name: 'f', args: { a: 1, b: 2 } }]))
    expect(message).toContain('+ pred[0] g("a: 1, b": 2, "": 3)')
    expect(message).toContain('- gold[0] f(a: 1, b: 2)')
  })

  test('shows the weight of a call that weighs other than 1, so that the counts can be told from the calls', () => {
    const grammar = { tools: { delete_all: { importance: 5 } } }
    const message = failureMessage(() =>
      expect([{ name: 'delete_all', args: { confirm: false } }, { name: 'noop', args: {} }]).toMatchToolCalls([{ name: 'delete_all', args: { confirm: true } }], { grammar }),
    )
    expect(message).toContain('✗ gold[0] ↔ pred[0]  delete_all  (weight 5)')
    expect(message).not.toContain('noop()  ← hallucinated call: no call to noop was expected  (weight')
    expect(message).toContain('TP 0  FP 6  FN 5')
  })

  test("a prediction's object shaped like a marker of gold's JSON form prints as the data it is, not as the marker", () => {
    const pred = [
      { name: 'query_db', args: { table: 'users', filter: { $oneOf: ['admin', 'owner'] } } },
      { name: 'log', args: { level: { $matcher: 'Any<Number>' }, note: { $optional: [] } } },
    ]
    const message = failureMessage(() => expect(pred).toMatchToolCalls([{ name: 'query_db', args: { table: 'users', filter: 'admin' } }]))
    expect(message).toContain('+ filter: {"$oneOf": ["admin", "owner"]}  ← expected a string')
    expect(message).toContain('+ pred[1] log(level: {"$matcher": "Any<Number>"}, note: {"$optional": []})')
    // The gold's own markers still print as written.
    const gold = failureMessage(() => expect([{ name: 'query_db', args: { filter: 'guest' } }]).toMatchToolCalls([{ name: 'query_db', args: { filter: oneOf('admin', 'owner') } }]))
    expect(gold).toContain('- filter: oneOf("admin", "owner")')
    const made = failureMessage(() => expect(pred).toHaveCalledTool('log', { level: 1 }))
    expect(made).toContain('log(level: {"$matcher": "Any<Number>"}, note: {"$optional": []})')
  })

  test("at arg level, an unmatched call counts its units, named apart from a pair's tool weight", () => {
    const grammar = { tools: { delete_all: { importance: 5 } } }
    const message = failureMessage(() =>
      expect([{ name: 'delete_all', args: { confirm: false } }, { name: 'noop', args: { a: 1, b: 2 } }]).toMatchToolCalls(
        [{ name: 'delete_all', args: { confirm: true } }, { name: 'answer', args: { text: 'ok' } }],
        { grammar, level: 'arg' },
      ),
    )
    expect(message).toContain('✗ gold[0] ↔ pred[0]  delete_all  (weight 5)')
    expect(message).toMatch(/\+ pred\[1\] noop\(a: 1, b: 2\)  ← [^\n]*\(3 units\)/)
    expect(message).toMatch(/- gold\[1\] answer\(text: "ok"\)\s+\(2 units\)/)
    expect(message).not.toContain('(weight 3)')
  })

  test('an unawaited promise is named, with no pairs graded from it', () => {
    // As unknown, past the types, which refuse a promise not awaited: the run-time check is under test.
    const message = failureMessage(() => expect(Promise.resolve([search('cats')]) as unknown).toMatchToolCalls([search('cats')]))
    expect(message).toContain('Expected the calls to match the gold, but')
    expect(message).not.toContain('Pairs')
    expect(message).not.toContain('TP ')
  })

  test('diffs a nested argument of gold in its JSON form, as a corpus report shows it', () => {
    const score = new ToolCallMetric().score(
      [{ name: 'f', args: { o: { city: 'Lyon', size: 3 } } }],
      [{ name: 'f', args: { o: { city: 'Paris', size: { $oneOf: [3, 4] } } } }],
      { goldForm: 'json' },
    )
    expect(formatScore(score)).toMatchInlineSnapshot(`
      "Pairs (- gold, + prediction):
        ✗ gold[0] ↔ pred[0]  f
          ~ o:  ← o.city: expected "Paris", received "Lyon"
                Object {
              -   "city": "Paris",
              +   "city": "Lyon",
                  "size": 3,
                }

      TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
    `)
  })

  test('shows on one line a nested argument whose gold holds a matcher pretty-format cannot print, where building the message threw', () => {
    // A matcher of the runner's kind ($$typeof) without toAsymmetricMatcher, which pretty-format requires.
    const five = { $$typeof: Symbol.for('jest.asymmetricMatcher'), asymmetricMatch: (value: unknown) => value === 5 }
    const message = failureMessage(() => expect([{ name: 'f', args: { o: { a: 1, b: 2 } } }]).toMatchToolCalls([{ name: 'f', args: { o: { a: five, b: 3 } } }]))
    expect(message).toContain('    - o: {"a": an asymmetric matcher, "b": 3}\n    + o: {"a": 1, "b": 2}  ← o.a: expected an asymmetric matcher, received 1')
    const nearest = failureMessage(() => expect([{ name: 'f', args: { o: { a: 1 } } }]).toHaveCalledTool('f', { o: { a: five } }))
    expect(nearest).toContain('    + o: {"a": 1}  ← o.a: expected an asymmetric matcher, received 1')
    expect(nearest).toContain('Expected a call to f(o: {"a": an asymmetric matcher}), but none of the calls made is one.')
  })

  test('diffs a nested argument with jest-diff', () => {
    const gold = [{ name: 'create_user', args: { profile: { name: 'Ada', roles: ['admin', 'dev'], address: { city: 'London', zip: 'N1' } } } }]
    const pred = [{ name: 'create_user', args: { profile: { name: 'Ada', roles: ['admin', 'ops'], address: { city: 'London', zip: 'N1' } } } }]
    expect(failureMessage(() => expect(pred).toMatchToolCalls(gold))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 1 pair differs.

      Pairs (- gold, + prediction):
        ✗ gold[0] ↔ pred[0]  create_user
          ~ profile:  ← profile.roles[1]: expected "dev", received "ops"
              @@ -4,8 +4,8 @@
                    "zip": "N1",
                  },
                  "name": "Ada",
                  "roles": [
                    "admin",
              -     "dev",
              +     "ops",
                  ],
                }

      TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
    `)
  })

  test('shows two nested values too long to diff cut, on a line each: a diff costs the product of their lengths', () => {
    const gold = [{ name: 'f', args: { v: Array.from({ length: 16_000 }, (_, i) => -i - 1) } }]
    const pred = [{ name: 'f', args: { v: Array.from({ length: 16_000 }, (_, i) => i) } }]
    const lines = failureMessage(() => expect(pred).toMatchToolCalls(gold)).split('\n')
    const verdict = lines.findIndex((line) => line.includes('- v: '))
    expect(lines[verdict]).toMatch(/^\s+- v: \[-1, -2, .*…\]$/)
    expect(lines[verdict + 1]).toMatch(/^\s+\+ v: \[0, 1, .*…\]  ← v\[0\]: expected -1, received 0$/)
    expect(lines.length).toBeLessThan(20)
  })

  test('diffs two nested values long only for a long string in them, as the diff shows that string cut', () => {
    const body = 'A paragraph of the document. '.repeat(1_000)
    const message = failureMessage(() =>
      expect([{ name: 'save', args: { doc: { body, title: 'Draft' } } }]).toMatchToolCalls([{ name: 'save', args: { doc: { body, title: 'Final' } } }]),
    )
    expect(message).toContain('-   "title": "Final",')
    expect(message).toContain('+   "title": "Draft",')
    expect(message).not.toContain('- doc: ')
  })

  test('names a gold call written in a list of turns by its turn and place, as the gold was written', () => {
    const gold = [[search('a')], [search('b'), { name: 'open', args: { id: 1 } }]]
    const pred = [{ role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'search', arguments: '{"q":"a"}' } }] }, { role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'search', arguments: '{"q":"c"}' } }] }]
    const message = failureMessage(() => expect(pred).toMatchToolCalls(gold, { order: 'turns' }))
    expect(message).toContain('✗ gold[1][0] ↔ pred[1]  search')
    expect(message).toContain('- gold[1][1] open(id: 1)')
    // Written as one list, the same gold is named by its index in that list.
    const flat = failureMessage(() => expect(pred).toMatchToolCalls(gold.flat()))
    expect(flat).toContain('✗ gold[1] ↔ pred[1]  search')
    expect(flat).toContain('- gold[2] open(id: 1)')
  })

  test('names a gold call given alone, not in a list, as the gold itself, as its TypeErrors do', () => {
    const message = failureMessage(() => expect([search('b')]).toMatchToolCalls(search('a')))
    expect(message).toContain('✗ gold ↔ pred[0]  search')
    expect(failureMessage(() => expect([]).toMatchToolCalls(['search', { q: 'a' }]))).toContain('- gold search(q: "a")')
  })

  test('marks a missing and a hallucinated argument', () => {
    const gold = [{ name: 'send_email', args: { to: 'ada@example.com', subject: 'Hi' } }]
    const pred = [{ name: 'send_email', args: { to: 'ada@example.com', cc: 'alan@example.com' } }]
    expect(failureMessage(() => expect(pred).toMatchToolCalls(gold))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 1 pair differs.

      Pairs (- gold, + prediction):
        ✗ gold[0] ↔ pred[0]  send_email
            to: "ada@example.com"
          - subject: "Hi"  ← missing
          + cc: "alan@example.com"  ← unexpected: not an argument of the gold call

      TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)"
    `)
  })

  test('lists the predictions that matched nothing, and why', () => {
    const pred = [search('cats'), search('dogs'), { name: 'delete_all', args: {} }, { type: 'function_call', name: 'answer', arguments: '{"a": ' }]
    expect(failureMessage(() => expect(pred).toMatchToolCalls([search('cats')]))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 3 predictions matched nothing.

      Pairs (- gold, + prediction):
        ✓ gold[0] ↔ pred[0]  search(q: "cats")

      Predictions that matched nothing:
        + pred[1] search(q: "dogs")  ← hallucinated call: every expected call to search is already paired
        + pred[2] delete_all()  ← wrong tool: no call to delete_all was expected
        + pred[3] answer (unparseable)  ← unparseable: [3].arguments: not valid JSON (Unexpected end of JSON input)

      TP 1  FP 3  FN 0  precision 0.25  recall 1  F1 0.4 (call level)"
    `)
  })

  test('lists the gold calls that nothing matched', () => {
    expect(failureMessage(() => expect([search('cats')]).toMatchToolCalls([search('cats'), { name: 'answer', args: { a: 'meow' } }]))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 1 gold call was not matched.

      Pairs (- gold, + prediction):
        ✓ gold[0] ↔ pred[0]  search(q: "cats")

      Gold calls that nothing matched:
        - gold[1] answer(a: "meow")

      TP 1  FP 0  FN 1  precision 1  recall 0.5  F1 0.6667 (call level)"
    `)
  })

  test('with .not, says that the calls match', () => {
    expect(failureMessage(() => expect([search('cats')]).not.toMatchToolCalls([search('cats')]))).toMatchInlineSnapshot(`
      "expect(received).not.toMatchToolCalls(gold)

      Expected the calls not to match the gold, but they do.

      Pairs (- gold, + prediction):
        ✓ gold[0] ↔ pred[0]  search(q: "cats")

      TP 1  FP 0  FN 0  precision 1  recall 1  F1 1 (call level)"
    `)
  })

  test('with .not and allowExtra, says what was allowed', () => {
    expect(failureMessage(() => expect([search('cats'), search('dogs')]).not.toMatchToolCalls([search('cats')], { allowExtra: true }))).toMatchInlineSnapshot(`
      "expect(received).not.toMatchToolCalls(gold, options)

      Expected the calls not to match the gold, but they do (extra predictions allowed).

      Pairs (- gold, + prediction):
        ✓ gold[0] ↔ pred[0]  search(q: "cats")

      Predictions that matched nothing:
        + pred[1] search(q: "dogs")  ← hallucinated call: every expected call to search is already paired  (allowed)

      TP 1  FP 1  FN 0  precision 0.5  recall 1  F1 0.6667 (call level)"
    `)
  })

  test('with allowExtra and allowMissing, marks what they allow, and not an unparseable prediction, which fails', () => {
    const message = failureMessage(() =>
      expect([search('cats'), { name: 'lookup', args: {} }, { name: 'search', arguments: '{"q": ' }]).toMatchToolCalls([search('cats'), { name: 'answer', args: {} }], {
        allowExtra: true,
        allowMissing: true,
      }),
    )
    expect(message).toContain('but 1 prediction could not be read (extra calls are allowed, unreadable ones are not).')
    expect(message).toMatch(/\+ pred\[1\] lookup\(\)  ← wrong tool: [^\n]*  \(allowed\)\n/)
    expect(message).toMatch(/\+ pred\[2\] search \(unparseable\)  ← unparseable: [^\n]*[^)]\n/)
    expect(message).toContain('- gold[1] answer()  (allowed)')
  })

  test('summarises the right pairs of a long trajectory', () => {
    const gold = Array.from({ length: 200 }, (_, i) => ({ name: 'fetch_page', args: { page: i } }))
    const pred = gold.map((call) => (call.args.page % 70 === 69 ? { name: 'fetch_page', args: { page: -call.args.page } } : call))
    expect(failureMessage(() => expect(pred).toMatchToolCalls(gold))).toMatchInlineSnapshot(`
      "expect(received).toMatchToolCalls(gold)

      Expected the calls to match the gold, but 2 pairs differ.

      Pairs (- gold, + prediction):
        ✓ gold[0] ↔ pred[0]  fetch_page(page: 0)
        ✓ gold[1] ↔ pred[1]  fetch_page(page: 1)
        ✓ gold[2] ↔ pred[2]  fetch_page(page: 2)
        ✓ gold[3] ↔ pred[3]  fetch_page(page: 3)
        ✓ gold[4] ↔ pred[4]  fetch_page(page: 4)
        ✓ gold[5] ↔ pred[5]  fetch_page(page: 5)
        ✓ gold[6] ↔ pred[6]  fetch_page(page: 6)
        ✓ gold[7] ↔ pred[7]  fetch_page(page: 7)
        ✓ gold[8] ↔ pred[8]  fetch_page(page: 8)
        ✓ gold[9] ↔ pred[9]  fetch_page(page: 9)
        ✗ gold[69] ↔ pred[69]  fetch_page
          - page: 69
          + page: -69  ← expected 69, received -69
        ✗ gold[139] ↔ pred[139]  fetch_page
          - page: 139
          + page: -139  ← expected 139, received -139
        ✓ … and 188 more pairs that match exactly

      TP 198  FP 2  FN 2  precision 0.99  recall 0.99  F1 0.99 (call level)"
    `)
  })
})

describe('the message of toScoreAtLeast', () => {
  test('prints the figure, the threshold and the aligned diff', () => {
    expect(failureMessage(() => expect([search('cats'), search('dogs')]).toScoreAtLeast(0.8, [search('cats')], { by: 'precision' }))).toMatchInlineSnapshot(`
      "expect(received).toScoreAtLeast(threshold, gold, options)

      Expected precision ≥ 0.8, received 0.5.

      Pairs (- gold, + prediction):
        ✓ gold[0] ↔ pred[0]  search(q: "cats")

      Predictions that matched nothing:
        + pred[1] search(q: "dogs")  ← hallucinated call: every expected call to search is already paired

      TP 1  FP 1  FN 0  precision 0.5  recall 1  F1 0.6667 (call level)"
    `)
  })

  test('prints the per-tool figures of a corpus report', () => {
    const report = evaluate([
      { id: 'a', pred: [search('cats')], gold: [search('cats')] },
      { id: 'b', pred: [search('dogs'), { name: 'answer', args: { a: 'woof' } }], gold: [search('cats'), { name: 'answer', args: { a: 'meow' } }] },
    ])
    expect(failureMessage(() => expect(report).toScoreAtLeast(0.75))).toMatchInlineSnapshot(`
      "expect(report).toScoreAtLeast(threshold)

      Expected F1 ≥ 0.75, received 0.3333.

      Per tool:
        tool    TP  FP  FN  precision  recall   F1
        answer   0   1   1          0       0    0
        search   1   1   1        0.5     0.5  0.5

      Lowest F1:
        episode 1 (id "b")  F1 0  TP 0  FP 2  FN 2

      TP 1  FP 2  FN 2  precision 0.3333  recall 0.3333  F1 0.3333 (micro average over 2 episodes)"
    `)
  })

  test("lists a report's 50 busiest tools, so that a tool called often is not hidden behind thousands of names the model made up", () => {
    const episodes = Array.from({ length: 300 }, (_, i) => ({ pred: [{ name: `made_up_${i}`, args: {} }], gold: [search('x')] }))
    const message = failureMessage(() => expect(evaluate(episodes)).toScoreAtLeast(0.9))
    const rows = message.split('\n').filter((line) => /^ {2}(made_up_\d+|search) /.test(line))
    expect(rows).toHaveLength(50)
    expect(message).toMatch(/\n {2}search +0 +0 +300 /)
    expect(message).toContain("  … and 251 more tools, none busier than those listed; the report's perTool holds them all")
  })

  test("prints apart the rows of tools whose names would print alike: a space at an end, a look-alike letter, long names alike in their start", () => {
    const [byId, byTitle] = ['mcp__atlassian-confluence-server__confluence_get_page_children_by_id', 'mcp__atlassian-confluence-server__confluence_get_page_children_by_title']
    const report = evaluate([
      { pred: [{ name: 'get_weather', args: {} }, { name: byId, args: {} }], gold: [{ name: 'get_weather', args: {} }, { name: byTitle, args: {} }] },
      { pred: [{ name: 'get_we\u0430ther', args: {} }, { name: 'search ', args: {} }], gold: [{ name: 'get_weather', args: {} }, { name: 'search', args: {} }] },
    ])
    const rows = failureMessage(() => expect(report).toScoreAtLeast(0.9))
      .split('\n')
      .filter((line) => /^ {2}\S/.test(line) && !line.startsWith('  episode'))
      .map((line) => line.trim().split(/ {2,}/)[0])
    expect(rows).toEqual([
      'tool',
      'get_weather',
      'get_we\\u0430ther',
      '…ian-confluence-server__confluence_get_page_children_by_id',
      '…ian-confluence-server__confluence_get_page_children_by_title',
      'search',
      'search\\u0020',
    ])
  })

  test('prints the threshold as written, and the figure to as many decimals as keep it on its side of the threshold', () => {
    const calls = (...qs: string[]) => qs.map(search)
    const message = failureMessage(() => expect(calls('a', 'b', 'c')).toScoreAtLeast(0.66667, calls('a', 'b', 'd')))
    expect(message).toContain('Expected F1 ≥ 0.66667, received 0.666667.')
    // Not rounded up past what the author wrote: 0.12345 is no 0.1235.
    const fifth = failureMessage(() => expect(calls('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i')).toScoreAtLeast(0.12345, calls('a', 'x', 'y', 'z', 'u', 'v', 'w', 's', 't')))
    expect(fifth).toContain('Expected F1 ≥ 0.12345, received 0.1111.')
    const below = failureMessage(() => expect(calls('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h')).toScoreAtLeast(0.12501, calls('a', 'x', 'y', 'z', 'u', 'v', 'w', 's')))
    expect(below).toContain('Expected F1 ≥ 0.12501, received 0.125.')
    expect(failureMessage(() => expect(calls('a', 'b', 'c')).toScoreAtLeast(0.7, calls('a', 'b', 'd')))).toContain('Expected F1 ≥ 0.7, received 0.6667.')
  })

  test('never prints the judged figure of the figures line as reaching a threshold it fails', () => {
    const grammar = { tools: { a: { importance: 1.99995 } } }
    const message = failureMessage(() => expect([{ name: 'a', args: {} }, { name: 'b', args: {} }]).toScoreAtLeast(0.8, [{ name: 'a', args: {} }], { grammar }))
    expect(message).toContain('Expected F1 ≥ 0.8, received 0.799996.')
    expect(message).toContain('precision 0.6667  recall 1  F1 0.799996 (call level)')
  })

  test('with .not, says the figure reached the threshold', () => {
    expect(failureMessage(() => expect([search('cats')]).not.toScoreAtLeast(0.8, [search('cats')]))).toMatchInlineSnapshot(`
      "expect(received).not.toScoreAtLeast(threshold, gold)

      Expected F1 < 0.8, received 1.

      Pairs (- gold, + prediction):
        ✓ gold[0] ↔ pred[0]  search(q: "cats")

      TP 1  FP 0  FN 0  precision 1  recall 1  F1 1 (call level)"
    `)
  })
})

describe('the message of toHaveCalledTool', () => {
  test('lists the calls made and how the nearest differs', () => {
    const pred = [search('dogs'), { name: 'answer', args: { a: 'woof' } }]
    expect(failureMessage(() => expect(pred).toHaveCalledTool('search', { q: 'cats', limit: 5 }))).toMatchInlineSnapshot(`
      "expect(received).toHaveCalledTool(name, args)

      Expected a call to search(q: "cats", limit: 5), but none of the calls made is one.

      Calls made (2):
      → pred[0] search(q: "dogs")
        pred[1] answer(a: "woof")

      The nearest, pred[0], differs:
          - q: "cats"
          + q: "dogs"  ← expected "cats", received "dogs"
          - limit: 5  ← missing"
    `)
    // Only the arguments that differ, not those that agree.
    const nearest = failureMessage(() => expect([{ name: 'f', args: { a: 1, b: 3, c: { d: 1 } } }]).toHaveCalledTool('f', { a: 1, b: 2, c: { d: 1 } }))
    expect(nearest.endsWith('The nearest, pred[0], differs:\n    - b: 2\n    + b: 3  ← expected 2, received 3')).toBe(true)
  })

  test('the nearest is the call that differs in the fewest arguments, where calls agree on as many', () => {
    const calls = [
      { name: 'get_weather', args: { city: 'Paris', days: 3, unit: 'f', lang: 'fr', hourly: true } },
      { name: 'get_weather', args: { city: 'Rome' } },
    ]
    const message = failureMessage(() => expect(calls).toHaveCalledTool('get_weather', { city: 'Rome', days: 3 }))
    expect(message).toContain('→ pred[1] get_weather(city: "Rome")')
    expect(message.endsWith('The nearest, pred[1], differs:\n    - days: 3  ← missing')).toBe(true)
  })

  test('arguments that are not an object throw, whether or not a call matches', () => {
    const expected = new TypeError('args: expected an object of arguments, received null')
    expect(() => expect([search('cats')]).toHaveCalledTool('search', null as never)).toThrow(expected)
    expect(() => expect([{ name: 'f', args: {} }]).toHaveCalledTool('f', null as never)).toThrow(expected)
    expect(() => expect([search('cats')]).not.toHaveCalledTool('search', null as never)).toThrow(expected)
  })

  test('arguments whose reading throws (a Proxy or a getter of the author\'s) throw a TypeError naming where, not their own error', () => {
    const args = new Proxy({}, { get: () => { throw new Error('trap') } })
    expect(() => expect([search('cats')]).toHaveCalledTool('search', args)).toThrow(new TypeError('args: could not be read (trap)'))
    expect(() => expect([search('cats')]).not.toHaveCalledTool('search', args)).toThrow(new TypeError('args: could not be read (trap)'))
    const throwingValue = { query: 'cats', get limit(): never { throw new Error('boom') } }
    expect(() => expect([search('cats')]).toHaveCalledTool('search', throwingValue)).toThrow(new TypeError('args.limit: could not be read (boom)'))
  })

  test('gold holding a Proxy whose traps throw on what grading never reads is diffed from its compiled copy, in both matchers', () => {
    const tags = new Proxy(['a', 'b'], { has: () => { throw new Error('has trap') } })
    const calls = [{ name: 'search', args: { tags: ['a', 'c'] } }]
    const diff = ['    ~ tags:  ← tags[1]: expected "b", received "c"', '          [', '            "a",', '        -   "b",', '        +   "c",', '          ]'].join('\n')
    const matched = failureMessage(() => expect(calls).toMatchToolCalls([{ name: 'search', args: { tags } }]))
    expect(matched).toContain(diff)
    const called = failureMessage(() => expect(calls).toHaveCalledTool('search', { tags }))
    expect(called).toContain('Expected a call to search(tags: ["a", "b"]), but none of the calls made is one.')
    expect(called).toContain(diff)
  })

  test('says when no call was made', () => {
    expect(failureMessage(() => expect([]).toHaveCalledTool('search'))).toMatchInlineSnapshot(`
      "expect(received).toHaveCalledTool(name)

      Expected a call to search, but no call was made."
    `)
  })

  test("the nearest call's diff marks only what the score found wrong", () => {
    const message = failureMessage(() => expect([{ name: 'f', args: { o: { text: '  New   York ', x: 1 } } }]).toHaveCalledTool('f', { o: { text: 'new york', x: 2 } }))
    expect(message).toContain('    "text": "  New   York ",')
    expect(message).toContain('-   "x": 2,')
    expect(message).not.toContain('-   "text"')
  })

  test("lists the nearest call's first 50 differing arguments, then counts the rest, as a pair's are", () => {
    const args = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`a${i}`, i]))
    const message = failureMessage(() => expect([{ name: 'f', args }]).toHaveCalledTool('f', {}))
    expect(message).toContain('    + a49: 49  ← unexpected: not an argument of the gold call\n      … and 10 more arguments that differ')
    expect(message).not.toContain('a50')
  })

  test("cuts the nearest call's arguments at 500 lines, then counts the rest", () => {
    const args = (v: number) => Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`a${i}`, Array.from({ length: 30 }, (_, j) => ({ j, v: j % 10 === 5 ? v : 0 }))]))
    const message = failureMessage(() => expect([{ name: 'f', args: args(2) }]).toHaveCalledTool('f', args(1)))
    expect(message.split('\n').length).toBeLessThan(600)
    expect(message).toMatch(/\n {6}… and \d+ more arguments that differ$/)
  })

  test('lists the call it names even beyond the first twenty', () => {
    const pred = [...Array.from({ length: 25 }, (_, i) => ({ name: 'g', args: { i } })), { name: 'f', args: { a: 9 } }, search('x')]
    const message = failureMessage(() => expect(pred).not.toHaveCalledTool('f'))
    expect(message).toContain('but pred[25] is one.')
    expect(message).toContain('  pred[18] g(i: 18)\n  … 6 more\n→ pred[25] f(a: 9)\n  … and 1 more')
    expect(message).not.toContain('pred[19]')
  })

  test('writes in escapes the name it was asked for and a call made whose name is drawn like it', () => {
    const message = failureMessage(() => expect([{ name: 'get_weather', args: {} }, search('x')]).toHaveCalledTool('get_we\u0430ther'))
    expect(message).toContain('Expected a call to get_we\\u0430ther, but')
    expect(message).toContain('  pred[0] get_weather()\n  pred[1] search(q: "x")')
    const made = failureMessage(() => expect([{ name: 'get_we\u0430ther', args: {} }]).toHaveCalledTool('get_weather'))
    expect(made).toContain('  pred[0] get_we\\u0430ther()')
  })

  test("escapes the control characters of the tool's name it was asked for", () => {
    const message = failureMessage(() => expect([{ name: 'f', args: {} }]).toHaveCalledTool('g\u001b[31m'))
    expect(message).toContain('Expected a call to g\\u001b[31m, but')
  })

  test('escapes the invisible characters of a call it could not read, in its name and in the reason', () => {
    const unreadable = [{ type: 'function_call', name: 'f\u202e', arguments: '{' }, 'g(a=\u202e']
    const message = failureMessage(() => expect(unreadable).toHaveCalledTool('h'))
    expect(message).toContain('  pred[0] f\\u202e (unparseable: ')
    expect(message).toContain('in "g(a=\\u202e"')
    expect(message).not.toContain('\u202e')
  })

  test('names a call it could not read by the start of a vast name, as the other messages do', () => {
    const unreadable = [{ type: 'function_call', name: 'x'.repeat(100_000), arguments: '{' }]
    for (const message of [failureMessage(() => expect(unreadable).toHaveCalledTool('h')), failureMessage(() => expect(unreadable).toMatchToolCalls([]))]) {
      expect(message).toContain(`pred[0] ${'x'.repeat(100)}… (unparseable`)
      expect(message.length).toBeLessThan(1000)
    }
  })

  test("escapes a name's edge spaces, and not the long run of spaces inside it, in the calls it lists", () => {
    const name = ` a${' '.repeat(200_000)}b `
    const calls = [{ name, args: {} }]
    for (const message of [failureMessage(() => expect(calls).toHaveCalledTool('h')), failureMessage(() => expect(calls).toMatchToolCalls([]))]) {
      expect(message).toContain(`\\u0020a${' '.repeat(20)}`)
      expect(message).not.toContain(`a\\u0020`)
      expect(message.length).toBeLessThan(2000)
    }
  })

  test('with .not, points at the call that was made', () => {
    expect(failureMessage(() => expect([search('cats'), search('dogs')]).not.toHaveCalledTool('search', { q: 'dogs' }))).toMatchInlineSnapshot(`
      "expect(received).not.toHaveCalledTool(name, args)

      Expected no call to search(q: "dogs"), but pred[1] is one.

      Calls made (2):
        pred[0] search(q: "cats")
      → pred[1] search(q: "dogs")"
    `)
  })
})

describe('long strings in a nested diff', () => {
  test('two that differ are cut around the difference, and those alike to their start', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(20)
    const gold = [{ name: 'f', args: { o: { text: `${text}END2`, same: text, list: [text] } } }]
    const pred = [{ name: 'f', args: { o: { text: `${text}END1`, same: text, list: [text, text] } } }]
    const message = failureMessage(() => expect(pred).toMatchToolCalls(gold))
    const lines = message.split('\n')
    expect(lines.find((line) => line.includes('-   "text"'))).toMatch(/"text": "….{90,110}END2",$/)
    expect(lines.find((line) => line.includes('+   "text"'))).toMatch(/"text": "….{90,110}END1",$/)
    expect(lines.find((line) => line.includes('"same"'))).toMatch(/"same": "The quick brown fox.{70,90}…",$/)
    const diffLines = lines.filter((line) => /^ {8}[-+ ] /.test(line))
    expect(diffLines.length).toBeGreaterThan(5)
    expect(Math.max(...diffLines.map((line) => line.length))).toBeLessThan(140)
  })

  test('a long key is cut to its start as a long string is, unless two keys of its object would then read the same', () => {
    const key = 'k'.repeat(2_000)
    const message = failureMessage(() => expect([{ name: 'f', args: { o: { [key]: 1, b: { [key]: 'x' } } } }]).toMatchToolCalls([{ name: 'f', args: { o: { [key]: 2, b: { [key]: 'x' } } } }]))
    expect(message).toContain(`-   "${'k'.repeat(100)}…": 2,`)
    expect(message).toContain(`+   "${'k'.repeat(100)}…": 1,`)
    expect(message).toContain(`      "${'k'.repeat(100)}…": "x",`)
    // Cut, these two would be one entry: the diff would lose one of them.
    const twins = { [`${key}1`]: 1, [`${key}2`]: 2 }
    const apart = failureMessage(() => expect([{ name: 'f', args: { o: { ...twins, x: 1 } } }]).toMatchToolCalls([{ name: 'f', args: { o: { ...twins, x: 2 } } }]))
    expect(apart).toContain(`"${key}1": 1,`)
    expect(apart).toContain(`"${key}2": 2,`)
  })

  test('an argument missing on one side and unexpected on the other, drawn alike, is written in escapes on whichever side it is not plain ASCII', () => {
    const cyrillic = '\u0441ity'
    const unexpected = failureMessage(() => expect([{ name: 'f', args: { [cyrillic]: 'Paris' } }]).toMatchToolCalls([{ name: 'f', args: { city: 'Paris' } }]))
    expect(unexpected).toContain('    - city: "Paris"  ← missing\n')
    expect(unexpected).toContain('    + "\\u0441ity": "Paris"  ← unexpected: not an argument of the gold call\n')
    const missing = failureMessage(() => expect([{ name: 'f', args: { city: 'Paris' } }]).toMatchToolCalls([{ name: 'f', args: { [cyrillic]: 'Paris' } }]))
    expect(missing).toContain('    - "\\u0441ity": "Paris"  ← missing\n')
    expect(missing).toContain('    + city: "Paris"  ← unexpected: not an argument of the gold call\n')
  })

  test('two that differ yet are drawn alike are written with escapes, as a top-level string is, so that the diff shows a difference', () => {
    const [pred, gold] = [[{ name: 'f', args: { o: { a: 'e\u0301', b: '\ufb01', c: 'caf\u00e9' } } }], [{ name: 'f', args: { o: { a: '\u00e9', b: 'fi', c: 'cafe' } } }]]
    // By default é and e with a combining accent are one text (NFC), a line in common.
    expect(failureMessage(() => expect(pred).toMatchToolCalls(gold))).toMatch(/\n {8,}"a": "(\u00e9|e\u0301)",\n/)
    const message = failureMessage(() => expect(pred).toMatchToolCalls(gold, { canonicalizer: 'exact' }))
    expect(message).toContain('-   "a": "\\u00e9",')
    expect(message).toContain('+   "a": "e\\u0301",')
    expect(message).toContain('+   "b": "\\ufb01",')
    // Strings told apart as drawn keep their text.
    expect(message).toContain('+   "c": "caf\u00e9",')
  })

  test('a deep value is cut in time linear in its depth', () => {
    let gold: unknown = 'a'
    let pred: unknown = 'b'
    for (let i = 0; i < 200; i++) {
      gold = [gold]
      pred = [pred]
    }
    // 200 levels: a cut that walked each side twice at every level would take 2^200 steps.
    const message = failureMessage(() => expect([{ name: 'f', args: { v: pred } }]).toMatchToolCalls([{ name: 'f', args: { v: gold } }]))
    expect(message).toContain('~ v:')
    expect(message).toMatch(/-\s+"a",?\n/)
  })
})
