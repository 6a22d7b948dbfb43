import { callOf } from '../arguments'
import { forEachIndex } from '../list-indices'
import { atPath, childPath, describe } from '../path'
import { type ToolCall, unparseableCall } from '../tool-call'
import { customToolCall } from './openai-chat'
import { get, has, isList, isObject, lengthOf, peek, type FormatReader } from './reader'

/**
 * Whose stream an event is: OpenAI's Chat Completions chunks, Anthropic's raw message events,
 * Bedrock's ConverseStream events, the Responses API's events, or LangChain's message chunks.
 */
export type StreamKind = 'chat' | 'anthropic' | 'bedrock' | 'responses' | 'langchain'

const ANTHROPIC_EVENTS = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping'])

/**
 * Bedrock's ConverseStream events are objects of one member named for the event, each told
 * from a BFCL call to a tool of that name by the fields the event has.
 */
const BEDROCK_EVENTS: ReadonlyArray<readonly [event: string, isEvent: (body: object) => boolean]> = [
  ['messageStart', (body) => typeof peek(body, 'role') === 'string'],
  ['contentBlockStart', (body) => isObject(peek(body, 'start')) && typeof peek(body, 'contentBlockIndex') === 'number'],
  ['contentBlockDelta', (body) => isObject(peek(body, 'delta')) && typeof peek(body, 'contentBlockIndex') === 'number'],
  ['contentBlockStop', (body) => typeof peek(body, 'contentBlockIndex') === 'number'],
  ['messageStop', (body) => typeof peek(body, 'stopReason') === 'string'],
  ['metadata', (body) => isObject(peek(body, 'usage')) || isObject(peek(body, 'metrics'))],
]

/**
 * The kind of stream `value` is an event of, or undefined for anything else. A LangChain chunk
 * counts only in a list (`inList`): alone, it is read by its own reader, as chunks merged into one.
 */
export function streamKindOf(value: object, inList = false): StreamKind | undefined {
  const type = peek(value, 'type')
  if (typeof type === 'string') {
    if (ANTHROPIC_EVENTS.has(type)) return 'anthropic'
    if (type === 'ai') return inList && holdsToolCallChunks(value) ? 'langchain' : undefined
    return type.startsWith('response.') ? 'responses' : undefined
  }
  if (peek(value, 'object') === 'chat.completion.chunk') return 'chat'
  for (const [event, isEvent] of BEDROCK_EVENTS) {
    const body = peek(value, event)
    if (isObject(body)) return isEvent(body) ? 'bedrock' : undefined
  }
  return undefined
}

/** A LangChain chunk with pieces of calls; one without (text, or calls given whole) is read as a message. */
function holdsToolCallChunks(value: object): boolean {
  const chunks = peek(value, 'tool_call_chunks')
  if (!isList(chunks)) return false
  const length = peek(chunks, 'length')
  return typeof length === 'number' && length > 0
}

/** A call put together from pieces: its name, its arguments' text so far, or arguments given whole. */
interface PendingCall {
  /** What tells this call's pieces from others': a stream's index, a LangChain piece's index and id. */
  index: unknown
  id: unknown
  name: unknown
  namePath: string
  argsText: string
  /** Arguments given whole when the call began (Anthropic's `input`), used when no piece follows. */
  argsGiven: unknown
  argsPath: string
  /** The stream said the call is whole (its block stopped, its item is done, its response finished). */
  complete: boolean
  /** A custom tool's free-form input: a call that names its tool but has no arguments. */
  custom: boolean
  /** Not the agent's: a block of the model's own (text, a server tool's call), whose pieces are passed over. */
  skipped: boolean
}

/**
 * The events of streamed responses, put together into each response's calls the way the
 * vendors' SDKs put them together: a call's name as given, its arguments' text appended from
 * each piece. A response ends at its stop event, at the start of another, or where the events end.
 */
export class StreamAssembly {
  private kind: StreamKind | undefined
  /** The response the events belong to (a chunk's `id`), so that a new one ends the last. */
  private responseId: unknown
  private pending: PendingCall[] = []
  /** The pending calls by their stream's index, so that each piece finds its call at once. */
  private byIndex = new Map<unknown, PendingCall>()
  /** Responses items already read, by id, so that `response.completed` adds only those not seen. */
  private readonly seenItems = new Set<unknown>()

