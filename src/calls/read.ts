import { readAgentExecutor } from './formats/agent-executor'
import { readAgentKitMessage, readAgentKitResult } from './formats/agent-kit'
import { choiceIndex } from './formats/alternatives'
import { isAiSdkResultPart, isAiSdkStepPart, isStreamTextResult, readAiSdk, STREAM_TEXT_RESULT_IS } from './formats/ai-sdk'
import { readAnthropic } from './formats/anthropic'
import { readApiErrorBody } from './formats/api-error'
import { readAutoGen } from './formats/autogen'
import { readBatchResult } from './formats/batch-result'
import { readBedrock } from './formats/bedrock'
import { readBfcl } from './formats/bfcl'
import { readClaudeAgentSdk } from './formats/claude-agent-sdk'
import { readChatResponse } from './formats/chat-response'
import { readConversation } from './formats/conversation'
import { readGemini, readGeminiOtherPart } from './formats/gemini'
import { readGeminiLive, readGeminiLiveNotice } from './formats/gemini-live'
import { readGenkitPart, readGenkitResponse } from './formats/genkit'
import { readLangChain } from './formats/langchain'
import {
  extendsMessages,
  type GraphStream,
  graphMessageOf,
  graphStreamOf,
  readGraphUpdate,
  readNodeUpdate,
  sdkEventOf,
  stateMessages,
  streamChunkKey,
  streamModeOf,
} from './formats/langgraph'
import { readLangGraphSdk } from './formats/langgraph-sdk'
import { readLlamaIndex } from './formats/llamaindex'
import { readMcp } from './formats/mcp'
import { readMessage } from './formats/message'
import { readMistralConversation } from './formats/mistral-conversations'
import {
  isStreamAndResponse,
  isStreamHelper,
  isToolRunner,
  STREAM_AND_RESPONSE_IS,
  STREAM_AND_RESPONSE_PASS,
  STREAM_HELPER,
  TOOL_RUNNER_IS,
  TOOL_RUNNER_PASS,
} from './formats/no-trajectory'
import { readOpenAIAgents } from './formats/openai-agents'
import { readOpenAIChat } from './formats/openai-chat'
import { readOpenAIResponses } from './formats/openai-responses'
import { readOwnCall, readTupleCall } from './formats/own'
import { readPydanticAi } from './formats/pydantic-ai'
import { type ChunkOfResponse, isList, isObject, lengthOf, onlyKey, peek, Unreadable, type Context, type FormatReader, type Reading } from './formats/reader'
import { readStrands } from './formats/strands'
import { AiSdkOpenInputs } from './formats/streams/ai-sdk-inputs'
import { finishCallPieces, resumeCallPieces, suspendCallPieces } from './formats/streams/gemini-call-pieces'
import { readStreamEvent, StreamAssembly, type StreamKind, streamKindOf } from './formats/streams/stream-assembly'
import { readTaggedItem } from './formats/tagged-item'
import { readWorkersAiOutput } from './formats/workers-ai'
import { forEachIndex, type IndexVisitor, visitIndices } from './list-indices'
import { MAX_DEPTH, MAX_LIST_ITEMS } from './limits'
import { looksLikeJson, opensAsJsonObject } from './looks-like-json'
import { atPath, childPath, describe, errorMessage } from './path'
import { notPythonReason, readPythonCalls } from './python'
import { NOT_QUICK, quickPlain, readingCopied } from './plain-value'
import { unparseableCall, type ToolCall, type Turns } from './tool-call'
import { withItem } from './with-item'
import { thousands } from './thousands'

