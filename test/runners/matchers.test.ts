import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { canonicalizers } from '../../src/compare/canonicalizers'
import { oneOf, optional, satisfies } from '../../src/compare/gold-values'
import { evaluate } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { scoreReadAgainThrows } from '../fixtures/score-read-again-throws'
import { describe, expect, test } from './runner'

// The same file runs under Vitest and under Jest; the matchers are registered by each runner's setup.

const search = (q: string) => ({ name: 'search', args: { q } })
const answer = (a: string) => ({ name: 'answer', args: { a } })

/** The message of the assertion that `assertion` fails, without colour. */
function failure(assertion: () => void): string {
  try {
    assertion()
  } catch (error) {
    return stripVTControlCharacters((error as Error).message)
  }
  throw new Error('the assertion passed')
}

/** Distances are equal across units: '5 km' equals '5000 m'. Other values are left to the default rules. */
function sameDistance(a: unknown, b: unknown): boolean | undefined {
  const meters = (value: unknown) => {
    const match = typeof value === 'string' ? /^(\d+) ?(km|m)$/.exec(value) : null
    return match === null ? undefined : Number(match[1]) * (match[2] === 'km' ? 1000 : 1)
  }
  const [x, y] = [meters(a), meters(b)]
  return x === undefined || y === undefined ? undefined : x === y
}
/** An address compares its street and city exactly, as a team's own tester for its address type might. */
function sameAddress(this: { equals(a: unknown, b: unknown): boolean }, a: unknown, b: unknown): boolean | undefined {
  const isAddress = (value: unknown): value is { street: string; city: string } => typeof value === 'object' && value !== null && 'street' in value && 'city' in value
  return isAddress(a) && isAddress(b) ? this.equals(a.street, b.street) && this.equals(a.city, b.city) : undefined
}
/** Readings within 1 of each other are alike, as a tolerance makes them: 1 is like 2 and 2 like 3, yet 1 is not like 3. */
function closeReading(a: unknown, b: unknown): boolean | undefined {
  const reading = (value: unknown) => (typeof value === 'object' && value !== null && 'reading' in value && typeof value.reading === 'number' ? value.reading : undefined)
  const [x, y] = [reading(a), reading(b)]
  return x === undefined || y === undefined ? undefined : Math.abs(x - y) <= 1
}
expect.addEqualityTesters([sameDistance, sameAddress, closeReading])

