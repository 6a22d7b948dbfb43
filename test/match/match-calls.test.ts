import { describe, expect, test } from 'vitest'
import { oneOf, satisfies } from '../../src/compare/gold-values'
import { matchCalls } from '../../src/match/match-calls'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

const f = (x: unknown) => ({ name: 'f', args: { x } })
const pairsOf = (matching: ReturnType<typeof matchCalls>) => matching.pairs.map((p) => [p.predIndex, p.goldIndex, p.exact])

describe('the optimal assignment', () => {
  test('finds the pairing that greedy and sort-and-zip miss', () => {
    const gold = [f(oneOf(1, 2)), f(1)]
    const pred = [f(1), f(2)]
    expect(pairsOf(matchCalls(pred, gold))).toEqual([
      [1, 0, true],
      [0, 1, true],
    ])
    expect(new ToolCallMetric().score(pred, gold).f1).toBe(1)
    expect(new ToolCallMetric({ level: 'arg' }).score(pred, gold).f1).toBe(1)
  })

  test('finds it whatever the importance, one below a millionth too, where exact pairs tied with wrong ones', () => {
    const gold = [f(oneOf(1, 2)), f(1)]
    const pred = [f(1), f(2)]
    for (const importance of [1e-7, 1e-12, 0.5, 1e6]) {
      const grammar = { tools: { f: { importance, args: { x: { importance } } } } }
      for (const level of ['call', 'arg'] as const) {
        const score = new ToolCallMetric({ level, grammar }).score(pred, gold)
        expect(score.pairs.every((pair) => pair.exact), `${importance} at ${level} level`).toBe(true)
        expect(score.fp + score.fn, `${importance} at ${level} level`).toBe(0)
      }
    }
  })

  test('scores a correct set of calls 1 in any order', () => {
    const gold = [f(1), { name: 'g', args: { y: 'a' } }, f(2)]
    const reversed = [...gold].reverse()
    expect(new ToolCallMetric().score(reversed, gold).f1).toBe(1)
  })

  test.each([16, 17, 18])('scores a correct set of %i calls 1 in any order', (count) => {
    const gold = Array.from({ length: count }, (_, i) => f(i))
    expect(new ToolCallMetric().score([...gold].reverse(), gold).f1).toBe(1)
  })

  test('finds an exact pair holding an infinity in a group large enough to be ranked by keys', () => {
    // Eight calls a side: the pair of infinities is exact, and position alone would pair each prediction with the other gold call.
    const filler = Array.from({ length: 6 }, (_, k) => ({ name: 'f', args: { z: k } }))
    const gold = [{ name: 'f', args: { x: Infinity, y: oneOf(1, 2) } }, { name: 'f', args: { x: 0, y: 1 } }, ...filler]
    const pred = [{ name: 'f', args: { x: 0, y: 2 } }, { name: 'f', args: { x: Infinity, y: 1 } }, ...filler]
    expect(new ToolCallMetric().score(pred, gold).tp).toBe(7)
  })

  test('a call to the wrong tool never pairs', () => {
    const matching = matchCalls([{ name: 'g', args: { x: 1 } }], [f(1)])
    expect(matching.pairs).toEqual([])
    expect(matching.unmatchedPred.map((u) => u.predIndex)).toEqual([0])
    expect(matching.unmatchedGold.map((u) => u.goldIndex)).toEqual([0])
  })

  // Each prediction is wrong, and agrees on two arguments with the gold call it is not beside in position.
  const closeGold = [
    { name: 'book', args: { city: 'Paris', day: 'mon', seats: 2 } },
    { name: 'book', args: { city: 'Rome', day: 'tue', seats: 4 } },
  ]
  const closePred = [
    { name: 'book', args: { city: 'Rome', day: 'tue', seats: 5 } },
    { name: 'book', args: { city: 'Paris', day: 'wed', seats: 2 } },
  ]

  test('puts each wrong call beside the gold call it came closest to', () => {
    expect(pairsOf(matchCalls(closePred, closeGold))).toEqual([
      [1, 0, false],
      [0, 1, false],
    ])
  })

  test.each(['call', 'arg'] as const)('puts each wrong call beside the gold call it came closest to when importances are fractional (%s level)', (level) => {
    const grammar = { tools: { book: { importance: 0.5, args: { city: { importance: 0.25 } } } } }
    expect(pairsOf(matchCalls(closePred, closeGold, { level, grammar }))).toEqual([
      [1, 0, false],
      [0, 1, false],
    ])
  })

  test('breaks ties by position', () => {
    const gold = [f(1), f(2), f(3)]
    const pred = [f(7), f(8), f(9)]
    expect(pairsOf(matchCalls(pred, gold))).toEqual([
      [0, 0, false],
      [1, 1, false],
      [2, 2, false],
    ])
  })

  test('an unparseable prediction pairs with nothing, even when it names a gold tool', () => {
    const matching = matchCalls([{ name: 'f', arguments: '{"x": ' }], [f(1)])
    expect(matching.pairs).toEqual([])
    expect(matching.unmatchedPred[0]!.pred.unparseable).toMatch(/not valid JSON/)
  })
})