/**
 * The format readers, tried in order on each object; the first that recognises it reads it.
 * The order settles shapes that overlap:
 * - a LangChain message before a generic message (its content repeats its calls);
 * - AgentKit's result, then LlamaIndex's agent events, before the AI SDK's reader (each has `toolCalls`);
 * - before our `{ name, args }` form, early as the commonest: AI SDK parts (v4 parts have `args` but
 *   no `name`), OpenAI Agents run items and Mistral's conversation entries (an approval request and
 *   a connector Mistral ran have `name` and `arguments`), Pydantic AI's parts (`args`, no `name`);
 * - Genkit's response, which holds its request, before the other responses that wrap a message;
 * - a Live message's `toolCall` before Gemini's parts, which have a `toolCall` of their own;
 * - BFCL's one-key objects late, after Gemini's parts (`{ functionResponse: {...} }`), Genkit's
 *   (`{ toolRequest: {...} }`), Bedrock's content blocks (`{ toolUse: {...} }`), the Gemini Live
 *   API's messages that hold no call (`{ goAway: {...} }`), an API's error body (`{ error: {...} }`)
 *   and Workers AI's output (`{ tool_calls: [...] }`).
 * A batch API's result line is rare and untagged, so it is tried last, where no object another
 * reader takes pays for it.
 */
const FORMATS: FormatReader[] = [
  readLangChain,
  readAgentKitResult,
  readLlamaIndex,
  readAiSdk,
  readOpenAIAgents,
  readMistralConversation,
  readPydanticAi,
  readOwnCall,
  readStrands,
  readAutoGen,
  readStreamEvent,
  readGenkitResponse,
  readChatResponse,
  readOpenAIChat,
  readOpenAIResponses,
  readAnthropic,
  readClaudeAgentSdk,
  readGemini,
  readGenkitPart,
  readBedrock,
  readMcp,
  readAgentKitMessage,
  readMessage,
  readConversation,
  readGeminiLive,
  readGeminiOtherPart,
  readGeminiLiveNotice,
  readApiErrorBody,
  readGraphUpdate,
  readLangGraphSdk,
  readWorkersAiOutput,
  readAgentExecutor,
  readBfcl,
  readTaggedItem,
  readBatchResult,
]

const EXPECTED = 'expected a tool call, a message or a model response'

/**
 * SDKs leave a response's list of calls out when the model made none, so a test that reads it
 * gets undefined exactly then; it is still no trajectory, as a misspelt field gives undefined too.
 */
const ABSENT_HINT =
  " (a model's answer without calls leaves out such fields as OpenAI's message.tool_calls and Gemini's response.functionCalls: pass the message or the response itself)"

/**
 * A trajectory read into assistant turns, each the calls made in parallel, in order; turns
 * without calls are left out. Accepts every format the README's "Reading trajectories" lists, without being told which.
 * Never throws: what cannot be read becomes an unparseable call whose reason names the path.
 */
export function readTurns(input: unknown): Turns {
  if (input === undefined || input === null) {
    return [[unparseableCall(`expected a trajectory, received ${describe(input)}${ABSENT_HINT}`)]]
  }
  const outerPieces = suspendCallPieces()
  const outerItems = listItemsRead
  listItemsRead = 0
  try {
    const reading = readAt(input, '', 0)
    const turns = 'call' in reading ? [[reading.call]] : reading.turns
    // A call streamed in pieces whose last piece never came stands after the rest.
    const cutShort = finishCallPieces()
    if (listItemsRead > MAX_LIST_ITEMS) return [[unparseableCall(TOO_MANY_ITEMS)]]
    if (cutShort !== undefined) turns.push([cutShort])
    return withoutEmptyTurns(turns)
  } catch (error) {
    return [[unparseableCall(`could not be read (${errorMessage(error)})`)]]
  } finally {
    resumeCallPieces(outerPieces)
    listItemsRead = outerItems
  }
}

/** The list items the reading under way has taken, counted against MAX_LIST_ITEMS. */
let listItemsRead = 0
const TOO_MANY_ITEMS = `more than ${thousands(MAX_LIST_ITEMS)} list items in all (does it hold the same list in many places?)`

/** readTurns with every value copied, none shared: for a second reading, once comparing the shared values threw. */
export function readTurnsCopied(input: unknown): Turns {
  return readingCopied(() => readTurns(input))
}

/** The turns that hold calls: the list itself when all do, as they mostly do (each reading makes its own list). */
function withoutEmptyTurns(turns: Turns): Turns {
  for (const turn of turns) if (turn.length === 0) return turns.filter((kept) => kept.length > 0)
  return turns
}

/** The calls of a trajectory in order, turns flattened. */
export function toolCalls(input: unknown): ToolCall[] {
  return readTurns(input).flat()
}

