import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { canonicalizers } from '../../src/compare/canonicalizers'
import { oneOf, optional, satisfies } from '../../src/compare/gold-values'
import { PyFloat } from '../../src/calls/python-values'
import { perToolCounts } from '../../src/metric/per-tool'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { evaluate } from '../../src/metric/evaluate'

const search = (q: string) => ({ name: 'search', args: { q } })
const answer = (a: string) => ({ name: 'answer', args: { a } })
const deleteAll = { name: 'delete_all', args: {} }

const callLevel = new ToolCallMetric()
const argLevel = new ToolCallMetric({ level: 'arg' })

function counts(score: { tp: number; fp: number; fn: number; f1: number }) {
  return { tp: score.tp, fp: score.fp, fn: score.fn, f1: score.f1 }
}

describe('the worked examples of the README\'s Matching and scoring', () => {
  test('a prediction equal to the gold scores 1', () => {
    const gold = [search('cats'), answer('meow')]
    expect(callLevel.score(gold, gold).f1).toBe(1)
    expect(argLevel.score(gold, gold).f1).toBe(1)
  })

  test('a wrong extra call and a missing one, at call level: TP 1, FP 1, FN 1, F1 0.5', () => {
    const score = callLevel.score([search('cats'), deleteAll], [search('cats'), answer('meow')])
    expect(counts(score)).toEqual({ tp: 1, fp: 1, fn: 1, f1: 0.5 })
  })

  test('the same at arg level: TP 2, FP 1, FN 2, F1 4/7', () => {
    const score = argLevel.score([search('cats'), deleteAll], [search('cats'), answer('meow')])
    expect(counts(score)).toEqual({ tp: 2, fp: 1, fn: 2, f1: 4 / 7 })
  })
})

describe('call level', () => {
  test('a pair that is not exact adds its weight to FP and to FN', () => {
    expect(counts(callLevel.score([search('dogs')], [search('cats')]))).toEqual({ tp: 0, fp: 1, fn: 1, f1: 0 })
  })

  test('with nothing expected and nothing predicted every figure is 1', () => {
    const score = callLevel.score([], [])
    expect([score.precision, score.recall, score.f1]).toEqual([1, 1, 1])
  })

  test('with nothing predicted, precision, recall and F1 are 0', () => {
    const score = callLevel.score([], [search('cats')])
    expect([score.precision, score.recall, score.f1]).toEqual([0, 0, 0])
  })

  test('with nothing expected, a prediction scores 0 on precision, recall and F1', () => {
    const score = callLevel.score([search('cats')], [])
    expect([score.precision, score.recall, score.f1]).toEqual([0, 0, 0])
  })

  test('precision is TP/(TP+FP), recall TP/(TP+FN) and F1 2TP/(2TP+FP+FN)', () => {
    const extra = callLevel.score([search('cats'), deleteAll], [search('cats')])
    expect([extra.tp, extra.fp, extra.fn, extra.precision, extra.recall, extra.f1]).toEqual([1, 1, 0, 0.5, 1, 2 / 3])
    const missing = callLevel.score([search('cats')], [search('cats'), answer('a'), answer('b')])
    expect([missing.tp, missing.fp, missing.fn, missing.precision, missing.recall, missing.f1]).toEqual([1, 0, 2, 1, 1 / 3, 0.5])
    const half = callLevel.score([search('cats')], [search('cats'), answer('a')])
    expect([half.precision, half.recall]).toEqual([1, 0.5])
  })
})

describe('arg level', () => {
  test('a right argument is a TP, a wrong one an FP and an FN, a hallucinated one an FP', () => {
    const score = argLevel.score([{ name: 'f', args: { a: 1, b: 9, extra: true } }], [{ name: 'f', args: { a: 1, b: 2 } }])
    // name + a are TP; b is FP and FN; extra is FP
    expect(counts(score)).toMatchObject({ tp: 2, fp: 2, fn: 1 })
    expect(score.pairs[0]!.args.map((v) => [v.arg, v.verdict])).toEqual([
      ['a', 'match'],
      ['b', 'mismatch'],
      ['extra', 'unexpected'],
    ])
  })

  test('a missing required argument is an FN; an omitted optional one counts nothing', () => {
    const score = argLevel.score([{ name: 'f', args: {} }], [{ name: 'f', args: { a: 1, b: optional(2) } }])
    expect(counts(score)).toMatchObject({ tp: 1, fp: 0, fn: 1 })
    expect(score.pairs[0]!.args.map((v) => v.verdict)).toEqual(['missing', 'omitted'])
    expect(score.pairs[0]!.args[0]!.reason).toBe('required argument not given')
  })

  test('each argument given by position is one hallucinated unit of the tool, in a call paired among several', () => {
    const score = argLevel.score("[search('cats'), search(q='dogs')]", [search('cats'), search('dogs')])
    expect(score.pairs.map(({ predIndex, goldIndex, exact }) => [predIndex, goldIndex, exact])).toEqual([
      [0, 0, false],
      [1, 1, true],
    ])
    expect(score.pairs[0]!.args.map(({ arg, position, verdict }) => [arg, position, verdict])).toEqual([
      ['q', undefined, 'missing'],
      ['#1', 1, 'unexpected'],
    ])
    expect(counts(score)).toMatchObject({ tp: 3, fp: 1, fn: 1 })
  })

  test('an unmatched gold call adds its name and its arguments not marked optional to FN', () => {
    const score = argLevel.score([], [{ name: 'f', args: { a: 1, b: optional(2), c: 3 } }])
    expect(counts(score)).toMatchObject({ tp: 0, fp: 0, fn: 3 })
  })

  test('an unmatched prediction adds all its units to FP', () => {
    const score = argLevel.score([{ name: 'g', args: { a: 1, b: 2 } }], [])
    expect(counts(score)).toMatchObject({ tp: 0, fp: 3, fn: 0 })
  })

  test('of pairings that agree as much, the one with the fewest errors is chosen, in whatever order the calls come', () => {
    // Either prediction agrees on the name alone; paired, a wrong optional x is an FP and an FN, where left apart it counts only as an FP.
    const gold = [{ name: 'g', args: { x: optional(1), y: 1 } }]
    const calls = [{ name: 'g', args: { x: 5 } }, { name: 'g', args: {} }]
    for (const pred of [calls, [...calls].reverse()]) {
      const score = argLevel.score(pred, gold)
      expect(counts(score)).toEqual({ tp: 1, fp: 2, fn: 1, f1: 0.4 })
      expect(score.pairs[0]!.pred).toEqual({ name: 'g', args: {} })
    }
    for (const order of ['strict', 'turns'] as const) {
      const ordered = new ToolCallMetric({ level: 'arg', order })
      expect(counts(ordered.score(calls, gold))).toEqual(counts(ordered.score([...calls].reverse(), gold)))
    }
  })

  test('a prediction exact against two gold calls pairs with the one that leaves fewer required arguments unmatched, in whatever order the gold comes', () => {
    // Left out, the gold call with y required costs its name, x and y as FN; the one with y optional, its name and x.
    const pred = [{ name: 'f', args: { x: 1, y: 2 } }]
    const gold = [{ name: 'f', args: { x: 1, y: optional(2) } }, { name: 'f', args: { x: 1, y: 2 } }]
    for (const [golds, chosen] of [[gold, 1], [[...gold].reverse(), 0]] as const) {
      const score = argLevel.score(pred, golds)
      expect(counts(score)).toMatchObject({ tp: 3, fp: 0, fn: 2 })
      expect(score.pairs.map((pair) => pair.goldIndex)).toEqual([chosen])
    }
  })
})

