import { isLangChainMessage } from './langchain'
import { forEachIndex } from '../list-indices'
import { childPath } from '../path'
import { type Context, has, hasOwnField, isList, isObject, lengthOf, noCalls, onlyKey, peek, type FormatReader, type Reading } from './reader'

/**
 * A LangGraph update, as `graph.stream()` yields it in its `updates` mode: `{ node: { messages } }`,
 * the messages a node added (or the one message), read as those messages; `{ __interrupt__ }`, a
 * pause for a human, holds no call. Told by its messages being in a form only LangChain writes,
 * since BFCL's one-key form, `{ fname: { arg } }`, could have an argument named `messages`.
 */
export const readGraphUpdate: FormatReader = (value, path, context) => {
  const node = onlyKey(value)
  if (node === undefined) return undefined
  if (node === '__interrupt__') return isList(peek(value, node)) ? noCalls() : undefined
  const messages = updateMessages(peek(value, node))
  return areLangChainMessages(messages) ? readMessages(messages, childPath(childPath(path, node), 'messages'), context) : undefined
}

/** The `messages` of a node's update `{ messages }`: a list of them or one; undefined for anything else. Never throws. */
function updateMessages(update: unknown): unknown {
  return isObject(update) && !isList(update) ? peek(update, 'messages') : undefined
}

/** Messages in a form only LangChain writes, told by the first of a list, or by the one message. */
function areLangChainMessages(messages: unknown): boolean {
  return isLangChainMessage(isList(messages) ? peek(messages, 0) : messages)
}

/** A node's messages read: a list as turns, one message as itself. */
function readMessages(messages: unknown, path: string, context: Context): Reading {
  return isList(messages) ? { turns: context.list(messages, path) } : context.read(messages, path)
}

/** The `messages` of a graph's state, `{ messages: [...] }`, or undefined for anything else. Never throws. */
export function stateMessages(item: unknown): unknown[] | undefined {
  if (!isObject(item) || isList(item)) return undefined
  const messages = peek(item, 'messages')
  return isList(messages) ? messages : undefined
}

/**
 * Whether a state's messages begin with all of the state's before it, as each state that
 * `graph.stream()` yields in its `values` mode (its default) holds the last one's and more:
 * the same objects, the same ids, or, stored without ids, the same JSON. Never throws.
 */
export function extendsMessages(earlier: unknown[], later: unknown[]): boolean {
  try {
    const count = lengthOf(earlier, '')
    if (lengthOf(later, '') < count) return false
    for (let i = 0; i < count; i++) if (!sameMessage(earlier[i], later[i])) return false
    return true
  } catch {
    return false
  }
}

function sameMessage(a: unknown, b: unknown): boolean {
  if (a === b) return true
  const idA = messageId(a)
  const idB = messageId(b)
  if (idA !== undefined || idB !== undefined) return idA === idB
  return JSON.stringify(a) === JSON.stringify(b)
}

/** A LangChain message's id, in its class, plain, stored or serialised form. */
function messageId(message: unknown): string | undefined {
  if (!isObject(message)) return undefined
  for (const holder of [message, peek(message, 'kwargs'), peek(message, 'data')]) {
    const id = isObject(holder) ? peek(holder, 'id') : undefined
    if (typeof id === 'string' && id !== '') return id
  }
  return undefined
}

/**
 * The message of a pair `[message, metadata]`, as `graph.stream()` yields each in its `messages`
 * mode, told by the metadata's `langgraph_node`; undefined for anything else. Never throws.
 */
export function graphMessageOf(item: unknown): unknown {
  if (!isList(item) || peek(item, 'length') !== 2) return undefined
  const [message, metadata] = [peek(item, 0), peek(item, 1)]
  // A tuple call, [name, args], begins with a string.
  if (!isObject(message) || isList(message)) return undefined
  return isObject(metadata) && typeof peek(metadata, 'langgraph_node') === 'string' ? message : undefined
}

/** The modes of `graph.stream()`: given several, it yields each chunk as `[mode, chunk]`. */
const STREAM_MODES = new Set(['values', 'updates', 'messages', 'custom', 'debug', 'checkpoints', 'tasks', 'tools'])

/** Of the modes a list streams, the one read: each holds every message the graph made, so reading two would count each call twice. A server's `messages/complete` events hold whole messages. */
const MODES_READ = ['updates', 'values', 'messages', 'messages/complete'] as const