describe("order: 'strict'", () => {
  test('pairs keep the order of both sides', () => {
    const gold = [{ name: 'a', args: {} }, { name: 'b', args: {} }]
    const pred = [{ name: 'b', args: {} }, { name: 'a', args: {} }]
    expect(new ToolCallMetric().score(pred, gold).f1).toBe(1)
    const strict = matchCalls(pred, gold, { order: 'strict' })
    expect(strict.pairs).toHaveLength(1)
    expect(new ToolCallMetric({ order: 'strict' }).score(pred, gold).f1).toBe(0.5)
  })

  test('an out-of-order prediction is reported as such', () => {
    const gold = [{ name: 'a', args: {} }, { name: 'b', args: {} }]
    const pred = [{ name: 'b', args: {} }, { name: 'a', args: {} }]
    const score = new ToolCallMetric({ order: 'strict' }).score(pred, gold)
    expect(score.unmatchedPred[0]!.kind).toBe('out of order')
    expect(score.unmatchedPred[0]!.reason).toBe('an expected call to a is left, but pairing it would break the order')
  })

  test('pairs a wrong call that agrees on nothing with its gold call, as in any order', () => {
    const pred = [f(1), { name: 'z', args: {} }]
    const gold = [f(2), { name: 'w', args: {} }]
    expect(pairsOf(matchCalls(pred, gold))).toEqual([[0, 0, false]])
    expect(pairsOf(matchCalls(pred, gold, { order: 'strict' }))).toEqual([[0, 0, false]])
  })

  test('skips an inserted call and keeps pairing after it', () => {
    const gold = [f(1), f(2), f(3)]
    const pred = [f(1), { name: 'g', args: {} }, f(2), f(3)]
    const score = new ToolCallMetric({ order: 'strict' }).score(pred, gold)
    expect([score.tp, score.fp, score.fn]).toEqual([3, 1, 0])
  })
})