  /** Whether `event` ends the response under way before it: it is of another kind, or begins a response. */
  endsBefore(event: object, kind: StreamKind): boolean {
    return this.kind !== undefined && (this.kind !== kind || this.beginsResponse(event, kind))
  }

  /**
   * Takes an event of the given kind (after finish() when endsBefore says so); returns the
   * calls of the response it ends, if it ends one.
   */
  take(event: object, kind: StreamKind, path: string): ToolCall[] | undefined {
    this.kind = kind
    let ends = false
    switch (kind) {
      case 'chat':
        ends = this.takeChatChunk(event, path)
        break
      case 'anthropic':
        ends = this.takeAnthropicEvent(event, path)
        break
      case 'bedrock':
        ends = this.takeBedrockEvent(event, path)
        break
      case 'responses':
        ends = this.takeResponsesEvent(event, path)
        break
      case 'langchain':
        this.takeLangChainChunk(event, path)
        break
    }
    if (!ends) return undefined
    for (const call of this.pending) call.complete = true
    return this.finish()
  }

  /** The calls of the response under way, its stream done or cut short; undefined when none is. */
  finish(): ToolCall[] | undefined {
    if (this.kind === undefined) return undefined
    const calls: ToolCall[] = []
    for (const call of this.pending) if (!call.skipped) calls.push(finished(call))
    this.kind = undefined
    this.responseId = undefined
    this.pending = []
    this.byIndex.clear()
    return calls
  }

  private beginsResponse(event: object, kind: StreamKind): boolean {
    switch (kind) {
      case 'chat':
        return peek(event, 'id') !== this.responseId
      case 'langchain':
        return peek(event, 'id') !== this.responseId || this.restartsCall(event)
      case 'anthropic':
        return peek(event, 'type') === 'message_start'
      case 'bedrock':
        return isObject(peek(event, 'messageStart'))
      case 'responses':
        return peek(event, 'type') === 'response.created'
    }
  }

  /** A chunk of the first choice (the others are alternative answers); true when it says the response is done. */
  private takeChatChunk(chunk: object, path: string): boolean {
    this.responseId = peek(chunk, 'id')
    const choicesPath = childPath(path, 'choices')
    const choices = get(chunk, 'choices', choicesPath)
    if (!isList(choices)) return false
    let choice: unknown
    let choicePath = ''
    forEachIndex(choices, lengthOf(choices, choicesPath), (index) => {
      const item = peek(choices, index)
      // A choice without an index is the only one there is.
      if (choice === undefined && isObject(item) && (peek(item, 'index') ?? 0) === 0) {
        choice = item
        choicePath = childPath(choicesPath, index)
      }
    })
    if (!isObject(choice)) return false
    const deltaPath = childPath(choicePath, 'delta')
    const delta = get(choice, 'delta', deltaPath)
    if (isObject(delta)) {
      const toolCallsPath = childPath(deltaPath, 'tool_calls')
      const toolCalls = get(delta, 'tool_calls', toolCallsPath)
      if (isList(toolCalls)) {
        forEachIndex(toolCalls, lengthOf(toolCalls, toolCallsPath), (i) => {
          const piecePath = childPath(toolCallsPath, i)
          const piece = get(toolCalls, i, piecePath)
          if (isObject(piece)) this.takeChatToolCallPiece(piece, piecePath)
        })
      }
      const functionCallPath = childPath(deltaPath, 'function_call')
      const functionCall = get(delta, 'function_call', functionCallPath)
      if (isObject(functionCall)) this.takeFunctionPiece(this.pendingAt('function_call', undefined, childPath(functionCallPath, 'name')), functionCall, functionCallPath)
    }
    const finishReason = peek(choice, 'finish_reason')
    return typeof finishReason === 'string' && finishReason !== ''
  }

