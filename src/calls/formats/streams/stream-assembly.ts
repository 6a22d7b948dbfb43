import { childPath } from '../../path'
import type { ToolCall } from '../../tool-call'
import { langChainTypeOf } from '../langchain'
import { peek, type Context, type FormatReader } from '../reader'
import { AG_UI_EVENTS, agUiFailure, AgUiTurn, beginsAgUiMessage, takeAgUiEvent } from './ag-ui-events'
import { ANTHROPIC_EVENTS, beginsAnthropicMessage, takeAnthropicEvent } from './anthropic-events'
import { beginsBedrockMessage, isBedrockEvent, takeBedrockEvent } from './bedrock-events'
import { takeChatChunk } from './chat-chunks'
import { beginsLangChainMessage, holdsPieces, isStreamedChunk, LangChainMerge, langChainChunkOf, takeLangChainChunk } from './langchain-chunks'
import { PendingCalls } from './pending-calls'
import { beginsResponsesResponse, responsesFailure, takeResponsesEvent } from './responses-events'

/**
 * Whose stream an event is: OpenAI's Chat Completions chunks, Anthropic's raw message events,
 * Bedrock's ConverseStream events, the Responses API's events, LangChain's message chunks, or AG-UI's events.
 */
export type StreamKind = 'chat' | 'anthropic' | 'bedrock' | 'responses' | 'langchain' | 'ag-ui'

/**
 * The kind of stream `value` is an event of, or undefined for anything else. A LangChain chunk
 * counts only in a list (`inList`): alone, it is read by its own reader, as chunks merged into one;
 * so does AG-UI's snapshot of the messages, which alone is read as the messages it holds.
 * Never throws: a field that cannot be read tells no kind.
 */
export function streamKindOf(value: object, inList = false): StreamKind | undefined {
  // A message is no event: told first, as lists are mostly messages.
  if (typeof peek(value, 'role') === 'string') return undefined
  // An event's type, or a LangChain chunk's, which one of @langchain/core 0.3 gives by a method.
  const type = langChainTypeOf(value)
  if (typeof type === 'string') {
    if (ANTHROPIC_EVENTS.has(type)) return 'anthropic'
    if (type.startsWith('response.')) return 'responses'
    if (AG_UI_EVENTS.has(type)) return type !== 'MESSAGES_SNAPSHOT' || inList ? 'ag-ui' : undefined
    if (type !== 'ai' && type !== 'constructor') return undefined
    if (!inList) return undefined
    const chunk = langChainChunkOf(value)
    return chunk !== undefined && isStreamedChunk(chunk.message) ? 'langchain' : undefined
  }
  if (peek(value, 'object') === 'chat.completion.chunk') return 'chat'
  return isBedrockEvent(value) ? 'bedrock' : undefined
}

/**
 * The events of streamed responses, put together into each response's calls the way the
 * vendors' SDKs put them together. A response ends at its stop event, where another begins,
 * at an event of another kind, or where the events end.
 */
export class StreamAssembly {
  private kind: StreamKind | undefined
  private readonly calls = new PendingCalls()
  private readonly merge = new LangChainMerge()
  /** Responses items given whole, by id, so that the event ending a response adds only the others. */
  private readonly doneIds = new Set<unknown>()
  private readonly agUiTurn = new AgUiTurn()

  /** Whether a response is being put together. */
  get underWay(): boolean {
    return this.kind !== undefined
  }

  /**
   * Whether `event` is taken as a piece of a stream: a LangChain chunk of text alone only
   * continues a stream of chunks, and begins none (alone, it ends a turn as a message does).
   */
  takes(event: object, kind: StreamKind): boolean {
    if (kind !== 'langchain' || this.kind === 'langchain') return true
    const chunk = langChainChunkOf(event)
    return chunk !== undefined && holdsPieces(chunk.message)
  }

  /** Whether `event` ends the response under way before it: it is of another kind, or begins a response. Never throws. */
  endsBefore(event: object, kind: StreamKind): boolean {
    if (this.kind === undefined) return false
    if (this.kind !== kind) return true
    switch (kind) {
      case 'chat':
        return false
      case 'anthropic':
        return beginsAnthropicMessage(this.calls, event)
      case 'bedrock':
        return beginsBedrockMessage(this.calls, event)
      case 'responses':
        return beginsResponsesResponse(this.calls, event)
      case 'langchain': {
        const chunk = langChainChunkOf(event)
        return chunk !== undefined && beginsLangChainMessage(this.merge, chunk.message)
      }
      case 'ag-ui':
        return beginsAgUiMessage(this.calls, this.agUiTurn, event)
    }
  }

  /** Takes an event of the given kind (after finish() when endsBefore says so); returns the calls of the response it ends, if it ends one. */
  take(event: object, kind: StreamKind, path: string, context: Context): ToolCall[] | undefined {
    this.kind = kind
    if (!this.takeEvent(event, kind, path, context)) return undefined
    for (const call of this.calls.all) call.complete = true
    const calls = this.finish()!
    const failure = kind === 'responses' ? responsesFailure(event, path) : kind === 'ag-ui' ? agUiFailure(event, path) : undefined
    if (failure !== undefined) calls.push(failure)
    return calls
  }

  /** The calls of the response under way, its stream done or cut short; undefined when none is. */
  finish(): ToolCall[] | undefined {
    if (this.kind === undefined) return undefined
    const kind = this.kind
    this.kind = undefined
    this.merge.clear()
    this.agUiTurn.clear()
    return this.calls.take(kind === 'chat')
  }

  private takeEvent(event: object, kind: StreamKind, path: string, context: Context): boolean {
    switch (kind) {
      case 'chat':
        return takeChatChunk(this.calls, event, path, context)
      case 'anthropic':
        return takeAnthropicEvent(this.calls, event, path)
      case 'bedrock':
        return takeBedrockEvent(this.calls, event, path)
      case 'responses':
        return takeResponsesEvent(this.calls, this.doneIds, event, path, context)
      case 'langchain': {
        const chunk = langChainChunkOf(event)
        if (chunk === undefined) return false
        return takeLangChainChunk(this.calls, this.merge, chunk.message, chunk.key === undefined ? path : childPath(path, chunk.key), context)
      }
      case 'ag-ui':
        return takeAgUiEvent(this.calls, this.agUiTurn, event, path)
    }
  }
}

/** One stream event alone: a response of one event. */
export const readStreamEvent: FormatReader = (value, path, context) => {
  const kind = streamKindOf(value)
  if (kind === undefined) return undefined
  const assembly = new StreamAssembly()
  const calls = assembly.take(value, kind, path, context) ?? assembly.finish() ?? []
  return { turns: calls.length === 0 ? [] : [calls] }
}
