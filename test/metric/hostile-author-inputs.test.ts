import { fc, test } from '@fast-check/vitest'
import { types } from 'node:util'
import { describe, expect } from 'vitest'
import { evaluate, goldFromJSON, goldToJSON, matchCalls, oneOf, optional, PyFloat, PyTuple, satisfies, ToolCallMetric } from '../../src/index'
import { ToolCallsReporter } from '../../src/reporters/vitest-reporter'
import { HOSTILE_ANYTHING } from '../fixtures/hostile-values'

// Gold and options come from a test's author: whatever is put among them, a call succeeds or throws a
// TypeError that names the path of what is wrong (README: Gold values), never another error. A getter
// or Proxy trap of the author's that throws as the gold or options are read is such a TypeError too
// (`gold[0].args.city: could not be read (…)`); only code of the author's that the library runs by
// design (onEpisode, the runner's own printing) may throw its own error (see Allowed).

/** Runs per property; raised to hunt (HOSTILE_AUTHOR_RUNS=20000 HOSTILE_AUTHOR_SEED=42 npx vitest run test/metric/hostile-author-inputs.test.ts). */
const RUNS = Number(process.env.HOSTILE_AUTHOR_RUNS ?? 60)
const SEED = process.env.HOSTILE_AUTHOR_SEED === undefined ? undefined : Number(process.env.HOSTILE_AUTHOR_SEED)
/** A call slower than this is told (a hang would time the test out). */
const SLOW = Number(process.env.HOSTILE_AUTHOR_SLOW_MS ?? Infinity)

/** What the author's getters, traps and functions throw: their own error, which comes through only where Allowed says. */
class AuthorsError extends Error {}
const boom = () => {
  throw new AuthorsError('boom')
}

/** A marker as written in a template, made when the template is (its arguments are slots too). */
class Mark {
  constructor(
    readonly kind: 'oneOf' | 'optional' | 'satisfies',
    readonly items: unknown[],
  ) {}
}

/** A value put into a template as it is: built by the test, never walked. */
class Put {
  constructor(readonly value: unknown) {}
}

/** A part of the template made into something else once it is built (wrapped in a Proxy, read through a getter). */
class Wrap {
  constructor(
    readonly inner: unknown,
    readonly how: WrapKind,
  ) {}
}

type WrapKind = 'get throws' | 'ownKeys throws' | 'getPrototypeOf throws' | 'has throws' | 'getOwnPropertyDescriptor throws' | 'answers every key' | 'frozen' | 'flaky getter'
const wrapKinds: WrapKind[] = ['get throws', 'ownKeys throws', 'getPrototypeOf throws', 'has throws', 'getOwnPropertyDescriptor throws', 'answers every key', 'frozen', 'flaky getter']

const anything = fc.anything({
  ...HOSTILE_ANYTHING,
  maxDepth: 3,
  key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'name', 'args', 'arguments', 'id', '$oneOf', '$optional', 'importance', 'tools', 'level', 'type')),
})

const special = [
  'throwing getter', 'inherited throwing getter', 'throwing getter on a list', 'cycle', 'list cycle', 'deep list', 'deep object', 'deep oneOf',
  'shared', 'wide list', 'wide object', 'long string', 'symbol', 'function', 'class', 'throwing function', 'string function', 'revoked',
  'proxy', 'toPrimitive throws', 'constructor throws', 'own __proto__', 'symbol key', 'list with a key', 'throwing matcher', 'matcher',
  'forged oneOf', 'forged optional', 'forged satisfies', 'json oneOf', 'json optional', 'PyFloat', 'PyTuple', 'NaN', 'Infinity', '-0',
  'bigint', 'oneOf', 'optional', 'satisfies', 'empty string', 'call text',
] as const
type Special = (typeof special)[number]

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant<'value'>('value'), value: anything }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom(...special), value: anything }) },
)
type Hostile = { kind: 'value'; value: unknown } | { kind: Special; value: unknown }

const MARKER = Symbol.for('expect-toolcalls.gold-marker')

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = wrap(value)
  return value
}