describe('weights from the grammar', () => {
  const grammar = { tools: { delete_all: { importance: 5, args: { id: { importance: 3 } } } } }

  test('at call level a wrong call to a heavy tool costs its importance', () => {
    const metric = new ToolCallMetric({ grammar })
    const score = metric.score([{ name: 'delete_all', args: { id: 2 } }, search('x')], [{ name: 'delete_all', args: { id: 1 } }, search('x')])
    expect(counts(score)).toMatchObject({ tp: 1, fp: 5, fn: 5 })
  })

  test("at arg level an argument's unit weighs w(tool) x w(tool, arg)", () => {
    const metric = new ToolCallMetric({ level: 'arg', grammar })
    const score = metric.score([{ name: 'delete_all', args: { id: 2 } }], [{ name: 'delete_all', args: { id: 1 } }])
    // name unit 5 is a TP; id weighs 5 x 3 = 15, wrong: FP 15 and FN 15
    expect(counts(score)).toMatchObject({ tp: 5, fp: 15, fn: 15 })
  })

  test('at arg level a hallucinated argument costs its weight as an FP', () => {
    const metric = new ToolCallMetric({ level: 'arg', grammar })
    const score = metric.score([{ name: 'delete_all', args: { id: 2 } }], [deleteAll])
    // name unit 5 is a TP; id, which the gold does not list, weighs 5 x 3 = 15 as an FP
    expect(counts(score)).toMatchObject({ tp: 5, fp: 15, fn: 0 })
    expect(score.pairs[0]!.args).toEqual([{ arg: 'id', verdict: 'unexpected', weight: 15, reason: 'not an argument of the gold call' }])
  })

  test('a null for an optional argument is a value like any other where no schema lets null leave it out', () => {
    const pred = [{ name: 'f', args: { x: null } }]
    const gold = [{ name: 'f', args: { x: optional('a') } }]
    // A tool with a schema of no arguments, and a tool with no schema at all.
    for (const [grammar, weight] of [[{ tools: { f: { importance: 2 } } }, 2], [undefined, 1]] as const) {
      const score = new ToolCallMetric({ level: 'arg', grammar }).score(pred, gold)
      expect(score.pairs[0]!.args.map(({ arg, verdict }) => [arg, verdict])).toEqual([['x', 'mismatch']])
      expect(counts(score)).toMatchObject({ tp: weight, fp: weight, fn: weight })
    }
  })

  test('a grammar given for one score applies to that score only', () => {
    const score = callLevel.score([deleteAll], [], { grammar })
    expect(score.fp).toBe(5)
    expect(callLevel.score([deleteAll], []).fp).toBe(1)
  })

  test('at arg level, with importances of many digits, of pairings that agree as much the one with the fewest errors is still chosen, in whatever order the calls come', () => {
    // f(x=0, y=0) matches either gold call exactly; f() beside the one that requires the heavy x misses it, beside the other only y.
    const metric = new ToolCallMetric({ level: 'arg', grammar: { tools: { f: { args: { x: { importance: 38.123457 } } } } } })
    const gold = [{ name: 'f', args: { x: optional(0), y: 0 } }, { name: 'f', args: { x: 0, y: optional(0) } }]
    const calls = [{ name: 'f', args: {} }, { name: 'f', args: { x: 0, y: 0 } }]
    for (const pred of [calls, [...calls].reverse()]) {
      for (const golds of [gold, [...gold].reverse()]) expect(counts(metric.score(pred, golds))).toMatchObject({ fp: 0, fn: 1 })
    }
  })

  test('importances may ride on a tool schema list', () => {
    const tools = [{ type: 'function', importance: 4, function: { name: 'delete_all', parameters: { type: 'object', properties: {} } } }]
    expect(new ToolCallMetric({ grammar: tools }).score([deleteAll], []).fp).toBe(4)
  })

  test("a misspelt key of an argument's entry, or of the grammar, throws naming it, where the weight silently stayed 1", () => {
    const typo = { tools: { delete_all: { args: { id: { importanc: 3 } } } } } as never
    expect(() => new ToolCallMetric({ level: 'arg', grammar: typo })).toThrow(
      new TypeError("options.grammar.tools.delete_all.args.id.importanc: unknown key (did you mean 'importance'?); an argument's entry takes importance"),
    )
    expect(() => new ToolCallMetric({ grammar: { tools: {}, tool: { delete_all: { importance: 5 } } } as never })).toThrow(
      new TypeError("options.grammar.tool: unknown key (did you mean 'tools'?); a grammar is { tools: { name: { importance, args } } } or a list of tool schemas"),
    )
  })

  test("a misspelt key of a tool's entry is named with the nearest key, and so is a grammar's only key misspelt", () => {
    expect(() => new ToolCallMetric({ grammar: { tools: { delete_all: { importanc: 5 } } } as never })).toThrow(
      new TypeError("options.grammar.tools.delete_all.importanc: unknown key (did you mean 'importance'?); a tool's entry takes importance and args"),
    )
    expect(() => new ToolCallMetric({ grammar: { tools: { delete_all: { arg: {} } } } as never })).toThrow(
      new TypeError("options.grammar.tools.delete_all.arg: unknown key (did you mean 'args'?); a tool's entry takes importance and args"),
    )
    expect(() => new ToolCallMetric({ grammar: { tool: { delete_all: { importance: 5 } } } as never })).toThrow(
      new TypeError("options.grammar.tool: unknown key (did you mean 'tools'?); a grammar is { tools: { name: { importance, args } } } or a list of tool schemas"),
    )
    expect(() => new ToolCallMetric({ grammar: { tools: { delete_all: { colour: 5 } } } as never })).toThrow(
      new TypeError("options.grammar.tools.delete_all.colour: unknown key; a tool's entry takes importance and args"),
    )
  })

  test("a misspelt importance on a tool schema, a tool set's tool or a property throws naming it, where the weight silently stayed 1", () => {
    const city = { type: 'object', properties: { city: { type: 'string' } } }
    const grammars: [unknown, string][] = [
      [[{ type: 'function', function: { name: 'get_weather', importnace: 5, parameters: city } }], 'options.grammar[0].function.importnace'],
      [[{ type: 'function', importanse: 5, function: { name: 'get_weather', parameters: city } }], 'options.grammar[0].importanse'],
      [[{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string', importanc: 3 } } } }], 'options.grammar[0].input_schema.properties.city.importanc'],
      [{ get_weather: { inputSchema: city, importnace: 5 } }, 'options.grammar.get_weather.importnace'],
    ]
    for (const [grammar, path] of grammars) {
      expect(() => new ToolCallMetric({ level: 'arg', grammar: grammar as never })).toThrow(new RegExp(`^${path.replace(/[.[\]]/g, '\\$&')}: unknown key \\(did you mean 'importance'\\?\\); `))
    }
  })

  test('a misspelt key that types the arguments throws naming it, where type checks were silently off', () => {
    const typo = (tool: unknown) => () => new ToolCallMetric({ grammar: [tool] as never })
    expect(typo({ type: 'function', function: { name: 'f', paramters: { type: 'object', properties: {} } } })).toThrow(/^options\.grammar\[0\]\.function\.paramters: unknown key \(did you mean 'parameters'\?\); /)
    expect(typo({ name: 'f', input_shema: { type: 'object', properties: {} } })).toThrow(/^options\.grammar\[0\]\.input_shema: unknown key \(did you mean 'input_schema'\?\); /)
    expect(typo({ name: 'f', parameters: { type: 'object', propertes: { x: { type: 'integer' } } } })).toThrow(/^options\.grammar\[0\]\.parameters\.propertes: unknown key \(did you mean 'properties'\?\); /)
    expect(typo({ name: 'f', parameters: { type: 'object', properties: {}, requried: ['x'] } })).toThrow(/^options\.grammar\[0\]\.parameters\.requried: unknown key \(did you mean 'required'\?\); /)
    // Schemas take keys of any name: only near-misses of what the grader reads are refused.
    const mcp = { name: 'f', title: 'F', inputSchema: { type: 'object', properties: { x: { type: 'string', title: 'X', examples: ['a'], 'x-order': 1 } }, additionalProperties: false }, outputSchema: { type: 'object' }, annotations: {} }
    expect(typo(mcp)).not.toThrow()
    // JSON Schema's own keys near properties or required, in a parameters schema without them.
    for (const parameters of [
      { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 20 },
      { type: 'object', minProperties: 1, propertyNames: { pattern: '^[a-z]+$' } },
      { type: 'object', patternProperties: { '^x-': { type: 'string' } }, dependentRequired: { a: ['b'] } },
    ]) {
      expect(typo({ name: 'f', parameters })).not.toThrow()
    }
  })

  test('the tool schemas of the fixtures and of BFCL\'s function docs read without a false alarm', () => {
    const forecast = JSON.parse(readFileSync(new URL('../fixtures/schemas/forecast-tool.json', import.meta.url), 'utf8')) as unknown
    expect(() => new ToolCallMetric({ grammar: (Array.isArray(forecast) ? forecast : [forecast]) as never })).not.toThrow()
    for (const category of ['simple_python', 'multiple', 'parallel', 'parallel_multiple', 'simple_java', 'simple_javascript']) {
      const lines = readFileSync(new URL(`../fixtures/bfcl-data/BFCL_v4_${category}.json`, import.meta.url), 'utf8').split('\n').filter(Boolean)
      for (const line of lines) expect(() => new ToolCallMetric({ grammar: (JSON.parse(line) as { function: never }).function })).not.toThrow()
    }
  })

  test("an importance on a tool schema's wrapper is named there, and a null one on its function is refused", () => {
    const wrapped = (outer: unknown, inner: unknown) => [
      { type: 'function', importance: outer, function: { name: 'delete_all', importance: inner, parameters: { type: 'object', properties: {} } } },
    ]
    const refused = (at: string, value: string) => new TypeError(`options.grammar[0]${at}.importance: expected a number from 0 to 1000000, received ${value}`)
    expect(() => new ToolCallMetric({ grammar: wrapped(-1, undefined) })).toThrow(refused('', '-1'))
    expect(() => new ToolCallMetric({ grammar: wrapped(undefined, null) })).toThrow(refused('.function', 'null'))
    expect(() => new ToolCallMetric({ grammar: wrapped(4, null) })).toThrow(refused('.function', 'null'))
    expect(new ToolCallMetric({ grammar: wrapped(undefined, 4) }).score([deleteAll], []).fp).toBe(4)
  })

  test("a Gemini declaration's nullable: true lets the value be null", () => {
    const declaration = (nullable: boolean) => [
      { name: 'book', parameters: { type: 'OBJECT', properties: { note: { type: 'STRING', nullable } } } },
    ]
    const pred = [{ name: 'book', args: { note: null } }]
    const gold = [{ name: 'book', args: { note: optional() } }]
    expect(new ToolCallMetric({ grammar: declaration(true) }).score(pred, gold).tp).toBe(1)
    expect(new ToolCallMetric({ grammar: declaration(false) }).score(pred, gold).tp).toBe(0)
  })

  test('a type name the schema dialects do not know throws a TypeError naming the path and the nearest, where it checked nothing', () => {
    const declaring = (type: unknown) => [{ type: 'function', function: { name: 'f', parameters: { type: 'object', properties: { n: { type } } } } }]
    const at = 'options.grammar[0].function.parameters.properties.n.type'
    expect(() => new ToolCallMetric({ grammar: declaring('integr') })).toThrow(new TypeError(`${at}: unknown type "integr" (did you mean 'integer'?)`))
    expect(() => new ToolCallMetric({ grammar: declaring(['string', 'nul']) })).toThrow(new TypeError(`${at}[1]: unknown type "nul" (did you mean 'null'?)`))
    // An inherited name is no type either; it was read as one, and refused every value.
    expect(() => new ToolCallMetric({ grammar: declaring('constructor') })).toThrow(new TypeError(`${at}: unknown type "constructor"`))
    // Every dialect's names, Gemini's upper case and BFCL's Java types included, are known.
    for (const type of ['integer', 'INTEGER', 'float', 'dict', 'tuple', 'TYPE_UNSPECIFIED', 'HashMap', 'ArrayList', 'char', '']) {
      expect(() => new ToolCallMetric({ grammar: declaring(type) })).not.toThrow()
    }
    const typed = new ToolCallMetric({ grammar: declaring('INTEGER') })
    expect(typed.score([{ name: 'f', args: { n: 'abc' } }], [{ name: 'f', args: { n: optional() } }]).tp).toBe(0)
  })

  test('a schema nested deeper than values may be, or holding itself, throws a TypeError naming where', () => {
    let deep: Record<string, unknown> = { type: 'integer' }
    for (let i = 0; i < 5000; i++) deep = { type: 'array', items: deep }
    const grammar = (schema: unknown) => [{ name: 'f', parameters: { type: 'object', properties: { xs: schema } } }]
    expect(() => new ToolCallMetric({ grammar: grammar(deep) })).toThrow(/^options\.grammar\[0\]\.parameters\.properties\.xs(\.items){257}: nested deeper than 256 levels$/)
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} }
    ;(cyclic.properties as Record<string, unknown>).self = cyclic
    expect(() => new ToolCallMetric({ grammar: grammar(cyclic) })).toThrow(
      new TypeError('options.grammar[0].parameters.properties.xs.properties.self: the schema holds itself, so no value could be checked against it'),
    )
    // The same schema in two places holds nothing of itself.
    const shared = { type: 'string' }
    expect(() => new ToolCallMetric({ grammar: grammar({ type: 'array', items: shared, anyOf: [shared] }) })).not.toThrow()
  })

  test("an error inside a union names the union's own key, and Python's type names are known", () => {
    const grammar = (schema: unknown) => [{ name: 'f', parameters: { type: 'object', properties: { q: schema } } }]
    expect(() => new ToolCallMetric({ grammar: grammar({ oneOf: [{ type: 'strng' }] }) })).toThrow(
      new TypeError(`options.grammar[0].parameters.properties.q.oneOf[0].type: unknown type "strng" (did you mean 'string'?)`),
    )
    expect(() => new ToolCallMetric({ grammar: grammar({ anyOf: [{ type: 'int' }, { type: 'nul' }] }) })).toThrow(/\.q\.anyOf\[1\]\.type: unknown type "nul"/)
    expect(() => new ToolCallMetric({ grammar: grammar({ anyOf: {}, oneOf: [{ type: 'integer' }] }) })).toThrow(
      new TypeError('options.grammar[0].parameters.properties.q.anyOf: expected a list of schema objects, received {}'),
    )
    // A null anyOf leaves the oneOf beside it to tell the types.
    const union = new ToolCallMetric({ grammar: grammar({ anyOf: null, oneOf: [{ type: 'integer' }] }) })
    expect(union.score([{ name: 'f', args: { q: 'x' } }], [{ name: 'f', args: { q: optional() } }]).tp).toBe(0)
    const typed = new ToolCallMetric({ grammar: grammar({ type: 'str' }) })
    expect(typed.score([{ name: 'f', args: { q: 5 } }], [{ name: 'f', args: { q: optional() } }]).tp).toBe(0)
  })

  test('an unparseable call that names a heavy tool weighs as that tool and counts under its name', () => {
    const score = new ToolCallMetric({ grammar }).score([{ name: 'delete_all', arguments: '{"id": ' }], [])
    expect(score.fp).toBe(5)
    expect(perToolCounts(score)).toEqual({ delete_all: { tp: 0, fp: 5, fn: 0 } })
  })

  test('a malformed importance throws a TypeError naming the path', () => {
    expect(() => new ToolCallMetric({ grammar: { tools: { f: { importance: -1 } } } })).toThrow(
      new TypeError('options.grammar.tools.f.importance: expected a number from 0 to 1000000, received -1'),
    )
    // So large that a few of them add up past the largest double, and the figures would be NaN.
    expect(() => new ToolCallMetric({ grammar: { tools: { f: { importance: 1e308 } } } })).toThrow(
      new TypeError('options.grammar.tools.f.importance: expected a number from 0 to 1000000, received 1e+308'),
    )
    expect(() => new ToolCallMetric({ grammar: { tools: { f: { importance: Number.NaN } } } })).toThrow(TypeError)
    expect(new ToolCallMetric({ grammar: { tools: { f: { importance: 1e6 } } } }).score([{ name: 'f', args: {} }], [{ name: 'f', args: {} }]).tp).toBe(1e6)
  })

  test('a hole in a list of tool schemas throws at the hole, however long the list', () => {
    const schema = { type: 'function', function: { name: 'f', parameters: { type: 'object', properties: {} } } }
    expect(() => new ToolCallMetric({ grammar: [schema, , schema] })).toThrow(/^options\.grammar\[1\]: expected a tool schema object, received undefined$/)
    expect(() => new ToolCallMetric({ grammar: new Array(2 ** 32 - 1) })).toThrow(/^options\.grammar\[0\]: /)
  })

  test('a hole in an enum, an anyOf or a required list throws at the hole, however long the list', () => {
    const withParameters = (properties: Record<string, unknown>, required?: unknown[]) => [
      { type: 'function', function: { name: 'f', parameters: { type: 'object', properties, required } } },
    ]
    const at = 'options.grammar[0].function.parameters'
    expect(() => new ToolCallMetric({ grammar: withParameters({ a: { type: 'string', enum: ['x', , 'y'] } }) })).toThrow(
      new TypeError(`${at}.properties.a.enum[1]: expected a declared value, received a hole in the list`),
    )
    expect(() => new ToolCallMetric({ grammar: withParameters({ a: { anyOf: new Array(2 ** 32 - 1) } }) })).toThrow(
      new TypeError(`${at}.properties.a.anyOf[0]: expected a schema object, received a hole in the list`),
    )
    expect(() => new ToolCallMetric({ grammar: withParameters({ a: { type: 'string' } }, new Array(2 ** 32 - 1)) })).toThrow(
      new TypeError(`${at}.required[0]: expected an argument name, received a hole in the list`),
    )
  })

  test('items or properties that are no schema throw a TypeError naming the path; a tuple form or a boolean is left unchecked', () => {
    const withParameter = (schema: Record<string, unknown>) => [
      { type: 'function', function: { name: 'f', parameters: { type: 'object', properties: { a: schema } } } },
    ]
    const at = 'options.grammar[0].function.parameters.properties.a'
    expect(() => new ToolCallMetric({ grammar: withParameter({ type: 'array', items: 'string' }) })).toThrow(
      new TypeError(`${at}.items: expected a schema object, received "string"`),
    )
    expect(() => new ToolCallMetric({ grammar: withParameter({ type: 'object', properties: [] }) })).toThrow(
      new TypeError(`${at}.properties: expected an object of schemas, received []`),
    )
    const tuple = new ToolCallMetric({ grammar: withParameter({ type: 'array', items: [{ type: 'string' }] }) })
    expect(tuple.score([{ name: 'f', args: { a: [1] } }], [{ name: 'f', args: { a: [1] } }]).f1).toBe(1)
    expect(() => new ToolCallMetric({ grammar: withParameter({ type: 'array', items: false }) })).not.toThrow()
  })
})

describe('tool schemas', () => {
  const tools = [
    {
      type: 'function',
      function: {
        name: 'get_weather',
        parameters: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            days: { type: 'integer', default: 1 },
            unit: { type: 'string', enum: ['c', 'f'], default: 'c' },
          },
          required: ['city'],
        },
      },
    },
  ]
  const metric = new ToolCallMetric({ grammar: tools })

  test('a value of the wrong declared type is a mismatch whose reason is the type', () => {
    const score = metric.score([{ name: 'get_weather', args: { city: 'Paris', days: 2.5 } }], [{ name: 'get_weather', args: { city: 'Paris', days: optional() } }])
    expect(score.pairs[0]!.args[1]).toMatchObject({ arg: 'days', verdict: 'mismatch', reason: 'expected an integer (the declared type), received 2.5' })
  })

  test('a value outside the declared enum is a mismatch', () => {
    const score = metric.score([{ name: 'get_weather', args: { city: 'Paris', unit: 'k' } }], [{ name: 'get_weather', args: { city: 'Paris', unit: optional() } }])
    expect(score.pairs[0]!.args[1]!.reason).toMatch(/declared values "c", "f"/)
  })

  test('an argument the gold does not list but equal to the declared default counts as left out', () => {
    const score = metric.score([{ name: 'get_weather', args: { city: 'Paris', days: 1, unit: 'C' } }], [{ name: 'get_weather', args: { city: 'Paris' } }])
    expect(score.pairs[0]!.exact).toBe(true)
    expect(score.pairs[0]!.args.map((v) => v.verdict)).toEqual(['match', 'omitted', 'omitted'])
    expect(score.pairs[0]!.args[1]!.reason).toBe('equals the declared default')
  })

  test('at arg level, of pairings that agree as much, the one that leaves out more by the declared defaults is chosen', () => {
    // Either prediction agrees on the name alone; paired, days: 1 counts nothing, where left apart it is an FP.
    const argMetric = new ToolCallMetric({ level: 'arg', grammar: tools })
    const gold = [{ name: 'get_weather', args: { city: 'Paris' } }]
    const calls = [{ name: 'get_weather', args: {} }, { name: 'get_weather', args: { days: 1 } }]
    for (const pred of [calls, [...calls].reverse()]) {
      expect(counts(argMetric.score(pred, gold))).toEqual({ tp: 1, fp: 1, fn: 1, f1: 0.5 })
    }
  })

  test('at arg level, with importances of many digits beside declared defaults, the pairing is the best in whatever order the calls come', () => {
    // The tiers' sums outgrow exact arithmetic, so the lower tiers are told apart in coarser units: agreeing on the
    // heavy city comes first, then sparing the defaults' errors.
    const properties = {
      city: { type: 'string', importance: 9876.543211 },
      days: { type: 'integer', default: 1, importance: 1.234567 },
      unit: { type: 'string', default: 'c', importance: 7.654321 },
    }
    const weighted = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties, required: ['city'] } } }]
    const argMetric = new ToolCallMetric({ level: 'arg', grammar: weighted })
    const gold = [{ name: 'get_weather', args: { city: 'Paris' } }]
    const best = { city: 'Paris', days: 1, unit: 'c' }
    const calls = [
      { name: 'get_weather', args: { city: 'Paris', days: 1 } },
      { name: 'get_weather', args: best },
      { name: 'get_weather', args: { city: 'Rome' } },
    ]
    for (const order of [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]) {
      const score = argMetric.score(order.map((i) => calls[i]!), gold)
      expect(score.pairs.map((pair) => pair.pred.args)).toEqual([best])
    }
  })

  test('at call level, an exact pair outranks a wrong one however many digits the arguments weigh', () => {
    // The agreement of the wrong pairs alone outgrows exact arithmetic beside the exact pairs' tier: it is what gives way.
    const grammar = { tools: { f: { importance: 99999.99, args: { x: { importance: 999999 }, y: { importance: 0.5 } } } } }
    const gold = [{ name: 'f', args: { x: 1, y: 2 } }]
    const calls = [{ name: 'f', args: { x: 1 } }, { name: 'f', args: { y: 2 } }, { name: 'f', args: { x: 1, y: 2 } }]
    for (const order of [[0, 1, 2], [2, 0, 1], [1, 2, 0]]) {
      const score = new ToolCallMetric({ grammar }).score(order.map((i) => calls[i]!), gold)
      expect(score.pairs.map((pair) => [pair.exact, pair.pred.args])).toEqual([[true, { x: 1, y: 2 }]])
      expect(score.tp).toBe(99999.99)
    }
  })

  test('at arg level, with the agreement and the exact pairs both of many digits, the errors spared still tell pairings apart, in either order of the gold', () => {
    // Paired with f(y: "a"), the prediction leaves f(y: optional()) to count its name alone; the other way, f(y: "a") counts its heavy y too.
    const argMetric = new ToolCallMetric({ level: 'arg', grammar: { tools: { f: { importance: 1e6, args: { y: { importance: 1e6 } } } } } })
    const required = { name: 'f', args: { y: 'a' } }
    const optionalY = { name: 'f', args: { y: optional() } }
    for (const gold of [[required, optionalY], [optionalY, required]]) {
      const score = argMetric.score([{ name: 'f', args: { y: 'a' } }], gold)
      expect(score.fn).toBe(1e6)
      expect(score.pairs[0]!.goldIndex).toBe(gold.indexOf(required))
    }
  })

  test('at arg level, of pairings that spare as many errors, the one with the fewest FPs is chosen, so that precision and recall do not depend on the order either', () => {
    // Either prediction agrees on the name alone. Paired, the first's unit is an FP and an FN and its days: 1 counts nothing,
    // the second's city an FP; left apart, a prediction counts all its units as FPs. The errors sum to 4 either way.
    const argMetric = new ToolCallMetric({ level: 'arg', grammar: tools })
    const gold = [{ name: 'get_weather', args: { unit: optional('f') } }]
    const calls = [{ name: 'get_weather', args: { unit: 'c', days: 1 } }, { name: 'get_weather', args: { city: 'Paris' } }]
    for (const pred of [calls, [...calls].reverse()]) {
      const score = argMetric.score(pred, gold)
      expect(counts(score)).toEqual({ tp: 1, fp: 3, fn: 1, f1: 1 / 3 })
      expect(score.pairs[0]!.pred.args).toEqual({ unit: 'c', days: 1 })
    }
    for (const order of ['strict', 'turns'] as const) {
      const ordered = new ToolCallMetric({ level: 'arg', order, grammar: tools })
      expect(counts(ordered.score(calls, gold))).toEqual(counts(ordered.score([...calls].reverse(), gold)))
    }
  })

  test("under order 'turns', of turns that agree and spare as much, the gold turn pairs with the one that leaves out more by declared defaults", () => {
    // As above, each call now its own turn: which turn pairs is chosen by the sums of its pairs' tiers.
    const turnsMetric = new ToolCallMetric({ level: 'arg', order: 'turns', grammar: tools })
    const gold = [[{ name: 'get_weather', args: { unit: optional('f') } }]]
    const turns = [[{ name: 'get_weather', args: { unit: 'c', days: 1 } }], [{ name: 'get_weather', args: { city: 'Paris' } }]]
    for (const pred of [turns, [...turns].reverse()]) {
      const score = turnsMetric.score(pred, gold)
      expect(counts(score)).toEqual({ tp: 1, fp: 3, fn: 1, f1: 1 / 3 })
      expect(score.pairs[0]!.pred.args).toEqual({ unit: 'c', days: 1 })
    }
  })

  test("under order 'turns', of turns that agree as much, the gold turn pairs with the one whose call spares more errors", () => {
    // Neither call is exact and each agrees on the name and y; the first also gives the optional x wrong, an FP and an FN more.
    const turnsMetric = new ToolCallMetric({ level: 'arg', order: 'turns' })
    const gold = [[{ name: 'g', args: { x: optional(1), y: 1, z: 1 } }]]
    const turns = [[{ name: 'g', args: { x: 5, y: 1 } }], [{ name: 'g', args: { y: 1 } }]]
    for (const pred of [turns, [...turns].reverse()]) {
      const score = turnsMetric.score(pred, gold)
      expect(score.pairs[0]!.pred.args).toEqual({ y: 1 })
      expect(counts(score)).toEqual({ tp: 2, fp: 3, fn: 1, f1: 0.5 })
    }
  })

  test("under order 'turns', of turns that agree as much, the gold turn pairs with the one whose calls are all exact", () => {
    // Both turns agree on every gold unit; the second's extra argument leaves one of its calls inexact.
    const turnsMetric = new ToolCallMetric({ level: 'arg', order: 'turns' })
    const gold = [[{ name: 'g', args: { x: 1 } }, { name: 'g', args: { x: 2 } }]]
    const exactTurn = [{ name: 'g', args: { x: 1 } }, { name: 'g', args: { x: 2 } }]
    const extraTurn = [{ name: 'g', args: { x: 1 } }, { name: 'g', args: { x: 2, y: 3 } }]
    for (const pred of [[exactTurn, extraTurn], [extraTurn, exactTurn]]) {
      const score = turnsMetric.score(pred, gold)
      expect(score.pairs.map((pair) => [pair.pred.args, pair.exact])).toEqual([
        [{ x: 1 }, true],
        [{ x: 2 }, true],
      ])
    }
  })

  test("under order 'turns', a turn exact against two gold turns pairs with the one whose absence would cost more", () => {
    const turnsMetric = new ToolCallMetric({ level: 'arg', order: 'turns' })
    const optionalX = [{ name: 'g', args: { x: optional(1), y: 1 } }, { name: 'g', args: { x: optional(1), y: 2 } }]
    const requiredX = [{ name: 'g', args: { x: 1, y: 1 } }, { name: 'g', args: { x: 1, y: 2 } }]
    const pred = [requiredX]
    for (const gold of [[optionalX, requiredX], [requiredX, optionalX]]) {
      const score = turnsMetric.score(pred, gold)
      expect(counts(score)).toEqual({ tp: 6, fp: 0, fn: 4, f1: 0.75 })
      // Each of the optional turn's calls costs its name and y; one of the other's would cost 3.
      expect(score.unmatchedGold.map((unmatched) => unmatched.weight)).toEqual([2, 2])
    }
  })

  test('the same argument with another value is hallucinated', () => {
    const score = metric.score([{ name: 'get_weather', args: { city: 'Paris', days: 3 } }], [{ name: 'get_weather', args: { city: 'Paris' } }])
    expect(score.pairs[0]!.args[1]).toMatchObject({ arg: 'days', verdict: 'unexpected' })
  })
})