describe('toMatchToolCalls', () => {
  test('passes when every gold call is matched exactly, in any order', () => {
    expect([answer('meow'), search('cats')]).toMatchToolCalls([search('cats'), answer('meow')])
  })

  test('reads the prediction in any supported format', () => {
    const message = { role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'search', arguments: '{"q":"cats"}' } }] }
    expect(message).toMatchToolCalls([search('cats')])
  })

  test('fails when an argument differs, and says which', () => {
    const message = failure(() => expect([search('dogs')]).toMatchToolCalls([search('cats')]))
    expect(message).toContain('1 pair differs')
    expect(message).toContain('+ q: "dogs"  ← expected "cats", received "dogs"')
  })

  test('fails when a prediction is left over', () => {
    expect(failure(() => expect([search('cats'), answer('meow')]).toMatchToolCalls([search('cats')]))).toContain(
      '1 prediction matched nothing',
    )
  })

  test('fails when a gold call is left unmatched', () => {
    expect(failure(() => expect([search('cats')]).toMatchToolCalls([search('cats'), answer('meow')]))).toContain(
      '1 gold call was not matched',
    )
  })

  test('says first that no call was made, where none was', () => {
    expect(failure(() => expect([]).toMatchToolCalls([search('cats'), answer('meow')]))).toContain(
      'Expected the calls to match the gold, but no call was made: 2 gold calls were not matched.',
    )
  })

  test('allowExtra lets predictions stay unpaired', () => {
    expect([search('cats'), answer('meow')]).toMatchToolCalls([search('cats')], { allowExtra: true })
  })

  test('allowExtra still fails a pair that differs', () => {
    expect(() => expect([search('dogs')]).toMatchToolCalls([search('cats')], { allowExtra: true })).toThrow('1 pair differs')
  })

  test('allowExtra still fails a prediction that could not be read', () => {
    expect(() => expect([search('cats'), 'not a call (']).toMatchToolCalls([search('cats')], { allowExtra: true })).toThrow(
      'but 1 prediction could not be read (extra calls are allowed, unreadable ones are not).',
    )
  })

  test('allowMissing lets gold calls stay unpaired', () => {
    expect([search('cats')]).toMatchToolCalls([search('cats'), answer('meow')], { allowMissing: true })
  })

  test('allowMissing still fails a prediction left over', () => {
    expect(() => expect([answer('meow')]).toMatchToolCalls([search('cats')], { allowMissing: true })).toThrow(
      '1 prediction matched nothing',
    )
  })

  test("at arg level, allowExtra passes on the exact pair even where the metric's pairing seats a closer call", () => {
    const gold = [{ name: 'f', args: { a: 1, b: optional(2) } }]
    const pred = [
      { name: 'f', args: { a: 1 } },
      { name: 'f', args: { a: 1, b: 2, c: 9 } },
    ]
    // The metric's own arg-level pairing stays the one of most agreement: gold[0] beside pred[1].
    expect(new ToolCallMetric({ level: 'arg' }).score(pred, gold).pairs.map((pair) => pair.predIndex)).toEqual([1])
    expect(pred).toMatchToolCalls(gold, { level: 'arg', allowExtra: true })
    const message = failure(() => expect(pred).not.toMatchToolCalls(gold, { level: 'arg', allowExtra: true }))
    expect(message).toContain(
      'Expected the calls not to match the gold, but they do (extra predictions allowed), with exact pairs seated first (the pairs and figures below are of that seating).',
    )
    expect(message).toMatch(/✓ gold\[0\] ↔ pred\[0\]/)
    expect(() => expect(pred).toMatchToolCalls(gold, { level: 'arg' })).toThrow('1 prediction matched nothing')
  })

  test('at arg level, failing either way, the message tells only what fails with exact pairs seated first, where that is less', () => {
    const gold = [{ name: 'f', args: { a: 1, b: optional(2) } }, answer('meow')]
    const pred = [
      { name: 'f', args: { a: 1 } },
      { name: 'f', args: { a: 1, b: 2, c: 9 } },
    ]
    const message = failure(() => expect(pred).toMatchToolCalls(gold, { level: 'arg', allowExtra: true }))
    expect(message).toContain(
      'Expected the calls to match the gold, but 1 gold call was not matched, with exact pairs seated first (the pairs and figures below are of that seating).',
    )
    expect(message).toMatch(/✓ gold\[0\] ↔ pred\[0\]/)
    // Given the missing call, it passes: no pair ever needed fixing.
    expect([...pred, answer('meow')]).toMatchToolCalls(gold, { level: 'arg', allowExtra: true })
    // Where the metric's own seating fails on no more, the message is of that seating.
    expect(failure(() => expect([{ name: 'f', args: { a: 2 } }]).toMatchToolCalls(gold, { level: 'arg' }))).not.toContain('seated first')
  })

  test('at arg level, seating exact pairs first seats the exact call of most agreement, wherever it stands', () => {
    const gold = [{ name: 'f', args: { a: 1, b: optional(2), c: optional(3) } }]
    const bare = { name: 'f', args: { a: 1 } }
    const fuller = { name: 'f', args: { a: 1, b: 2 } }
    const closestWrong = { name: 'f', args: { a: 1, b: 2, c: 3, d: 9 } }
    // The call nearest the gold by position is the bare one, and the one of most agreement is wrong: only ranking exact
    // pairs first, then by agreement, seats the fuller exact call, with whole importances and with fractional ones
    // (which rank in finer units).
    for (const grammar of [undefined, { tools: { f: { importance: 1.5 } } }]) {
      const options = { level: 'arg', allowExtra: true, grammar } as const
      for (const pred of [
        [bare, closestWrong, fuller],
        [closestWrong, bare, fuller],
      ]) {
        expect(pred).toMatchToolCalls(gold, options)
        const message = failure(() => expect(pred).not.toMatchToolCalls(gold, options))
        expect(message).toContain('with exact pairs seated first')
        expect(message).toMatch(new RegExp(`✓ gold\\[0\\] ↔ pred\\[${pred.indexOf(fuller)}\\]`))
      }
    }
  })

  test('.not passes when the calls differ', () => {
    expect([search('dogs')]).not.toMatchToolCalls([search('cats')])
  })

  test('fails on a promise of calls with or without .not, and passes on it with .resolves', async () => {
    // Typed unknown, past the types, which refuse a promise not awaited: the run-time check is under test.
    const unawaited: unknown = Promise.resolve([search('cats')])
    const said = 'but received a Promise, which holds no calls yet: await it, or use expect(…).resolves.'
    expect(failure(() => expect(unawaited).toMatchToolCalls([search('cats')]))).toContain(`Expected the calls to match the gold, ${said}`)
    expect(failure(() => expect(unawaited).not.toMatchToolCalls([search('dogs')]))).toContain(`Expected the calls not to match the gold, ${said}`)
    await expect(unawaited).resolves.toMatchToolCalls([search('cats')])
    await expect(unawaited).resolves.not.toMatchToolCalls([search('dogs')])
  })

  test('fails on a Score or a corpus report with or without .not, where .not had passed on it as on one unparseable call', () => {
    const gold = [search('cats')]
    const score = new ToolCallMetric().score([search('cats')], gold)
    const report = evaluate([{ pred: [search('cats')], gold }])
    const said = (what: string) => `but received ${what}, the grade of calls, not calls: pass the calls, or assert its figure with toScoreAtLeast.`
    for (const [graded, what] of [[score, 'a Score'], [JSON.parse(JSON.stringify(score)), 'a Score'], [report, 'a corpus report']] as const) {
      expect(failure(() => expect(graded).toMatchToolCalls(gold))).toContain(`Expected the calls to match the gold, ${said(what)}`)
      expect(failure(() => expect(graded).not.toMatchToolCalls([search('dogs')]))).toContain(`Expected the calls not to match the gold, ${said(what)}`)
      expect(failure(() => expect(graded).not.toHaveCalledTool('answer'))).toContain(`Expected no call to answer, ${said(what)}`)
    }
    // Calls in our own form, which hold none of a Score's fields, are graded as ever.
    expect(score.pairs.map((pair) => pair.pred)).toMatchToolCalls(gold)
  })

  test('.not fails when the calls match, with a message that says so', () => {
    const message = failure(() => expect([search('cats')]).not.toMatchToolCalls([search('cats')]))
    expect(message).toContain('expect(received).not.toMatchToolCalls(gold)')
    expect(message).toContain('Expected the calls not to match the gold, but they do.')
  })

  test('works as an asymmetric matcher inside toEqual', () => {
    expect({ id: 7, calls: [search('cats')] }).toEqual({ id: 7, calls: expect.toMatchToolCalls([search('cats')]) })
    expect({ calls: [search('dogs')] }).not.toEqual({ calls: expect.toMatchToolCalls([search('cats')]) })
  })

  test('an asymmetric use prints its gold and options in a failed diff, not [object Object]', () => {
    // What both runners print for a custom asymmetric matcher inside a diff.
    type Printable = { toAsymmetricMatcher(): string }
    const printed = (expect.toMatchToolCalls([search('cats')], { allowExtra: true }) as unknown as Printable).toAsymmetricMatcher()
    expect(printed).toMatch(/^toMatchToolCalls<(Array )?\[[^<>]*"cats"[^<>]*\],\s*(Object )?\{[^<>]*"allowExtra": true[^<>]*\}>$/)
    expect(printed).not.toContain('[object Object]')
    const inverted = (expect.not.toMatchToolCalls([search('cats')]) as unknown as Printable).toAsymmetricMatcher()
    expect(inverted).toMatch(/^not\.toMatchToolCalls<(Array )?\[[^<>]*"cats"/)
    const message = failure(() => expect({ calls: [search('dogs')] }).toEqual({ calls: expect.toMatchToolCalls([search('cats')]) }))
    expect(message).not.toContain('[object Object]')
  })

  // The README shows the line Jest prints; Vitest draws its diff as it reports the failure, from the error's values.
  if (process.env.VITEST === undefined) {
    test("under Jest, prints the gold of a failed asymmetric use on the one line the README shows", () => {
      // Jest runs this file as CommonJS, where __dirname is the file's folder.
      const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8')
      const shown = /on one line under Jest \(`([^`]+)`/.exec(readme)
      if (shown === null) throw new Error("README.md: no sample after 'on one line under Jest ('")
      const message = failure(() => expect({ calls: [search('dogs')] }).toEqual({ calls: expect.toMatchToolCalls([search('cats')]) }))
      const printed = /^- {3}"calls": (.*),$/m.exec(message)
      // A code span broken over two lines of the README reads as one line, with a space at the break.
      expect(shown[1]!.replace(/\s*\n\s*/g, ' ')).toBe(printed?.[1])
    })
  }

  test('works inverted as an asymmetric matcher', () => {
    expect({ calls: [search('dogs')] }).toEqual({ calls: expect.not.toMatchToolCalls([search('cats')]) })
  })

  test("accepts the runner's asymmetric matchers in gold values", () => {
    const gold = [{ name: 'book', args: { city: expect.any(String), code: expect.stringMatching(/^[A-Z]{3}$/), price: expect.closeTo(9.99, 1) } }]
    expect([{ name: 'book', args: { city: 'Paris', code: 'CDG', price: 10.02 } }]).toMatchToolCalls(gold)
    expect([{ name: 'book', args: { city: 'Paris', code: 'cdg', price: 10.02 } }]).not.toMatchToolCalls(gold)
  })

  test('honours custom equality testers added with expect.addEqualityTesters', () => {
    expect([{ name: 'run', args: { distance: '5000 m' } }]).toMatchToolCalls([{ name: 'run', args: { distance: '5 km' } }])
    expect([{ name: 'run', args: { distance: '4000 m' } }]).not.toMatchToolCalls([{ name: 'run', args: { distance: '5 km' } }])
  })

  test('pairs a large group by what a custom tester finds alike, not by which calls are identical', () => {
    // log(2) is identical to gold log(2) but must pair with gold log(3), which log(1) is too far from; 8 × 8 calls, enough to pair identical calls first.
    const log = (reading: number) => ({ name: 'log', args: { value: { reading } } })
    const filler = Array.from({ length: 6 }, (_, k) => ({ name: 'log', args: { seq: k } }))
    expect([log(2), log(1), ...filler]).toMatchToolCalls([log(2), log(3), ...filler])
  })

  test('a value a custom tester found different diffs as written, where the canonicalizer would make it alike', () => {
    const ship = (city: string) => [{ name: 'ship', args: { to: { street: 'Main St', city } } }]
    const message = failure(() => expect(ship('LISBON')).toMatchToolCalls(ship('Lisbon')))
    expect(message).toContain('(by a custom equality tester)')
    expect(message).not.toContain('no visual difference')
    expect(message).toMatch(/^ +- +"city": "Lisbon",$/m)
    expect(message).toMatch(/^ +\+ +"city": "LISBON",$/m)
  })

  test("honours custom equality testers inside the runner's asymmetric matchers in gold values", () => {
    const run = [{ name: 'run', args: { legs: ['5000 m'], split: { distance: '5000 m', lap: 1 } } }]
    expect(run).toMatchToolCalls([{ name: 'run', args: { legs: expect.arrayContaining(['5 km']), split: expect.objectContaining({ distance: '5 km' }) } }])
    expect(run).not.toMatchToolCalls([{ name: 'run', args: { legs: expect.arrayContaining(['4 km']), split: expect.objectContaining({ distance: '5 km' }) } }])
  })

  test("names the key where the runner's expect.objectContaining failed, its equality deciding key by key", () => {
    const trip = (value: unknown) => [{ name: 'book', args: { trip: value } }]
    const received = trip({ from: 'Paris', to: 'Rome', legs: 2, distance: '5000 m' })
    const reason = (sample: Record<string, unknown>) => failure(() => expect(received).toMatchToolCalls(trip(expect.objectContaining(sample))))
    expect(reason({ to: 'Lyon', legs: 2 })).toContain('~ trip:  ← trip.to: expected "Lyon", received "Rome"\n')
    expect(reason({ legs: 2, seat: '12A' })).toContain('~ trip:  ← missing key "seat", expected "12A"\n')
    expect(reason({ legs: expect.any(String) })).toContain('~ trip:  ← trip.legs: expected Any<String>, received 2\n')
    // The custom tester takes '5 km' for '5000 m': the key at fault is the next one.
    expect(reason({ distance: '5 km', legs: 3 })).toContain('~ trip:  ← trip.legs: expected 3, received 2\n')
    // Within a nested value, where it first differs.
    expect(failure(() => expect(trip({ when: { day: 3, hour: 9 } })).toMatchToolCalls(trip(expect.objectContaining({ when: { day: 4, hour: 9 } }))))).toContain(
      '~ trip:  ← trip.when.day: expected 4, received 3\n',
    )
    // The custom tester consulted there too: '5 km' is '5000 m', so the lap is where they differ.
    expect(failure(() => expect(trip({ leg: { distance: '5000 m', lap: 1 } })).toMatchToolCalls(trip(expect.objectContaining({ leg: { distance: '5 km', lap: 2 } }))))).toContain(
      '~ trip:  ← trip.leg.lap: expected 2, received 1\n',
    )
    // Of expect.arrayContaining, the first item of its sample that the list lacks.
    expect(failure(() => expect(trip({ stops: ['Pisa', 'Rome'] })).toMatchToolCalls(trip({ stops: expect.arrayContaining(['Rome', 'Siena', 'Lucca']) })))).toContain(
      '~ trip:  ← trip.stops: no item equal to "Siena"\n',
    )
    // Not an object: the matcher is named whole.
    expect(failure(() => expect(trip('Rome')).toMatchToolCalls(trip(expect.objectContaining({ to: 'Rome' }))))).toMatch(
      /← expected ObjectContaining ?\{"to": "Rome"\}, received "Rome"\n/,
    )
  })

  test('passes its options to the metric', () => {
    expect([search('Cats')]).not.toMatchToolCalls([search('cats')], { canonicalizer: 'exact' })
    expect([{ name: 'web.search', args: { q: 'cats' } }]).toMatchToolCalls([{ name: 'web_search', args: { q: 'cats' } }], {
      name: canonicalizers.toolName,
    })
    expect([answer('meow'), search('cats')]).not.toMatchToolCalls([search('cats'), answer('meow')], { order: 'strict' })
  })

  test('throws a TypeError naming an unknown option and the nearest one', () => {
    expect(() => expect([]).toMatchToolCalls([], { allowExtras: true } as never)).toThrow(
      new TypeError("options.allowExtras: unknown option (did you mean 'allowExtra'?); the options are level, order, canonicalizer, name, grammar, allowExtra, allowMissing"),
    )
  })

  test('throws the TypeError of a malformed gold instead of failing the assertion', () => {
    expect(() => expect([search('cats')]).not.toMatchToolCalls([{ name: 'search', args: { q: undefined } }])).toThrow(TypeError)
    expect(() => expect([search('cats')]).toMatchToolCalls([{ name: 'search', args: { q: undefined } }])).toThrow(
      'gold[0].args.q: expected a gold value, received undefined',
    )
  })

  test("shows a nested diff only around its changes, as the runner's own diffs, and whole where the run asks for it (--expand)", () => {
    const xs = Array.from({ length: 50 }, (_, i) => i)
    const assertion = () => expect([{ name: 'f', args: { xs: xs.map((x) => (x === 25 ? -1 : x)) } }]).toMatchToolCalls([{ name: 'f', args: { xs } }])
    const diffLines = (message: string) => message.split('\n').filter((line) => line.startsWith('        ')).length
    expect(diffLines(failure(assertion))).toBe(13)
    const { expand } = expect.getState()
    expect.setState({ expand: true })
    try {
      expect(diffLines(failure(assertion))).toBe(53)
    } finally {
      expect.setState({ expand })
    }
  })

  test.each([
    ['plain data', () => ({ amenities: ['pool', 'spa'], stars: 4 }), '-     "spa",'],
    ['expect.objectContaining', () => expect.objectContaining({ amenities: ['pool', 'spa'] }), '-     "spa",'],
    // Compared unindented, the lines that moved a level deeper are no change.
    ['a value nested a level deeper', () => ({ amenities: [['pool', 'gym']], stars: 4 }), '      "pool",'],
  ])("prints a nested diff of %s as the runner's own diffs print it: `Object {` and `Array [` under Jest, `{` and `[` under Vitest", (_, makeGold, line) => {
    const pred = { amenities: ['pool', 'gym'], stars: 4 }
    const gold = makeGold()
    const message = failure(() => expect([{ name: 'hotel', args: { filters: pred } }]).toMatchToolCalls([{ name: 'hotel', args: { filters: gold } }]))
    const nested = message.split('\n').filter((line) => line.startsWith('        ')).map((line) => line.slice(8))
    expect(nested).toEqual(runnersOwnDiff(makeGold(), pred).split('\n'))
    expect(nested).toContain(line)
  })
})

/** The runner's own diff of two values (`this.utils.diff` of its matchers), its annotation lines left out. */
function runnersOwnDiff(expected: unknown, received: unknown): string {
  let diff = ''
  expect.extend({
    toBeDiffedByTheRunner(this: { utils: { diff(a: unknown, b: unknown, options: object): string | null | undefined } }, value: unknown, against: unknown) {
      diff = this.utils.diff(against, value, { omitAnnotationLines: true }) ?? ''
      return { pass: true, message: () => '' }
    },
  })
  ;(expect(received) as unknown as { toBeDiffedByTheRunner(against: unknown): void }).toBeDiffedByTheRunner(expected)
  return stripVTControlCharacters(diff)
}

describe('a failure message of a prediction whose getter throws when read again', () => {
  /** A call whose argument can be read once: the matchers' messages read shared values again. */
  const readOnce = () => {
    let reads = 0
    const args = Object.defineProperty({}, 'q', {
      enumerable: true,
      get: () => {
        if (++reads > 1) throw new Error('read twice')
        return 'dogs'
      },
    })
    return [search('cats'), { name: 'answer', args }]
  }

  test('is built from the prediction read again with every value copied, the call unparseable, never a throw', () => {
    for (const assertion of [
      () => expect(readOnce()).toMatchToolCalls([search('cats')]),
      () => expect(readOnce()).toScoreAtLeast(1, [search('cats')]),
      () => expect(readOnce()).not.toHaveCalledTool('search'),
    ]) {
      expect(failure(assertion)).toMatch(/could not be read \(read twice\)/)
    }
  })

  test('of a Score that holds such a getter, judged by its figures, says why its pairs are not shown, never a throw', () => {
    const score = scoreReadAgainThrows()
    const message = failure(() => expect(score).toScoreAtLeast(0.5))
    expect(message).toContain("The score's pairs could not be printed: a value in them threw when read again (Error: read after scoring).")
    expect(message).toContain('TP 0  FP 1  FN 1')
    expect(score).not.toScoreAtLeast(0.5)
  })
})

describe('toScoreAtLeast', () => {
  const pred = [search('cats'), { name: 'delete_all', args: {} }]
  const gold = [search('cats'), answer('meow')]

  test('passes when the F1 reaches the threshold', () => {
    expect(pred).toScoreAtLeast(0.5, gold)
  })

  test('fails below the threshold, printing the figure, the threshold and the detail', () => {
    const message = failure(() => expect(pred).toScoreAtLeast(0.6, gold))
    expect(message).toContain('Expected F1 ≥ 0.6, received 0.5.')
    expect(message).toContain('- gold[1] answer(a: "meow")')
  })

  test('grades a received value that throws when read (a revoked Proxy, a getter) as unparseable, not a crash', () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    const throwing = Object.defineProperty({}, 'tp', { get: () => { throw new Error('getter boom') }, enumerable: true })
    for (const received of [proxy, throwing]) {
      expect(received).not.toScoreAtLeast(0.1, gold)
      expect(failure(() => expect(received).toScoreAtLeast(0.1, gold))).toContain('Expected F1 ≥ 0.1, received 0.')
    }
  })

  test('scores the figure named by `by`', () => {
    expect([search('cats')]).toScoreAtLeast(1, gold, { by: 'precision' })
    expect([search('cats')]).not.toScoreAtLeast(1, gold, { by: 'recall' })
  })

  test('passes the level to the metric', () => {
    expect(pred).not.toScoreAtLeast(0.55, gold)
    expect(pred).toScoreAtLeast(0.55, gold, { level: 'arg' })
  })

  test('reads a Score without a gold', () => {
    const score = new ToolCallMetric().score(pred, gold)
    expect(score).toScoreAtLeast(0.5)
    expect(failure(() => expect(score).toScoreAtLeast(0.9))).toContain('Expected F1 ≥ 0.9, received 0.5.')
  })

  test('a Score edited apart from its counts throws naming what is wrong, with or without .not, as a corpus report does', () => {
    const score = new ToolCallMetric().score(pred, gold)
    const said = (problem: string) => new TypeError(`received: a Score, but ${problem}; pass the Score as the metric gave it`)
    expect(() => expect({ ...score, f1: 1 }).toScoreAtLeast(0.9)).toThrow(said('f1: expected 0.5, the f1 of its counts, received 1'))
    expect(() => expect({ ...score, precision: 0 }).not.toScoreAtLeast(0.9, { by: 'recall' })).toThrow(said('precision: expected 0.5, the precision of its counts, received 0'))
    expect(JSON.parse(JSON.stringify(score))).toScoreAtLeast(0.5)
  })

  test('reads a corpus report without a gold, and prints its per-tool figures', () => {
    const report = evaluate([
      { pred: [search('cats')], gold: [search('cats')] },
      { pred: [search('dogs')], gold: [search('cats')] },
    ])
    expect(report).toScoreAtLeast(0.5, { by: 'recall' })
    const message = failure(() => expect(report).toScoreAtLeast(0.9))
    expect(message).toContain('expect(report).toScoreAtLeast(threshold)')
    expect(message).toMatch(/^ +search +1 +1 +1 +0\.5 +0\.5 +0\.5$/m)
  })

  test('a corpus report edited apart from its counts throws naming what is wrong, with or without .not', () => {
    const report = evaluate([
      { pred: [search('cats')], gold: [search('cats')] },
      { pred: [search('dogs')], gold: [search('cats')] },
    ])
    const { f1: _, ...withoutF1 } = report
    const said = (problem: string) => new TypeError(`received: a corpus report, but ${problem}; pass the report as evaluate or toolcalls score --json gave it`)
    expect(() => expect(withoutF1).not.toScoreAtLeast(0.9)).toThrow(said('f1: expected 0.5, the f1 of its counts, received undefined'))
    expect(() => expect({ ...report, f1: 1 }).toScoreAtLeast(0.9)).toThrow(said('f1: expected 0.5, the f1 of its counts, received 1'))
    expect(() => expect(JSON.parse(JSON.stringify({ ...report, f1: Number.NaN }))).not.toScoreAtLeast(0.9)).toThrow(said('f1: expected 0.5, the f1 of its counts, received null'))
    expect(() => expect({ ...report, tp: Infinity }).toScoreAtLeast(0.5)).toThrow(said('tp, fp, fn: expected counts'))
    expect(() => expect({ ...report, perTool: { search: 5 } }).toScoreAtLeast(0.5)).toThrow(said('perTool["search"]: expected counts'))
    expect(() => expect({ ...report, worst: [{}] }).toScoreAtLeast(0.5)).toThrow(said('worst[0]: expected { index, score }'))
    expect(() => expect({ ...report, episodes: -1 }).toScoreAtLeast(0.5)).toThrow(said('episodes: expected a count'))
    expect(JSON.parse(JSON.stringify(report))).toScoreAtLeast(0.5)
    const throwing = Object.defineProperty({ ...report }, 'worst', { get: () => { throw new Error('no worst here') } })
    expect(() => expect(throwing).toScoreAtLeast(0.5)).toThrow(new TypeError('received: could not be read (no worst here)'))
  })

  test('a corpus report of no episodes reaches no threshold, as a run that wrote nothing must not pass', () => {
    const empty = evaluate([])
    expect(empty.f1).toBe(1)
    expect(failure(() => expect(empty).toScoreAtLeast(0))).toContain('Expected F1 ≥ 0, but the report holds no episodes: an empty corpus has no figure.')
    expect(failure(() => expect(empty).not.toScoreAtLeast(0.9))).toContain('Expected F1 < 0.9, but the report holds no episodes: an empty corpus has no figure.')
  })

  test('fails on a promise of calls with or without .not, and passes on it with .resolves', async () => {
    // Typed unknown, past the types, which refuse a promise not awaited: the run-time check is under test.
    const unawaited: unknown = Promise.resolve(pred)
    const said = 'but received a Promise, which holds no calls yet: await it, or use expect(…).resolves.'
    expect(failure(() => expect(unawaited).toScoreAtLeast(0.9, gold))).toContain(`Expected F1 ≥ 0.9, ${said}`)
    expect(failure(() => expect(unawaited).not.toScoreAtLeast(0.9, gold))).toContain(`Expected F1 < 0.9, ${said}`)
    await expect(unawaited).resolves.toScoreAtLeast(0.5, gold)
    await expect(unawaited).resolves.not.toScoreAtLeast(0.9, gold)
    // A promise of a report, as evaluate gives over an async iterable, is told by what it is, not by the gold it lacks.
    const report: unknown = evaluate((async function* () {})(), new ToolCallMetric())
    expect(failure(() => expect(report).toScoreAtLeast(0.9))).toContain(`Expected F1 ≥ 0.9, ${said}`)
    expect(failure(() => expect(report).not.toScoreAtLeast(0.9, { by: 'recall' }))).toContain(`Expected recall < 0.9, ${said}`)
  })

  test('fails on a stream not collected with or without .not, as on a promise, and names what to do', () => {
    async function* stream() {
      yield* pred
    }
    const said = 'but received an instance of AsyncGenerator, an async iterable, such as a stream, which holds no calls until it is read: collect its items into an array first.'
    expect(failure(() => expect(stream()).toMatchToolCalls(gold))).toContain(`Expected the calls to match the gold, ${said}`)
    expect(failure(() => expect(stream()).not.toMatchToolCalls(gold))).toContain(`Expected the calls not to match the gold, ${said}`)
    expect(failure(() => expect(stream()).not.toScoreAtLeast(0.9, gold))).toContain(`Expected F1 < 0.9, ${said}`)
    expect(failure(() => expect(stream()).not.toHaveCalledTool('search'))).toContain(`Expected no call to search, ${said}`)
  })

  test("fails on an SDK's stream helper and on a streamText result with or without .not, and says what to pass", () => {
    // Told by their methods, as the SDKs' objects are: OpenAI's and Anthropic's helpers, and the AI SDK's streamText result.
    const helper = { done: async () => {}, finalMessage: async () => ({}), async *[Symbol.asyncIterator]() {} }
    const streamText = { consumeStream: async () => {}, toUIMessageStream: () => ({}) }
    for (const [received, said] of [
      [helper, "received an SDK's stream helper, whose messages hold the request's too: pass what it ends with"],
      [streamText, "received the AI SDK's streamText result, whose calls are promises: await result.steps, and pass them"],
    ] as const) {
      expect(failure(() => expect(received).toMatchToolCalls(gold))).toContain(`Expected the calls to match the gold, but ${said}`)
      expect(failure(() => expect(received).not.toMatchToolCalls(gold))).toContain(`Expected the calls not to match the gold, but ${said}`)
      expect(failure(() => expect(received).not.toScoreAtLeast(0.9, gold))).toContain(`Expected F1 < 0.9, but ${said}`)
    }
  })

  test('on a promise, names in its hint the arguments given, as on the calls', () => {
    // Typed unknown, past the types, which refuse a promise not awaited: the run-time check is under test.
    const unawaited: unknown = Promise.resolve(pred)
    expect(failure(() => expect(unawaited).toScoreAtLeast(0.9, gold))).toMatch(/^expect\(received\)\.toScoreAtLeast\(threshold, gold\)\n/)
    expect(failure(() => expect(unawaited).toScoreAtLeast(0.9, gold, { level: 'arg' }))).toMatch(/^expect\(received\)\.toScoreAtLeast\(threshold, gold, options\)\n/)
    expect(failure(() => expect(unawaited).not.toScoreAtLeast(0.9, gold, { by: 'recall' }))).toMatch(/^expect\(received\)\.not\.toScoreAtLeast\(threshold, gold, options\)\n/)
    expect(failure(() => expect(unawaited).toScoreAtLeast(0.9, { by: 'recall' }))).toMatch(/^expect\(received\)\.toScoreAtLeast\(threshold, options\)\n/)
    expect(failure(() => expect(unawaited).toScoreAtLeast(0.9))).toMatch(/^expect\(received\)\.toScoreAtLeast\(threshold\)\n/)
  })

  test('.not fails at or above the threshold, with a message that says so', () => {
    expect(failure(() => expect(pred).not.toScoreAtLeast(0.5, gold))).toContain('Expected F1 < 0.5, received 0.5.')
  })

  test('works as an asymmetric matcher inside toEqual', () => {
    expect({ calls: pred }).toEqual({ calls: expect.toScoreAtLeast(0.5, gold) })
    expect({ calls: pred }).toEqual({ calls: expect.not.toScoreAtLeast(0.9, gold) })
  })

  test('throws a TypeError for a gold given with a Score', () => {
    const score = new ToolCallMetric().score(pred, gold)
    // @ts-expect-error the types leave the gold out on a Score too
    expect(() => expect(score).toScoreAtLeast(0.5, gold)).toThrow(TypeError)
  })

  test('throws a TypeError for a threshold outside 0 to 1, saying the fraction to write for one written as a percentage', () => {
    expect(() => expect(pred).toScoreAtLeast(50, gold)).toThrow('threshold: expected a number from 0 to 1, received 50 (for 50%, write 0.5)')
    expect(() => expect(pred).toScoreAtLeast(500, gold)).toThrow(/^threshold: expected a number from 0 to 1, received 500$/)
  })
})

describe('toHaveCalledTool', () => {
  const calls = [search('cats'), answer('meow')]

  test('passes when a call has the name', () => {
    expect(calls).toHaveCalledTool('answer')
  })

  test('with arguments, passes only when a call matches them exactly', () => {
    expect(calls).toHaveCalledTool('search', { q: 'cats' })
    expect(calls).not.toHaveCalledTool('search', { q: 'dogs' })
    expect(calls).not.toHaveCalledTool('search', {})
  })

  test('a third argument, such as options, throws rather than being ignored', () => {
    expect(() => (expect(calls).toHaveCalledTool as (...args: unknown[]) => void)('search', { q: 'CATS' }, { canonicalizer: 'exact' })).toThrow(
      'toHaveCalledTool(name, args?): expected at most two arguments, received 3',
    )
  })

  test('a name that is call text throws, with or without .not, rather than passing .not for want of such a tool', () => {
    const said = new TypeError(`name: expected the tool's name, received the call text "search(q='cats')"; toHaveCalledTool(name, args) takes the arguments apart`)
    expect(() => expect(calls).not.toHaveCalledTool("search(q='cats')")).toThrow(said)
    expect(() => expect(calls).toHaveCalledTool("search(q='cats')", { q: 'cats' })).toThrow(said)
  })

  test('matches the arguments as gold values', () => {
    expect(calls).toHaveCalledTool('search', { q: oneOf('dogs', 'cats') })
    expect(calls).toHaveCalledTool('answer', { a: expect.stringMatching(/^me/) })
  })

  test('honours custom equality testers inside an asymmetric matcher given as the arguments', () => {
    expect([{ name: 'run', args: { distance: '5000 m', lap: 1 } }]).toHaveCalledTool('run', expect.objectContaining({ distance: '5 km' }))
    expect([{ name: 'run', args: { distance: '4000 m', lap: 1 } }]).not.toHaveCalledTool('run', expect.objectContaining({ distance: '5 km' }))
  })

  test('by name, counts a call whose arguments could not be read; against arguments, under .not, fails on one that may be the one', () => {
    const unreadable = { type: 'function_call', name: 'search', arguments: '{"q": ' }
    expect([unreadable]).toHaveCalledTool('search')
    expect(failure(() => expect([unreadable]).not.toHaveCalledTool('search'))).toContain('Expected no call to search, but pred[0] is one.')
    expect(failure(() => expect([unreadable]).toHaveCalledTool('search', { q: 'cats' }))).toContain('  pred[0] search (unparseable: [0].arguments: not valid JSON')
    expect(failure(() => expect([unreadable]).not.toHaveCalledTool('search', { q: 'cats' }))).toContain(
      'Expected no call to search(q: "cats"), but pred[0] could not be read and may be one.',
    )
    // Text that is no call syntax names no tool: it may be any.
    expect(failure(() => expect('[search(q="cats"').not.toHaveCalledTool('search'))).toContain('pred[0] could not be read and may be one.')
    expect(() => expect({ data: { choices: [] }, status: 200 }).not.toHaveCalledTool('search')).toThrow('pred[0] could not be read and may be one.')
    // One that names another tool is not one to this tool.
    expect([unreadable, answer('meow')]).not.toHaveCalledTool('answer', { a: 'purr' })
    expect([{ ...unreadable, name: 'lookup' }]).not.toHaveCalledTool('search')
    // A custom tool's call names its tool, though its input is no arguments.
    const custom = { role: 'assistant', tool_calls: [{ id: 'c', type: 'custom', custom: { name: 'apply_patch', input: '*** Begin Patch' } }] }
    expect(custom).toHaveCalledTool('apply_patch')
    expect(custom).not.toHaveCalledTool('search')
  })

  test('fails on a promise of calls with or without .not', async () => {
    // Typed unknown, past the types, which refuse a promise not awaited: the run-time check is under test.
    const unawaited: unknown = Promise.resolve(calls)
    expect(failure(() => expect(unawaited).not.toHaveCalledTool('delete_all'))).toContain(
      'Expected no call to delete_all, but received a Promise, which holds no calls yet: await it, or use expect(…).resolves.',
    )
    expect(failure(() => expect(unawaited).toHaveCalledTool('search'))).toContain('Expected a call to search, but received a Promise')
    await expect(unawaited).resolves.not.toHaveCalledTool('delete_all')
  })

  test("with an asymmetric matcher for the arguments, passes when a call's arguments satisfy it", () => {
    const weather = [{ name: 'get_weather', args: { city: 'Lisbon', days: 3 } }, search('cats')]
    expect(weather).toHaveCalledTool('get_weather', expect.objectContaining({ city: 'Lisbon' }))
    expect(weather).not.toHaveCalledTool('get_weather', expect.objectContaining({ city: 'Paris' }))
    expect(weather).not.toHaveCalledTool('search', expect.objectContaining({ city: 'Lisbon' }))
    // A matcher that throws on a call's arguments, or answers with a promise, cannot tell that it is not the one.
    const throwing = { asymmetricMatch: (args: { city: string }) => args.city.startsWith('P') }
    const said = 'but the matcher could not decide on the arguments of pred[0] (it threw, or answered with a promise or with undefined), which may be one.'
    expect(failure(() => expect([{ name: 'get_weather', args: {} }]).not.toHaveCalledTool('get_weather', throwing))).toContain(said)
    const promising = { asymmetricMatch: async () => false }
    expect(failure(() => expect([{ name: 'get_weather', args: {} }]).not.toHaveCalledTool('get_weather', promising))).toContain(said)
    // Failing, it says what the matcher threw: a bug of the test's own, not of the model.
    expect(failure(() => expect([{ name: 'get_weather', args: {} }]).toHaveCalledTool('get_weather', throwing))).toContain(
      "but none of the calls made is one: the matcher could not decide on the arguments of pred[0], as it threw on them: TypeError: Cannot read properties of undefined (reading 'startsWith').",
    )
    expect(failure(() => expect([{ name: 'get_weather', args: {} }]).toHaveCalledTool('get_weather', promising))).toContain(
      'but none of the calls made is one: the matcher could not decide on the arguments of pred[0], as it returned a promise: it must decide at once.',
    )
    // A matcher that decides no on every call says only that.
    expect(failure(() => expect([{ name: 'get_weather', args: {} }]).toHaveCalledTool('get_weather', { asymmetricMatch: () => false }))).toContain('but none of the calls made is one.')
    const message = failure(() => expect(weather).toHaveCalledTool('get_weather', expect.objectContaining({ city: 'Paris' })))
    expect(message).toMatch(/Expected a call to get_weather with arguments ObjectContaining ?\{"city": "Paris"\}, but none of the calls made is one\./)
    expect(message).toContain('→ pred[0] get_weather(city: "Lisbon", days: 3)')
    expect(message).toContain('The nearest, pred[0], differs:\n    - city: "Paris"\n    + city: "Lisbon"  ← expected "Paris", received "Lisbon"')
  })

  test("with expect.objectContaining, names the keys that the nearest call to the tool lacks or holds otherwise, as the runner's equality tells them", () => {
    const weather = [
      { name: 'get_weather', args: { city: 'Lisbon', days: 3 } },
      { name: 'search', args: { city: 'Porto', days: 2, units: 'C' } },
      { name: 'get_weather', args: { city: 'Porto', days: 2, distance: '5000 m' } },
      { name: 'get_weather', args: { city: 'Faro', days: 2, distance: '5 km' } },
    ]
    const sample = { city: 'Porto', days: 2, distance: '5 km', units: expect.any(String) }
    const message = failure(() => expect(weather).toHaveCalledTool('get_weather', expect.objectContaining(sample)))
    // pred[2] lacks one key; the custom tester takes its '5000 m' for '5 km'. pred[3] fails two keys, pred[0] four, and the search call is another tool.
    expect(message).toContain('→ pred[2] get_weather(city: "Porto", days: 2, distance: "5000 m")')
    expect(message).toMatch(/The nearest, pred\[2\], differs:\n {4}- units: Any<String>  ← missing$/)
    // Of calls that fail as many keys, the first.
    expect(failure(() => expect(weather).toHaveCalledTool('get_weather', expect.objectContaining({ days: 1 })))).toContain('The nearest, pred[0], differs:')
    expect(failure(() => expect(weather).not.toHaveCalledTool('get_weather', expect.objectContaining({ city: 'Lisbon' })))).not.toContain('The nearest')
    // A value that differs within is diffed as the runner's own diffs print it.
    const nested = failure(() => expect([{ name: 'f', args: { filters: { stars: 4 } } }]).toHaveCalledTool('f', expect.objectContaining({ filters: { stars: 5 } })))
    expect(nested).toContain('\n    ~ filters:  ← filters.stars: expected 5, received 4\n')
    const diffed = nested.split('\n').filter((line) => line.startsWith('        ')).map((line) => line.slice(8))
    expect(diffed).toEqual(runnersOwnDiff({ stars: 5 }, { stars: 4 }).split('\n'))
  })

  test('under .not, fails where a predicate or matcher among the arguments could not decide on a call that may be the one', () => {
    const startsWithP = satisfies((city) => (city as string).startsWith('P'), 'a city starting with P')
    const numberCity = [{ name: 'get_weather', args: { city: 7 } }]
    expect(failure(() => expect(numberCity).not.toHaveCalledTool('get_weather', { city: startsWithP }))).toContain(
      'Expected no call to get_weather(city: satisfies(a city starting with P)), but a predicate or matcher among the arguments could not decide on pred[0] (it threw, or answered with a promise or with undefined), which may be one.',
    )
    // Where another argument differs, the call is not the one whatever the predicate would have said.
    expect([{ name: 'get_weather', args: { city: 7, days: 3 } }]).not.toHaveCalledTool('get_weather', { city: startsWithP, days: 5 })
    expect(() => expect(numberCity).toHaveCalledTool('get_weather', { city: startsWithP })).toThrow('none of the calls made is one')
  })

  test('fails with a message that lists the calls made', () => {
    const message = failure(() => expect(calls).toHaveCalledTool('lookup'))
    expect(message).toContain('Expected a call to lookup, but none of the calls made is one.')
    expect(message).toContain('pred[0] search(q: "cats")')
    expect(message).toContain('pred[1] answer(a: "meow")')
  })

  test('.not fails with a message that names the call', () => {
    expect(failure(() => expect(calls).not.toHaveCalledTool('answer'))).toContain('Expected no call to answer, but pred[1] is one.')
  })

  test('works as an asymmetric matcher inside toEqual', () => {
    expect({ calls }).toEqual({ calls: expect.toHaveCalledTool('search', { q: 'cats' }) })
    expect({ calls }).toEqual({ calls: expect.not.toHaveCalledTool('delete_all') })
  })
})

describe('the markers inside a plain toEqual', () => {
  test('oneOf() and a present optional() match as in gold', () => {
    expect({ days: 5, city: 'Lisbon' }).toEqual({ days: oneOf(5, 7), city: optional('Lisbon') })
    expect({ days: 6 }).not.toEqual({ days: oneOf(5, 7) })
  })

  test('an optional() key left out passes in Jest, not in Vitest, as the README says', () => {
    const leftOut = () => expect({ city: 'Lisbon' }).toEqual({ city: 'Lisbon', days: optional() })
    if (process.env.VITEST === undefined) leftOut()
    else expect(leftOut).toThrow()
  })
})

describe('the snapshot serializer', () => {
  test('prints a Score as its aligned diff', () => {
    expect(new ToolCallMetric().score([search('dogs')], [search('cats')])).toMatchInlineSnapshot(`
      Pairs (- gold, + prediction):
        ✗ gold[0] ↔ pred[0]  search
          - q: "cats"
          + q: "dogs"  ← expected "cats", received "dogs"

      TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)
    `)
  })

  test("prints a nested diff's objects and lists as the snapshot prints the values beside it: unnamed, as both runners' snapshots print them by default", () => {
    const hotel = (amenities: string[]) => ({ name: 'hotel', args: { filters: { amenities } } })
    expect({ plain: { amenities: ['pool'] }, score: new ToolCallMetric().score([hotel(['pool', 'gym'])], [hotel(['pool', 'spa'])]) }).toMatchInlineSnapshot(`
      {
        "plain": {
          "amenities": [
            "pool",
          ],
        },
        "score": Pairs (- gold, + prediction):
          ✗ gold[0] ↔ pred[0]  hotel
            ~ filters:  ← filters.amenities[1]: expected "spa", received "gym"
                  {
                    "amenities": [
                      "pool",
                -     "spa",
                +     "gym",
                    ],
                  }

        TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level),
      }
    `)
  })
})

describe('a gold predicate or matcher that cannot decide on a predicted value', () => {
  const throwing = satisfies((city) => (city as string).startsWith('P'), 'a city starting with P')
  // A promise where a verdict is due, as an untyped predicate may give.
  const promising = satisfies((async () => true) as unknown as () => boolean, 'an async check')
  const throwingMatcher = { asymmetricMatch: (city: string) => city.startsWith('P') }
  const promisingMatcher = { asymmetricMatch: async () => true }
  // A missing `return`, which plain JavaScript, or a cast, lets through the types.
  const answerless = satisfies(((city: unknown) => { void city }) as unknown as () => boolean, 'a known city')
  const numberCity = [{ name: 'get_weather', args: { city: 7 } }]

  test('grades the value wrong, with the reason', () => {
    expect(failure(() => expect(numberCity).toMatchToolCalls([{ name: 'get_weather', args: { city: throwing } }]))).toContain(
      'expected a city starting with P, but the predicate threw on 7: TypeError',
    )
    expect(new ToolCallMetric().score(numberCity, [{ name: 'get_weather', args: { city: promising } }]).f1).toBe(0)
  })

  test('fails .not.toMatchToolCalls where, taken as a match, it makes the calls match', () => {
    const said = 'Expected the calls not to match the gold, but a predicate or matcher of the gold could not decide on a predicted value (it threw, or answered with a promise or with undefined), and taken as a match it makes them match.'
    for (const city of [throwing, promising, throwingMatcher, promisingMatcher, answerless]) {
      const message = failure(() => expect(numberCity).not.toMatchToolCalls([{ name: 'get_weather', args: { city } }]))
      expect(message).toContain(said)
    }
    // The detail still shows what was graded, and why.
    expect(failure(() => expect(numberCity).not.toMatchToolCalls([{ name: 'get_weather', args: { city: throwing } }]))).toContain('the predicate threw on 7')
  })

  test('leaves .not.toMatchToolCalls passing where the calls differ anyway', () => {
    expect(numberCity).not.toMatchToolCalls([{ name: 'get_weather', args: { city: throwing } }, search('cats')])
    expect([{ name: 'get_weather', args: { city: 7, days: 3 } }]).not.toMatchToolCalls([{ name: 'get_weather', args: { city: throwing, days: 5 } }])
    expect([{ name: 'get_weather', args: { city: 7, days: 3 } }]).not.toMatchToolCalls(
      [{ name: 'get_weather', args: { city: throwing, days: 5 } }],
      { level: 'arg' },
    )
    // A predicate that decides, and says no, is a plain mismatch.
    expect([{ name: 'get_weather', args: { city: 'Lyon' } }]).not.toMatchToolCalls([{ name: 'get_weather', args: { city: throwing } }])
  })

  test('fails .not.toScoreAtLeast where, taken as a match, it reaches the threshold, and says the figure it would be', () => {
    const gold = [{ name: 'get_weather', args: { city: throwing } }]
    expect(failure(() => expect(numberCity).not.toScoreAtLeast(1, gold))).toContain(
      'Expected F1 < 1, received 0, but a predicate or matcher of the gold could not decide on a predicted value (it threw, or answered with a promise or with undefined): taken as a match, it makes the F1 1.',
    )
    expect(numberCity).not.toScoreAtLeast(0.9, [...gold, search('cats')])
    expect(failure(() => expect(numberCity).toScoreAtLeast(1, gold))).toContain('Expected F1 ≥ 1, received 0.')
  })
})
