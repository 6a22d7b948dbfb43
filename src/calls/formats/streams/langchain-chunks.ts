import { forEachIndex } from '../../list-indices'
import { childPath } from '../../path'
import { langChainTypeOf } from '../langchain'
import { forEachObjectIn, has, isList, isObject, peek, type Context } from '../reader'
import { JsonEndScan } from './json-end-scan'
import { addArgumentsPiece, isName, type PendingCall, type PendingCalls } from './pending-calls'

/**
 * The message a LangChain chunk holds, as a class instance or a plain `{ type: 'ai' }`, in its
 * stored form `{ type: 'ai', data }`, or serialised by `toJSON()` (`{ lc, type: 'constructor',
 * id: [..., 'AIMessageChunk'], kwargs }`); with the key its fields are under, if any.
 */
export function langChainChunkOf(value: object): { message: object; key: 'data' | 'kwargs' | undefined } | undefined {
  const type = langChainTypeOf(value)
  if (type === 'ai') {
    if (isList(peek(value, 'tool_call_chunks'))) return { message: value, key: undefined }
    const data = peek(value, 'data')
    return isObject(data) && isList(peek(data, 'tool_call_chunks')) ? { message: data, key: 'data' } : undefined
  }
  if (type !== 'constructor' || !has(value, 'lc')) return undefined
  const id = peek(value, 'id')
  const className = isList(id) ? peek(id, (peek(id, 'length') as number) - 1) : undefined
  const kwargs = peek(value, 'kwargs')
  return className === 'AIMessageChunk' && isObject(kwargs) && isList(peek(kwargs, 'tool_call_chunks')) ? { message: kwargs, key: 'kwargs' } : undefined
}

/**
 * Whether a chunk is a piece of a stream: any chunk but one that holds its calls whole
 * (`tool_calls` without pieces, as a chunk made from calls has), which is read as a message.
 */
export function isStreamedChunk(message: object): boolean {
  const pieces = peek(message, 'tool_call_chunks')
  const calls = peek(message, 'tool_calls')
  return isList(pieces) && (sizeOf(pieces) > 0 || !isList(calls) || sizeOf(calls) === 0)
}

/** Whether a chunk holds pieces of calls: one without (text alone) continues a stream, but begins none, and is read as a message. */
export function holdsPieces(message: object): boolean {
  const pieces = peek(message, 'tool_call_chunks')
  return isList(pieces) && sizeOf(pieces) > 0
}

/** A list's length as it says it, 0 when it cannot. */
function sizeOf(list: unknown[]): number {
  const length = peek(list, 'length')
  return typeof length === 'number' ? length : 0
}

/** Pieces that merge by index, and by id where both have one; and those without an index, by id alone. */
export class LangChainMerge {
  private readonly byIndex = new Map<unknown, IndexCalls>()
  private readonly byIdWithoutIndex = new Map<unknown, PendingCall>()

  /** The call a piece merges into, as LangChain's `_findMergeTarget` finds it: the first that agrees. */
  target(index: unknown, id: unknown): PendingCall | undefined {
    const hasId = isId(id)
    if (hasIndex(index)) return this.byIndex.get(index)?.target(hasId ? id : undefined)
    return hasId ? this.byIdWithoutIndex.get(id) : undefined
  }

  add(index: unknown, id: unknown, call: PendingCall): void {
    if (hasIndex(index)) {
      const calls = this.byIndex.get(index)
      if (calls === undefined) this.byIndex.set(index, new IndexCalls(call))
      else calls.add(call)
    } else if (isId(id)) {
      this.byIdWithoutIndex.set(id, call)
    }
  }

  /** Gives a call the id of a piece that merged into it. */
  giveId(index: unknown, id: string, call: PendingCall): void {
    call.id = id
    if (hasIndex(index)) this.byIndex.get(index)?.named(id, call)
  }

  clear(): void {
    this.byIndex.clear()
    this.byIdWithoutIndex.clear()
  }
}

function hasIndex(index: unknown): boolean {
  return typeof index === 'number' || typeof index === 'string'
}

function isId(id: unknown): id is string {
  return typeof id === 'string' && id !== ''
}

/**
 * The calls begun at one index, in order, looked up without a search of them all: a stream
 * that gives every call the same index and an id of its own would take time quadratic in its length.
 */