describe('the detail', () => {
  test("gold's arguments are shown as plain data: markers, predicates and matchers described, a __proto__ key kept as a key", () => {
    const even = satisfies((v) => typeof v === 'number' && v % 2 === 0, 'an even number')
    const args = {
      unit: oneOf('c', 'f'),
      days: optional(even),
      note: optional(),
      place: { city: 'Paris', zip: expect.stringMatching(/^75/), ['__proto__']: oneOf(1, 2) },
      tags: ['a', oneOf('b', 'c')],
      ['__proto__']: satisfies(() => true, 'anything'),
    }
    const described = {
      unit: { $oneOf: ['c', 'f'] },
      days: { $optional: [{ $satisfies: 'an even number' }] },
      note: { $optional: [] },
      place: { city: 'Paris', zip: { $matcher: 'StringMatching /^75/' }, ['__proto__']: { $oneOf: [1, 2] } },
      tags: ['a', { $oneOf: ['b', 'c'] }],
      ['__proto__']: { $satisfies: 'anything' },
    }
    const paired = callLevel.score([{ name: 'f', args: {} }], [{ name: 'f', args }]).pairs[0]!.gold.args
    const unmatched = callLevel.score([], [{ name: 'f', args }]).unmatchedGold[0]!.call.args
    for (const shown of [paired, unmatched]) {
      expect(shown).toStrictEqual(described)
      expect(Object.keys(shown)).toEqual(Object.keys(described))
      expect(Object.getPrototypeOf(shown)).toBe(Object.prototype)
      expect(Object.getPrototypeOf((shown as typeof described).place)).toBe(Object.prototype)
      expect(Object.keys((shown as typeof described).place)).toContain('__proto__')
    }
  })

  test('unmatched predictions say why: wrong tool, hallucinated call, unparseable', () => {
    const score = callLevel.score(
      [search('a'), search('b'), { name: 'weather', args: {} }, { name: 'f', arguments: '{oops' }],
      [search('a'), answer('x')],
    )
    expect(score.unmatchedPred.map((u) => [u.predIndex, u.kind])).toEqual([
      [1, 'hallucinated call'],
      [2, 'wrong tool'],
      [3, 'unparseable'],
    ])
    expect(score.unmatchedPred[1]!.reason).toBe('no call to weather was expected (expected answer)')
    expect(score.unmatchedPred[2]!.reason).toMatch(/not valid JSON/)
    expect(score.unmatchedGold.map((u) => u.call.name)).toEqual(['answer'])
  })

  test('at arg level, a left-over prediction that matches exactly a gold call paired with an inexact one says so, and why', () => {
    const gold = [{ name: 'f', args: { a: 1, b: optional(2), c: optional(3), d: 4 } }]
    const exactShort = { name: 'f', args: { a: 1, d: 4 } }
    const closerWrong = { name: 'f', args: { a: 1, b: 2, c: 3, d: 5 } }
    const score = argLevel.score([exactShort, closerWrong], gold)
    expect(score.pairs.map(({ predIndex, exact }) => [predIndex, exact])).toEqual([[1, false]])
    expect(score.unmatchedPred[0]!.reason).toBe(
      'every expected call to f is already paired: the one it matches exactly is paired with pred[1], which agrees with more of its arguments',
    )
    // With an order, the one kept may be the one the order allows.
    const ordered = new ToolCallMetric({ level: 'arg', order: 'strict' }).score([exactShort, { name: 'g', args: {} }, closerWrong], [{ name: 'g', args: {} }, gold[0]!])
    expect(ordered.unmatchedPred[0]!.reason).toBe(
      'every expected call to f is already paired: the one it matches exactly is paired with pred[2], as the order allows, or as it agrees with more of its arguments',
    )
    // A left-over call that matches no gold call exactly keeps the reason alone, as does an exact one beside an exact pair.
    expect(argLevel.score([{ name: 'f', args: { a: 2, d: 4 } }, closerWrong], gold).unmatchedPred[0]!.reason).toBe('every expected call to f is already paired')
    expect(argLevel.score([exactShort, exactShort], gold).unmatchedPred[0]!.reason).toBe('every expected call to f is already paired')
    // Of two such pairs of the tool, the one whose gold call it matches.
    const twoGold = [1, 2].map((k) => ({ name: 'f', args: { k, x: optional(1), y: optional(2), z: 3 } }))
    const twoPairs = argLevel.score([{ name: 'f', args: { k: 1, x: 1, y: 2, z: 9 } }, { name: 'f', args: { k: 2, x: 1, y: 2, z: 9 } }, { name: 'f', args: { k: 1, z: 3 } }], twoGold)
    expect(twoPairs.unmatchedPred[0]!.reason).toBe(
      'every expected call to f is already paired: the one it matches exactly is paired with pred[0], which agrees with more of its arguments',
    )
    // Nor is it said of another tool's gold call whose arguments it happens to hold.
    const otherTool = argLevel.score([{ name: 'f', args: { a: 1 } }, { name: 'f', args: { a: 9 } }, { name: 'h', args: { a: 2 } }], [{ name: 'f', args: { a: 9 } }, { name: 'h', args: { a: 1 } }])
    expect(otherTool.unmatchedPred[0]!.reason).toBe('every expected call to f is already paired')
  })

  test('a wrong tool names a few of the expected ones, however many there are', () => {
    const calls = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}`, args: {} }))
    const few = callLevel.score(calls('p', 1), calls('g', 5))
    expect(few.unmatchedPred[0]!.reason).toBe('no call to p0 was expected (expected g0, g1, g2, g3, g4)')
    // Twenty thousand wrong calls against as many expected ones: each reason stays one short line.
    const many = callLevel.score(calls('p', 20_000), calls('g', 20_000))
    expect(many.unmatchedPred).toHaveLength(20_000)
    expect(many.unmatchedPred[19_999]!.reason).toBe('no call to p19999 was expected (expected g0, g1, g2, g3, g4 and 19995 more)')
    expect(Object.keys(perToolCounts(many))).toHaveLength(40_000)
  })

  test("a wrong tool's lone surrogate is written as its escape in the reason, not dropped, so the name differs from the one expected", () => {
    const long = `get_weather\ud800${'x'.repeat(100)}`
    const score = callLevel.score([{ name: 'get_weather\ud800', args: {} }, { name: '\udc00', args: {} }, { name: long, args: {} }], [{ name: 'get_weather', args: {} }])
    expect(score.unmatchedPred.map(({ reason }) => reason)).toEqual([
      'no call to get_weather\\ud800 was expected (expected get_weather)',
      'no call to \\udc00 was expected (expected get_weather)',
      `no call to get_weather\\ud800${'x'.repeat(88)}… was expected (expected get_weather)`,
    ])
  })

  test("a wrong tool's space at either end is written as its escape in the reason, so the name does not read as the one expected", () => {
    const score = callLevel.score([{ name: 'get_weather ', args: {} }, { name: ' f', args: {} }], [{ name: 'get_weather', args: {} }])
    expect(score.unmatchedPred.map(({ reason }) => reason)).toEqual([
      'no call to get_weather\\u0020 was expected (expected get_weather)',
      'no call to \\u0020f was expected (expected get_weather)',
    ])
  })

  test("a wrong tool's vast name is named by its start in the reason", () => {
    const score = callLevel.score([{ name: 'x'.repeat(100_000), args: {} }], [])
    expect(score.unmatchedPred[0]!.reason).toBe(`no call to ${'x'.repeat(100)}… was expected`)
  })

  test('a score is plain data that survives JSON', () => {
    const score = argLevel.score([search('cats'), deleteAll], [{ name: 'search', args: { q: oneOf('cats', 'kittens') } }, answer('meow')])
    expect(JSON.parse(JSON.stringify(score))).toEqual(score)
    expect(score.pairs[0]!.gold.args).toEqual({ q: { $oneOf: ['cats', 'kittens'] } })
  })

  test("a score holds gold in its JSON form as written, but a matcher or marker of the author's form in it as described", () => {
    const json = { name: 'search', args: { q: { $oneOf: ['cats', 'kittens'] } } }
    expect(argLevel.score([search('cats')], [json], { goldForm: 'json' }).pairs[0]!.gold.args).toBe(json.args)
    const mixed = [{ name: 'search', args: { q: expect.any(String), when: { $optional: [satisfies((v) => v === 1, 'one')] } } }]
    const score = argLevel.score([search('cats')], mixed, { goldForm: 'json' })
    expect(score.pairs[0]!.exact).toBe(true)
    expect(score.pairs[0]!.gold.args).toEqual({ q: { $matcher: 'Any<String>' }, when: { $optional: [{ $satisfies: 'one' }] } })
    expect(structuredClone(score)).toEqual(score)
  })

  test("a score holds the gold's PyFloats as the numbers they are, in either gold form, as it holds a prediction's", () => {
    for (const goldForm of ['author', 'json'] as const) {
      const score = argLevel.score([{ name: 'f', args: { x: [1.5], y: 2 } }], [{ name: 'f', args: { x: [new PyFloat(1.5)], y: new PyFloat(2) } }], { goldForm })
      expect(score.pairs[0]!.exact).toBe(true)
      expect(score.pairs[0]!.gold.args).toStrictEqual({ x: [1.5], y: 2 })
    }
  })

  test("a score holds none of the gold's Proxies, in either gold form, so it survives JSON whatever their traps do", () => {
    // A trap that throws on a read grading never makes, as JSON.stringify's of toJSON.
    const guarded = <T extends object>(target: T): T =>
      new Proxy(target, {
        get: (object, key) => {
          if (key === 'toJSON') throw new Error('no toJSON')
          return Reflect.get(object, key)
        },
      })
    const golds = [
      [{ name: 'search', args: guarded({ q: 'cats', filter: guarded({ tags: guarded(['a', 'b']) }) }) }],
      [{ name: 'search', args: { q: 'cats', filter: { tags: guarded(['a', 'b']) } } }],
    ]
    const pred = [search('cats'), deleteAll]
    for (const gold of golds) {
      for (const goldForm of ['author', 'json'] as const) {
        const score = argLevel.score(pred, gold, { goldForm })
        expect(score.pairs[0]!.exact).toBe(false)
        expect(JSON.parse(JSON.stringify(score))).toEqual(score)
        expect(score.pairs[0]!.gold.args).toEqual({ q: 'cats', filter: { tags: ['a', 'b'] } })
      }
    }
    // A gold Proxy of its JSON form's marker is described as that form, not held.
    const marked = argLevel.score([search('cats')], [{ name: 'search', args: { q: { $oneOf: guarded(['cats', 'dogs']) } } }], { goldForm: 'json' })
    expect(marked.pairs[0]!.exact).toBe(true)
    expect(JSON.parse(JSON.stringify(marked)).pairs[0].gold.args).toEqual({ q: { $oneOf: ['cats', 'dogs'] } })
  })

  test("a predicted call's data is its name and arguments alone, in that order, however it was written", () => {
    const written = [
      { name: 'search', args: { q: 'cats' } },
      { args: { q: 'cats' }, name: 'search' },
      { id: 'call_1', name: 'search', args: { q: 'cats' } },
      "search(q='cats')",
    ]
    for (const pred of written) {
      const { pred: data } = argLevel.score(pred, search('cats')).pairs[0]!
      expect(JSON.stringify(data)).toBe('{"name":"search","args":{"q":"cats"}}')
    }
    const positional = argLevel.score("search('cats', q='cats')", search('cats')).pairs[0]!.pred
    expect(positional).toEqual({ name: 'search', args: { q: 'cats' }, positional: ['cats'] })
  })

  test('metrics with their own canonicalizers, taking turns on one call each side, each compare strings their own way', () => {
    const loose = new ToolCallMetric({ canonicalizer: (s) => s.toLowerCase() })
    const strict = new ToolCallMetric({ canonicalizer: 'exact' })
    const gold = { name: 'search', args: { q: oneOf('Paris', 'Lyon'), lang: 'EN' } }
    for (let round = 0; round < 3; round++) {
      expect(loose.score(search('PARIS'), { name: 'search', args: { q: 'paris' } }).f1).toBe(1)
      expect(strict.score(search('PARIS'), { name: 'search', args: { q: 'paris' } }).f1).toBe(0)
      expect(loose.score({ name: 'search', args: { q: 'lyon', lang: 'en' } }, gold).f1).toBe(1)
      expect(strict.score({ name: 'search', args: { q: 'lyon', lang: 'en' } }, gold).f1).toBe(0)
    }
  })

  test('a oneOf canonicalises a predicted string once for all its string alternatives, and each alternative once', () => {
    const seen: string[] = []
    const metric = new ToolCallMetric({ canonicalizer: (s) => (seen.push(s), s.toLowerCase()) })
    const score = metric.score(search('LYON'), { name: 'search', args: { q: oneOf('Paris', 'Nice', 'Lyon') } })
    expect(score.f1).toBe(1)
    expect(seen.sort()).toEqual(['LYON', 'Lyon', 'Nice', 'Paris'])
  })

  test('per-tool counts add up to the totals', () => {
    const score = argLevel.score([search('cats'), deleteAll, answer('no')], [search('cats'), answer('meow')])
    const perTool = perToolCounts(score)
    const sum = Object.values(perTool).reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), { tp: 0, fp: 0, fn: 0 })
    expect(sum).toEqual({ tp: score.tp, fp: score.fp, fn: score.fn })
    expect(Object.keys(perTool).sort()).toEqual(['answer', 'delete_all', 'search'])
  })
})

describe('options', () => {
  test('options whose getters or traps throw are a TypeError naming the options, as gold that throws is', () => {
    const throwing = { get level(): never { throw new Error('no level here') } }
    expect(() => new ToolCallMetric(throwing as never)).toThrow(new TypeError('options: could not be read (no level here)'))
    const trap = new Proxy({}, { ownKeys: () => { throw new Error('no keys') } })
    expect(() => new ToolCallMetric(trap)).toThrow(new TypeError('options: could not be read (no keys)'))
    // A TypeError of our own, naming where, passes as it is.
    expect(() => new ToolCallMetric({ level: 'calls' as never })).toThrow(/^options\.level: /)
  })

  test("score options whose getters throw are a TypeError naming them, as the metric's own options are", () => {
    const metric = new ToolCallMetric()
    for (const key of ['grammar', 'goldForm']) {
      const throwing = Object.defineProperty({}, key, { enumerable: true, get: () => { throw new Error(`no ${key} here`) } })
      expect(() => metric.score([], [], throwing)).toThrow(new TypeError(`scoreOptions: could not be read (no ${key} here)`))
    }
    expect(() => metric.score([], [], { grammar: { tool: {} } as never })).toThrow(/^scoreOptions\.grammar\.tool: unknown key/)
  })

  test("Gemini's functionDeclarations that are not a list are named, not read as a tool without a name", () => {
    expect(() => new ToolCallMetric({ grammar: [{ functionDeclarations: { name: 'f' } }] as never })).toThrow(
      new TypeError('options.grammar[0].functionDeclarations: expected a list of function declarations, received {"name": "f"}'),
    )
    expect(() => new ToolCallMetric({ grammar: [{ function_declarations: 'f' }] as never })).toThrow(/^options\.grammar\[0\]\.function_declarations: expected a list/)
  })

  test('a tool described twice is named, and where the name canonicalizer folded two spellings together, so is that', () => {
    const tool = (name: string) => ({ type: 'function', function: { name, parameters: { type: 'object', properties: {} } } })
    expect(() => new ToolCallMetric({ grammar: [tool('search'), tool('search')] })).toThrow(new TypeError('options.grammar[1]: the tool "search" is described twice'))
    expect(() => new ToolCallMetric({ grammar: [tool('Search'), tool('search')], name: 'toolName' })).toThrow(
      new TypeError('options.grammar[1]: the tool "search" is described twice (as "Search": the name canonicalizer makes the two alike)'),
    )
  })

  test('an unknown option throws and suggests the nearest one', () => {
    expect(() => new ToolCallMetric({ levle: 'arg' } as never)).toThrow(/options\.levle: unknown option \(did you mean 'level'\?\)/)
  })

  test('an unknown option that is no identifier is named as a path spells such a key', () => {
    expect(() => new ToolCallMetric({ '': 1 } as never)).toThrow(/^options\[""\]: unknown option; the options are level/)
    expect(() => new ToolCallMetric({ 'my level': 'arg' } as never)).toThrow(/^options\["my level"\]: unknown option/)
    expect(() => new ToolCallMetric().score([], [], { 'gold form': 'json' } as never)).toThrow(/^scoreOptions\["gold form"\]: unknown option/)
  })

  test("an unknown option's message is the one the README's Gold values quotes", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const quoted = /the nearest valid one suggested \(`([^`]*)`\)/.exec(readme)![1]!
    const message = (() => {
      try {
        new ToolCallMetric({ levle: 'arg' } as never)
      } catch (error) {
        return (error as Error).message
      }
    })()
    // The README may end its quote with an ellipsis where the list of options goes on; what it quotes is printed as quoted.
    expect(quoted.endsWith(' …') ? message?.startsWith(quoted.slice(0, -1)) : message === quoted).toBe(true)
  })

  test('a canonicalizer is named as canonicalizers names it, for values and for tool names alike', () => {
    const pred = [{ name: 'Get-Weather', args: { city: 'LISBON' } }]
    const gold = [{ name: 'get_weather', args: { city: 'lisbon' } }]
    expect(new ToolCallMetric().score(pred, gold).f1).toBe(0)
    expect(new ToolCallMetric({ name: 'toolName' }).score(pred, gold).f1).toBe(1)
    expect(new ToolCallMetric({ name: canonicalizers.toolName }).score(pred, gold).f1).toBe(1)
    expect(new ToolCallMetric({ name: 'toolName', canonicalizer: 'exact' }).score(pred, gold).f1).toBe(0)
  })

  test("a misspelt canonicalizer's name suggests the nearest one, as an unknown option does", () => {
    expect(() => new ToolCallMetric({ canonicalizer: 'exakt' } as never)).toThrow(
      new TypeError("options.canonicalizer: expected a function (s: string) => string or 'default', 'exact', 'bfcl', 'toolName', received \"exakt\" (did you mean 'exact'?)"),
    )
    expect(() => new ToolCallMetric({ name: 'bfc' } as never)).toThrow(/^options\.name: .* received "bfc" \(did you mean 'bfcl'\?\)$/)
    expect(() => new ToolCallMetric({ canonicalizer: 'lowercase' } as never)).toThrow(/received "lowercase"$/)
  })

  test.each([
    ['a list', [], 'options: expected an object of options, received []'],
    ['a Date', new Date(0), 'options: expected an object of options, received 1970-01-01T00:00:00.000Z'],
    ['a string', 'arg', 'options: expected an object of options, received "arg"'],
    ['null', null, 'options: expected an object of options, received null'],
  ])('options given as %s throw rather than read as no options', (_, options, message) => {
    expect(() => new ToolCallMetric(options as never)).toThrow(new TypeError(message))
  })

  test.each([
    ['canonicalizer', 'options.canonicalizer'],
    ['name', 'options.name'],
  ])('a %s function that returns no string throws naming the option, rather than making every value alike', (option, path) => {
    // A block body without its return: every string would canonicalise to undefined, and all match.
    const metric = new ToolCallMetric({ [option]: (text: string) => void text.toLowerCase() } as never)
    expect(() => metric.score([{ name: 'get_weather', args: { city: 'Lisbon' } }], [{ name: 'get_weather', args: { city: 'Paris' } }])).toThrow(
      new RegExp(`^${path}: expected the function to return a string, received undefined for "(get_weather|Paris)" \\(a gold (value|call's name)\\)$`),
    )
  })

  test('a canonicalizer that returns no string for a predicted string grades it wrong, as one that throws on it does; for a gold string it is a TypeError', () => {
    const firstWord = (text: string) => text.match(/\w+/)?.[0]?.toLowerCase() as string
    const gold = [{ name: 'f', args: { city: 'Paris' } }]
    const score = new ToolCallMetric({ canonicalizer: firstWord }).score([{ name: 'f', args: { city: '???' } }], gold)
    expect(score.pairs[0]!.args[0]).toMatchObject({
      verdict: 'mismatch',
      reason: 'expected "Paris", received "???"; options.canonicalizer: expected the function to return a string, received undefined for "???"',
    })
    expect(evaluate([{ pred: [{ name: 'f', args: { city: '???' } }], gold }, { pred: gold, gold }], new ToolCallMetric({ canonicalizer: firstWord })).f1).toBe(0.5)
    const names = new ToolCallMetric({ name: (text: string) => (text.includes(' ') ? (undefined as never) : text) })
    expect(names.score([{ name: 'get weather', args: {} }, { name: 'f', args: {} }], [{ name: 'f', args: {} }])).toMatchObject({ tp: 1, fp: 1, fn: 0 })
    expect(() => names.score([], [{ name: 'get weather', args: {} }])).toThrow(
      new TypeError('options.name: expected the function to return a string, received undefined for "get weather" (a gold call\'s name)'),
    )
  })

  test("a canonicalizer that throws on a predicted string grades it wrong, not a crash; on a gold string it is the author's TypeError", () => {
    const metric = new ToolCallMetric({ canonicalizer: (text: string) => decodeURIComponent(text).toLowerCase(), level: 'arg' })
    const gold = [{ name: 'fetch', args: { url: 'a%20b', q: 'x' } }]
    const score = metric.score([{ name: 'fetch', args: { url: '%E0%A4%A', q: 'X' } }], gold)
    expect(score.pairs[0]!.args.map((arg) => arg.verdict)).toEqual(['mismatch', 'match'])
    // The reason says why: the strings alone would not.
    expect(score.pairs[0]!.args[0]!.reason).toBe('expected "a%20b", received "%E0%A4%A"; options.canonicalizer: threw on "%E0%A4%A": URIError: URI malformed')
    // Among several calls, whose strings a problem canonicalises once each, too.
    const several = metric.score([{ name: 'fetch', args: { url: '%E0%A4%A', q: 'X' } }, { name: 'fetch', args: { url: 'c', q: 'x' } }], [...gold, { name: 'fetch', args: { url: 'c', q: 'x' } }])
    expect(several.pairs.flatMap((pair) => pair.args.map((arg) => arg.reason)).filter((reason) => reason !== undefined)).toEqual([
      'expected "a%20b", received "%E0%A4%A"; options.canonicalizer: threw on "%E0%A4%A": URIError: URI malformed',
    ])
    expect(() => metric.score([{ name: 'fetch', args: { url: 'a' } }], [{ name: 'fetch', args: { url: '%E0%A4%A' } }])).toThrow(
      new TypeError('options.canonicalizer: threw on "%E0%A4%A": URIError: URI malformed (a gold value)'),
    )
  })

  test('a canonicalizer that throws a value with no string form, such as a null-prototype object, still grades the prediction wrong', () => {
    const metric = new ToolCallMetric({ canonicalizer: (text: string) => (text === 'A' ? ((): never => { throw Object.create(null) })() : text) })
    const gold = [{ name: 'f', args: { x: 'a' } }]
    expect(metric.score([{ name: 'f', args: { x: 'A' } }], gold).pairs[0]!.exact).toBe(false)
    expect(() => metric.score([{ name: 'f', args: { x: 'b' } }], [{ name: 'f', args: { x: 'A' } }])).toThrow(/^options\.canonicalizer: threw on "A": .* \(a gold value\)$/)
  })

  test('a name canonicalizer that throws pairs no two names it threw on, however alike, and on a gold name is a TypeError', () => {
    const name = (text: string) => {
      if (text.includes('!')) throw new Error('no bangs')
      return text
    }
    const metric = new ToolCallMetric({ name })
    const long = 'x'.repeat(70)
    expect(metric.score([{ name: 'get_weather', args: {} }, { name: `${long}!pred`, args: {} }], [{ name: 'get_weather', args: {} }]).fp).toBe(1)
    expect(() => metric.score([{ name: `${long}!pred`, args: {} }], [{ name: `${long}!gold`, args: {} }])).toThrow(
      new TypeError(`options.name: threw on "${'x'.repeat(60)}…": Error: no bangs (a gold call's name)`),
    )
  })

  test('score options given as a list throw naming scoreOptions', () => {
    expect(() => new ToolCallMetric().score([], [], ['json'] as never)).toThrow(
      new TypeError('scoreOptions: expected an object of options, received ["json"]'),
    )
  })

  test('score options are checked at every score, the same object too', () => {
    const metric = new ToolCallMetric()
    const options: Record<string, unknown> = { goldForm: 'json' }
    expect(metric.score([], [], options).f1).toBe(1)
    options.goldFrom = 'json'
    expect(() => metric.score([], [], options)).toThrow(/^scoreOptions\.goldFrom: unknown option \(did you mean 'goldForm'\?\)/)
    expect(() => metric.score([], [], new Date(0) as never)).toThrow(new TypeError('scoreOptions: expected an object of options, received 1970-01-01T00:00:00.000Z'))
  })

  test('a bad value for an option throws naming it', () => {
    expect(() => new ToolCallMetric({ order: 'sorted' } as never)).toThrow(
      "options.order: expected 'any' or 'strict' or 'turns', received \"sorted\"",
    )
  })

  test('a name canonicalizer lets Math.Factorial pair with math_factorial', () => {
    const metric = new ToolCallMetric({ name: (s) => s.toLowerCase().replaceAll('.', '_') })
    expect(metric.score([{ name: 'Math.Factorial', args: { n: 5 } }], [{ name: 'math_factorial', args: { n: 5 } }]).f1).toBe(1)
  })
})

