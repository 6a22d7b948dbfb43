import { refuseFailedForm } from './canonicalizers'
import { type AsymmetricMatcher, describeMatcher, isAsymmetricMatcher, markerKind, type OneOf, type Optional, type Satisfies } from './gold-values'
import { MAX_DEPTH } from '../calls/limits'
import { PyFloat } from '../calls/python-values'
import { describe, type LazyPath, lazyChild, spellPath, UNNAMED, unreadableAt } from '../calls/path'
import { isPlainObject } from '../calls/plain-value'
import { knownProxies } from '../calls/proxy-check'
import { type JsonMarker, markerKeyOf, readJsonMarker } from './json-marker'
import { thousands } from '../calls/thousands'

/**
 * A gold value checked and compiled once. A string keeps its canonical form once it has been
 * compared (by the one canonicalizer of the problem), so it is canonicalised at most once
 * however many predictions meet it, and never when no comparison reaches it (a oneOf's later
 * alternatives, most often).
 */
export type GoldNode =
  | { kind: 'string'; raw: string; canonical: string | undefined }
  | { kind: 'number'; raw: number }
  | { kind: 'boolean'; raw: boolean }
  | { kind: 'null'; raw: null }
  | { kind: 'list'; raw: unknown; items: GoldNode[]; plain: boolean }
  | { kind: 'object'; raw: unknown; keys: string[]; values: GoldNode[]; plain: boolean }
  | { kind: 'oneOf'; raw: unknown; alternatives: GoldNode[] }
  | { kind: 'optional'; raw: unknown; inner: GoldNode | undefined }
  | { kind: 'satisfies'; raw: unknown; predicate: (value: unknown) => boolean; description: string }
  | { kind: 'matcher'; raw: AsymmetricMatcher }

/**
 * Every node has the same few slots, so all nodes share one hidden class: the loads of `kind`
 * and `raw` made at each step of a comparison stay monomorphic instead of megamorphic. Each kind
 * names its slots through the accessors below, which the compiler inlines.
 */
class UniformNode {
  private first: unknown = undefined
  private second: unknown = undefined
  plain = false
  constructor(
    readonly kind: GoldNode['kind'],
    readonly raw: unknown,
  ) {}

  get canonical(): string | undefined {
    return this.first as string | undefined
  }

  set canonical(canonical: string | undefined) {
    this.first = canonical
  }

  get items(): GoldNode[] {
    return this.first as GoldNode[]
  }

  get keys(): string[] {
    return this.first as string[]
  }

  get values(): GoldNode[] {
    return this.second as GoldNode[]
  }

  get alternatives(): GoldNode[] {
    return this.first as GoldNode[]
  }

  get inner(): GoldNode | undefined {
    return this.first as GoldNode | undefined
  }

  get predicate(): (value: unknown) => boolean {
    return this.first as (value: unknown) => boolean
  }

  get description(): string {
    return this.second as string
  }

  /** Fills the slots of a node that holds more than its raw value. */
  static of(kind: GoldNode['kind'], raw: unknown, first: unknown, second: unknown = undefined, plain = false): GoldNode {
    const node = new UniformNode(kind, raw)
    node.first = first
    node.second = second
    node.plain = plain
    return node as unknown as GoldNode
  }
}

/** A node of the given kind; the makers below fill the fields of the others. */
function goldNode(kind: GoldNode['kind'], raw: unknown): GoldNode {
  return new UniformNode(kind, raw) as unknown as GoldNode
}

/**
 * What compiling has met that a Score cannot hold as the author wrote it, counted so that a gold
 * call can tell whether it met any, and compiling allocates nothing to say so. A Score is plain
 * data: a Proxy's traps may throw, or answer otherwise, when it is read; a PyFloat is a number to
 * everyone else; gold's JSON form holds no matcher or marker of the author's form. Rare, so a call
 * that met one is described whole (describeNode's `whole`), and the values it holds ask nothing.
 */
let proxiesMet = 0
let unwrittenMet = 0

export function goldProxiesMet(): number {
  return proxiesMet
}

/** Proxies, PyFloats, matchers and markers of the author's form met so far. */
export function goldUnwrittenMet(): number {
  return unwrittenMet
}