function readAt(value: unknown, path: string, depth: number): Reading {
  const ancestorsBefore = ancestorCount
  try {
    if (value instanceof UnreadableItem) return { call: unparseableCall(value.reason) }
    if (depth > MAX_DEPTH) return unparseable(path, `nested deeper than ${MAX_DEPTH} levels`)
    if (typeof value === 'string') return readText(value, path, depth)
    if (!isObject(value)) return unparseable(path, `${EXPECTED}, received ${describe(value)}`)
    if (isList(value)) return readArray(value, path, depth)
    if (typeof peek(value, 'then') === 'function') {
      if (isToolRunner(value)) return unparseable(path, `expected a trajectory, received ${TOOL_RUNNER_IS} (${TOOL_RUNNER_PASS})`)
      return unparseable(path, 'expected a trajectory, received a Promise (await it first)')
    }
    const own = quickOwnCall(value)
    if (own !== undefined) return { call: own }
    if (isStreamTextResult(value)) {
      return unparseable(path, `expected a trajectory, received a ${STREAM_TEXT_RESULT_IS} (await result.steps first)`)
    }
    if (isStreamHelper(value)) return unparseable(path, STREAM_HELPER)
    if (isStreamAndResponse(value)) {
      return unparseable(path, `expected a trajectory, received ${STREAM_AND_RESPONSE_IS} (${STREAM_AND_RESPONSE_PASS})`)
    }
    if (isAncestor(value)) return unparseable(path, CYCLE)
    enter(value)
    const read = readByFormat(value, path, depth)
    leave()
    return read
  } catch (error) {
    // What the readings inside this one had begun is over.
    leaveTo(ancestorsBefore)
    return { call: thrownCall(error, path) }
  }
}

function readByFormat(value: object, path: string, depth: number): Reading {
  const context = contextAt(depth + 1)
  for (const format of FORMATS) {
    const reading = format(value, path, context)
    if (reading !== undefined) return reading
  }
  return unparseable(path, `${EXPECTED}, received ${describe(value)}${collectHint(value)}`)
}

/** What to do with an async iterable that no format reads. */
export const UNCOLLECTED_HINT = 'an async iterable, such as a stream: collect its items into an array first'

/** What to do with a stream or a collection that is no format: the grader reads no iterator, which reading would use up. */
function collectHint(value: object): string {
  if (typeof peek(value, Symbol.asyncIterator) === 'function') return ` (${UNCOLLECTED_HINT})`
  if (typeof peek(value, Symbol.iterator) === 'function') return ' (an iterable: spread it into an array first)'
  if (typeof peek(value, 'ok') === 'boolean' && (Array.isArray(peek(value, 'calls')) || typeof peek(value, 'reason') === 'string')) {
    return " (parsePythonCalls' result, it seems: pass the text itself)"
  }
  return ''
}

/**
 * The objects and lists being read, outermost first: one met again inside itself is a cycle,
 * which the depth limit alone would walk down every branch of (`a = [a, a]`: 2^256 paths).
 * Each leaves as its reading ends; where a reading throws, the readAt that catches it takes off
 * what the readings inside it had begun.
 */
const ancestors: (object | undefined)[] = []
let ancestorCount = 0
const CYCLE = 'a cycle: the value contains itself'

/** A loop rather than `includes`, and a count rather than `push` and `pop`: each list read passes here, so no builtin is called. */
function isAncestor(value: object): boolean {
  for (let i = 0; i < ancestorCount; i++) if (ancestors[i] === value) return true
  return false
}

function enter(value: object): void {
  ancestors[ancestorCount++] = value
}

/** Its slot emptied, so that a trajectory read is not kept alive by the reader. */
function leave(): void {
  ancestors[--ancestorCount] = undefined
}

function leaveTo(count: number): void {
  while (ancestorCount > count) leave()
}

/** What reading at `path` threw, as an unparseable call: an Unreadable field names its own path. */
function thrownCall(error: unknown, path: string): ToolCall {
  return unparseableCall(error instanceof Unreadable ? error.message : atPath(path, `could not be read (${errorMessage(error)})`))
}

