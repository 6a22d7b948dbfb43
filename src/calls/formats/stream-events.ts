import { callOf } from '../arguments'
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

/** Bedrock's ConverseStream events are objects of one member, each named for its event. */
const BEDROCK_EVENTS = ['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata'] as const

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
  for (const event of BEDROCK_EVENTS) if (isObject(peek(value, event))) return event === 'metadata' && !isBedrockMetadata(value) ? undefined : 'bedrock'
  return undefined
}

/** A LangChain chunk with pieces of calls; one without (text, or calls given whole) is read as a message. */
function holdsToolCallChunks(value: object): boolean {
  const chunks = peek(value, 'tool_call_chunks')
  if (!isList(chunks)) return false
  const length = peek(chunks, 'length')
  return typeof length === 'number' && length > 0
}

/** A Bedrock `metadata` event, `{ metadata: { usage, metrics } }`, told from a BFCL call to a tool named `metadata`. */
function isBedrockMetadata(value: object): boolean {
  const metadata = peek(value, 'metadata') as object
  return has(metadata, 'usage') || has(metadata, 'metrics')
}

/** A call put together from deltas: its name, its arguments' text so far, or arguments given whole. */
interface PendingCall {
  name: unknown
  namePath: string
  argsText: string
  /** Arguments given whole when the call began (Anthropic's `input`), used when no delta follows. */
  argsGiven: unknown
  argsPath: string
  /** A custom tool's free-form input: a call that names its tool but has no arguments. */
  custom: boolean
}

/**
 * The events of streamed responses, put together into each response's calls the way the
 * vendors' SDKs put them together: a call's name as given, its arguments' text appended from
 * each delta. A response ends at its stop event, at the start of another, or where the events end.
 */
export class StreamAssembly {
  private kind: StreamKind | undefined
  /** The response the events belong to (a chunk's `id`), so that a new one ends the last. */
  private responseId: unknown
  private pending: PendingCall[] = []
  /** Calls given whole (a Responses `output_item.done`), in order among the pending ones. */
  private whole: ToolCall[] = []

  /** Takes an event of the given kind; returns the calls of the responses it ends, if it ends any. */
  take(event: object, kind: StreamKind, path: string): ToolCall[] | undefined {
    // An event of another kind, or one that begins a response, ends the response under way.
    const ended = this.kind !== undefined && (this.kind !== kind || this.beginsResponse(event, kind)) ? this.finish() : undefined
    this.kind = kind
    let endsResponse = false
    switch (kind) {
      case 'chat':
        endsResponse = this.takeChatChunk(event, path)
        break
      case 'anthropic':
        endsResponse = this.takeAnthropicEvent(event, path)
        break
      case 'bedrock':
        endsResponse = this.takeBedrockEvent(event, path)
        break
      case 'responses':
        endsResponse = this.takeResponsesEvent(event, path)
        break
      case 'langchain':
        this.takeLangChainChunk(event, path)
        break
    }
    if (!endsResponse) return ended
    const calls = this.finish()!
    return ended === undefined ? calls : [...ended, ...calls]
  }

  private beginsResponse(event: object, kind: StreamKind): boolean {
    switch (kind) {
      case 'chat':
        return peek(event, 'id') !== this.responseId
      case 'anthropic':
        return peek(event, 'type') === 'message_start'
      case 'bedrock':
        return isObject(peek(event, 'messageStart'))
      case 'responses':
        return peek(event, 'type') === 'response.created'
      case 'langchain':
        return peek(event, 'id') !== this.responseId
    }
  }

  /** The calls of the response under way, its stream cut short or done; undefined when none is. */
  finish(): ToolCall[] | undefined {
    if (this.kind === undefined) return undefined
    const calls: ToolCall[] = [...this.whole]
    for (const call of this.pending) if (call !== undefined) calls.push(finished(call))
    this.kind = undefined
    this.responseId = undefined
    this.pending = []
    this.whole = []
    return calls
  }

