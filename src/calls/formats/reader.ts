import { callOf } from '../arguments'
import { atPath, childPath, errorMessage } from '../path'
import { type ToolCall, type Turns, unparseableCall } from '../tool-call'

/**
 * What one value read as: a single call (it joins the calls beside it), or turns of its own.
 * A part of the model's own output is `partOfTurn`: in a list, its calls, if it has any, join
 * the calls on either side of it, and those calls stay one turn (text and reasoning have none).
 */
export type Reading = { call: ToolCall } | { turns: Turns; partOfTurn?: true; ranByProvider?: true; chunk?: ChunkOfResponse }

/**
 * A streamed response's chunk, read alone as a response is, with the response's id and whether
 * it is the last: in a list, the chunks of one response, up to the one that says it is over, are one turn.
 */
export interface ChunkOfResponse {
  response: string
  ends: boolean
}

/** Reading of the values nested in the one a format reader holds. */
export interface Context {
  /** Any nested value, in whatever format it is. */
  read(value: unknown, path: string): Reading
  /** A value that must be one call, such as an entry of `tool_calls`. */
  call(value: unknown, path: string): ToolCall
  /** A list of calls made together (`tool_calls`); an entry that is not a call is unparseable. */
  calls(list: unknown, path: string): ToolCall[]
  /** A list whose calls all belong to one turn, beside other parts (a message's content). */
  turn(list: unknown, path: string): ToolCall[]
  /** A list of items in order: calls next to each other form a turn; a message or a tool's result ends it. */
  list(list: unknown, path: string): Turns
  /** Each index at which a list holds an entry, counted against the bound on a trajectory's list items: every walk of a predicted list goes through it. */
  indices(list: unknown[], path: string, visit: (index: number) => void): void
}

/** Reads `value` when it is in this reader's format, else returns `undefined`. */
export type FormatReader = (value: object, path: string, context: Context) => Reading | undefined

/** Thrown by `get` when a field cannot be read; the reading catches it and records the reason. */
export class Unreadable extends Error {}

/** A field for telling formats apart: `undefined` when absent or when reading it throws. */
export function peek(value: object, key: PropertyKey): unknown {
  try {
    return (value as Record<PropertyKey, unknown>)[key]
  } catch {
    return undefined
  }
}

/** Whether the key is there and holds something other than undefined. */
export function holds(value: object, key: PropertyKey): boolean {
  return has(value, key) && peek(value, key) !== undefined
}

/** Whether a field exists (own or inherited); `false` when asking throws. */
export function has(value: object, key: PropertyKey): boolean {
  try {
    return key in value
  } catch {
    return false
  }
}

/** `Object.hasOwn`, false where a Proxy's trap throws: a field of the value itself, not a getter of its class. */
export function hasOwnField(value: object, key: string): boolean {
  try {
    return Object.hasOwn(value, key)
  } catch {
    return false
  }
}

/** A field that is read for its content; a getter or Proxy trap that throws makes it `Unreadable`. */
export function get(value: object, key: PropertyKey, path: string): unknown {
  try {
    return (value as Record<PropertyKey, unknown>)[key]
  } catch (error) {
    throw new Unreadable(atPath(path, `could not be read (${errorMessage(error)})`))
  }
}

/** The call whose name and arguments are fields of `holder`, made by `makeCall`: arguments that cannot be read leave it unparseable, its name kept. */
export function callAt(
  holder: object,
  nameKey: PropertyKey,
  namePath: string,
  argsKey: PropertyKey,
  argsPath: string,
  makeCall: (name: unknown, namePath: string, args: unknown, argsPath: string) => ToolCall = callOf,
): ToolCall {
  const name = get(holder, nameKey, namePath)
  let args: unknown
  try {
    args = get(holder, argsKey, argsPath)
  } catch (error) {
    if (error instanceof Unreadable && typeof name === 'string' && name !== '') return unparseableCall(error.message, name)
    throw error
  }
  return makeCall(name, namePath, args, argsPath)
}

/** Each item of a list read for its content, with its path, counted by `context`; an item that cannot be read makes the value Unreadable. */
export function forEachItem(list: unknown[], path: string, context: Context, visit: (item: unknown, itemPath: string) => void): void {
  context.indices(list, path, (index) => {
    const itemPath = childPath(path, index)
    visit(get(list, index, itemPath), itemPath)
  })
}

/** Each object among the items of the list at `key` of `value`, with its path; anything else there is passed over. */
export function forEachObjectIn(value: object, key: string, path: string, context: Context, visit: (item: object, itemPath: string) => void): void {
  const listPath = childPath(path, key)
  const list = get(value, key, listPath)
  if (!isList(list)) return
  forEachItem(list, listPath, context, (item, itemPath) => {
    if (isObject(item)) visit(item, itemPath)
  })
}

/** The length of a list read for its content; anything but a number counts as empty. */
export function lengthOf(list: unknown[], path: string): number {
  const length = get(list, 'length', path)
  return typeof length === 'number' ? length : 0
}

/** The one own key of `value`, or undefined where it has none or several, or listing them throws. */
export function onlyKey(value: object): string | undefined {
  try {
    const keys = Object.keys(value)
    return keys.length === 1 ? keys[0] : undefined
  } catch {
    return undefined
  }
}

export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** `Array.isArray`, which throws on a revoked Proxy, made safe. */
export function isList(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value)
  } catch {
    return false
  }
}

/** A value in a known format that holds no call and ends a turn (a user message, a tool's result). */
export function noCalls(): Reading {
  return { turns: [] }
}

/** A part of the model's own output that holds no call (text, reasoning, a built-in tool's work): it ends no turn. */
export function partOfTurn(): Reading {
  return { turns: [], partOfTurn: true }
}

/** A call the provider ran itself (a built-in web search): part of the turn, and no call of the agent's, even in a list of calls. */
export function ranByProvider(): Reading {
  return { turns: [], partOfTurn: true, ranByProvider: true }
}

/** Every call a reading holds, its turns run together: for a value read as a part of one turn. */
export function callsIn(reading: Reading): ToolCall[] {
  return 'call' in reading ? [reading.call] : reading.turns.flat()
}

/** Adds a reading's turns after `turns`; a call alone is a turn. */
export function addTurns(turns: ToolCall[][], reading: Reading): void {
  if ('call' in reading) turns.push([reading.call])
  // One at a time: spread, a reading of many turns would overflow the stack.
  else for (const turn of reading.turns) turns.push(turn)
}

/** Calls that are part of a turn the items beside them continue: a message that holds one block of a response. */
export function callsOfTurn(calls: ToolCall[]): Reading {
  return { turns: [calls], partOfTurn: true }
}