/** What a list's items tell of it being a graph's stream, found once for the list. */
export interface GraphStream {
  /** Its node updates are a graph's: one without messages added none, and holds no call. */
  updates: boolean
  /** In a stream of several modes, the mode whose chunks are read; undefined in a stream of one. */
  mode: string | undefined
}

/**
 * The mode of `[mode, chunk]`, as `graph.stream()` yields each chunk of several modes, or of an event
 * `{ event, data }` a LangGraph server streams; undefined for anything else. Never throws.
 */
export function streamModeOf(item: unknown): string | undefined {
  if (!isList(item)) return sdkEventOf(item)?.mode
  if (peek(item, 'length') !== 2) return undefined
  const mode = peek(item, 0)
  return typeof mode === 'string' && STREAM_MODES.has(mode) && isObject(peek(item, 1)) ? mode : undefined
}

/** Where a chunk of a mode stands in its item: `[mode, chunk]`'s second, or a server's event's `data`. */
export function streamChunkKey(item: unknown): 1 | 'data' {
  return isList(item) ? 1 : 'data'
}

/**
 * A list as a graph's stream, told by a chunk only LangGraph writes (an update of LangChain messages, an interrupt,
 * a state of such messages, a message with its node's metadata); undefined for any other list. Never throws.
 */
export function graphStreamOf(list: unknown[], length: number): GraphStream | undefined {
  let modes: Set<string> | undefined
  let told = false
  try {
    // The indices the list holds, as its reading visits them: a Proxy's vast made-up length is not walked.
    forEachIndex(list, length, (index) => {
      const item = peek(list, index)
      const mode = streamModeOf(item)
      if (mode !== undefined) (modes ??= new Set()).add(mode)
      // A server's events are a graph's stream, whatever form its messages take.
      told ||= sdkEventOf(item) !== undefined || isGraphChunk(mode === undefined ? item : peek(item as object, streamChunkKey(item)), mode)
    })
  } catch {
    return undefined
  }
  if (!told) return undefined
  const streamed = modes as Set<string> | undefined
  const mode = streamed === undefined ? undefined : MODES_READ.find((read) => streamed.has(read))
  return { updates: streamed === undefined || mode === 'updates', mode }
}

function isGraphChunk(chunk: unknown, mode: string | undefined): boolean {
  if (mode === 'values') return isLangChainMessage(peek(stateMessages(chunk) ?? [], 0))
  if (mode === 'messages') return graphMessageOf(chunk) !== undefined
  if (mode !== undefined && mode !== 'updates') return false
  if (!isObject(chunk) || isList(chunk)) return false
  const node = onlyKey(chunk)
  if (node === undefined) return false
  const update = peek(chunk, node)
  return node === '__interrupt__' ? isList(update) : areLangChainMessages(updateMessages(update))
}

/**
 * In a graph's stream of updates, a node's `{ node: update }`: the messages it added, and none where its update
 * holds none (a router's `{ route }`, an empty `{}`). Undefined for what is no node's update.
 */
export function readNodeUpdate(item: unknown, path: string, context: Context): Reading | undefined {
  if (!isObject(item) || isList(item)) return undefined
  const node = onlyKey(item)
  if (node === undefined || node === '__interrupt__') return undefined
  const update = peek(item, node)
  if (update === null || update === undefined) return noCalls()
  if (!isObject(update) || isList(update)) return undefined
  const messages = peek(update, 'messages')
  if (messages === undefined || messages === null) return noCalls()
  return readMessages(messages, childPath(childPath(path, node), 'messages'), context)
}

/** The events of a run streamed from a LangGraph server (`@langchain/langgraph-sdk`'s `client.runs.stream()`), by the mode each is of. */
const SDK_EVENTS = new Set([
  'values',
  'updates',
  'messages',
  'messages/complete',
  'messages/partial',
  'messages/metadata',
  'metadata',
  'end',
  'error',
  'events',
  'debug',
  'tasks',
  'checkpoints',
  'custom',
  'tools',
  'lifecycle',
])

/** An event `{ event, data }` a LangGraph server streams, its mode (a subgraph's, `values|ns`, as its graph's); undefined for anything else. Never throws. */
export function sdkEventOf(item: unknown): { mode: string; data: unknown } | undefined {
  if (!isObject(item) || !hasOwnField(item, 'event') || !has(item, 'data')) return undefined
  const event = peek(item, 'event')
  if (typeof event !== 'string') return undefined
  const mode = event.split('|', 1)[0]!
  return SDK_EVENTS.has(mode) ? { mode, data: peek(item, 'data') } : undefined
}