  /** A chunk's first choice (the others are alternative answers); true when it says the response is done. */
  private takeChatChunk(chunk: object, path: string): boolean {
    this.responseId = peek(chunk, 'id')
    const choices = peek(chunk, 'choices')
    if (!isList(choices) || lengthOf(choices, path) === 0) return false
    const choicePath = childPath(childPath(path, 'choices'), 0)
    const choice = get(choices, 0, choicePath)
    if (!isObject(choice)) return false
    const deltaPath = childPath(choicePath, 'delta')
    const delta = get(choice, 'delta', deltaPath)
    const toolCallsPath = childPath(deltaPath, 'tool_calls')
    const toolCalls = isObject(delta) ? get(delta, 'tool_calls', toolCallsPath) : undefined
    if (isList(toolCalls)) {
      for (let i = 0; i < lengthOf(toolCalls, toolCallsPath); i++) {
        const deltaCallPath = childPath(toolCallsPath, i)
        const deltaCall = get(toolCalls, i, deltaCallPath)
        if (isObject(deltaCall)) this.takeChatToolCallDelta(deltaCall, deltaCallPath)
      }
    }
    const finishReason = peek(choice, 'finish_reason')
    return finishReason !== undefined && finishReason !== null
  }

  private takeChatToolCallDelta(delta: object, path: string): void {
    const fnPath = childPath(path, 'function')
    const call = this.pendingAt(peek(delta, 'index'), childPath(fnPath, 'name'))
    const custom = peek(delta, 'custom')
    if (isObject(custom)) {
      call.custom = true
      call.argsPath = childPath(path, 'custom')
      const name = peek(custom, 'name')
      if (typeof name === 'string' && name !== '') call.name = name
      return
    }
    const fn = get(delta, 'function', fnPath)
    if (!isObject(fn)) return
    const name = peek(fn, 'name')
    if (typeof name === 'string' && name !== '') call.name = name
    call.argsPath = childPath(fnPath, 'arguments')
    const text = peek(fn, 'arguments')
    if (typeof text === 'string') call.argsText += text
  }

  /**
   * A LangChain message chunk: its `tool_call_chunks` merged by index as LangChain's `concat`
   * merges them, and the arguments' text parsed once whole (LangChain parses each chunk leniently).
   */
  private takeLangChainChunk(chunk: object, path: string): void {
    this.responseId = peek(chunk, 'id')
    const chunksPath = childPath(path, 'tool_call_chunks')
    const chunks = get(chunk, 'tool_call_chunks', chunksPath)
    if (!isList(chunks)) return
    for (let i = 0; i < lengthOf(chunks, chunksPath); i++) {
      const callPath = childPath(chunksPath, i)
      const piece = get(chunks, i, callPath)
      if (!isObject(piece)) continue
      const index = peek(piece, 'index')
      const call = this.pendingAt(typeof index === 'number' ? index : i, childPath(callPath, 'name'))
      const name = peek(piece, 'name')
      if (typeof name === 'string' && name !== '') call.name = name
      const text = peek(piece, 'args')
      if (typeof text === 'string') {
        call.argsText += text
        call.argsPath = childPath(callPath, 'args')
      }
    }
  }

  /** Anthropic's events: a `tool_use` block begins a call, `input_json_delta`s add to its input. */
  private takeAnthropicEvent(event: object, path: string): boolean {
    const type = peek(event, 'type')
    if (type === 'message_stop') return true
    const index = peek(event, 'index')
    if (type === 'content_block_start') {
      const blockPath = childPath(path, 'content_block')
      const block = get(event, 'content_block', blockPath)
      if (!isObject(block) || peek(block, 'type') !== 'tool_use') return false
      const call = this.pendingAt(index, childPath(blockPath, 'name'))
      call.name = peek(block, 'name')
      call.argsGiven = peek(block, 'input')
      call.argsPath = childPath(blockPath, 'input')
      return false
    }
    if (type === 'content_block_delta') {
      const delta = peek(event, 'delta')
      if (!isObject(delta) || peek(delta, 'type') !== 'input_json_delta') return false
      const text = peek(delta, 'partial_json')
      const call = this.pending[indexOf(index)]
      if (call !== undefined && typeof text === 'string') {
        call.argsText += text
        call.argsPath = childPath(childPath(path, 'delta'), 'partial_json')
      }
    }
    return false
  }