  private takeChatToolCallPiece(piece: object, path: string): void {
    const fnPath = childPath(path, 'function')
    const index = peek(piece, 'index')
    // Without a whole-number index, a piece that names its tool begins a call and any other continues the last.
    const named = isObject(peek(piece, 'function')) && isName(peek(peek(piece, 'function') as object, 'name'))
    const call = isIndex(index) ? this.pendingAt(index, undefined, childPath(fnPath, 'name')) : this.lastOrNew(named, childPath(fnPath, 'name'))
    const custom = peek(piece, 'custom')
    if (isObject(custom)) {
      call.custom = true
      call.argsPath = childPath(path, 'custom')
      const name = peek(custom, 'name')
      if (isName(name)) call.name = name
      return
    }
    const fn = get(piece, 'function', fnPath)
    if (isObject(fn)) this.takeFunctionPiece(call, fn, fnPath)
  }

  /** A `function` piece, `{ name?, arguments? }`: the name set as given, the arguments' text appended. */
  private takeFunctionPiece(call: PendingCall, fn: object, path: string): void {
    const name = peek(fn, 'name')
    if (isName(name)) call.name = name
    const text = peek(fn, 'arguments')
    if (typeof text === 'string') {
      call.argsText += text
      call.argsPath = childPath(path, 'arguments')
    }
  }

  /**
   * A LangChain message chunk: its `tool_call_chunks` merged as LangChain's `concat` merges
   * them (by index, and by id where both have one), and the arguments' text parsed once whole
   * (LangChain parses each chunk's leniently).
   */
  private takeLangChainChunk(chunk: object, path: string): void {
    this.responseId = peek(chunk, 'id')
    const piecesPath = childPath(path, 'tool_call_chunks')
    const pieces = get(chunk, 'tool_call_chunks', piecesPath)
    if (!isList(pieces)) return
    forEachIndex(pieces, lengthOf(pieces, piecesPath), (i) => {
      const piecePath = childPath(piecesPath, i)
      const piece = get(pieces, i, piecePath)
      if (!isObject(piece)) return
      const call = this.langChainTarget(peek(piece, 'index'), peek(piece, 'id'), childPath(piecePath, 'name'))
      const name = peek(piece, 'name')
      if (isName(name)) call.name = name
      const text = peek(piece, 'args')
      if (typeof text === 'string') {
        call.argsText += text
        call.argsPath = childPath(piecePath, 'args')
      }
    })
  }

  /**
   * Whether a chunk names a call again that is whole already: two messages merged each on its
   * own and listed side by side without ids, not pieces of one stream, which name a call once.
   */
  private restartsCall(chunk: object): boolean {
    const pieces = peek(chunk, 'tool_call_chunks')
    const length = isList(pieces) ? peek(pieces, 'length') : undefined
    if (typeof length !== 'number') return false
    let restarts = false
    try {
      forEachIndex(pieces as unknown[], length, (i) => {
        const piece = peek(pieces as unknown[], i)
        if (restarts || !isObject(piece) || !isName(peek(piece, 'name'))) return
        const target = this.mergeTarget(peek(piece, 'index'), peek(piece, 'id'))
        restarts = target !== undefined && target.name !== undefined && isWholeJson(target.argsText)
      })
    } catch {
      // A list whose keys cannot be listed is read, and reported, when the chunk is taken.
    }
    return restarts
  }

  /** The call a LangChain piece merges into, as `_findMergeTarget` finds it, or a new one. */
  private langChainTarget(index: unknown, id: unknown, namePath: string): PendingCall {
    const target = this.mergeTarget(index, id)
    if (target !== undefined) {
      if (typeof id === 'string' && id !== '') target.id = id
      return target
    }
    return this.newCall(index, id, namePath)
  }

  /** By index, and by id where both have one; by id alone where neither has an index. */
  private mergeTarget(index: unknown, id: unknown): PendingCall | undefined {
    const hasIndex = typeof index === 'number' || typeof index === 'string'
    const hasId = typeof id === 'string' && id !== ''
    return this.pending.find((call) => {
      const callHasIndex = typeof call.index === 'number' || typeof call.index === 'string'
      const callHasId = typeof call.id === 'string' && call.id !== ''
      if (hasIndex && callHasIndex) return call.index === index && (!hasId || !callHasId || call.id === id)
      return !hasIndex && !callHasIndex && hasId && callHasId && call.id === id
    })
  }