/** Builds a hostile value: here, not in the generator, as fast-check would itself trip its traps when printing it. */
function build({ kind, value }: Hostile): unknown {
  switch (kind) {
    case 'value':
      return value
    case 'throwing getter':
      return Object.defineProperty({ a: 1 }, 'b', { enumerable: true, get: boom })
    case 'inherited throwing getter':
      return Object.create(Object.defineProperty({}, 'a', { enumerable: true, get: boom }))
    case 'throwing getter on a list':
      return Object.defineProperty([1, 2], 1, { enumerable: true, get: boom })
    case 'cycle': {
      const self: Record<string, unknown> = { value }
      self.self = self
      return self
    }
    case 'list cycle': {
      const self: unknown[] = [1]
      self.push(self)
      return self
    }
    case 'deep list':
      return nested(2000, (inner) => [inner])
    case 'deep object':
      return nested(2000, (inner) => ({ x: inner }))
    case 'deep oneOf':
      return nested(2000, (inner) => oneOf(inner, 2))
    case 'shared':
      return nested(14, (inner) => [inner, inner])
    case 'wide list':
      return Array.from({ length: 100_000 }, (_, i) => i)
    case 'wide object':
      return Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))
    case 'long string':
      return 'x'.repeat(100_000)
    case 'symbol':
      return Symbol('hostile')
    case 'function':
      return (s: unknown) => s
    case 'class':
      return class Hostile {}
    case 'throwing function':
      return boom
    case 'string function':
      return () => 'same'
    case 'revoked': {
      const revocable = Proxy.revocable({}, {})
      revocable.revoke()
      return revocable.proxy
    }
    case 'proxy':
      return new Proxy(typeof value === 'object' && value !== null ? value : { value }, { get: boom })
    case 'toPrimitive throws':
      return { [Symbol.toPrimitive]: boom, toString: boom, valueOf: boom, toJSON: boom }
    case 'constructor throws':
      return Object.create(Object.create(null, { constructor: { get: boom }, [Symbol.toStringTag]: { get: boom } }))
    case 'own __proto__':
      return JSON.parse('{"__proto__": {"name": "search"}, "args": {}}')
    case 'symbol key':
      return { [Symbol('k')]: boom, q: 'cats' }
    case 'list with a key':
      return Object.assign([1, 2], { extra: value })
    case 'throwing matcher':
      return { asymmetricMatch: boom, toAsymmetricMatcher: boom, $$typeof: Symbol.for('jest.asymmetricMatcher') }
    case 'matcher':
      return { asymmetricMatch: value }
    // Markers made by another copy of the package, which the shared mark makes ours, with fields of any value.
    case 'forged oneOf':
      return { [MARKER]: 'oneOf', alternatives: value }
    case 'forged optional':
      return { [MARKER]: 'optional', constrained: true, value }
    case 'forged satisfies':
      return { [MARKER]: 'satisfies', predicate: value, description: value }
    case 'json oneOf':
      return { $oneOf: value }
    case 'json optional':
      return { $optional: value }
    case 'PyFloat':
      return new PyFloat(typeof value === 'number' ? value : 1)
    case 'PyTuple':
      return new PyTuple([value])
    case 'NaN':
      return NaN
    case 'Infinity':
      return -Infinity
    case '-0':
      return -0
    case 'bigint':
      return 10n
    case 'oneOf':
      return oneOf(value, value)
    case 'optional':
      return optional(value)
    case 'satisfies':
      return satisfies(boom, 'throws')
    case 'empty string':
      return ''
    case 'call text':
      return 'search(q="cats")'
  }
}

// ---------------------------------------------------------------------------------------------
// Templates: an author's valid input, whose parts are slots a hostile value can take.

