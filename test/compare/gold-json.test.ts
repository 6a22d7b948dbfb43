import { expect as jestExpect } from 'expect'
import { describe, expect, test } from 'vitest'
import { goldFromJSON, goldToJSON } from '../../src/compare/gold-json'
import { isOneOf, isOptional, oneOf, optional, satisfies } from '../../src/compare/gold-values'
import { parseTypedJson } from '../../src/bfcl/typed-json'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

describe('gold as JSON', () => {
  test('a hole in a list throws at the hole, however long the list', () => {
    expect(() => goldFromJSON([{ name: 'f', args: { a: [1, , 3] } }])).toThrow(new TypeError('gold[0].args.a[1]: expected a gold value, received a hole in the list'))
    expect(() => goldFromJSON({ $oneOf: new Array(2 ** 32 - 1) })).toThrow(new TypeError('gold.$oneOf[0]: expected a gold value, received a hole in the list'))
  })

  test('oneOf and optional become $oneOf and $optional', () => {
    const gold = [{ name: 'f', args: { unit: oneOf('c', 'f'), days: optional(3), note: optional() } }]
    expect(goldToJSON(gold)).toEqual([
      { name: 'f', args: { unit: { $oneOf: ['c', 'f'] }, days: { $optional: [3] }, note: { $optional: [] } } },
    ])
  })

  test('goldFromJSON refuses an $optional where nothing can be left out, in the form it was written', () => {
    const said = (path: string) => new TypeError(`${path}: $optional applies to an argument or an object key; wrap alternatives as { "$optional": [{ "$oneOf": [...] }] }`)
    expect(() => goldFromJSON([{ name: 'f', args: { x: [{ $optional: [1] }] } }])).toThrow(said('gold[0].args.x[0]'))
    expect(() => goldFromJSON([{ name: 'f', args: { y: { $oneOf: [{ $optional: [1] }, 2] } } }])).toThrow(said('gold[0].args.y.$oneOf[0]'))
    expect(() => goldFromJSON([{ name: 'f', args: { z: { $optional: [{ $optional: [] }] } } }])).toThrow(said('gold[0].args.z.$optional[0]'))
    // Under a key, at any depth, it is what it says.
    const read = goldFromJSON([{ name: 'f', args: { filters: { stars: { $optional: [4] } } } }]) as unknown as [{ args: { filters: { stars: unknown } } }]
    expect(isOptional(read[0].args.filters.stars)).toBe(true)
  })

  test('goldFromJSON inverts goldToJSON', () => {
    const gold = [{ name: 'f', args: { unit: optional(oneOf('c', 'f')), list: [1, { a: oneOf(1, 2) }] } }]
    const back = goldFromJSON(JSON.parse(JSON.stringify(goldToJSON(gold)))) as typeof gold
    const unit = back[0]!.args.unit
    expect(isOptional(unit) && isOneOf(unit.value) && unit.value.alternatives).toEqual(['c', 'f'])
    expect(goldToJSON(back)).toEqual(goldToJSON(gold))
  })

  test('a marker with another key beside it throws naming the path, where it was silently a literal object that nothing matches', () => {
    expect(() => goldFromJSON([{ name: 'f', args: { x: { $optional: [1], $comment: 'c' } } }])).toThrow(
      new TypeError('gold[0].args.x: a marker is an object of one key, $optional, received also "$comment"'),
    )
    expect(() => new ToolCallMetric().score([], [{ name: 'f', args: { x: { y: { $oneOf: [1], $optional: [2] } } } }], { goldForm: 'json' })).toThrow(
      new TypeError('gold[0].args.x.y: a marker is an object of one key, $oneOf, received also "$optional"; nest one marker in the other, as { "$optional": [{ "$oneOf": [...] }] }'),
    )
    // Nor is such a literal object written out, as it would read back so.
    expect(() => goldToJSON([{ name: 'f', args: { x: { $oneOf: 1, n: 2 } } }])).toThrow(/^gold\[0\]\.args\.x: .* has no JSON form: a marker's key beside others would not read back$/)
    // Other objects of several keys stay literal, `$` or not.
    expect(new ToolCallMetric().score([{ name: 'f', args: { x: { $ref: 1, n: 2 } } }], [{ name: 'f', args: { x: { $ref: 1, n: 2 } } }], { goldForm: 'json' }).f1).toBe(1)
  })

  test('a literal object whose key is a marker with a slip of case round-trips when it holds no list, and has no JSON form when it does', () => {
    const gold = [{ name: 'f', args: { flag: { $Optional: true } } }]
    expect(goldFromJSON(goldToJSON(gold))).toEqual(gold)
    expect(() => goldToJSON([{ name: 'f', args: { x: { $oneof: [1] } } }])).toThrow(
      new TypeError('gold[0].args.x: {"$oneof": [1]} has no JSON form: its key is a misspelt marker'),
    )
    // A literal object keyed exactly as a marker would read back as one, with another meaning.
    expect(() => goldToJSON([{ name: 'f', args: { x: { $oneOf: [1, 2] } } }])).toThrow(
      new TypeError('gold[0].args.x: {"$oneOf": [1, 2]} has no JSON form: it would read back as a marker'),
    )
    // Nor one whose value is no list: written, it would not read back at all.
    for (const literal of [{ $oneOf: 'literal' }, { $optional: 1 }]) {
      expect(() => goldFromJSON([{ name: 'f', args: { x: literal } }])).toThrow(TypeError)
      expect(() => goldToJSON([{ name: 'f', args: { x: literal } }])).toThrow(/^gold\[0\]\.args\.x: .* has no JSON form: it would read back as a marker$/)
    }
  })

  test('a marker key with a slip of case throws naming it, rather than reading as a literal object', () => {
    expect(() => goldFromJSON([{ name: 'f', args: { x: { $oneof: [1, 2] } } }])).toThrow(new TypeError('gold[0].args.x.$oneof: not a marker; did you mean $oneOf?'))
    const metric = new ToolCallMetric()
    expect(() => metric.score([], [{ name: 'f', args: { x: { $Optional: [] } } }], { goldForm: 'json' })).toThrow(/\.\$Optional: not a marker; did you mean \$optional\?$/)
  })

  test('gold that holds the same parts so often that it writes out to more than a million values throws, both ways, rather than running for hours', () => {
    const shared = Array.from({ length: 40 }).reduce<unknown>((inner) => [inner, inner], 1)
    const vast = /^gold\[0\]\.args\.x(\[[01]\])+: holds more than 1,000,000 values, written out/
    expect(() => goldToJSON([{ name: 'f', args: { x: shared } }])).toThrow(vast)
    expect(() => goldFromJSON([{ name: 'f', args: { x: shared } }])).toThrow(vast)
    // The count is of one gold.
    const large = [{ name: 'f', args: { x: Array.from({ length: 400_000 }, (_, i) => i) } }]
    for (let i = 0; i < 5; i++) expect(goldFromJSON(goldToJSON(large))).toEqual(large)
  })

  test('a marker key with a slip of letters throws naming the nearest marker, where it was silently a literal object that nothing matches', () => {
    expect(() => goldFromJSON([{ name: 'f', args: { x: { $optinal: [3] } } }])).toThrow(new TypeError('gold[0].args.x.$optinal: not a marker; did you mean $optional?'))
    const metric = new ToolCallMetric()
    expect(() => metric.score([], [{ name: 'f', args: { x: { $oneOff: [1, 2] } } }], { goldForm: 'json' })).toThrow(
      new TypeError('gold[0].args.x.$oneOff: not a marker; did you mean $oneOf?'),
    )
    expect(() => goldToJSON([{ name: 'f', args: { x: { $onOf: [1] } } }])).toThrow(/has no JSON form: its key is a misspelt marker$/)
    // Other keys of a `$`, such as a MongoDB query's, stay literal objects, both ways.
    const query = [{ name: 'find', args: { filter: { $or: [{ a: 1 }, { b: 2 }] }, ids: { $nin: [3] } } }]
    expect(goldFromJSON(goldToJSON(query))).toEqual(query)
  })

  test("gold of the JSON form scored as the author's form throws, naming goldForm, where its markers were silently literal objects", () => {
    const metric = new ToolCallMetric()
    const calls = [{ name: 'f', args: { x: 1 } }]
    const hint = "is a marker of gold's JSON form: convert such gold with goldFromJSON(gold) (metric.score and evaluate also take goldForm: 'json'), or write"
    expect(() => metric.score(calls, [{ name: 'f', args: { x: { $oneOf: [1, 2] } } }])).toThrow(new TypeError(`gold[0].args.x: { "$oneOf": [...] } ${hint} oneOf(...)`))
    expect(() => metric.score(calls, [{ name: 'f', args: { y: { z: { $optional: [] } } } }])).toThrow(`gold[0].args.y.z: { "$optional": [...] } ${hint} optional(...)`)
    expect(() => metric.score(calls, [{ name: 'f', args: { x: { $oneof: [1] } } }])).toThrow(`${hint} oneOf(...)`)
    expect(metric.score(calls, [{ name: 'f', args: { x: { $oneOf: [1, 2] } } }], { goldForm: 'json' }).f1).toBe(1)
    // Objects that only look alike stay literal: another key, or no list.
    expect(metric.score([{ name: 'f', args: { x: { $ref: [1] } } }], [{ name: 'f', args: { x: { $ref: [1] } } }]).f1).toBe(1)
    expect(metric.score([{ name: 'f', args: { x: { $oneOf: 1 } } }], [{ name: 'f', args: { x: { $oneOf: 1 } } }]).f1).toBe(1)
  })

  test('optional() takes at most one value, where a second was silently dropped', () => {
    expect(() => (optional as (...values: unknown[]) => unknown)(1, 2)).toThrow(
      new TypeError('optional(): expected at most one value, received 2; for any of several, write optional(oneOf(...))'),
    )
  })

  test('oneOf() given one list throws saying to spread it, where the list was read as its one alternative', () => {
    expect(() => oneOf(['Paris', 'Rome'])).toThrow(
      new TypeError('oneOf(): received one list, ["Paris", "Rome"]; spread a list of alternatives, oneOf(...values), or write a list that is the one value allowed as it is, without oneOf()'),
    )
    expect(new ToolCallMetric().score([{ name: 'f', args: { x: 'Rome' } }], [{ name: 'f', args: { x: oneOf(...['Paris', 'Rome']) } }]).f1).toBe(1)
    // Several lists are alternatives each, and the JSON form's list of alternatives is unambiguous.
    expect(oneOf([1], [2]).alternatives).toEqual([[1], [2]])
    const listAlone = [{ name: 'f', args: { x: { $oneOf: [[1, 2]] } } }]
    expect(new ToolCallMetric().score([{ name: 'f', args: { x: [1, 2] } }], goldFromJSON(listAlone)).f1).toBe(1)
  })

  test('predicates and matchers have no JSON form and say where they are', () => {
    expect(() => goldToJSON([{ name: 'f', args: { x: satisfies(() => true, 'any') } }])).toThrow(/^gold\[0\]\.args\.x: /)
    expect(() => goldToJSON({ x: jestExpect.any(String) })).toThrow(TypeError)
  })

  test("a float of BFCL's typed JSON becomes its number, as the grader reads it", () => {
    const gold = [{ name: 'f', args: parseTypedJson('{"g": 9.81, "xs": [1.0, 2.5]}') as Record<string, unknown> }]
    const json = goldToJSON(gold)
    expect(json).toEqual([{ name: 'f', args: { g: 9.81, xs: [1, 2.5] } }])
    const metric = new ToolCallMetric({ level: 'arg' })
    const pred = [{ name: 'f', args: { g: 9.81, xs: [1, 2] } }]
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value))
    expect(metric.score(pred, plain(json), { goldForm: 'json' })).toEqual(plain(metric.score(pred, gold)))
  })

  test('a oneOf marker of another copy of the package that holds no list of alternatives is refused as reading gold refuses it', () => {
    const marked = (alternatives: unknown) => ({ [Symbol.for('expect-toolcalls.gold-marker')]: 'oneOf', alternatives })
    expect(() => goldToJSON([{ name: 'f', args: { x: marked('a') } }])).toThrow(new TypeError('gold[0].args.x: oneOf() needs at least one alternative'))
    expect(() => goldToJSON([{ name: 'f', args: { x: marked([]) } }])).toThrow(new TypeError('gold[0].args.x: oneOf() needs at least one alternative'))
    expect(goldToJSON([{ name: 'f', args: { x: marked(['a']) } }])).toEqual([{ name: 'f', args: { x: { $oneOf: ['a'] } } }])
  })

  test('an object that is not plain data has no JSON form and says where it is', () => {
    expect(() => goldToJSON([{ name: 'f', args: { when: new Date(0) } }])).toThrow(new TypeError('gold[0].args.when: 1970-01-01T00:00:00.000Z has no JSON form; only values, oneOf() and optional() do'))
    expect(() => goldToJSON({ m: new Map() })).toThrow(/^gold\.m: .* has no JSON form/)
  })

  test('a value that JSON would write as null or leave out throws, where it read back as other gold', () => {
    const cases: [unknown, string][] = [
      [undefined, 'gold[0].args.x: expected a gold value, received undefined (use optional() for an argument that may be left out)'],
      [NaN, 'gold[0].args.x: NaN has no JSON form; only values, oneOf() and optional() do'],
      [Infinity, 'gold[0].args.x: Infinity has no JSON form; only values, oneOf() and optional() do'],
      [oneOf(1, undefined), 'gold[0].args.x.oneOf[1]: expected a gold value'],
      [optional(-Infinity), 'gold[0].args.x.optional: -Infinity has no JSON form'],
      [[1, , 2], 'gold[0].args.x[1]: expected a gold value, received a hole in the list'],
      [Symbol('s'), 'gold[0].args.x: '],
      [1n, 'gold[0].args.x: '],
    ]
    for (const [x, message] of cases) {
      expect(() => goldToJSON([{ name: 'f', args: { x } }]), message).toThrow(TypeError)
      expect(() => goldToJSON([{ name: 'f', args: { x } }]), message).toThrow(message)
    }
    // A call's own keys left undefined mean absent, in JSON as in gold.
    expect(JSON.stringify(goldToJSON([{ name: 'f', args: undefined, id: undefined }]))).toBe('[{"name":"f"}]')
  })

  test('a value that contains itself throws a TypeError, not a stack overflow', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(() => goldToJSON([{ name: 'f', args: cycle }])).toThrow(new TypeError('gold[0].args.self: a cycle: the value contains itself'))
    expect(() => goldFromJSON([{ name: 'f', args: cycle }])).toThrow(new TypeError('gold[0].args.self: a cycle: the value contains itself'))
  })

  test('gold nested as deep as it may be read goes both ways, in its markers too', () => {
    let deep: unknown = 1
    for (let i = 0; i < 255; i++) deep = [deep]
    const gold = [[{ name: 'f', args: { x: oneOf(deep, 2), y: optional(deep) } }]]
    const json = JSON.parse(JSON.stringify(goldToJSON(gold))) as unknown
    expect(goldFromJSON(json)).toEqual(gold)
  })

  test('a chain of markers nested past any depth gold can be read at throws a TypeError, not a stack overflow', () => {
    let chain: unknown = 1
    for (let i = 0; i < 20_000; i++) chain = i % 2 === 0 ? oneOf(chain, 2) : optional(chain)
    expect(() => goldToJSON([{ name: 'f', args: { x: chain } }])).toThrow(/^gold\[0\]\.args\.x(\.oneOf\[0\]|\.optional)+(…)?: nested deeper than 1024 levels$/)
  })

  test('an undefined that JSON leaves out is refused, but where a call may leave its arguments or id out', () => {
    expect(() => goldToJSON([{ name: 'f', args: { user: { name: 'bob', id: undefined } } }])).toThrow(/^gold\[0\]\.args\.user\.id: expected a gold value, received undefined/)
    expect(goldToJSON([['f', undefined], { name: 'g', args: undefined, id: undefined }])).toEqual([['f'], { name: 'g' }])
    expect(goldToJSON([[{ name: 'f', arguments: undefined }]])).toEqual([[{ name: 'f' }]])
    // Inside the arguments, `id` is an argument like any other.
    expect(() => goldToJSON([['f', { id: undefined }]])).toThrow(/^gold\[0\]\[1\]\.id: expected a gold value, received undefined/)
    expect(() => goldToJSON([{ name: 'f', args: { id: undefined } }])).toThrow(/^gold\[0\]\.args\.id: expected a gold value, received undefined/)
  })

  test('gold that throws when read (a getter, a Proxy trap, a revoked Proxy) is a TypeError naming the gold both ways, as reading gold names it', () => {
    const getter = Object.defineProperty({ name: 'f' }, 'args', { enumerable: true, get: () => { throw new Error('boom') } })
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    for (const convert of [goldToJSON, goldFromJSON]) {
      expect(() => convert([getter])).toThrow(new TypeError('gold: could not be read (boom)'))
      expect(() => convert([{ name: 'f', args: revoked.proxy }])).toThrow(/^gold: could not be read \(Cannot perform/)
    }
  })

  test('a function has no JSON form and says where it is, as a predicate does', () => {
    expect(() => goldToJSON([{ name: 'f', args: { x: () => 1 } }])).toThrow(/^gold\[0\]\.args\.x: .+ has no JSON form; only values, oneOf\(\) and optional\(\) do$/)
  })

  test('a call written [name, args] keeps its form, its arguments converted', () => {
    expect(goldToJSON([['f', { unit: oneOf('c', 'f') }], ['g'], ['h', undefined]])).toEqual([['f', { unit: { $oneOf: ['c', 'f'] } }], ['g'], ['h']])
    expect(() => goldToJSON([['f', { x: satisfies(() => true, 'any') }]])).toThrow(/^gold\[0\]\[1\]\.x: /)
  })

  test('goldFromJSON leaves its input as it was and shares the parts that hold no marker', () => {
    const plain = { city: 'Paris', tags: ['a', 'b'] }
    const alternatives = ['c', 'f']
    const json = deepFrozen([{ name: 'f', args: { where: plain, unit: { $oneOf: alternatives }, list: [plain, { $oneOf: [1] }] } }])
    const before = JSON.stringify(json)
    const read = goldFromJSON(json) as unknown as [{ args: { where: unknown; unit: unknown; list: unknown[] } }]
    expect(JSON.stringify(json)).toBe(before)
    expect(read[0].args.where).toBe(plain)
    expect(read[0].args.list[0]).toBe(plain)
    expect(isOneOf(read[0].args.list[1])).toBe(true)
    // A oneOf holds a list of its own, not the input's.
    const unit = read[0].args.unit
    expect(isOneOf(unit) && unit.alternatives).toEqual(alternatives)
    expect(isOneOf(unit) && unit.alternatives).not.toBe(alternatives)
    // Gold with no marker at all is the input itself.
    const bare = [{ name: 'f', args: plain }]
    expect(goldFromJSON(bare)).toBe(bare)
  })

  test('a malformed marker deep inside lists and objects names its whole path', () => {
    expect(() => goldFromJSON([{ name: 'f', args: { x: [{ y: { $oneOf: 5 } }] } }])).toThrow(/^gold\[0\]\.args\.x\[0\]\.y\.\$oneOf: /)
  })

  test('a malformed $oneOf throws a TypeError naming the path', () => {
    expect(() => goldFromJSON([{ name: 'f', args: { x: { $oneOf: [] } } }])).toThrow(/gold\[0\]\.args\.x\.\$oneOf: expected a non-empty list/)
    expect(() => goldFromJSON({ x: { $optional: [1, 2] } })).toThrow(/gold\.x\.\$optional: expected \[\] or \[value\]/)
  })
})