/** Counts a gold object that is a Proxy as met. */
export function countIfProxy(value: object): void {
  if (!knownProxies.isProxy(value)) return
  proxiesMet++
  unwrittenMet++
}

function listNode(raw: unknown, items: GoldNode[], plain: boolean): GoldNode {
  return UniformNode.of('list', raw, items, undefined, plain)
}

function objectNode(raw: unknown, keys: string[], values: GoldNode[], plain: boolean): GoldNode {
  return UniformNode.of('object', raw, keys, values, plain)
}

function oneOfNode(raw: unknown, alternatives: GoldNode[]): GoldNode {
  return UniformNode.of('oneOf', raw, alternatives)
}

function optionalNode(raw: unknown, inner: GoldNode | undefined): GoldNode {
  return UniformNode.of('optional', raw, inner)
}

function satisfiesNode(raw: unknown, predicate: (value: unknown) => boolean, description: string): GoldNode {
  return UniformNode.of('satisfies', raw, predicate, description)
}

/** A gold string's canonical form, computed the first time a comparison needs it and kept on the node. */
export function canonicalOf(node: { raw: string; canonical: string | undefined }, canonicalize: (s: string) => string): string {
  if (node.canonical !== undefined) return node.canonical
  const canonical = canonicalize(node.raw)
  // The author's canonicalizer failed on the author's own gold: their error, not the model's.
  refuseFailedForm(canonical, 'a gold value')
  return (node.canonical = canonical)
}

/** How gold is written: by a test's author with marker values, or in its JSON form with `$oneOf` and `$optional` objects. */
export type GoldForm = 'author' | 'json'

/** Checks a gold value written by a test's author and compiles it; a malformed one throws a TypeError naming the path. */
export function compileGoldValue(value: unknown, path: LazyPath, depth = 0, underKey = false, form: GoldForm = 'author'): GoldNode {
  const outer = startGoldCount()
  try {
    return compileGoldChild(value, path, undefined, depth, underKey, form)
  } finally {
    endGoldCount(outer)
  }
}

/**
 * The most values one gold may hold, written out. A part held in many places is compiled
 * wherever it stands, so `v = [v, v]` nested 40 deep, 41 objects, would be compiled for hours or
 * until memory runs out. A prediction's lists hold at most as many items in all (MAX_LIST_ITEMS).
 */
export const MAX_GOLD_VALUES = 1_000_000

/** What the gold being compiled may still hold; each read of gold starts it afresh (startGoldCount). */
let valuesLeft = MAX_GOLD_VALUES

/** Starts the count for one gold, and returns the count of any read it is nested in, for the caller to restore. */
export function startGoldCount(): number {
  const outer = valuesLeft
  valuesLeft = MAX_GOLD_VALUES
  return outer
}

/** Restores the count that startGoldCount returned. */
export function endGoldCount(outer: number): void {
  valuesLeft = outer
}

/** Takes `count` values from what the gold being read or converted may still hold; false once that is spent. */
export function spendGoldValues(count: number): boolean {
  return (valuesLeft -= count) >= 0
}

export function tooManyGoldValues(where: string): TypeError {
  return new TypeError(`${where}: holds more than ${thousands(MAX_GOLD_VALUES)} values, written out (a part held in several places counts wherever it stands)`)
}

function countValues(count: number, path: LazyPath): void {
  if (!spendGoldValues(count)) throw tooManyGoldValues(shownPath(path))
}

/** The path of the value at `key` of `parent` (the parent's own path without a key); built only when needed. */
function pathOf(parent: LazyPath, key: string | number | undefined): LazyPath {
  return key === undefined ? parent : lazyChild(parent, key)
}

/** Characters of a path a message shows before it is cut: a cycle's path is hundreds of keys long. */
const PATH_SHOWN = 100

/** A value too deep to compile: a cycle, as it mostly is, or a nesting that deep. */
function tooDeep(value: unknown, path: LazyPath): TypeError {
  const shown = shownPath(path)
  let cycle = false
  try {
    cycle = containsItself(value)
  } catch {
    // A getter that throws: the depth is what is known.
  }
  return new TypeError(cycle ? `${shown}: a cycle: the value contains itself` : `${shown}: nested deeper than ${MAX_DEPTH} levels`)
}

