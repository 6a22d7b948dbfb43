import { callOf } from '../../arguments'
import { atPath, childPath, describe } from '../../path'
import { type ToolCall, unparseableCall } from '../../tool-call'
import { customToolCall } from '../openai-chat'
import { isObject, peek } from '../reader'
import { JsonEndScan } from './json-end-scan'

/** A call put together from the pieces a stream gives: its name, its arguments' text so far, or arguments given whole. */
export interface PendingCall {
  /** What tells this call's pieces from others': its index in the stream, its id. */
  index: unknown
  id: unknown
  name: unknown
  namePath: string
  argsText: string
  /** Arguments given whole (Anthropic's `input` at a block's start, a Responses item when done). */
  argsGiven: unknown
  argsPath: string
  /** Why the arguments cannot be read, when a piece was not text. */
  argsProblem: string | undefined
  /** A start event began it (a block's start, an item added), so a second start at its index begins another response. */
  started: boolean
  /** The stream said the call is whole: its block stopped, its item is done, or its response finished. */
  complete: boolean
  /** Where the arguments' text stands as JSON, kept where a reader asks as the pieces come (LangChain's merging). */
  argsScan: JsonEndScan | undefined
  /** A custom tool's free-form input: a call that names its tool but has no arguments. */
  custom: boolean
  /** Not the agent's: a block of the model's own (text, a server tool's call), whose pieces are passed over. */
  skipped: boolean
}

/** The calls of the response a stream is giving, as its pieces come. */
export class PendingCalls {
  private list: PendingCall[] = []
  private readonly byIndex = new Map<unknown, PendingCall>()
  private readonly byId = new Map<unknown, PendingCall>()

  get all(): readonly PendingCall[] {
    return this.list
  }

  get size(): number {
    return this.list.length
  }

  /** The call at a stream's index, if one began there. */
  find(index: unknown): PendingCall | undefined {
    return this.byIndex.get(index)
  }

  /** The call at a stream's index, begun if it is new; its name is looked for where the piece that began it gives names. */
  at(index: unknown, namePath: string): PendingCall {
    return this.byIndex.get(index) ?? this.begin(index, undefined, namePath)
  }

  /** A new call; found later by its index when it has one. */
  begin(index: unknown, id: unknown, namePath: string): PendingCall {
    const call: PendingCall = {
      index,
      id,
      name: undefined,
      namePath,
      argsText: '',
      argsGiven: undefined,
      argsPath: namePath,
      argsProblem: undefined,
      argsScan: undefined,
      started: false,
      complete: false,
      custom: false,
      skipped: false,
    }
    this.list.push(call)
    if (index !== undefined) this.byIndex.set(index, call)
    return call
  }

  /** The call an id was given to, in this response. */
  findId(id: unknown): PendingCall | undefined {
    return this.byId.get(id)
  }

  /** Gives a call an id it may be found by. */
  setId(id: unknown, call: PendingCall): void {
    if (id !== undefined) this.byId.set(id, call)
  }

  last(): PendingCall | undefined {
    return this.list.at(-1)
  }

  /**
   * The calls, each read as the stream left it, in the order they began or, `byIndex`, in the
   * order of their indices (as OpenAI's SDK lists them); the list is emptied for the next response.
   */
  take(byIndex = false): ToolCall[] {
    if (byIndex && this.list.every((call) => typeof call.index === 'number')) this.list.sort((a, b) => (a.index as number) - (b.index as number))
    const calls: ToolCall[] = []
    for (const call of this.list) if (!call.skipped) calls.push(finished(call))
    this.list = []
    this.byIndex.clear()
    this.byId.clear()
    return calls
  }
}

/** Adds a piece of a call's arguments: text is appended; anything else makes them unreadable, as an SDK's accumulator fails on it. */
export function addArgumentsPiece(call: PendingCall, piece: unknown, path: string): void {
  if (piece === undefined || piece === null) return
  if (typeof piece === 'string') {
    call.argsText += piece
    call.argsScan?.add(piece)
    call.argsPath = path
  } else {
    call.argsProblem ??= atPath(path, `expected a piece of the arguments' text, received ${describe(piece)}`)
  }
}

export function isName(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/** The path of a field some levels down. */
export function pathOf(path: string, ...keys: string[]): string {
  return keys.reduce(childPath, path)
}

/** A field that holds an object, or undefined. */
export function member(value: object | undefined, key: string): object | undefined {
  const field = value === undefined ? undefined : peek(value, key)
  return isObject(field) ? field : undefined
}

function isEmptyObject(value: unknown): boolean {
  try {
    return isObject(value) && Object.keys(value).length === 0
  } catch {
    return false
  }
}

function finished(call: PendingCall): ToolCall {
  if (call.custom) return customToolCall(call.name, call.argsPath)
  if (!isName(call.name)) return unparseableCall(atPath(call.namePath, `expected a tool name, received ${describe(call.name)}`))
  if (call.argsProblem !== undefined) return unparseableCall(call.argsProblem, call.name)
  if (call.argsText === '') {
    // Cut short before any of its arguments came (Anthropic's start gives `input: {}` whatever follows), there are none to read.
    if (!call.complete && (call.argsGiven === undefined || isEmptyObject(call.argsGiven))) {
      return unparseableCall(atPath(call.argsPath, 'the stream ended before the arguments of this call'), call.name)
    }
    return callOf(call.name, call.namePath, call.argsGiven ?? {}, call.argsPath)
  }
  return callOf(call.name, call.namePath, call.argsText, call.argsPath)
}