/**
 * Our `{ name, args }` form with plain arguments, the commonest input, read without trying
 * every format in turn; anything less ordinary (or a throwing Proxy) takes the full reading.
 */
function quickOwnCall(value: object): ToolCall | undefined {
  try {
    // A list is not, having another prototype.
    if (Object.getPrototypeOf(value) !== Object.prototype) return undefined
    // Exactly `name` then `args`, counted with for-in, which allocates no key list (an inherited key adds one, and the full reading takes it).
    let keys = 0
    for (const key in value) if (++keys > 2 || key !== (keys === 1 ? 'name' : 'args')) return undefined
    if (keys !== 2) return undefined
    const { name, args } = value as { name: unknown; args: unknown }
    if (typeof name !== 'string' || name === '' || typeof args !== 'object' || args === null) return undefined
    // quickPlain checks that an object's prototype is Object.prototype; arguments are no list.
    if (Array.isArray(args)) return undefined
    return quickPlain(args) === NOT_QUICK ? undefined : { name, args: args as Record<string, unknown> }
  } catch {
    return undefined
  }
}

function unparseable(path: string, reason: string): Reading {
  return { call: unparseableCall(atPath(path, reason)) }
}

/** A tuple call `[name, args]`, or else a list of items. */
function readArray(list: unknown[], path: string, depth: number): Reading {
  return isTuple(list) ? { call: readTupleCall(list, path) } : { turns: readList(list, path, depth) }
}

function isTuple(list: unknown[]): boolean {
  const first = peek(list, 0)
  // A tool's name holds no parenthesis: `['f(x=1)', 'g()']` is a list of call texts, as BFCL's answers are.
  return typeof first === 'string' && !first.includes('(')
}

/**
 * Items in order: calls next to each other form one turn, text and reasoning between them
 * included; a message or a tool's result ends it, a message adding its own turns; an inner
 * array that is not a tuple is one turn.
 */
function readList(list: unknown[], path: string, depth: number): Turns {
  if (isAncestor(list)) return [[unparseableCall(atPath(path, CYCLE))]]
  // Past the limit nothing more is read; readTurns then gives the whole trajectory as one unparseable call.
  if (listItemsRead > MAX_LIST_ITEMS) return []
  const length = lengthOf(list, path)
  const reading = new ListReading(list, length, path, depth)
  visitIndices(list, length, reading)
  if (reading.entered) leave()
  return reading.end()
}

/** A list's turns as readList reads its items; an object, since closures over these variables would cost every list a context. */
class ListReading implements IndexVisitor {
  private turns: Turns | undefined = undefined
  private run: ToolCall[] | undefined = undefined
  /** The events of a streamed response, put together as they come; made for the first event. */
  private stream: StreamAssembly | undefined = undefined
  /** The AI SDK calls whose streamed input began, until it comes whole; made for the first such call. */
  private aiSdkInputs: AiSdkOpenInputs | undefined = undefined
  /** The last graph's state read, its index in the list and where its turns begin: the item before is that state when its index is just before. */
  private lastState: unknown[] | undefined = undefined
  private lastStateIndex = -1
  private lastStateTurns = 0
  /** The last choice or candidate read, as its own `index`, and its index in the list. */
  private lastChoice = NaN
  private lastChoiceIndex = -1
  /** The id of the streamed response whose chunks the run holds, until its last chunk comes. */
  private responseUnderWay: string | undefined = undefined
  /** Whether the list holds the AI SDK's step parts, found at the first tool's result. */
  private steps: boolean | undefined = undefined
  /** What the items tell of the list being a graph's stream (false: they tell it is none), found at the first item that could be a chunk of one. */
  private graph: GraphStream | false | undefined = undefined
  /** Whether the list is among the ancestors: only once an item is read further, so that a list of calls alone, the commonest, costs nothing. */
  entered = false

  constructor(
    private readonly list: unknown[],
    private readonly length: number,
    private readonly path: string,
    private readonly depth: number,
  ) {}