/** A path as a message shows it, cut after PATH_SHOWN characters where a key begins, so that no key is shown in part. */
function shownPath(path: LazyPath): string {
  const spelled = spellPath(path)
  const cut = Math.max(spelled.lastIndexOf('.', PATH_SHOWN), spelled.lastIndexOf('[', PATH_SHOWN))
  return spelled.length > PATH_SHOWN && cut > 0 ? `${spelled.slice(0, cut)}…` : spelled
}

/** Nodes looked at before a value is taken to hold no cycle through itself. */
const CYCLE_SEARCH_LIMIT = 100_000

/** Whether the value is among its own descendants (items, values, a marker's alternatives), within a bounded search. */
function containsItself(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const seen = new Set<object>()
  const pending: object[] = [value]
  while (pending.length > 0 && seen.size < CYCLE_SEARCH_LIMIT) {
    const node = pending.pop()!
    for (const child of Object.values(node)) {
      if (child === value) return true
      if (typeof child === 'object' && child !== null && !seen.has(child)) {
        seen.add(child)
        pending.push(child)
      }
    }
  }
  return false
}

/**
 * compileGoldValue for the value at `key` inside `parent`: most gold values are scalars that
 * compile without error, so their path is never built.
 */
export function compileGoldChild(
  value: unknown,
  parent: LazyPath,
  key: string | number | undefined,
  depth: number,
  underKey: boolean,
  form: GoldForm,
): GoldNode {
  // Each `typeof x === '...'` compiles to a type check; a switch on typeof first builds the type's name.
  if (typeof value === 'string') return goldNode('string', value)
  if (typeof value === 'number') {
    if (Number.isNaN(value)) {
      throw new TypeError(`${spellPath(pathOf(parent, key))}: NaN equals nothing; expected a number, or satisfies(Number.isNaN, 'NaN')`)
    }
    return goldNode('number', value)
  }
  if (typeof value === 'boolean') return goldNode('boolean', value)
  if (value === null) return goldNode('null', null)
  if (value === undefined) {
    throw new TypeError(
      `${spellPath(pathOf(parent, key))}: expected a gold value, received undefined (use optional() for an argument that may be left out)`,
    )
  }
  if (typeof value !== 'object') {
    throw new TypeError(
      `${spellPath(pathOf(parent, key))}: expected a JSON value, oneOf(), optional(), satisfies() or an asymmetric matcher, received ${describe(value)}`,
    )
  }
  const path = pathOf(parent, key)
  // Reads made without a path are made again with one to say where they failed.
  if (path === UNNAMED) return compileGoldObject(value, path, depth, underKey, form)
  try {
    return compileGoldObject(value, path, depth, underKey, form)
  } catch (error) {
    throw unreadableObject(path, error)
  }
}

/**
 * What compiling the object at `path` threw: ours, naming its path or a part inside, as it is; what
 * the author's object threw on being read (a getter, a Proxy's trap, a revoked Proxy), named by its path.
 */
function unreadableObject(path: LazyPath, error: unknown): unknown {
  // A long path is cut alike in the messages of the parts inside it.
  const shown = shownPath(path)
  if (error instanceof TypeError && error.message.startsWith(shown.endsWith('…') ? shown.slice(0, -1) : shown)) return error
  return unreadableAt(shown, error)
}

