import { describe, expect, test } from 'vitest'
import { readGold } from '../../src/compare/gold-calls'
import { oneOf, optional } from '../../src/compare/gold-values'

const read = (gold: unknown) => readGold(gold)

/** `1` wrapped `levels` times by `wrap`. */
const nested = (levels: number, wrap: (inner: unknown) => unknown): unknown => Array.from({ length: levels }).reduce<unknown>(wrap, 1)

describe('reading gold', () => {
  test('a list of calls is one turn, in every accepted call form', () => {
    const turns = read([{ name: 'a', args: { x: 1 } }, { name: 'b', arguments: { y: 2 } }, ['c', { z: 3 }], ['d']])
    expect(turns).toHaveLength(1)
    expect(turns[0]!.map((call) => [call.name, call.args])).toEqual([
      ['a', { x: 1 }],
      ['b', { y: 2 }],
      ['c', { z: 3 }],
      ['d', {}],
    ])
  })

  test('a list of lists of calls is a list of turns', () => {
    const turns = read([[{ name: 'a', args: {} }], [['b', {}], ['c', {}]]])
    expect(turns.map((turn) => turn.map((call) => call.name))).toEqual([['a'], ['b', 'c']])
  })

  test("a marker of gold's JSON form given as the arguments throws, where it was read as one argument named $oneOf", () => {
    const args = { $oneOf: [{ x: 1 }, { x: 2 }] }
    const message = 'gold[0].args: expected an object of arguments, received {"$oneOf": [{"x": 1}, {"x": 2}]}; $oneOf applies to an argument\'s value, not to the arguments'
    expect(() => readGold([{ name: 'f', args }], 'gold', 'json')).toThrow(new TypeError(message))
    expect(() => readGold([{ name: 'f', args }])).toThrow(new TypeError(message))
    expect(() => readGold([{ name: 'f', args: { $optional: [] } }], 'gold', 'json')).toThrow(/^gold\[0\]\.args: .*; \$optional applies to an argument's value/)
    // An argument of that name holding no list stays an argument.
    expect(readGold([{ name: 'f', args: { $oneOf: 1 } }])[0]![0]!.keys).toEqual(['$oneOf'])
  })

  test('a single call is a turn of one', () => {
    expect(read({ name: 'a', args: {} })[0]!.map((call) => call.name)).toEqual(['a'])
  })

  test('a hole in a list of calls or in a turn throws at the hole, however long the list', () => {
    const call = { name: 'a', args: {} }
    expect(() => read([call, , call])).toThrow(new TypeError('gold[1]: expected a gold call, received a hole in the list'))
    expect(() => read([[call], [call, , call]])).toThrow(new TypeError('gold[1][1]: expected a gold call, received a hole in the list'))
    expect(() => read(new Array(2 ** 32 - 1))).toThrow(new TypeError('gold[0]: expected a gold call, received a hole in the list'))
  })

  test('gold that throws as it is read, by a getter or a revoked Proxy, throws a TypeError naming where', () => {
    const throwing = { name: 'f', get args(): never { throw new Error('boom') } }
    expect(() => readGold([throwing])).toThrow(new TypeError('gold[0]: could not be read (boom)'))
    // The call at fault, not the first; a Proxy's trap on the arguments names them; a getter's own TypeError is named too.
    const named = { name: 'f', args: {} }
    expect(() => readGold([named, throwing])).toThrow(new TypeError('gold[1]: could not be read (boom)'))
    expect(() => readGold([[named], [Object.defineProperty({ args: {} }, 'name', { get: () => (null as unknown as { x: unknown }).x })]])).toThrow(/^gold\[1\]\[0\]: could not be read \(Cannot read properties of null/)
    const trapped = new Proxy({}, { ownKeys: () => { throw new Error('trap') } })
    expect(() => readGold([named, { name: 'g', args: trapped }])).toThrow(new TypeError('gold[1].args: could not be read (trap)'))
    expect(() => readGold({ name: 'g', args: trapped }, '')).toThrow(new TypeError('args: could not be read (trap)'))
    const throwingValue = { name: 'f', args: { city: 'Paris', get days(): never { throw new Error('boom') } } }
    expect(() => readGold([throwingValue])).toThrow(new TypeError('gold[0].args.days: could not be read (boom)'))
    expect(() => readGold({ name: 'f', args: { filters: throwingValue.args } })).toThrow(new TypeError('gold.args.filters.days: could not be read (boom)'))
    const { proxy, revoke } = Proxy.revocable([], {})
    revoke()
    expect(() => readGold(proxy, 'episodes[3].gold')).toThrow(TypeError)
    expect(() => readGold(proxy, 'episodes[3].gold')).toThrow(/^episodes\[3\]\.gold: could not be read \(Cannot perform 'IsArray'/)
  })

  test('a gold value that is a Proxy whose trap throws, or a revoked one, is named by its own path, not by its call or as the gold', () => {
    const trapped = new Proxy({}, { get: () => { throw new Error('trap') } })
    const { proxy: revoked, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(() => readGold([{ name: 'f', args: { city: trapped } }])).toThrow(new TypeError('gold[0].args.city: could not be read (trap)'))
    expect(() => readGold([{ name: 'f', args: { city: oneOf('Paris', trapped) } }])).toThrow(new TypeError('gold[0].args.city.oneOf[1]: could not be read (trap)'))
    expect(() => readGold([{ name: 'f', args: { days: [1, revoked] } }])).toThrow(/^gold\[0\]\.args\.days\[1\]: could not be read \(Cannot perform 'getPrototypeOf'/)
    // toHaveCalledTool's arguments are read as a call at the root: named from args, never as the gold or without a path.
    expect(() => expect([]).toHaveCalledTool('f', { city: trapped })).toThrow(new TypeError('args.city: could not be read (trap)'))
    expect(() => expect([]).toHaveCalledTool('f', { days: [1, revoked] })).toThrow(/^args\.days\[1\]: could not be read/)
    // A marker compiled alone, as a plain toEqual does, names its parts from itself.
    expect(() => expect('Rome').toEqual(oneOf('Paris', trapped))).toThrow(new TypeError('oneOf[1]: could not be read (trap)'))
  })

  test('a call with no name throws a TypeError naming the path', () => {
    expect(() => read([{ name: 'a', args: {} }, { args: {} }])).toThrow(new TypeError("gold[1].name: expected the tool's name, received undefined"))
  })

  test('a name that is call text throws, as no provider lets a tool name hold a parenthesis', () => {
    const said = (path: string) => new TypeError(`${path}: expected the tool's name, received the call text "f(x=1)"; write a gold call as { name, args }`)
    expect(() => read([{ name: 'f(x=1)', args: {} }])).toThrow(said('gold[0].name'))
    expect(() => read([['g', {}], ['f(x=1)']])).toThrow(said('gold[1][0]'))
    expect(read([{ name: 'math.factorial', args: {} }, ['get-weather:v2', {}]])).toHaveLength(1)
  })

  test('arguments that are not an object throw', () => {
    expect(() => read([{ name: 'a', args: 'x=1' }])).toThrow(/^gold\[0\]\.args: expected an object of arguments, received "x=1"$/)
  })

  test('a cycle in a gold value throws a TypeError that says so, its long path cut', () => {
    const looped: Record<string, unknown> = { city: 'Paris' }
    looped.self = looped
    const cycle = () => read([{ name: 'f', args: { place: looped } }])
    expect(cycle).toThrow(TypeError)
    expect(cycle).toThrow(/^gold\[0\]\.args\.place(\.self)+…: a cycle: the value contains itself$/)
    expect(() => cycle()).not.toThrow(/.{150}/)
    const deep = nested(300, (inner) => [inner])
    expect(() => read([{ name: 'f', args: { deep } }])).toThrow(/^gold\[0\]\.args\.deep(\[0\])+…: nested deeper than 256 levels$/)
  })

  test('a cycle through other values is a cycle too', () => {
    const a: Record<string, unknown> = { name: 'a' }
    a.next = { list: [{ back: a }] }
    expect(() => read([{ name: 'f', args: { a } }])).toThrow(/^gold\[0\]\.args\.a\.next\.list\[0\]\.back\.next[.\w[\]]*…: a cycle: the value contains itself$/)
  })

  test('markers count as levels of nesting: a chain of oneOf, in either form, reads to 256 levels and throws past them', () => {
    const author = (inner: unknown) => oneOf(inner, 2)
    const json = (inner: unknown) => ({ $oneOf: [inner, 2] })
    expect(() => read([{ name: 'f', args: { x: nested(256, author) } }])).not.toThrow()
    expect(() => readGold([{ name: 'f', args: { x: nested(256, json) } }], 'gold', 'json')).not.toThrow()
    expect(() => read([{ name: 'f', args: { x: nested(257, author) } }])).toThrow(/^gold\[0\]\.args\.x(\.oneOf\[0\])+…: nested deeper than 256 levels$/)
    expect(() => readGold([{ name: 'f', args: { x: nested(257, json) } }], 'gold', 'json')).toThrow(/^gold\[0\]\.args\.x(\.\$oneOf\[0\])+…: nested deeper than 256 levels$/)
  })

  test('an optional value is a level of nesting, and a path inside it names the optional', () => {
    expect(() => read([{ name: 'f', args: { x: nested(200, (inner) => ({ y: optional(inner) })) } }])).toThrow(/^gold\[0\]\.args\.x\.y\.optional\.y\.optional[.\w]*…: nested deeper than 256 levels$/)
    expect(() => readGold([{ name: 'f', args: { x: nested(200, (inner) => ({ y: { $optional: [inner] } })) } }], 'gold', 'json')).toThrow(
      /^gold\[0\]\.args\.x\.y\.\$optional\[0\]\.y\.\$optional\[0\][.\w$[\]]*…: nested deeper than 256 levels$/,
    )
    expect(() => read([{ name: 'f', args: { x: optional({ y: undefined }) } }])).toThrow(/^gold\[0\]\.args\.x\.optional\.y: expected a gold value, received undefined/)
    expect(() => readGold([{ name: 'f', args: { x: { $optional: [{ y: NaN }] } } }], 'gold', 'json')).toThrow(/^gold\[0\]\.args\.x\.\$optional\[0\]\.y: NaN equals nothing/)
  })

  test('an optional inside an optional is refused, in either form: nothing inside can be left out', () => {
    expect(() => read([{ name: 'f', args: { x: optional(optional(1)) } }])).toThrow(/^gold\[0\]\.args\.x\.optional: optional\(\) applies to an argument or an object key/)
    expect(() => readGold([{ name: 'f', args: { x: { $optional: [{ $optional: [1] }] } } }], 'gold', 'json')).toThrow(
      /^gold\[0\]\.args\.x\.\$optional\[0\]: \$optional applies to an argument or an object key/,
    )
  })

  test('a value that holds the same parts so often that, written out, it is vast throws a TypeError, rather than compiling for hours', () => {
    // 41 lists, but 2^40 numbers written out.
    const shared = nested(40, (inner) => [inner, inner])
    const vast = () => read([{ name: 'f', args: { shared } }])
    expect(vast).toThrow(/^gold\[0\]\.args\.shared(\[[01]\])+…: holds more than 1,000,000 values, written out \(a part held in several places counts wherever it stands\)$/)
    const alternatives = nested(40, (inner) => oneOf(inner, inner))
    expect(() => read([{ name: 'f', args: { x: alternatives } }])).toThrow(/^gold\[0\]\.args\.x(\.oneOf\[[01]\])+…: holds more than 1,000,000 values/)
    // The count is of one gold: reads of gold that each hold much, together more than the bound, stay within it.
    const large = Array.from({ length: 400_000 }, (_, i) => i)
    for (let i = 0; i < 3; i++) expect(read([{ name: 'f', args: { large } }])[0]).toHaveLength(1)
    // Millions of values are read here, twice over where a refusal reads again to name the path: room for a loaded machine.
  }, 30_000)

  test('null arguments throw rather than read as none', () => {
    expect(() => read([{ name: 'a', args: null }])).toThrow(new TypeError('gold[0].args: expected an object of arguments, received null'))
    expect(() => read([{ name: 'a', arguments: null }])).toThrow(new TypeError('gold[0].arguments: expected an object of arguments, received null'))
    expect(() => read([['a', null]])).toThrow(new TypeError('gold[0][1]: expected an object of arguments, received null'))
  })

  test('an unknown key on a call throws, so a typo is caught', () => {
    expect(() => read([{ name: 'a', argz: {} }])).toThrow(/gold\[0\]\.argz: unknown key/)
  })

  test('an unknown key on a call suggests the nearest key of a call, as an unknown option does', () => {
    expect(() => read([{ name: 'a', argz: {} }])).toThrow(new TypeError("gold[0].argz: unknown key (did you mean 'args'?); a gold call is { name, args }"))
    expect(() => read([{ nmae: 'a', args: {} }])).toThrow(new TypeError("gold[0].nmae: unknown key (did you mean 'name'?); a gold call is { name, args }"))
    expect(() => read([{ name: 'a', args: {}, weight: 2 }])).toThrow(new TypeError('gold[0].weight: unknown key; a gold call is { name, args }'))
    // An argument beside the name is told where it goes, not likened to `id`.
    expect(() => read([{ name: 'a', x: 1 }])).toThrow(new TypeError('gold[0].x: unknown key (arguments go under args: { name, args: { x: … } }); a gold call is { name, args }'))
    expect(() => read([{ name: 'a', 'two words': 1 }])).toThrow(/^gold\[0\]\["two words"\]: unknown key \(arguments go under args: \{ name, args: \{ "two words": … \} \}\)/)
    expect(() => read([{ name: 'a', args: {}, x: 1 }])).toThrow(new TypeError("gold[0].x: unknown key (did you mean 'id'?); a gold call is { name, args }"))
  })

  test('a key likened to one of the call\'s own is suggested as that key, not as an argument beside the name, with args or arguments given or not', () => {
    expect(() => read([{ nmae: 'a' }])).toThrow(new TypeError("gold[0].nmae: unknown key (did you mean 'name'?); a gold call is { name, args }"))
    expect(() => read([{ name: 'a', argumentz: {} }])).toThrow(new TypeError("gold[0].argumentz: unknown key (did you mean 'arguments'?); a gold call is { name, args }"))
    // Arguments given under `arguments` are given: a key beside them is no argument gone astray.
    expect(() => read([{ name: 'a', arguments: {}, x: 1 }])).toThrow(new TypeError("gold[0].x: unknown key (did you mean 'id'?); a gold call is { name, args }"))
  })

  test('a call may carry its id beside its name and arguments', () => {
    expect(read([{ id: 'call_1', name: 'a', args: { x: 1 } }])[0]![0]).toMatchObject({ name: 'a', keys: ['x'] })
  })

  test('a call that gives both args and arguments throws, rather than reading one of them', () => {
    expect(() => read([{ name: 'a', args: {} }, { name: 'b', args: { x: 1 }, arguments: { x: 2 } }])).toThrow(new TypeError('gold[1]: give either args or arguments, not both'))
  })

  test('an empty name is no name', () => {
    expect(() => read([{ name: '', args: {} }])).toThrow(new TypeError('gold[0].name: expected the tool\'s name, received ""'))
    expect(() => read([['', {}]])).toThrow(new TypeError('gold[0][0]: expected the tool\'s name, received ""'))
  })

  test('an item of a list of calls that is neither a call nor a tuple throws naming it', () => {
    for (const [item, printed] of [[42, '42'], [null, 'null'], ['search', '"search"'], [true, 'true']] as const) {
      expect(() => read([{ name: 'a', args: {} }, item])).toThrow(new TypeError(`gold[1]: expected a gold call { name, args } or [name, args], received ${printed}`))
    }
  })

  test("a matcher given as a whole call throws naming the call, not the matcher's own fields as unknown keys", () => {
    expect(() => read([expect.objectContaining({ name: 'search' })])).toThrow(
      new TypeError(
        'gold[0]: expected a gold call { name, args } or [name, args], received ObjectContaining {"name": "search"}; a matcher applies to an argument\'s value, not to a whole call',
      ),
    )
  })

  test('a matcher given as the arguments throws saying where a matcher applies', () => {
    expect(() => read([{ name: 'search', args: expect.objectContaining({ q: 'cats' }) }])).toThrow(
      new TypeError(
        'gold[0].args: expected an object of arguments, received ObjectContaining {"q": "cats"}; a matcher applies to an argument\'s value (toHaveCalledTool(name, matcher) takes one for the arguments)',
      ),
    )
  })

  test('a call [name, args] given more items throws saying so, wherever it stands', () => {
    const said = (path: string, items: string) => new TypeError(`${path}: expected a call [name, args] of two items, received 3 items: ${items}`)
    expect(() => read(['f', { x: 1 }, 3])).toThrow(said('gold', '["f", {"x": 1}, 3]'))
    expect(() => read([['f', { x: 1 }, 3]])).toThrow(said('gold[0]', '["f", {"x": 1}, 3]'))
    expect(() => read([['f', { x: 1 }], ['g', {}, 1]])).toThrow(said('gold[1]', '["g", {}, 1]'))
    expect(() => read([[['f', { x: 1 }, 3]]])).toThrow(said('gold[0][0]', '["f", {"x": 1}, 3]'))
  })

  test('a matcher of no own keys given as a whole call is named as a matcher too, not as a call without a name', () => {
    class AnySearch {
      asymmetricMatch(): boolean {
        return true
      }
    }
    expect(() => read([new AnySearch()])).toThrow(/^gold\[0\]: expected a gold call .*; a matcher applies to an argument's value, not to a whole call$/)
  })

  test('a value that is not JSON-like throws with its path', () => {
    expect(() => read([{ name: 'a', args: { city: { at: new Date(0) } } }])).toThrow(
      /^gold\[0\]\.args\.city\.at: expected a JSON value.*received an instance of Date$/,
    )
    expect(() => read([{ name: 'a', args: { f: () => 1 } }])).toThrow(/gold\[0\]\.args\.f: .*received a function/)
  })

  test('undefined as a value throws and points to optional()', () => {
    expect(() => read([{ name: 'a', args: { x: undefined } }])).toThrow(/gold\[0\]\.args\.x: .*optional\(\)/)
  })

  test('optional() is refused where it cannot mean "may be left out"', () => {
    expect(() => read([{ name: 'a', args: { xs: [optional(1)] } }])).toThrow(/gold\[0\]\.args\.xs\[0\]: optional\(\) applies/)
    expect(() => read([{ name: 'a', args: { x: oneOf(1, optional(2)) } }])).toThrow(/gold\[0\]\.args\.x\.oneOf\[1\]/)
  })

  test('a key that is not an identifier is quoted in the path', () => {
    expect(() => read([{ name: 'a', args: { 'first name': undefined } }])).toThrow(/gold\[0\]\.args\["first name"\]/)
  })

  test('gold that is not a list or a call throws', () => {
    expect(() => read('search(q="x")')).toThrow(/^gold: expected a list of gold calls/)
  })

  test('a Set, a Map or a Date is refused as no list, not read as one call without a name', () => {
    expect(() => read(new Set([{ name: 'a', args: {} }]))).toThrow(/^gold: expected a list of gold calls, received Set \{/)
    expect(() => read(new Map())).toThrow(/^gold: expected a list of gold calls, received Map \{\}/)
    expect(() => read(new Date(0))).toThrow(/^gold: expected a list of gold calls/)
    // A class instance with a name is still a call.
    class Call {
      name = 'a'
      args = {}
    }
    expect(read(new Call())[0]![0]!.name).toBe('a')
  })

  test('valid gold is read once; gold with something wrong is read again to name where, at any depth', () => {
    let reads = 0
    const args = {
      get city() {
        reads++
        return 'Paris'
      },
    }
    readGold([{ name: 'f', args }])
    expect(reads).toBe(1)
    expect(() => readGold([[{ name: 'f', args: { a: { b: [1, { $oneOf: [] }] } } }]], 'episodes[2].gold', 'json')).toThrow(
      /^episodes\[2\]\.gold\[0\]\[0\]\.args\.a\.b\[1\]\.\$oneOf: expected a non-empty list/,
    )
    expect(() => readGold({ name: 'f', args: { a: [optional(1)] } }, 'expected')).toThrow(/^expected\.args\.a\[0\]: optional\(\) applies to an argument/)
  })
})