  visit(index: number): void {
    // Items held, not the length, count: a vast sparse list or a Proxy's made-up length holds only what it lists.
    if (++listItemsRead > MAX_LIST_ITEMS) return
    const { list, path, depth } = this
    const listed = readItem(list, index, path)
    // The commonest item, our own { name, args } call, is read without spelling its path.
    const own = depth < MAX_DEPTH && isObject(listed) ? quickOwnCall(listed) : undefined
    if (own !== undefined) {
      if (this.stream !== undefined) this.addResponse(this.stream.finish())
      // A call of its own is no chunk of a streamed response.
      if (this.responseUnderWay !== undefined) this.endRun()
      this.run = withItem(this.run, own)
      return
    }
    if (!this.entered) {
      enter(list)
      this.entered = true
    }
    let itemPath = childPath(path, index)
    let item = revokedAsUnreadable(listed, itemPath)
    // A graph's chunk of several modes, [mode, chunk] or a server's { event, data }: the chunks of one mode are read, as each mode holds every message.
    const mode = streamModeOf(item)
    const modeRead = mode === undefined ? undefined : this.graphStream()?.mode
    if (modeRead !== undefined) {
      if (mode !== modeRead) {
        // A server's error event, of no mode read, is the run failing.
        if (mode === 'error' && sdkEventOf(item) !== undefined) this.run = withItem(this.run, oneCall(item, itemPath, depth + 1))
        return
      }
      const key = streamChunkKey(item)
      itemPath = childPath(itemPath, key)
      item = revokedAsUnreadable(peek(item as object, key), itemPath)
    }
    // A message streamed by a graph, paired with where it came from: the message stands in the list, so that its chunks merge.
    const message = graphMessageOf(item)
    if (message !== undefined) {
      itemPath = childPath(itemPath, 0)
      item = revokedAsUnreadable(message, itemPath)
    }
    const streamKind = isObject(item) && !isList(item) ? streamKindOf(item, true) : undefined
    if (streamKind !== undefined) {
      const stream = (this.stream ??= new StreamAssembly())
      if (stream.takes(item as object, streamKind)) {
        this.takeStreamEvent(stream, item as object, streamKind, itemPath)
        return
      }
    }
    // An item that cannot be read, amid a stream, is unparseable where it stands; the stream goes on around it.
    if (this.stream?.underWay === true && isUnreadableItem(item)) {
      this.run = withItem(this.run, unparseableCall(item.reason))
      return
    }
    this.addResponse(this.stream?.finish())
    // A choice numbered just after the one before it is that one's alternative, not the next turn.
    const choice = choiceIndex(item)
    if (choice !== undefined) {
      const alternative = this.lastChoiceIndex === index - 1 && choice === this.lastChoice + 1
      this.lastChoice = choice
      this.lastChoiceIndex = index
      if (alternative) return
    }
    if (isObject(item) && (this.aiSdkInputs !== undefined || peek(item, 'type') === 'tool-input-start')) (this.aiSdkInputs ??= new AiSdkOpenInputs()).note(item, itemPath)
    if (isList(item) && !isTuple(item)) {
      this.endRun()
      this.turns = withItem(this.turns, oneTurn(item, itemPath, depth + 1))
      return
    }
    // A stream of steps gives a tool's result as soon as its tool ran, between calls of one step (v4's did): its step's end ends the turn.
    if (isAiSdkResultPart(item) && this.marksSteps()) return
    // Calls whose input a step began and never gave whole end with it.
    if (this.aiSdkInputs !== undefined && isAiSdkStepPart(item)) for (const call of this.aiSdkInputs.cutShort()) this.run = withItem(this.run, call)
    const state = stateMessages(item)
    if (state !== undefined) this.beginState(state, index)
    const reading = (isOneKeyObject(item) && this.graphStream()?.updates === true ? readNodeUpdate(item, itemPath, contextAt(depth + 2)) : undefined) ?? readAt(item, itemPath, depth + 1)
    if ('call' in reading) {
      this.run = withItem(this.run, reading.call)
      return
    }
    if (reading.partOfTurn === true) {
      for (const turn of reading.turns) for (const call of turn) this.run = withItem(this.run, call)
      return
    }
    if (reading.chunk !== undefined) {
      this.takeChunk(reading.turns, reading.chunk)
      return
    }
    this.endRun()
    for (const turn of reading.turns) this.turns = withItem(this.turns, turn)
  }