/** compileGoldChild for an object: a marker, a matcher, a list or a plain object. */
function compileGoldObject(value: object, path: LazyPath, depth: number, underKey: boolean, form: GoldForm): GoldNode {
  // Only what holds other values can nest; checked here, the value too deep is one that may contain itself.
  if (depth > MAX_DEPTH) throw tooDeep(value, path)
  countIfProxy(value)
  // A float from typed JSON (BFCL's data) is a number here; only BFCL mode tells it from an integer.
  if (value instanceof PyFloat) {
    unwrittenMet++
    return compileGoldChild(value.value, path, undefined, depth, underKey, form)
  }
  // In the JSON form, a plain object whose one key is `$oneOf` or `$optional` is that form's marker:
  // told first, it skips asking whether it is a marker object or a matcher, properties it lacks.
  let keys: string[] | undefined
  if (form === 'json' && isPlainObject(value)) {
    keys = Object.keys(value)
    const jsonMarker = readJsonMarker(value, keys, path)
    if (jsonMarker !== undefined) return compileJsonMarker(jsonMarker, value, path, depth, underKey)
  }
  const marker = markerKind(value)
  if (marker !== undefined) unwrittenMet++
  if (marker === 'oneOf') {
    const alternatives = (value as OneOf).alternatives
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      throw new TypeError(`${spellPath(path)}: oneOf() needs at least one alternative`)
    }
    return oneOfNode(value, compileItems(alternatives, lazyChild(path, 'oneOf'), depth + 1, form))
  }
  if (marker === 'optional') {
    const { constrained, value: inner } = value as Optional
    if (!underKey) {
      throw new TypeError(`${spellPath(path)}: optional() applies to an argument or an object key; wrap alternatives as optional(oneOf(...))`)
    }
    return optionalNode(value, constrained ? compileGoldChild(inner, path, 'optional', depth + 1, false, form) : undefined)
  }
  if (marker === 'satisfies') {
    const { predicate, description } = value as Satisfies
    // satisfies() checks both; a marker it did not make (another version's, whose fields differ) is checked here.
    if (typeof predicate !== 'function' || typeof description !== 'string') {
      throw new TypeError(`${spellPath(path)}: satisfies() needs a predicate and a description of it, received ${describe(value)}`)
    }
    return satisfiesNode(value, predicate, description)
  }
  if (Array.isArray(value)) {
    const items = compileItems(value, path, depth + 1, form)
    return listNode(value, items, allPlain(items))
  }
  if (isAsymmetricMatcher(value)) {
    unwrittenMet++
    return goldNode('matcher', value)
  }
  if (keys === undefined) {
    if (!isPlainObject(value)) {
      throw new TypeError(
        `${spellPath(path)}: expected a JSON value, oneOf(), optional(), satisfies() or an asymmetric matcher, received ${describe(value)}`,
      )
    }
    keys = Object.keys(value)
    if (keys.length === 1) refuseJsonMarker(value as Record<string, unknown>, keys[0]!, path)
  }
  // A plain object here, checked above in one of the two places.
  const values = compileEntries(value as Record<string, unknown>, keys, path, depth + 1, form)
  return objectNode(value, keys, values, allPlain(values))
}

/**
 * A marker of gold's JSON form (`{ "$oneOf": [...] }`) in gold of the author's form, where it
 * would be a literal object that no prediction matches: gold read from a file without saying so.
 */
function refuseJsonMarker(object: Record<string, unknown>, key: string, path: LazyPath): void {
  const marker = markerKeyOf(key)
  if (marker === undefined || !Array.isArray(object[key])) return
  throw new TypeError(
    `${spellPath(path)}: { "${key}": [...] } is a marker of gold's JSON form: convert such gold with goldFromJSON(gold) ` +
      `(metric.score and evaluate also take goldForm: 'json'), or write ${marker.slice(1)}(...)`,
  )
}

/** The values of an object's keys (or of a gold call's arguments), compiled. */
export function compileEntries(record: Record<string, unknown>, keys: readonly string[], path: LazyPath, depth: number, form: GoldForm): GoldNode[] {
  // Object.values reads each value from its slot, in the order of Object.keys; `record[key]` would look
  // each key up among every shape of object met there.
  countValues(keys.length, path)
  let values: unknown[]
  try {
    values = Object.values(record)
  } catch (error) {
    throw unreadableEntry(record, keys, path, error)
  }
  const nodes: GoldNode[] = new Array(keys.length)
  for (let i = 0; i < keys.length; i++) nodes[i] = compileGoldChild(values[i], path, keys[i]!, depth, true, form)
  return nodes
}

