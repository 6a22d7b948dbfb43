import type { Canonicalizer } from './canonicalizers'
import { childPath, compileGoldValue, type GoldNode } from './gold-node'
import { printValue } from './print-value'

/** A gold call as a test's author writes it: `{ name, args }` or `[name, args]`. */
export type GoldCallInput =
  | { name: string; args?: Record<string, unknown>; arguments?: Record<string, unknown>; id?: string }
  | readonly [name: string, args?: Record<string, unknown>]

/** One gold call, a list of them, or a list of turns (for `order: 'turns'`). */
export type Gold = GoldCallInput | readonly GoldCallInput[] | readonly (readonly GoldCallInput[])[]

/** A gold call checked and compiled: its arguments as compiled gold values, in their given order. */
export interface GoldCall {
  name: string
  /** The arguments as the author wrote them, for display. */
  args: Record<string, unknown>
  keys: readonly string[]
  values: readonly GoldNode[]
}

/** Gold calls in turns: one turn unless the author gave a list of turns. */
export type GoldTurns = GoldCall[][]

const CALL_KEYS = new Set(['name', 'args', 'arguments', 'id'])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** A tuple call `[name, args]` or `[name]`, as opposed to a turn (a list of calls). */
function isTupleCall(value: unknown): value is [string, unknown?] {
  return Array.isArray(value) && typeof value[0] === 'string' && value.length <= 2
}

function readGoldCall(call: unknown, path: string, canonicalize: Canonicalizer): GoldCall {
  let name: unknown
  let args: unknown
  let argsPath: string
  if (isTupleCall(call)) {
    ;[name, args] = call
    argsPath = `${path}[1]`
  } else if (isRecord(call)) {
    for (const key of Object.keys(call)) {
      if (!CALL_KEYS.has(key)) throw new TypeError(`${path}.${key}: unknown key; a gold call is { name, args }`)
    }
    if (call.args !== undefined && call.arguments !== undefined) {
      throw new TypeError(`${path}: give either args or arguments, not both`)
    }
    name = call.name
    args = call.args ?? call.arguments
    argsPath = call.args !== undefined ? `${path}.args` : `${path}.arguments`
  } else {
    throw new TypeError(`${path}: expected a gold call { name, args } or [name, args], received ${printValue(call)}`)
  }
  if (typeof name !== 'string' || name === '') {
    throw new TypeError(`${isTupleCall(call) ? `${path}[0]` : `${path}.name`}: expected the tool's name, received ${printValue(name)}`)
  }
  if (args === undefined) args = {}
  if (!isPlainRecord(args)) throw new TypeError(`${argsPath}: expected an object of arguments, received ${printValue(args)}`)
  const keys = Object.keys(args)
  const values = keys.map((key) => compileGoldValue(args[key], childPath(argsPath, key), canonicalize, 1, true))
  return { name, args, keys, values }
}

function isTurn(value: unknown): value is unknown[] {
  return Array.isArray(value) && !isTupleCall(value)
}

/**
 * Reads the gold a test's author wrote: a call, a list of calls (one turn), or a list of
 * turns. Anything malformed throws a TypeError naming the path (`gold[2].args.city: ...`).
 */
export function readGold(gold: unknown, canonicalize: Canonicalizer, path = 'gold'): GoldTurns {
  if (isRecord(gold) || isTupleCall(gold)) return [[readGoldCall(gold, path, canonicalize)]]
  if (!Array.isArray(gold)) {
    throw new TypeError(`${path}: expected a list of gold calls, received ${printValue(gold)}`)
  }
  if (gold.length > 0 && gold.every(isTurn)) {
    return gold.map((turn, t) => turn.map((call, i) => readGoldCall(call, `${path}[${t}][${i}]`, canonicalize)))
  }
  return [gold.map((call, i) => readGoldCall(call, `${path}[${i}]`, canonicalize))]
}