/** A place in a template: the path an error would name, and how to put a value there. */
interface Slot {
  path: string
  value: unknown
  set(value: unknown): void
  /** Whether the value is a prediction, which may be anything, never an error. */
  untrusted: boolean
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  if (IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`
  return `${path}[${JSON.stringify(key)}]`
}

function isWalked(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
}

function slotsOf(root: { value: unknown }, path: string, untrusted: boolean, out: Slot[]): void {
  out.push({ path, value: root.value, set: (value) => (root.value = value), untrusted })
  walk(root.value, path, untrusted, out)
}

/** The path of a marker's argument: `x.oneOf[1]`, `x.optional`; a marker compiled alone names its parts from itself (`oneOf[0]`). */
function markItemPath(mark: Mark, path: string, i: number): string {
  if (mark.kind === 'satisfies') return path
  return mark.kind === 'oneOf' ? `${child(path, 'oneOf')}[${i}]` : child(path, 'optional')
}

function walk(value: unknown, path: string, untrusted: boolean, out: Slot[]): void {
  if (value instanceof Mark) {
    value.items.forEach((item, i) => {
      const itemPath = markItemPath(value, path, i)
      out.push({ path: itemPath, value: item, set: (v) => (value.items[i] = v), untrusted })
      walk(item, itemPath, untrusted, out)
    })
    return
  }
  if (!isWalked(value)) return
  for (const key of Object.keys(value)) {
    const keyed = Array.isArray(value) ? Number(key) : key
    const at = child(path, keyed)
    const isPred = untrusted || key === 'pred'
    const item = (value as Record<string, unknown>)[key]
    out.push({ path: at, value: item, set: (v) => ((value as Record<string, unknown>)[key] = v), untrusted: isPred })
    walk(item, at, isPred, out)
  }
}

/** What a template's markers and hostile parts become: oneOf(), optional(), satisfies() made, Proxies and getters put in place. */
function make(value: unknown): unknown {
  if (value instanceof Put) return value.value
  if (value instanceof Mark) {
    const items = value.items.map(make)
    if (value.kind === 'oneOf') return oneOf(...items)
    if (value.kind === 'optional') return optional(...(items as [unknown]))
    return satisfies(items[0] as (v: unknown) => boolean, items[1] as string)
  }
  if (value instanceof Wrap) return wrapped(make(value.inner), value.how)
  if (Array.isArray(value)) {
    const list: unknown[] = new Array(value.length)
    value.forEach((item, i) => {
      if (item instanceof Wrap && item.how === 'flaky getter') Object.defineProperty(list, i, flakyGetter(make(item.inner)))
      else list[i] = make(item)
    })
    return list
  }
  if (isWalked(value)) {
    const made: Record<string | symbol, unknown> = {}
    for (const key of Reflect.ownKeys(value)) {
      const item = (value as Record<string | symbol, unknown>)[key]
      const descriptor = item instanceof Wrap && item.how === 'flaky getter' ? flakyGetter(make(item.inner)) : { value: make(item), enumerable: true, writable: true, configurable: true }
      Object.defineProperty(made, key, descriptor)
    }
    return made
  }
  return value
}

/** A getter that answers with the value, then with undefined, then throws, and so on. */
function flakyGetter(value: unknown): PropertyDescriptor {
  let reads = 0
  return {
    enumerable: true,
    configurable: true,
    get: () => {
      reads++
      if (reads % 3 === 0) boom()
      return reads % 3 === 1 ? value : undefined
    },
  }
}

function wrapped(value: unknown, how: WrapKind): unknown {
  const target = typeof value === 'object' && value !== null ? value : { value }
  switch (how) {
    case 'answers every key':
      return new Proxy(target, { get: (inner, key) => (Reflect.has(inner, key) ? Reflect.get(inner, key) : 'cats') })
    case 'frozen':
      try {
        return Object.freeze(target)
      } catch {
        // A typed array with items cannot be frozen.
        return target
      }
    case 'flaky getter':
      return value
    default:
      return new Proxy(target, { [how.split(' ')[0]!]: boom })
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations: where a hostile value goes, and how.

const mutation = fc.record({
  slot: fc.nat(),
  how: fc.oneof(
    { weight: 6, arbitrary: fc.constant<'replace'>('replace') },
    { weight: 2, arbitrary: fc.constant<'add'>('add') },
    { weight: 2, arbitrary: fc.constantFrom(...wrapKinds) },
  ),
  key: fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.constantFrom('__proto__', 'constructor', 'name', 'args', 'arguments', 'id', 'importance', 'tools', 'level', '$oneOf', '$optional', 'then', 'asymmetricMatch', 'length', 'toJSON', 'symbol'),
  ),
  hostile,
})
const mutations = fc.array(mutation, { minLength: 1, maxLength: 2 })
type Mutation = (typeof mutation extends fc.Arbitrary<infer T> ? T : never)

/** The paths of the parts changed, for the error to name one of; none where a prediction was changed. */
interface Mutated {
  paths: string[]
  /** What was done, to tell a slow call's cause. */
  done: string[]
}

/** Puts each planned hostile value in place among the inputs' templates: in place of a part, beside one, or around one. */
function mutate(inputs: Record<string, { value: unknown }>, planned: Mutation[]): Mutated {
  const paths: string[] = []
  const done: string[] = []
  for (const { slot: which, how, key, hostile: recipe } of planned) {
    const slots: Slot[] = []
    for (const [name, root] of Object.entries(inputs)) slotsOf(root, name, false, slots)
    const slot = slots[which % slots.length]!
    const value = build(recipe)
    done.push(`${how} ${recipe.kind}`)
    if (how === 'add') {
      const target = slot.value
      if (target instanceof Mark) target.items.push(new Put(value))
      else if (Array.isArray(target)) target.push(new Put(value))
      else if (isWalked(target)) {
        if (key === 'symbol') (target as Record<symbol, unknown>)[Symbol('k')] = new Put(value)
        else Object.defineProperty(target, key, { value: new Put(value), enumerable: true, writable: true, configurable: true })
      } else {
        slot.set(new Put(value))
      }
      const added =
        target instanceof Mark
          ? markItemPath(target, slot.path, target.items.length - 1)
          : Array.isArray(target)
            ? child(slot.path, target.length - 1)
            : !isWalked(target) || key === 'symbol'
              ? slot.path
              : child(slot.path, key)
      if (!slot.untrusted) paths.push(added)
    } else {
      slot.set(how === 'replace' ? new Put(value) : new Wrap(slot.value, how))
      if (!slot.untrusted) paths.push(slot.path)
    }
  }
  // Tool names folded by another canonicalizer may make two tools of the grammar one.
  if (paths.some((path) => path.startsWith('options.name'))) paths.push('options.grammar')
  return { paths, done }
}

/**
 * Whether a message names the path of a changed part: it begins with that path, the path of a part
 * inside it or of one holding it, or tells of the part where it says what else it upsets (`no "n" in …$defs`).
 */
function namesPath(message: string, path: string): boolean {
  if (message.startsWith(path) && /^(: |[.[…])/.test(message.slice(path.length))) return true
  // A part holding it: each shorter path, cut where a key begins.
  for (let end = path.length - 1; end > 0; end--) {
    if (path[end] !== '.' && path[end] !== '[') continue
    const holder = path.slice(0, end)
    if (message.startsWith(`${holder}: `) || message.startsWith(`${holder}…`)) return true
  }
  const at = message.indexOf(` ${path}`)
  return at > 0 && !/^[\w$]/.test(message.slice(at + 1 + path.length))
}

/** What else a call may do than succeed or throw a TypeError naming a changed path. */
interface Allowed {
  /** Fail as a runner's assertion fails. */
  assertion?: boolean
  /** Throw what the author's own code throws, where it is run by design (onEpisode, the episodes' iteration): a change at such a path. */
  ownErrorAt?: RegExp
}

/**
 * Runs a call on the mutated inputs: it succeeds, or throws a TypeError naming one of the changed
 * paths (or a marker's own name, where making one refused its arguments), or does what is allowed.
 */
function expectNamedOrNothing(mutated: Mutated, call: () => unknown, { assertion = false, ownErrorAt }: Allowed = {}): void {
  let thrown: unknown
  const started = performance.now()
  try {
    call()
    return
  } catch (error) {
    thrown = error
  } finally {
    const took = performance.now() - started
    if (took > SLOW) console.warn(`${Math.round(took)} ms with ${mutated.paths.join(', ')} changed (${mutated.done.join(', ')})`)
  }
  if (assertion && isAssertionFailure(thrown)) return
  if (ownErrorAt !== undefined && mutated.paths.some((path) => ownErrorAt.test(path))) return
  // A getter that answers at one read and throws at another passed the check made once, up front: what a later read throws may come through.
  const flaky = mutated.done.some((what) => what.startsWith('flaky getter'))
  if (flaky && (thrown instanceof TypeError || isAuthorsError(thrown))) return
  if (!(thrown instanceof TypeError)) throw new Error(`expected nothing or a TypeError naming ${mutated.paths.join(' or ')}, received: ${String(thrown)}`, { cause: thrown })
  const { message } = thrown
  const markerMade = /^(oneOf|optional|satisfies)\(\)/.test(message)
  if (!markerMade && !mutated.paths.some((path) => namesPath(message, path))) {
    throw new Error(`expected the TypeError to name ${mutated.paths.join(' or ') || 'nothing (a prediction was changed)'}, received: ${message.slice(0, 500)}`, { cause: thrown })
  }
}

/** Where a value holds what is not plain data (JSON's values, in arrays and plain objects of any realm, as gold takes them), or undefined. */
function unplainAt(value: unknown, path: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return undefined
  if (typeof value !== 'object' || types.isProxy(value)) return path
  const proto: unknown = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && proto !== null && Object.getPrototypeOf(proto) !== null) return path
  // A list's items: a key beside them (`Object.assign([1], { x })`) is no part of it to JSON, nor to grading.
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value)
  for (const [key, item] of entries) {
    const at = unplainAt(item, child(path, key))
    if (at !== undefined) return at
  }
  return undefined
}

/** The inputs made from their templates; a marker whose arguments it refuses throws here, as when the author writes it. */
function made(inputs: Record<string, { value: unknown }>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs).map(([name, root]) => [name, make(root.value)]))
}

// ---------------------------------------------------------------------------------------------

const pred = [
  { name: 'search', args: { q: 'cats' } },
  { name: 'book', args: { city: 'rome', seats: 2, when: { day: 'mon', slots: [1, 2] } } },
  { name: 'search', args: { q: 'dogs', limit: 10 } },
]
/** The prediction, where a template holds it: a copy, as a prediction changed is the model's, and the next run's too. */
const predicted = () => structuredClone(pred)

const authorGold = () => [
  { name: 'search', args: { q: 'cats', limit: new Mark('optional', [10]) } },
  { name: 'book', args: { city: new Mark('oneOf', ['Paris', 'Rome']), seats: 2, when: { day: 'mon', slots: [1, 2] } } },
  ['search', { q: 'dogs', limit: new Mark('satisfies', [(v: unknown) => v === 10, 'ten']) }],
]

const jsonGold = () => [
  { name: 'search', args: { q: 'cats', limit: { $optional: [10] } } },
  { name: 'book', args: { city: { $oneOf: ['Paris', 'Rome'] }, seats: 2, when: { day: 'mon', slots: [1, 2] } } },
  ['search', { q: 'dogs', limit: { $optional: [] } }],
]

const weights = () => ({ tools: { book: { importance: 3, args: { city: { importance: 2 } } }, search: {} } })
const toolSchemas = () => [
  {
    type: 'function',
    function: {
      name: 'book',
      importance: 2,
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', enum: ['Paris', 'Rome'] },
          seats: { type: 'integer', minimum: 1, importance: 2 },
          when: { type: 'object', properties: { day: { type: 'string' }, slots: { type: 'array', items: { type: 'number' } } } },
        },
        required: ['city'],
      },
    },
  },
  { name: 'search', input_schema: { type: 'object', properties: { q: { type: 'string' }, limit: { anyOf: [{ type: 'integer' }, { $ref: '#/$defs/n' }] } }, $defs: { n: { type: 'null' } } } },
]
const grammars = [weights, toolSchemas]

const metricOptions = (grammar: number) => ({ level: 'arg', order: 'any', canonicalizer: 'default', name: 'toolName', grammar: grammars[grammar]!() })

const inputs = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value }]))

const level = fc.constantFrom('call', 'arg')
const grammar = fc.nat({ max: grammars.length - 1 })

describe('hostile gold and options', () => {
  test.prop([mutations, grammar], { numRuns: RUNS, seed: SEED })('new ToolCallMetric(options) builds, or throws a TypeError naming the option', (planned, g) => {
    const given = inputs({ options: metricOptions(g) })
    const mutated = mutate(given, planned)
    expectNamedOrNothing(mutated, () => new ToolCallMetric(made(given).options as never).score(pred, pred))
  })

  test.prop([mutations, grammar, fc.boolean()], { numRuns: RUNS, seed: SEED })('metric.score(pred, gold, scoreOptions) scores, or throws a TypeError naming the path', (planned, g, json) => {
    const given = inputs({ gold: json ? jsonGold() : authorGold(), scoreOptions: { grammar: grammars[g]!(), goldForm: json ? 'json' : 'author' } })
    const mutated = mutate(given, planned)
    // Options that no longer say goldForm: 'json' read gold of that form as the author's, whose markers it refuses.
    if (json && mutated.paths.some((path) => path.startsWith('scoreOptions'))) mutated.paths.push('gold')
    const metric = new ToolCallMetric({ level: 'arg', name: 'toolName' })
    expectNamedOrNothing(mutated, () => {
      const { gold, scoreOptions } = made(given)
      const score = metric.score(pred, gold, scoreOptions as never)
      // A Score is plain data whatever the gold held, none of its Proxies, matchers, functions or PyFloats: it is written as
      // JSON and cloned to a worker. (A getter stands in it as read, and a flaky one may answer anything there.)
      if (!mutated.done.some((what) => what.startsWith('flaky getter'))) expect(unplainAt(score, 'score')).toBeUndefined()
      JSON.stringify(score)
    })
  })

  test.prop([mutations, level], { numRuns: RUNS, seed: SEED })('evaluate(episodes, metric, options) reports, or throws a TypeError naming the path', (planned, lvl) => {
    const given = inputs({
      episodes: [
        { id: 'a', pred: predicted(), gold: authorGold() },
        { id: 2, pred: predicted().slice(1), gold: authorGold(), grammar: toolSchemas() },
      ],
      options: { worst: 2, goldForm: 'author', onEpisode: () => undefined },
    })
    const mutated = mutate(given, planned)
    const run = () => {
      const { episodes, options } = made(given)
      evaluate(episodes as never, new ToolCallMetric({ level: lvl as never }), options as never)
    }
    // onEpisode, and the iteration of the episodes (an array's getters, as a generator's code), are the author's code run by design.
    expectNamedOrNothing(mutated, run, { ownErrorAt: /^options\.onEpisode$|^episodes(\[\d+\])?$/ })
  })

  test.prop([mutations], { numRuns: RUNS, seed: SEED })('goldFromJSON reads, or throws a TypeError naming the path, and what it reads scores or names it', (planned) => {
    const given = inputs({ gold: jsonGold() })
    const mutated = mutate(given, planned)
    // What goldFromJSON reads is gold of the author's form, named so when it is scored.
    mutated.paths = mutated.paths.flatMap((path) => [path, path.replace(/\.\$oneOf(?=\[|$)/g, '.oneOf').replace(/\.\$optional(\[0\])?/g, '.optional')])
    expectNamedOrNothing(mutated, () => new ToolCallMetric().score(pred, goldFromJSON(made(given).gold)))
  })

  test.prop([mutations], { numRuns: RUNS, seed: SEED })('goldToJSON writes, or throws a TypeError naming the path, and what it writes reads back', (planned) => {
    // Without satisfies(), which has no JSON form.
    const given = inputs({ gold: authorGold().slice(0, 2) })
    const mutated = mutate(given, planned)
    // What goldToJSON writes and goldFromJSON refuses (an optional() where nothing can be left out) is named as written in JSON.
    mutated.paths = mutated.paths.flatMap((path) => [path, path.replace(/\.oneOf(?=\[|$)/g, '.$oneOf').replace(/\.optional/g, '.$optional[0]')])
    expectNamedOrNothing(mutated, () => new ToolCallMetric().score(pred, goldFromJSON(goldToJSON(made(given).gold))))
  })

  test.prop([mutations, grammar], { numRuns: RUNS, seed: SEED })('matchCalls(pred, gold, options) pairs, or throws a TypeError naming the path', (planned, g) => {
    const given = inputs({ gold: authorGold(), options: metricOptions(g) })
    const mutated = mutate(given, planned)
    expectNamedOrNothing(mutated, () => {
      const { gold, options } = made(given)
      matchCalls(pred, gold, options as never)
    })
  })
})

/** The author's own error, or a runner's that says it printed it (pretty-format's plugin error). */
const isAuthorsError = (error: unknown): boolean => error instanceof AuthorsError || (error instanceof Error && isAuthorsError(error.cause)) || (error instanceof Error && error.name === 'PrettyFormatPluginError' && error.message === 'boom')

/** A runner's failed assertion (chai's, or one of a matcher's), told from an error of the matcher's own. */
const isAssertionFailure = (error: unknown) =>
  error instanceof Error && !(error instanceof TypeError) && (error.name === 'AssertionError' || '__vitest_error_context__' in error)

/** expect(received), or its `.not`. */
function expectOrNot(received: unknown, not: boolean) {
  return not ? expect(received).not : expect(received)
}

describe('hostile gold and options given to the matchers', () => {
  test.prop([mutations, grammar, fc.boolean()], { numRuns: RUNS, seed: SEED })('toMatchToolCalls(gold, options)', (planned, g, not) => {
    const given = inputs({ gold: authorGold(), options: { ...metricOptions(g), allowExtra: false, allowMissing: true } })
    const mutated = mutate(given, planned)
    expectNamedOrNothing(
      mutated,
      () => {
        const { gold, options } = made(given)
        expectOrNot(pred, not).toMatchToolCalls(gold as never, options as never)
      },
      { assertion: true },
    )
  })

  test.prop([mutations, fc.boolean()], { numRuns: RUNS, seed: SEED })('toScoreAtLeast(threshold, gold, options)', (planned, not) => {
    const given = inputs({ threshold: 0.5, gold: authorGold(), options: { level: 'arg', by: 'recall', canonicalizer: 'exact' } })
    const mutated = mutate(given, planned)
    expectNamedOrNothing(
      mutated,
      () => {
        const { threshold, gold, options } = made(given)
        expectOrNot(pred, not).toScoreAtLeast(threshold as never, gold as never, options as never)
      },
      { assertion: true },
    )
  })

  test.prop([mutations, fc.boolean()], { numRuns: RUNS, seed: SEED })('toScoreAtLeast(threshold, options) on a Score', (planned, not) => {
    const score = new ToolCallMetric().score(pred, authorGold().slice(0, 2).map(make))
    const given = inputs({ threshold: 0.5, options: { by: 'precision' } })
    const mutated = mutate(given, planned)
    // The argument after the threshold is the gold of calls, the options of a Score: a list there is named as gold.
    if (mutated.paths.some((path) => path.startsWith('options'))) mutated.paths.push('gold')
    expectNamedOrNothing(
      mutated,
      () => {
        const { threshold, options } = made(given)
        expectOrNot(score, not).toScoreAtLeast(threshold as never, options as never)
      },
      { assertion: true },
    )
  })

  test.prop([mutations, fc.boolean()], { numRuns: RUNS, seed: SEED })('toHaveCalledTool(name, args)', (planned, not) => {
    const given = inputs({ name: 'book', args: { city: new Mark('oneOf', ['Paris', 'Rome']), seats: 2, when: { day: 'mon', slots: [1, 2] } } })
    const mutated = mutate(given, planned)
    expectNamedOrNothing(
      mutated,
      () => {
        const { name, args } = made(given)
        expectOrNot(pred, not).toHaveCalledTool(name as never, args as never)
      },
      { assertion: true },
    )
  })

  test.prop([mutations], { numRuns: RUNS, seed: SEED })('the markers, inside a plain toEqual', (planned) => {
    const given = inputs({ '': new Mark('oneOf', [{ day: 'mon', slots: [1, 2] }, new Mark('satisfies', [(v: unknown) => v === 'x', 'x'])]) })
    const mutated = mutate(given, planned)
    expectNamedOrNothing(mutated, () => expect({ day: 'mon', slots: [1, 2] }).toEqual(made(given)['']), {
      assertion: true,
      // The runner's own toEqual reads the marker and prints it on failure, each part through its getters and traps.
      ownErrorAt: /(?:)/,
    })
  })
})

describe("hostile reporters' options", () => {
  test.prop([mutations], { numRuns: RUNS, seed: SEED })('new ToolCallsReporter(options)', (planned) => {
    const given = inputs({ 'expect-toolcalls/reporter options': { minF1: 0.8, json: 'report.json', worst: 3, by: 'f1' } })
    const mutated = mutate(given, planned)
    expectNamedOrNothing(mutated, () => new ToolCallsReporter(made(given)['expect-toolcalls/reporter options'] as never))
  })
})