  /** Anthropic's events: a `tool_use` block begins a call, its `input_json_delta`s add to its input, its stop completes it. */
  private takeAnthropicEvent(event: object, path: string): boolean {
    const type = peek(event, 'type')
    if (type === 'message_stop') return true
    const index = peek(event, 'index')
    if (type === 'content_block_start') {
      const blockPath = childPath(path, 'content_block')
      const block = get(event, 'content_block', blockPath)
      const isToolUse = isObject(block) && get(block, 'type', childPath(blockPath, 'type')) === 'tool_use'
      const call = this.pendingAt(index, undefined, childPath(blockPath, 'name'))
      if (!isToolUse) {
        call.skipped = true
        return false
      }
      call.name = peek(block, 'name')
      call.argsGiven = peek(block, 'input')
      call.argsPath = childPath(blockPath, 'input')
    } else if (type === 'content_block_delta') {
      const deltaPath = childPath(path, 'delta')
      const delta = get(event, 'delta', deltaPath)
      if (!isObject(delta) || get(delta, 'type', childPath(deltaPath, 'type')) !== 'input_json_delta') return false
      const text = peek(delta, 'partial_json')
      const call = this.pendingAt(index, undefined, childPath(path, 'name'))
      if (typeof text === 'string') {
        call.argsText += text
        call.argsPath = childPath(deltaPath, 'partial_json')
      }
    } else if (type === 'content_block_stop') {
      const call = this.byIndex.get(index)
      if (call !== undefined) call.complete = true
    }
    return false
  }

  /** Bedrock's events: a `toolUse` start begins a call, `toolUse` deltas add to its input, its stop completes it. */
  private takeBedrockEvent(event: object, path: string): boolean {
    if (isObject(peek(event, 'messageStop'))) return true
    const start = peek(event, 'contentBlockStart')
    if (isObject(start)) {
      const namePath = pathOf(path, 'contentBlockStart', 'start', 'toolUse', 'name')
      const call = this.pendingAt(peek(start, 'contentBlockIndex'), undefined, namePath)
      const toolUse = member(member(start, 'start'), 'toolUse')
      if (toolUse === undefined || peek(toolUse, 'type') === 'server_tool_use') call.skipped = true
      else call.name = peek(toolUse, 'name')
      return false
    }
    const delta = peek(event, 'contentBlockDelta')
    if (isObject(delta)) {
      const toolUse = member(member(delta, 'delta'), 'toolUse')
      if (toolUse === undefined) return false
      const call = this.pendingAt(peek(delta, 'contentBlockIndex'), undefined, pathOf(path, 'contentBlockDelta', 'name'))
      const text = peek(toolUse, 'input')
      if (typeof text === 'string') {
        call.argsText += text
        call.argsPath = pathOf(path, 'contentBlockDelta', 'delta', 'toolUse', 'input')
      }
      return false
    }
    const stop = peek(event, 'contentBlockStop')
    if (isObject(stop)) {
      const call = this.byIndex.get(peek(stop, 'contentBlockIndex'))
      if (call !== undefined) call.complete = true
    }
    return false
  }

  /**
   * The Responses API's events: a `function_call` item begins a call when added, its arguments'
   * deltas add to it, and it is given whole when done. `response.completed` repeats the items
   * and ends the response; an item of it is read only when no event gave it before.
   */
  private takeResponsesEvent(event: object, path: string): boolean {
    const type = peek(event, 'type')
    if (type === 'response.output_item.added' || type === 'response.output_item.done') {
      const itemPath = childPath(path, 'item')
      this.takeItem(get(event, 'item', itemPath), peek(event, 'output_index'), itemPath, type === 'response.output_item.done', false)
      return false
    }
    if (type === 'response.function_call_arguments.delta') {
      const text = peek(event, 'delta')
      const call = this.byIndex.get(peek(event, 'output_index'))
      if (call !== undefined && !call.complete && typeof text === 'string') {
        call.argsText += text
        call.argsPath = childPath(path, 'delta')
      }
      return false
    }
    if (type !== 'response.completed' && type !== 'response.incomplete' && type !== 'response.failed') return false
    const responsePath = childPath(path, 'response')
    const response = member(event, 'response')
    const output = response === undefined ? undefined : peek(response, 'output')
    if (isList(output)) {
      const outputPath = childPath(responsePath, 'output')
      forEachIndex(output, lengthOf(output, outputPath), (i) => {
        const itemPath = childPath(outputPath, i)
        this.takeItem(get(output, i, itemPath), undefined, itemPath, true, true)
      })
    }
    return true
  }

