import { firstHole } from '../calls/list-indices'
import { type LazyPath, lazyChild, spellPath, UNNAMED, unreadableAt } from '../calls/path'
import { allPlain, compileEntries, countIfProxy, describeEntries, endGoldCount, goldProxiesMet, goldUnwrittenMet, type GoldForm, type GoldNode, setOwnEntry, startGoldCount } from './gold-node'
import { isAsymmetricMatcher } from './gold-values'
import { printArgName, printValue } from './print-value'
import { isRecord, isPlainObject } from '../calls/plain-value'
import { isMarkerShaped } from './json-marker'
import { nearest } from './nearest'

/**
 * Arguments as a test's author types them: an object of any type, an interface's too, which
 * `Record<string, unknown>` refuses for want of an index signature (`any` is the one value type
 * that lets an interface stand for one).
 */
export type ArgsInput = Record<string, any>

/**
 * A gold call as a test's author writes it: `{ name, args }` or `[name, args]`. Arguments and id
 * given as undefined are none, as at run time (under exactOptionalPropertyTypes too).
 */
export type GoldCallInput =
  // Either key, not both: the two would be two argument sets.
  | { name: string; args?: ArgsInput | undefined; arguments?: undefined; id?: string | undefined }
  | { name: string; arguments?: ArgsInput | undefined; args?: undefined; id?: string | undefined }
  | readonly [name: string, args?: ArgsInput | undefined]

/**
 * One gold call, a list of them, or a list of turns (for `order: 'turns'`). The list is named
 * mutable too, which takes nothing more: of the forms, tsc tells a wrong call in a list written
 * out against the one sharing most keys with it, which would otherwise be `[name, args]`.
 */
export type Gold = GoldCallInput | GoldCallInput[] | readonly GoldCallInput[] | readonly (readonly GoldCallInput[])[]

/** A gold call checked and compiled: its arguments as compiled gold values, in their given order. */
export interface GoldCall {
  name: string
  /** The arguments as the author wrote them, for display. */
  args: Record<string, unknown>
  keys: readonly string[]
  values: readonly GoldNode[]
  /** Whether `args` can stand in a Score as it is: plain data, or gold in its JSON form (what describeNode gives). */
  selfDescribing: boolean
  /** Whether `args` hold what a Score cannot hold as written (a Proxy, a PyFloat): then they are described whole. */
  unwritten: boolean
  /** Whether reading `args` met a Proxy of the author's, whose traps may throw or answer otherwise when read again: then only `values` are read. */
  proxied: boolean
}

/** A gold call's arguments as plain data for a Score (see describeNode). */
export function describeGoldArgs(call: GoldCall): Record<string, unknown> {
  return call.selfDescribing ? call.args : describeEntries(call.keys, call.values, call.unwritten)
}

/** Gold calls in turns: one turn unless the author gave a list of turns. */
export type GoldTurns = GoldCall[][]

/** The keys a gold call may have; compared outright, as keys are interned strings. */
function isCallKey(key: string): boolean {
  return key === 'name' || key === 'args' || key === 'arguments' || key === 'id'
}

const CALL_KEYS = ['name', 'args', 'arguments', 'id']

/** A tuple call `[name, args]` or `[name]`, as opposed to a turn (a list of calls). */
export function isTupleCall(value: unknown): value is [string, unknown?] {
  return Array.isArray(value) && typeof value[0] === 'string' && value.length <= 2
}

/** A matcher given as a whole call, asked only once the call is found wrong: its own fields (`$$typeof`, `sample`) would be named as unknown keys of the author's. */
function matcherAsCall(call: unknown, at: LazyPath): TypeError {
  return new TypeError(`${spellPath(at)}: expected a gold call { name, args } or [name, args], received ${printValue(call)}; a matcher applies to an argument's value, not to a whole call`)
}