  /** Whether the list marks the AI SDK's steps, looked for once, when a tool's result comes. */
  private marksSteps(): boolean {
    if (this.steps === undefined) {
      let marked = false
      forEachIndex(this.list, this.length, (index) => {
        marked ||= isAiSdkStepPart(peek(this.list, index))
      })
      this.steps = marked
    }
    return this.steps
  }

  /** The list as a graph's stream, looked for once, when an item could be a chunk of one. */
  private graphStream(): GraphStream | undefined {
    // Looked for once a list: `false` is kept, where `??=` would look again at every item.
    if (this.graph === undefined) this.graph = graphStreamOf(this.list, this.length) ?? false
    return this.graph === false ? undefined : this.graph
  }

  /** A graph's state, `{ messages }`: one that holds the state's before it and more stands in its place, as each state a graph streams repeats the last. */
  private beginState(messages: unknown[], index: number): void {
    this.endRun()
    const replaces = this.lastStateIndex === index - 1 && extendsMessages(this.lastState!, messages)
    if (replaces && this.turns !== undefined) this.turns.length = this.lastStateTurns
    this.lastStateTurns = this.turns?.length ?? 0
    this.lastState = messages
    this.lastStateIndex = index
  }

  /** A streamed response's chunk: its calls join those of the chunks before it in the response, which ends with the chunk that says it is over. */
  private takeChunk(turns: Turns, chunk: ChunkOfResponse): void {
    if (this.responseUnderWay !== chunk.response) this.endRun()
    for (const turn of turns) for (const call of turn) this.run = withItem(this.run, call)
    if (chunk.ends) this.endRun()
    else this.responseUnderWay = chunk.response
  }

  end(): Turns {
    this.addResponse(this.stream?.finish())
    if (this.aiSdkInputs !== undefined) for (const call of this.aiSdkInputs.cutShort()) this.run = withItem(this.run, call)
    this.endRun()
    return this.turns ?? []
  }

  /** An event that cannot be read stands, as an unparseable call, where it was; the rest of the stream is still read. */
  private takeStreamEvent(stream: StreamAssembly, event: object, kind: StreamKind, path: string): void {
    if (stream.endsBefore(event, kind)) this.addResponse(stream.finish())
    const ancestorsBefore = ancestorCount
    try {
      // The event stands a level below the list, as readAt would read it.
      this.addResponse(stream.take(event, kind, path, contextAt(this.depth + 2)))
    } catch (error) {
      leaveTo(ancestorsBefore)
      this.run = withItem(this.run, thrownCall(error, path))
    }
  }

  /** The calls of a streamed response, a turn of their own; a response without calls ends no turn, as a message without them. */
  private addResponse(calls: ToolCall[] | undefined): void {
    if (calls === undefined || calls.length === 0) return
    this.endRun()
    this.turns = withItem(this.turns, calls)
  }

  private endRun(): void {
    if (this.run !== undefined) this.turns = withItem(this.turns, this.run)
    this.run = undefined
    this.responseUnderWay = undefined
  }
}

/** An object of one key, as a graph node's update is: `{ node: update }`. Never throws. */
function isOneKeyObject(item: unknown): boolean {
  return isObject(item) && !isList(item) && onlyKey(item) !== undefined
}

/** An element of the list at `path`; one that cannot be read stands for the reason, so its siblings are still read. */
function readItem(list: unknown[], index: number, path: string): unknown {
  try {
    return list[index]
  } catch (error) {
    return new UnreadableItem(atPath(childPath(path, index), `could not be read (${errorMessage(error)})`))
  }
}

/** A revoked Proxy, which throws at every read, as an item that cannot be read: told once, where each format would try it and throw in turn. */
function revokedAsUnreadable(item: unknown, path: string): unknown {
  if (!isObject(item)) return item
  try {
    Object.getPrototypeOf(item)
    return item
  } catch (error) {
    return new UnreadableItem(atPath(path, `could not be read (${errorMessage(error)})`))
  }
}

class UnreadableItem {
  constructor(readonly reason: string) {}
}

/** `instanceof`, which asks a Proxy for its prototype, made safe. */
function isUnreadableItem(item: unknown): item is UnreadableItem {
  try {
    return item instanceof UnreadableItem
  } catch {
    return false
  }
}