  /** Bedrock's events: a `toolUse` start begins a call, `toolUse` deltas add to its input. */
  private takeBedrockEvent(event: object, path: string): boolean {
    if (isObject(peek(event, 'messageStop'))) return true
    const start = peek(event, 'contentBlockStart')
    if (isObject(start)) {
      const toolUse = member(member(start, 'start'), 'toolUse')
      if (toolUse === undefined) return false
      const call = this.pendingAt(peek(start, 'contentBlockIndex'), pathOf(path, 'contentBlockStart', 'start', 'toolUse', 'name'))
      call.name = peek(toolUse, 'name')
      return false
    }
    const delta = peek(event, 'contentBlockDelta')
    if (isObject(delta)) {
      const text = peek(member(member(delta, 'delta'), 'toolUse') ?? {}, 'input')
      const call = this.pending[indexOf(peek(delta, 'contentBlockIndex'))]
      if (call !== undefined && typeof text === 'string') {
        call.argsText += text
        call.argsPath = pathOf(path, 'contentBlockDelta', 'delta', 'toolUse', 'input')
      }
    }
    return false
  }

  /**
   * The Responses API's events: each output item is given whole when done, so a call is read
   * from its `response.output_item.done`. `response.completed` repeats the items and ends the
   * response; its own are read only when no item event came before it.
   */
  private takeResponsesEvent(event: object, path: string): boolean {
    const type = peek(event, 'type')
    if (type === 'response.output_item.done') {
      const itemPath = childPath(path, 'item')
      this.addItemCall(get(event, 'item', itemPath), itemPath)
      return false
    }
    if (type !== 'response.completed' && type !== 'response.incomplete' && type !== 'response.failed') return false
    const response = member(event, 'response')
    const output = response === undefined ? undefined : peek(response, 'output')
    if (this.whole.length === 0 && isList(output)) {
      const outputPath = childPath(childPath(path, 'response'), 'output')
      for (let i = 0; i < lengthOf(output, outputPath); i++) {
        const itemPath = childPath(outputPath, i)
        this.addItemCall(get(output, i, itemPath), itemPath)
      }
    }
    return true
  }

  /** A Responses output item's call, if it is one. */
  private addItemCall(item: unknown, path: string): void {
    if (!isObject(item)) return
    const type = peek(item, 'type')
    if (type === 'custom_tool_call') this.whole.push(customToolCall(get(item, 'name', childPath(path, 'name')), path))
    if (type !== 'function_call') return
    const namePath = childPath(path, 'name')
    const argsPath = childPath(path, 'arguments')
    this.whole.push(callOf(get(item, 'name', namePath), namePath, get(item, 'arguments', argsPath), argsPath))
  }

  /** The call at a delta's index, begun if it is new: its name is looked for where the delta that began it would give it. */
  private pendingAt(index: unknown, namePath: string): PendingCall {
    const at = indexOf(index)
    let call = this.pending[at]
    if (call === undefined) {
      call = { name: undefined, namePath, argsText: '', argsGiven: undefined, argsPath: namePath, custom: false }
      this.pending[at] = call
    }
    return call
  }
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

/** A delta's index; one that is not a small whole number counts as the first. */
function indexOf(index: unknown): number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < MAX_STREAMED_CALLS ? index : 0
}

/** Calls of one streamed response beyond which an index is taken to be garbage. */
const MAX_STREAMED_CALLS = 4096

function finished(call: PendingCall): ToolCall {
  if (call.custom) return customToolCall(call.name, call.argsPath)
  if (call.name === undefined) return unparseableCall(atPath(call.namePath, `expected a tool name, received ${describe(call.name)}`))
  // Anthropic's start gives `input: {}`, and the deltas the real input; a call with no delta keeps what it began with.
  const args = call.argsText === '' ? (call.argsGiven ?? {}) : call.argsText
  return callOf(call.name, call.namePath, args, call.argsPath)
}

/** One stream event alone: the calls of a response of one event. */
export const readStreamEvent: FormatReader = (value, path) => {
  const kind = streamKindOf(value)
  if (kind === undefined) return undefined
  const assembly = new StreamAssembly()
  const calls = assembly.take(value, kind, path) ?? assembly.finish() ?? []
  return { turns: calls.length === 0 ? [] : [calls] }
}