/** An argument written beside the name (`{ name: 'f', x: 1 }`) is told where it goes, rather than likened to `id`. */
function unknownCallKey(call: Record<string, unknown>, key: string, at: LazyPath): TypeError {
  const suggestion = nearest(key, CALL_KEYS)
  const argumentBeside = suggestion !== 'name' && suggestion !== 'args' && suggestion !== 'arguments' && !Object.hasOwn(call, 'args') && !Object.hasOwn(call, 'arguments')
  const hint = argumentBeside ? ` (arguments go under args: { name, args: { ${printArgName(key)}: … } })` : suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`
  return new TypeError(`${spellPath(lazyChild(at, key))}: unknown key${hint}; a gold call is { name, args }`)
}

function tupleOfMoreItems(tuple: readonly unknown[], at: LazyPath): TypeError {
  return new TypeError(`${spellPath(at)}: expected a call [name, args] of two items, received ${tuple.length} items: ${printValue(tuple)}`)
}

/** A gold call read; where a getter or Proxy trap of the author's throws on the way, the error names the call's path (once paths are kept). */
function readGoldCallAt(call: unknown, at: LazyPath, form: GoldForm): GoldCall {
  try {
    return readGoldCall(call, at, form)
  } catch (error) {
    throw thrownAt(at, error)
  }
}

/** What reading at `at` threw, named by its path once paths are kept; at the root (toHaveCalledTool's one call, path ''), readGold names the whole. */
function thrownAt(at: LazyPath, error: unknown): unknown {
  if (at === UNNAMED) return error
  const spelled = spellPath(at)
  return spelled === '' ? error : unreadableAt(spelled, error)
}

/** No provider lets a tool's name hold a parenthesis: such a name is a call written as text (`f(x=1)`), against which every prediction would be wrong. */
export function isCallText(name: string): boolean {
  return name.includes('(')
}

function readGoldCall(call: unknown, at: LazyPath, form: GoldForm): GoldCall {
  let name: unknown
  let args: unknown
  let argsKey: string | number
  if (isTupleCall(call)) {
    ;[name, args] = call
    argsKey = 1
  } else if (isRecord(call)) {
    // for-in allocates no key list; an inherited key is not the call's own.
    for (const key in call) {
      if (!isCallKey(key) && Object.hasOwn(call, key)) {
        throw isAsymmetricMatcher(call) ? matcherAsCall(call, at) : unknownCallKey(call, key, at)
      }
    }
    if (call.args !== undefined && call.arguments !== undefined) {
      throw new TypeError(`${spellPath(at)}: give either args or arguments, not both`)
    }
    name = call.name
    // Not `??`: `args: null` is malformed, not absent.
    args = call.args !== undefined ? call.args : call.arguments
    argsKey = call.args !== undefined ? 'args' : 'arguments'
  } else {
    throw Array.isArray(call) && typeof call[0] === 'string'
      ? tupleOfMoreItems(call, at)
      : new TypeError(`${spellPath(at)}: expected a gold call { name, args } or [name, args], received ${printValue(call)}`)
  }
  if (typeof name !== 'string' || name === '') {
    if (isAsymmetricMatcher(call)) throw matcherAsCall(call, at)
    throw new TypeError(`${spellPath(lazyChild(at, isTupleCall(call) ? 0 : 'name'))}: expected the tool's name, received ${printValue(name)}`)
  }
  if (isCallText(name)) {
    throw new TypeError(`${spellPath(lazyChild(at, isTupleCall(call) ? 0 : 'name'))}: expected the tool's name, received the call text ${printValue(name)}; write a gold call as { name, args }`)
  }
  const argsPath = lazyChild(at, argsKey)
  if (args === undefined) args = {}
  if (!isPlainObject(args)) {
    const matcherHint = isAsymmetricMatcher(args) ? "; a matcher applies to an argument's value (toHaveCalledTool(name, matcher) takes one for the arguments)" : ''
    throw new TypeError(`${spellPath(argsPath)}: expected an object of arguments, received ${printValue(args)}${matcherHint}`)
  }
  const keys = keysAt(args, argsPath)
  // `{ "$oneOf": [...] }` as the arguments would be one argument of that name, which no prediction gives: a marker misplaced.
  if (isMarkerShaped(args, keys)) {
    throw new TypeError(`${spellPath(argsPath)}: expected an object of arguments, received ${printValue(args)}; ${keys[0]} applies to an argument's value, not to the arguments`)
  }
  const proxiesBefore = goldProxiesMet()
  const unwrittenBefore = goldUnwrittenMet()
  countIfProxy(args)
  const values = compileEntries(args, keys, argsPath, 1, form)
  const unwritten = goldUnwrittenMet() !== unwrittenBefore
  // Gold's JSON form describes itself, unless it holds what a Score cannot hold as written.
  const selfDescribing = !unwritten && (form === 'json' || allPlain(values))
  return { name, args, keys, values, selfDescribing, unwritten, proxied: goldProxiesMet() !== proxiesBefore }
}