describe('markers outside the grader', () => {
  test('print as written, in a runner diff', async () => {
    const { format, plugins } = await import('pretty-format')
    const printed = format({ unit: oneOf('c', 'f'), days: optional(3), note: optional(), n: satisfies(() => true, 'a number') }, {
      plugins: [plugins.AsymmetricMatcher],
      min: true,
    })
    expect(printed).toBe('{"days": optional(3), "n": satisfies(a number), "note": optional(), "unit": oneOf("c", "f")}')
  })

  test("print as written in Vitest's one-line headline too, not as the class that holds them", () => {
    const failure = (() => {
      try {
        expect({ unit: 'C' }).toEqual({ unit: oneOf('c', 'f') })
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(failure).toBe('expected { unit: \'C\' } to deeply equal { unit: oneOf("c", "f") }')
  })

  test('work inside a plain toEqual, where strings compare exactly', () => {
    expect({ unit: 'c' }).toEqual({ unit: oneOf('c', 'f') })
    expect({ unit: 'c', days: 3 }).toEqual({ unit: oneOf('c', 'f'), days: optional(3) })
    expect({ unit: 'C' }).not.toEqual({ unit: oneOf('c', 'f') })
    expect({ unit: 'c', days: 4 }).not.toEqual({ unit: 'c', days: optional(3) })
  })

  test('malformed inside a plain toEqual, throw a TypeError named from the marker, not from a wrapping of their own', () => {
    expect(() => expect({ a: 1 }).toEqual({ a: oneOf(undefined, 1) })).toThrow(/^oneOf\[0\]: expected a gold value, received undefined/)
    expect(() => expect({ a: 1 }).toEqual({ a: oneOf(1, optional(2)) })).toThrow(/^oneOf\[1\]: optional\(\) applies to an argument/)
  })
})

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFrozen(child)
    Object.freeze(value)
  }
  return value
}