describe('the gold and the schema together', () => {
  const tools = [
    {
      name: 'order',
      parameters: {
        type: 'object',
        properties: { qty: { type: 'integer' }, size: { type: 'string', enum: ['small', 'large'] } },
      },
    },
  ]
  const metric = new ToolCallMetric({ grammar: tools })

  test('a value the gold names outright is right even where the schema declares another type', () => {
    expect(metric.score([{ name: 'order', args: { qty: 2.5 } }], [{ name: 'order', args: { qty: 2.5 } }]).f1).toBe(1)
  })

  test('a nested value the gold names outright is told wrong where it differs from the gold, not at a part of it the schema refuses', () => {
    const nested = new ToolCallMetric({ grammar: [{ name: 'f', parameters: { type: 'object', properties: { o: { type: 'object', properties: { n: { type: 'integer' } } } } } }] })
    const inside = nested.score([{ name: 'f', args: { o: { n: 2.5, s: 'y' } } }], [{ name: 'f', args: { o: { n: 2.5, s: 'x' } } }])
    expect(inside.pairs[0]!.args[0]).toEqual({ arg: 'o', verdict: 'mismatch', weight: 1, reason: 'o.s: expected "x", received "y"' })
  })

  test('a nested value the gold names in part is told wrong where it differs from the gold or the schema refuses a part the gold does not name, not at a part the gold names', () => {
    const nested = new ToolCallMetric({
      grammar: [{ name: 'f', parameters: { type: 'object', properties: { o: { type: 'object', properties: { n: { type: 'integer' }, a: { type: 'string' } } } } } }],
    })
    const reasonOf = (pred: object, gold: object) => nested.score([{ name: 'f', args: { o: pred } }], [{ name: 'f', args: { o: gold } }]).pairs[0]!.args[0]!.reason
    expect(reasonOf({ n: 2.5, s: 'y', a: 'q' }, { n: 2.5, s: 'x', a: expect.any(String) })).toBe('o.s: expected "x", received "y"')
    expect(reasonOf({ n: 2.5, a: 3 }, { n: 2.5, a: expect.anything() })).toBe('o.a: expected a string (the declared type), received 3')
    // A part the gold names and gets wrong is still told by its declared type.
    expect(reasonOf({ n: 'x', a: 'q' }, { n: 3, a: expect.any(String) })).toBe('o.n: expected an integer (the declared type), received "x"')
    // Where nothing else is wrong, the argument is wrong for that part alone, as the schema holds the whole of it.
    expect(reasonOf({ n: 2.5, a: 'q' }, { n: 2.5, a: expect.any(String) })).toBe('o.n: expected an integer (the declared type), received 2.5')
  })

  test('a value named in a oneOf or an optional is right even where the schema declares another type', () => {
    expect(metric.score([{ name: 'order', args: { qty: 2.5 } }], [{ name: 'order', args: { qty: oneOf(2.5, 3) } }]).f1).toBe(1)
    expect(metric.score([{ name: 'order', args: { qty: 2.5 } }], [{ name: 'order', args: { qty: optional(2.5) } }]).f1).toBe(1)
  })

  test('a value the gold accepts by a matcher or a predicate must still have the declared type', () => {
    const golds = [expect.any(Number), satisfies((n) => typeof n === 'number' && n > 0, 'a positive number'), oneOf(1, expect.any(Number))]
    for (const qty of golds) {
      const score = metric.score([{ name: 'order', args: { qty: 2.5 } }], [{ name: 'order', args: { qty } }])
      expect(score.pairs[0]!.args[0]).toMatchObject({ verdict: 'mismatch', reason: 'expected an integer (the declared type), received 2.5' })
    }
  })

  test('inside a list or an object, a value the gold accepts without naming it must still have the declared type and be a declared value', () => {
    const alarm = new ToolCallMetric({
      grammar: [{ name: 'set_alarm', parameters: { type: 'object', properties: {
        times: { type: 'array', items: { type: 'integer' } },
        opts: { type: 'object', properties: { tone: { type: 'string', enum: ['bell', 'beep'] }, label: { type: 'string' } } },
      } } }],
    })
    const reasonOf = (args: Record<string, unknown>, gold: Record<string, unknown>) => {
      const score = alarm.score([{ name: 'set_alarm', args }], [{ name: 'set_alarm', args: gold }])
      return score.f1 === 1 ? undefined : score.pairs[0]!.args[0]!.reason
    }
    const anyValue = satisfies(() => true, 'any value')
    expect(reasonOf({ times: [7.5] }, { times: [anyValue] })).toBe('times[0]: expected an integer (the declared type), received 7.5')
    expect(reasonOf({ times: [7, 7.5] }, { times: [7, expect.any(Number)] })).toBe('times[1]: expected an integer (the declared type), received 7.5')
    expect(reasonOf({ opts: { tone: 'siren' } }, { opts: { tone: optional() } })).toMatch(/^opts\.tone: .*declared values "bell", "beep"/)
    expect(reasonOf({ opts: { tone: 42 } }, { opts: { tone: optional() } })).toMatch(/^opts\.tone: expected a string \(the declared type\)/)
    // Values of the declared kinds pass, and what the gold names whole stays right whatever the schema declares.
    expect(reasonOf({ times: [7], opts: { tone: 'bell', label: 'x' } }, { times: [anyValue], opts: { tone: optional(), label: 'x' } })).toBeUndefined()
    expect(reasonOf({ times: [7.5], opts: { tone: 'siren' } }, { times: [7.5], opts: { tone: 'siren' } })).toBeUndefined()
  })

  test('a wrong value that is also of the wrong type is reported by its type', () => {
    const score = metric.score([{ name: 'order', args: { qty: '2' } }], [{ name: 'order', args: { qty: 2 } }])
    expect(score.pairs[0]!.args[0]!.reason).toBe('expected an integer (the declared type), received "2"')
  })

  test('declared values compare through the canonicalizer', () => {
    expect(metric.score([{ name: 'order', args: { size: 'LARGE' } }], [{ name: 'order', args: { size: optional() } }]).f1).toBe(1)
  })

  test('floats from typed JSON read as numbers on both sides', async () => {
    const { parseTypedJson } = await import('../../src/bfcl/typed-json')
    const gold = [{ name: 'order', args: { qty: parseTypedJson('2.0') } }]
    expect(new ToolCallMetric().score([{ name: 'order', args: { qty: parseTypedJson('2.0') } }], gold).f1).toBe(1)
    expect(new ToolCallMetric().score([{ name: 'order', args: { qty: 2 } }], gold).f1).toBe(1)
  })
})