/** The arguments' keys; a Proxy's trap that throws is named by the arguments' path. */
function keysAt(args: object, argsPath: LazyPath): string[] {
  try {
    return Object.keys(args)
  } catch (error) {
    throw thrownAt(argsPath, error)
  }
}

function isTurn(value: unknown): value is unknown[] {
  return Array.isArray(value) && !isTupleCall(value)
}

/** Gold written as a list of turns, each a list of calls, rather than as a list of calls. */
export function isWrittenAsTurns(gold: unknown): gold is unknown[][] {
  return Array.isArray(gold) && gold.length > 0 && gold.every(isTurn)
}

/**
 * Reads the gold a test's author wrote: a call, a list of calls (one turn), or a list of
 * turns. Anything malformed throws a TypeError naming the path (`gold[2].args.city: ...`).
 * In the JSON form, `$oneOf` and `$optional` objects are read as the markers (see goldFromJSON).
 */
export function readGold(gold: unknown, path = 'gold', form: GoldForm = 'author'): GoldTurns {
  // Paths serve only to name what is wrong, and were a fifth of what reading gold allocates: gold is
  // read without them first, and read again with them only when something is wrong, to say where.
  const outer = startGoldCount()
  try {
    return readGoldAt(gold, UNNAMED, form)
  } catch {
    startGoldCount()
    try {
      return readGoldAt(gold, path, form)
    } catch (error) {
      throw unreadableAt(path, error, 'the gold')
    }
  } finally {
    endGoldCount(outer)
  }
}

function readGoldAt(gold: unknown, path: LazyPath, form: GoldForm): GoldTurns {
  if (isTupleCall(gold) || (isRecord(gold) && !isNamelessCollection(gold))) return [[readGoldCallAt(gold, path, form)]]
  if (!Array.isArray(gold)) {
    throw new TypeError(`${spellPath(path)}: expected a list of gold calls, received ${printValue(gold)}`)
  }
  refuseHoles(gold, path)
  if (isWrittenAsTurns(gold)) {
    const turns: GoldTurns = new Array(gold.length)
    for (let t = 0; t < gold.length; t++) {
      const turn = gold[t] as unknown[]
      const turnPath = lazyChild(path, t)
      refuseHoles(turn, turnPath)
      turns[t] = readGoldCalls(turn, turnPath, form)
    }
    return turns
  }
  return [readGoldCalls(gold, path, form)]
}

/** A Set, a Map, a generator, a Date: no call, and more likely meant as the list than as one call with no name. */
function isNamelessCollection(gold: Record<string, unknown>): boolean {
  return gold.name === undefined && !isPlainObject(gold)
}

/** The calls of one turn, whose holes the caller has refused. A loop, not `map`: a callback closing over `path` and `form` would make every read allocate a context for them. */
function readGoldCalls(list: readonly unknown[], path: LazyPath, form: GoldForm): GoldCall[] {
  // A name first is no list of calls, but a call [name, args] given more items.
  if (typeof list[0] === 'string') throw tupleOfMoreItems(list, path)
  const calls: GoldCall[] = new Array(list.length)
  for (let i = 0; i < list.length; i++) calls[i] = readGoldCallAt(list[i], lazyChild(path, i), form)
  return calls
}

/** A list with a hole holds no call there; the first hole throws, so a vast sparse list is never walked. */
function refuseHoles(list: unknown[], path: LazyPath): void {
  const hole = firstHole(list)
  if (hole !== -1) throw new TypeError(`${spellPath(lazyChild(path, hole))}: expected a gold call, received a hole in the list`)
}