/** All calls among the items of a list, as one turn: read as a list of items is, a stream's events put together. */
function oneTurn(list: unknown, path: string, depth: number): ToolCall[] {
  if (list === undefined || list === null) return []
  if (!isList(list)) return [unparseableCall(atPath(path, `expected a list, received ${describe(list)}`))]
  if (depth > MAX_DEPTH) return [unparseableCall(atPath(path, `nested deeper than ${MAX_DEPTH} levels`))]
  const turns = readList(list, path, depth)
  return turns.length === 1 ? turns[0]! : turns.flat()
}

/**
 * Calls listed as such (`tool_calls`): an entry that is not a call is unparseable, but for a
 * call the provider ran itself (in the AI SDK's `toolCalls`), which is no call of the agent's.
 */
function callList(list: unknown, path: string, depth: number): ToolCall[] {
  if (list === undefined || list === null) return []
  if (!isList(list)) return [unparseableCall(atPath(path, `expected a list of tool calls, received ${describe(list)}`))]
  const calls: ToolCall[] = []
  forEachCountedIndex(list, path, (index) => {
    const itemPath = childPath(path, index)
    const item = readItem(list, index, path)
    const reading = readAt(item, itemPath, depth + 1)
    if ('call' in reading) calls.push(reading.call)
    else if (reading.ranByProvider !== true) calls.push(notACall(item, itemPath))
  })
  return calls
}

/**
 * forEachIndex over a list read outside readList (its entries are calls, not items), its items
 * counted against MAX_LIST_ITEMS all the same: a list of calls shared by many messages is read wherever it stands.
 */
function forEachCountedIndex(list: unknown[], path: string, visit: (index: number) => void): void {
  if (listItemsRead > MAX_LIST_ITEMS) return
  forEachIndex(list, lengthOf(list, path), (index) => {
    if (++listItemsRead <= MAX_LIST_ITEMS) visit(index)
  })
}

function oneCall(value: unknown, path: string, depth: number): ToolCall {
  const reading = readAt(value, path, depth)
  return 'call' in reading ? reading.call : notACall(value, path)
}

function notACall(value: unknown, path: string): ToolCall {
  return unparseableCall(atPath(path, `expected a tool call, received ${describe(value)}`))
}

/** Text: JSON when it looks like JSON, else Python call syntax as BFCL models answer, parsed and never evaluated. */
function readText(text: string, path: string, depth: number): Reading {
  if (looksLikeJson(text)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      // A list that is no JSON may be Python's, as `[]  # no call needed` is: read as such where it is.
      const python = opensAsJsonObject(text) ? undefined : readPythonCalls(text)
      if (python?.ok === true) return { turns: [python.calls] }
      return unparseable(path, `not valid JSON (${errorMessage(error)})`)
    }
    return readAt(parsed, path, depth + 1)
  }
  const parsed = readPythonCalls(text)
  return parsed.ok ? { turns: [parsed.calls] } : unparseable(path, notPythonReason(text, parsed))
}

const contexts: NestedReading[] = []

/** Contexts hold only their depth, so one per depth serves every read. */
function contextAt(depth: number): NestedReading {
  return (contexts[depth] ??= new NestedReading(depth))
}

class NestedReading implements Context {
  constructor(private readonly depth: number) {}

  read(value: unknown, path: string): Reading {
    return readAt(value, path, this.depth)
  }

  call(value: unknown, path: string): ToolCall {
    return oneCall(value, path, this.depth)
  }

  calls(list: unknown, path: string): ToolCall[] {
    return callList(list, path, this.depth)
  }

  turn(list: unknown, path: string): ToolCall[] {
    return oneTurn(list, path, this.depth)
  }

  indices(list: unknown[], path: string, visit: (index: number) => void): void {
    forEachCountedIndex(list, path, visit)
  }

  list(list: unknown, path: string): Turns {
    if (list === undefined || list === null) return []
    if (!isList(list)) return [[unparseableCall(atPath(path, `expected a list, received ${describe(list)}`))]]
    return readList(list, path, this.depth)
  }
}