describe('at call level, among pairings as exact', () => {
  test('the wrong call sits beside the gold call it came closest to, whatever the exact pair agrees on', () => {
    const gold = [{ name: 'f', args: { a: optional(), b: optional(), c: optional() } }, { name: 'f', args: { a: 1, d: 1 } }]
    const score = new ToolCallMetric().score([{ name: 'f', args: { a: 1, b: 1, c: 1 } }, { name: 'f', args: {} }], gold)
    // f() is as exact beside the first gold call as f(a=1, b=1, c=1); the latter agrees with the second on a.
    expect(score.pairs.map(({ predIndex, goldIndex, exact }) => [predIndex, goldIndex, exact])).toEqual([
      [1, 0, true],
      [0, 1, false],
    ])
  })
})

describe("order 'strict' on a tie", () => {
  test('pairs the first of two like predictions, as the unordered pairing does, and leaves the later one over', () => {
    const f = { name: 'f', args: {} }
    for (const order of ['strict', 'any'] as const) {
      const score = new ToolCallMetric({ order }).score([f, f], [f])
      expect(score.pairs.map(({ predIndex }) => predIndex)).toEqual([0])
      expect(score.unmatchedPred.map(({ predIndex }) => predIndex)).toEqual([1])
    }
  })
})

describe('a tool of importance 0', () => {
  const grammar = { tools: { f: { importance: 0 } } }
  const f = (a: number) => ({ name: 'f', args: { a } })

  test.each(['call', 'arg'] as const)('still pairs each call with the gold call it matches exactly, at %s level, so the right calls in another order pass', (level) => {
    const score = new ToolCallMetric({ grammar, level }).score([f(2), f(1)], [f(1), f(2)])
    expect(score.pairs.map(({ predIndex, goldIndex, exact }) => [predIndex, goldIndex, exact])).toEqual([
      [1, 0, true],
      [0, 1, true],
    ])
    expect([f(2), f(1)]).toMatchToolCalls([f(1), f(2)], { grammar, level })
  })

  test.each(['call', 'arg'] as const)("ranks its exact pairs below any weighed tool's: in order, it does not take the place of one, at %s level", (level) => {
    const h = { name: 'h', args: {} }
    for (const weighed of [{ h: { importance: 1 } }, { h: { importance: 1 / 3 } }]) {
      const score = new ToolCallMetric({ grammar: { tools: { ...grammar.tools, ...weighed } }, level, order: 'strict' }).score([f(1), h], [h, f(1)])
      expect(score.pairs.map(({ predIndex, goldIndex }) => [predIndex, goldIndex])).toEqual([[1, 0]])
      expect(score.f1).toBe(1)
    }
  })

  test('counts nothing: calls that weigh nothing either side score as nothing expected and nothing predicted', () => {
    expect(counts(new ToolCallMetric({ grammar }).score([f(2)], [f(1)]))).toEqual({ tp: 0, fp: 0, fn: 0, f1: 1 })
  })
})