describe("order: 'turns'", () => {
  const a = { name: 'a', args: {} }
  const b = { name: 'b', args: {} }
  const c = { name: 'c', args: {} }

  test('calls inside a turn pair in any order', () => {
    const metric = new ToolCallMetric({ order: 'turns' })
    expect(metric.score([[b, a], [c]], [[a, b], [c]]).f1).toBe(1)
  })

  test('a prediction left over for the order of turns says so, and how many turns each side has', () => {
    const metric = new ToolCallMetric({ order: 'turns' })
    // Flat gold is one turn: the prediction's second turn has no gold turn left to pair with.
    const flat = metric.score([[a], [b]], [a, b])
    expect(flat.unmatchedPred.map((u) => [u.kind, u.reason])).toEqual([
      [
        'out of order',
        'an expected call to b is left, but pairing it would break the order of turns (the prediction has 2 turns, the gold 1 turn: gold of several turns is a list of them, each a list of calls)',
      ],
    ])
    expect(metric.score([[a], [b]], [[a, b]]).unmatchedPred[0]!.reason).toBe(
      'an expected call to b is left, but pairing it would break the order of turns (the prediction has 2 turns, the gold 1 turn: gold of several turns is a list of them, each a list of calls)',
    )
    expect(metric.score([[b], [a]], [[a], [b]]).unmatchedPred[0]!.reason).toBe('an expected call to a is left, but pairing it would break the order of turns')
    expect(metric.score([[a, b, c]], [[a], [b, c]]).unmatchedPred.map((u) => u.reason)).toContain(
      'an expected call to a is left, but pairing it would break the order of turns (the prediction has 1 turn, the gold 2 turns)',
    )
    expect(metric.score([[a], [b], [c]], [[a], [b, c]]).unmatchedPred[0]!.reason).toBe(
      'an expected call to c is left, but pairing it would break the order of turns (the prediction has 3 turns, the gold 2 turns)',
    )
  })

  test('turns keep their order', () => {
    const metric = new ToolCallMetric({ order: 'turns' })
    const score = metric.score([[c], [a, b]], [[a, b], [c]])
    expect([score.tp, score.fp, score.fn]).toEqual([2, 1, 1])
  })

  test('a turn pairs with the gold turn where more of its calls are exact', () => {
    // The prediction's one turn, its calls out of order, is exact against both calls of the second gold turn but one of the first.
    const score = new ToolCallMetric({ order: 'turns' }).score([[f(2), f(1)]], [[f(1)], [f(1), f(2)]])
    expect([score.tp, score.fp, score.fn]).toEqual([2, 0, 1])
    expect(score.pairs.map(({ predIndex, goldIndex }) => [predIndex, goldIndex])).toEqual([
      [1, 1],
      [0, 2],
    ])
  })

  test('a wrong call pairs with the gold turn whose call it came closest to', () => {
    const pred = [[{ name: 'f', args: { x: 1, y: 9 } }]]
    const gold = [[{ name: 'f', args: { x: 2, y: 8 } }], [{ name: 'f', args: { x: 1, y: 8 } }]]
    expect(pairsOf(matchCalls(pred, gold, { order: 'turns' }))).toEqual([[0, 1, false]])
  })

  test('reads the turns of a message list', () => {
    const messages = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        tool_calls: [
          { id: '1', type: 'function', function: { name: 'b', arguments: '{}' } },
          { id: '2', type: 'function', function: { name: 'a', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: '1', content: 'ok' },
      { role: 'assistant', tool_calls: [{ id: '3', type: 'function', function: { name: 'c', arguments: '{}' } }] },
    ]
    expect(new ToolCallMetric({ order: 'turns' }).score(messages, [[a, b], [c]]).f1).toBe(1)
    expect(new ToolCallMetric({ order: 'turns' }).score(messages, [[c], [a, b]]).f1).toBeLessThan(1)
  })
})

describe('a group scored inside a predicate of another group', () => {
  test('leaves the outer ranking as it was', () => {
    const metric = new ToolCallMetric({ level: 'arg' })
    const calls = (values: number[]) => values.map((x) => ({ name: 'f', args: { x } }))
    // A 3x3 group, ranked in a kept buffer while the outer 3x3 group is being ranked.
    const inner = () => metric.score(calls([1, 2, 3]), calls([3, 1, 2])).f1 === 1
    const gold = [
      { name: 'f', args: { x: 1, check: satisfies(inner, 'scores its own group') } },
      { name: 'f', args: { x: 2, check: satisfies(inner, 'scores its own group') } },
      { name: 'f', args: { x: 3, check: satisfies(inner, 'scores its own group') } },
    ]
    const pred = [3, 1, 2].map((x) => ({ name: 'f', args: { x, check: true } }))
    const score = metric.score(pred, gold)
    expect(score.pairs.map(({ predIndex, goldIndex }) => [predIndex, goldIndex])).toEqual([
      [1, 0],
      [2, 1],
      [0, 2],
    ])
    expect(score.f1).toBe(1)
  })
})

describe("matchCalls's result", () => {
  test('lists each call once: in its pair, or with the calls left unmatched', () => {
    const pred = [f(1), { name: 'g', args: {} }]
    const gold = [f(1), { name: 'h', args: { y: 2 } }]
    const matching = matchCalls(pred, gold)
    expect(matching.pairs.map((p) => [p.predIndex, p.goldIndex])).toEqual([[0, 0]])
    expect(matching.unmatchedPred).toEqual([{ pred: { name: 'g', args: {} }, predIndex: 1 }])
    expect(matching.unmatchedGold).toEqual([{ gold: { name: 'h', args: { y: 2 } }, goldIndex: 1 }])
  })

  test('gives each gold call, paired or not, with the name and arguments its author wrote', () => {
    const gold = [{ name: 'book', args: { city: 'Paris', seats: 2 } }, { name: 'cancel', args: { id: 7 } }]
    const matching = matchCalls([{ name: 'book', args: { city: 'Rome', seats: 2 } }], gold)
    expect(matching.pairs.map((p) => p.gold)).toEqual([gold[0]])
    expect(matching.unmatchedGold.map((u) => u.gold)).toEqual([gold[1]])
  })
})

describe("matchCalls's options", () => {
  test('must be an object of options, not a level given alone', () => {
    expect(() => matchCalls([], [], 'arg' as never)).toThrow(new TypeError('options: expected an object of options, received "arg"'))
  })
})

describe('position tie-break with fractional importances', () => {
  // a(y: 'cat') agrees with neither a(x: 0) nor a(y: 'dog'): a tie, which position breaks (DESIGN §4.3).
  const a = (args: Record<string, unknown>) => ({ name: 'a', args })
  const pred = [a({}), a({}), a({}), a({ y: 'cat' })]
  const gold = [a({}), a({}), a({ x: 0 }), a({ y: 'dog' })]
  const seats = (grammar: object, level: 'call' | 'arg') =>
    matchCalls(pred, gold, { level, grammar: grammar as never }).pairs.map((p) => [p.predIndex, p.goldIndex])

  for (const level of ['call', 'arg'] as const) {
    test(`is kept when some importance is fractional (${level} level)`, () => {
      const diagonal = [[0, 0], [1, 1], [2, 2], [3, 3]]
      expect(seats({ tools: { a: { importance: 7 } } }, level)).toEqual(diagonal)
      // An unrelated tool's fractional importance must not change how a's calls pair.
      expect(seats({ tools: { a: { importance: 7 }, b: { importance: 0.5 } } }, level)).toEqual(diagonal)
      expect(seats({ tools: { a: { importance: 7.5 } } }, level)).toEqual(diagonal)
    })
  }
})