  /**
   * A Responses output item: a function call (or a custom tool's) begun, or given whole; other
   * items are no calls. An item `repeated` by `response.completed` is read only if no event gave it.
   */
  private takeItem(item: unknown, index: unknown, path: string, whole: boolean, repeated: boolean): void {
    if (!isObject(item)) return
    const type = get(item, 'type', childPath(path, 'type'))
    if (type !== 'function_call' && type !== 'custom_tool_call') return
    const id = peek(item, 'id') ?? peek(item, 'call_id')
    // Without an id, an item it repeats is told by the items the response's events gave.
    if (repeated && (id !== undefined ? this.seenItems.has(id) : this.pending.length > 0)) return
    if (id !== undefined) this.seenItems.add(id)
    const namePath = childPath(path, 'name')
    const call = repeated ? this.newCall(undefined, id, namePath) : this.pendingAt(index ?? id, id, namePath)
    call.name = peek(item, 'name')
    call.custom = type === 'custom_tool_call'
    if (!whole) return
    // Given whole, the item's arguments replace what the deltas gave.
    call.argsText = ''
    call.argsGiven = get(item, 'arguments', childPath(path, 'arguments'))
    call.argsPath = call.custom ? path : childPath(path, 'arguments')
    call.complete = true
  }

  /** The call at a stream's index, begun if it is new; its name is looked for where the piece that began it would give it. */
  private pendingAt(index: unknown, id: unknown, namePath: string): PendingCall {
    const call = this.byIndex.get(index)
    if (call !== undefined) return call
    const begun = this.newCall(index, id, namePath)
    this.byIndex.set(index, begun)
    return begun
  }

  /** For pieces without an index: a named piece begins a call, any other continues the last. */
  private lastOrNew(named: boolean, namePath: string): PendingCall {
    const last = this.pending.at(-1)
    return named || last === undefined ? this.newCall(undefined, undefined, namePath) : last
  }

  private newCall(index: unknown, id: unknown, namePath: string): PendingCall {
    const call: PendingCall = {
      index,
      id,
      name: undefined,
      namePath,
      argsText: '',
      argsGiven: undefined,
      argsPath: namePath,
      complete: false,
      custom: false,
      skipped: false,
    }
    this.pending.push(call)
    return call
  }
}

function isWholeJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

/** The path of a field some levels down. */
function pathOf(path: string, ...keys: string[]): string {
  return keys.reduce(childPath, path)
}

/** A field that holds an object, or undefined. */
function member(value: object | undefined, key: string): object | undefined {
  const field = value === undefined ? undefined : peek(value, key)
  return isObject(field) ? field : undefined
}

function finished(call: PendingCall): ToolCall {
  if (call.custom) return customToolCall(call.name, call.argsPath)
  if (call.name === undefined) return unparseableCall(atPath(call.namePath, `expected a tool name, received ${describe(call.name)}`))
  // A call the stream cut short before any of its arguments came has none to read.
  if (!call.complete && call.argsText === '') {
    return unparseableCall(atPath(call.argsPath, 'the stream ended before the arguments of this call'), typeof call.name === 'string' ? call.name : '')
  }
  // Anthropic's start gives `input: {}`, and the deltas the real input; a call with no delta keeps what it began with.
  const args = call.argsText === '' ? (call.argsGiven ?? {}) : call.argsText
  return callOf(call.name, call.namePath, args, call.argsPath)
}

/** One stream event alone: a response of one event. */
export const readStreamEvent: FormatReader = (value, path) => {
  const kind = streamKindOf(value)
  if (kind === undefined) return undefined
  const assembly = new StreamAssembly()
  const calls = assembly.take(value, kind, path) ?? assembly.finish() ?? []
  return { turns: calls.length === 0 ? [] : [calls] }
}