/** What reading an object's values threw (a getter, a Proxy), at the key that threw it where one does. */
function unreadableEntry(record: Record<string, unknown>, keys: readonly string[], path: LazyPath, error: unknown): TypeError {
  for (const key of keys) {
    try {
      void record[key]
    } catch (thrown) {
      return unreadableAt(spellPath(lazyChild(path, key)), thrown)
    }
  }
  return unreadableAt(spellPath(path), error)
}

/** The items of a list (or a oneOf's alternatives), compiled. */
function compileItems(items: readonly unknown[], path: LazyPath, depth: number, form: GoldForm): GoldNode[] {
  countValues(items.length, path)
  const nodes: GoldNode[] = new Array(items.length)
  for (let i = 0; i < items.length; i++) nodes[i] = compileGoldChild(items[i], path, i, depth, false, form)
  return nodes
}

/** Whether every node is plain; asked by the caller that needs it, so compiling returns the nodes alone and allocates no pair. */
export function allPlain(nodes: readonly GoldNode[]): boolean {
  for (let i = 0; i < nodes.length; i++) if (!isPlainNode(nodes[i]!)) return false
  return true
}

/** An `$optional` in a list, a `$oneOf` or another `$optional`, where nothing can be left out. */
export function misplacedJsonOptional(path: string): TypeError {
  return new TypeError(`${path}: $optional applies to an argument or an object key; wrap alternatives as { "$optional": [{ "$oneOf": [...] }] }`)
}

/** A marker of gold's JSON form, compiled as the marker value it stands for. */
function compileJsonMarker(marker: JsonMarker, raw: Record<string, unknown>, path: LazyPath, depth: number, underKey: boolean): GoldNode {
  if (marker === 'oneOf') {
    const alternatives = raw.$oneOf as unknown[]
    countIfProxy(alternatives)
    return oneOfNode(raw, compileItems(alternatives, lazyChild(path, '$oneOf'), depth + 1, 'json'))
  }
  if (!underKey) throw misplacedJsonOptional(spellPath(path))
  const inner = raw.$optional as unknown[]
  countIfProxy(inner)
  return optionalNode(raw, inner.length === 0 ? undefined : compileGoldChild(inner[0], lazyChild(path, '$optional'), 0, depth + 1, false, 'json'))
}

/** Whether a node is plain data all the way down: no marker, predicate or matcher. */
export function isPlainNode(node: GoldNode): boolean {
  switch (node.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return true
    case 'list':
    case 'object':
      return node.plain
    default:
      return false
  }
}

/**
 * A gold value as plain data for a Score: itself when plain, else with its markers described
 * (`{ "$oneOf": [...] }`, `{ "$optional": [...] }`, `{ "$satisfies": "..." }`, `{ "$matcher": "..." }`).
 */
export function describeNode(node: GoldNode, whole = false): unknown {
  switch (node.kind) {
    case 'list':
      return node.plain && !whole ? node.raw : describeNodes(node.items, whole)
    case 'object':
      return node.plain && !whole ? node.raw : describeEntries(node.keys, node.values, whole)
    case 'oneOf':
      return { $oneOf: describeNodes(node.alternatives, whole) }
    case 'optional':
      return { $optional: node.inner === undefined ? [] : [describeNode(node.inner, whole)] }
    case 'satisfies':
      return { $satisfies: node.description }
    case 'matcher':
      return { $matcher: describeMatcher(node.raw) }
    default:
      return node.raw
  }
}

/** Nodes described (see describeNode), in loops that close over nothing: a closure over `whole` would make every call allocate. */
function describeNodes(nodes: readonly GoldNode[], whole: boolean): unknown[] {
  const described: unknown[] = new Array(nodes.length)
  for (let i = 0; i < nodes.length; i++) described[i] = describeNode(nodes[i]!, whole)
  return described
}

/** An object's, or a gold call's, keys and their values described (see describeNode). */
export function describeEntries(keys: readonly string[], values: readonly GoldNode[], whole: boolean): Record<string, unknown> {
  const described: Record<string, unknown> = {}
  for (let i = 0; i < keys.length; i++) setOwnEntry(described, keys[i]!, describeNode(values[i]!, whole))
  return described
}

/** Sets an own enumerable entry; `__proto__` through defineProperty, so it stays an ordinary key. */
export function setOwnEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