class IndexCalls {
  private readonly order = new Map<PendingCall, number>()
  // Calls begun without an id, in order; those that have been given one since are dropped from the front as found.
  private readonly withoutId: PendingCall[] = []
  private head = 0
  // The first call that has each id.
  private readonly byId = new Map<string, PendingCall>()

  constructor(private readonly first: PendingCall) {
    this.add(first)
  }

  add(call: PendingCall): void {
    this.order.set(call, this.order.size)
    if (isId(call.id)) this.named(call.id, call)
    else this.withoutId.push(call)
  }

  named(id: string, call: PendingCall): void {
    const known = this.byId.get(id)
    if (known === undefined || this.order.get(call)! < this.order.get(known)!) this.byId.set(id, call)
  }

  /** The first call, for a piece without an id; else the first that has no id or the same one. */
  target(id: string | undefined): PendingCall | undefined {
    if (id === undefined) return this.first
    while (this.head < this.withoutId.length && isId(this.withoutId[this.head]!.id)) this.head++
    const anonymous = this.withoutId[this.head]
    const same = this.byId.get(id)
    if (anonymous === undefined || same === undefined) return anonymous ?? same
    return this.order.get(anonymous)! < this.order.get(same)! ? anonymous : same
  }
}

/** Whether a call's arguments are whole JSON already; from the first time this is asked, each piece of their text is scanned as it comes. */
function argumentsWhole(call: PendingCall): boolean {
  if (call.argsScan === undefined) {
    call.argsScan = new JsonEndScan()
    call.argsScan.add(call.argsText)
  }
  return call.argsScan.isWhole(call.argsText)
}

/**
 * Whether a chunk begins another message: it names a call whose arguments are whole already
 * and gives the text of new ones, as a second message merged on its own would. Pieces of one
 * stream name a call once, or repeat its name beside more of the same text.
 */
export function beginsLangChainMessage(merge: LangChainMerge, message: object): boolean {
  const pieces = peek(message, 'tool_call_chunks')
  if (!isList(pieces)) return false
  let begins = false
  try {
    // Not counted: the chunk is taken next, and takeLangChainChunk's walk of the same pieces counts.
    forEachIndex(pieces, sizeOf(pieces), (i) => {
      const piece = peek(pieces, i)
      if (begins || !isObject(piece) || !isName(peek(piece, 'name'))) return
      const text = peek(piece, 'args')
      if (typeof text !== 'string' || !text.trimStart().startsWith('{')) return
      const call = merge.target(peek(piece, 'index'), peek(piece, 'id'))
      begins = call !== undefined && argumentsWhole(call)
    })
  } catch {
    // A list whose keys cannot be listed is read, and reported, when the chunk is taken.
  }
  return begins
}

/**
 * A LangChain chunk's `tool_call_chunks`, merged as LangChain's `concat` merges them, the
 * arguments' text parsed once whole (LangChain parses each chunk's leniently; an empty text, as
 * it does, is no arguments). True when the chunk says the message is finished
 * (`response_metadata.finish_reason`, `chunk_position: 'last'`).
 */
export function takeLangChainChunk(calls: PendingCalls, merge: LangChainMerge, message: object, path: string, context: Context): boolean {
  forEachObjectIn(message, 'tool_call_chunks', path, context, (piece, piecePath) => {
    const index = peek(piece, 'index')
    const id = peek(piece, 'id')
    let call = merge.target(index, id)
    if (call === undefined) {
      call = calls.begin(undefined, id, childPath(piecePath, 'name'))
      call.index = index
      merge.add(index, id, call)
    } else if (isId(id)) {
      merge.giveId(index, id, call)
    }
    const name = peek(piece, 'name')
    if (isName(name)) call.name = name
    addArgumentsPiece(call, peek(piece, 'args'), childPath(piecePath, 'args'))
    // A message merged so far is read as LangChain reads it: arguments not yet given are none.
    call.complete = true
  })
  const metadata = peek(message, 'response_metadata')
  const finishReason = isObject(metadata) ? (peek(metadata, 'finish_reason') ?? peek(metadata, 'stop_reason')) : undefined
  return peek(message, 'chunk_position') === 'last' || (typeof finishReason === 'string' && finishReason !== '')
}
