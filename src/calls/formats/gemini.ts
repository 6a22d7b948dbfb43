import { atPath, childPath, describe } from '../path'
import { startExcerpt } from '../text-excerpt'
import { unparseableCall, type ToolCall } from '../tool-call'
import { addTurns, callAt, type ChunkOfResponse, get, has, hasOwnField, isList, isObject, lengthOf, noCalls, onlyKey, partOfTurn, peek, type Context, type FormatReader, type Reading } from './reader'
import { finishCallPieces, isCallPiece, takeCallPiece } from './streams/gemini-call-pieces'

/** Fields of a Gemini `Part` that is not a function call (a Live API message's `toolCall`, listing `functionCalls`, is read before). */
const OTHER_PART_FIELDS = [
  'text',
  'functionResponse',
  'inlineData',
  'fileData',
  'executableCode',
  'codeExecutionResult',
  'thought',
  'thoughtSignature',
  'videoMetadata',
  'toolCall',
  'toolResponse',
  'audioTranscription',
  'partMetadata',
  'mediaResolution',
  'mediaProcessing',
  'speechMetadata',
]

/**
 * Gemini (`@google/genai`, and `@google/generative-ai` before it): a `GenerateContentResponse` (its first candidate, the others being
 * alternatives, after the calls the SDK ran itself, in its automatic function calling history),
 * a candidate, an Agent Development Kit event `{ author, content }` (not a partial one), a
 * `Content` without a role, and parts `{ functionCall: { name, args } }`, or the pieces of one
 * that Vertex AI streams.
 * Only plain fields are read: the response class's getters (`text`, `functionCalls`) warn.
 */
export const readGemini: FormatReader = (value, path, context) => {
  // What `generateContent` of the older SDK, @google/generative-ai, returns: `{ response }`, read as the response it holds.
  const response = peek(value, 'response')
  if (isObject(response) && isResponse(response) && onlyKey(value) === 'response') return context.read(response, childPath(path, 'response'))
  const candidates = peek(value, 'candidates')
  // A prompt blocked before any answer: the response says why, and holds no candidate, so no call.
  if (candidates === undefined && isObject(peek(value, 'promptFeedback'))) return noCalls()
  if (isList(candidates)) {
    const candidatesPath = childPath(path, 'candidates')
    if (lengthOf(candidates, candidatesPath) === 0) return noCalls()
    const firstPath = childPath(candidatesPath, 0)
    const first = get(candidates, 0, firstPath)
    if (!isObject(first)) return { call: unparseableCall(atPath(firstPath, `expected a candidate, received ${describe(first)}`)) }
    const contentPath = childPath(firstPath, 'content')
    const content = get(first, 'content', contentPath)
    const read = isEmptyContent(content) ? noCalls() : ownTurn(context.read(content, contentPath))
    const last = finishes(first) ? endingStream(withFailedCall(first, firstPath, read)) : read
    const history = peek(value, 'automaticFunctionCallingHistory')
    if (!isList(history)) return asChunk(value, last, finishes(first))
    const { turns, lastRound } = automaticCallTurns(history, childPath(path, 'automaticFunctionCallingHistory'), context)
    const answered = 'call' in last ? [last.call] : last.turns.flat()
    // The SDK stops at its limit of rounds (`maximumRemoteCalls`) by returning the last round it ran, whose calls the history already holds.
    if (answered.length > 0 && sameCalls(answered, lastRound)) return { turns }
    if ('call' in last) turns.push([last.call])
    else for (const turn of last.turns) turns.push(turn)
    return { turns }
  }
  // A candidate alone, or an event of Google's Agent Development Kit (`{ author, content }`): its content.
  const content = peek(value, 'content')
  if (isObject(content) && isList(peek(content, 'parts')) && (has(value, 'finishReason') || has(value, 'author'))) {
    // A partial event streams what the event after it gives whole, and the kit runs only the whole one's calls.
    if (peek(value, 'partial') === true && has(value, 'author')) return partOfTurn()
    const read = ownTurn(context.read(content, childPath(path, 'content')))
    return finishes(value) ? endingStream(withFailedCall(value, path, read)) : read
  }
  // A candidate alone whose call the API could not read, without content or parts.
  if (FAILED_CALL_REASONS.has(peek(value, 'finishReason')) && isEmptyContent(content)) {
    return endingStream(withFailedCall(value, path, noCalls()))
  }
  if (has(value, 'type') || has(value, 'role')) return undefined
  if (has(value, 'functionCall')) {
    const callPath = childPath(path, 'functionCall')
    const call = get(value, 'functionCall', callPath)
    if (!isObject(call)) return { call: unparseableCall(atPath(callPath, `expected an object, received ${describe(call)}`)) }
    if (isCallPiece(call)) {
      const calls = takeCallPiece(call, callPath, context)
      return calls.length === 0 ? partOfTurn() : { turns: [calls], partOfTurn: true }
    }
    const namePath = childPath(callPath, 'name')
    const argsPath = childPath(callPath, 'args')
    return { call: callAt(call, 'name', namePath, 'args', argsPath) }
  }
  const parts = peek(value, 'parts')
  return isList(parts) ? { turns: [context.turn(parts, childPath(path, 'parts'))] } : undefined
}

/** A response's or an event's content, whose calls are its own turn: only `model` Contents listed in a row, as a streamed chat keeps them, join (see readMessage). */
function ownTurn(read: Reading): Reading {
  return 'turns' in read && read.partOfTurn === true && read.turns.length > 0 ? { turns: read.turns } : read
}

/**
 * A Gemini part that is not a function call (text, a function's response, inline data); a
 * response ends a turn, and a streamed call still under way, which was answered without its last piece.
 */
export const readGeminiOtherPart: FormatReader = (value) => {
  if (has(value, 'type') || has(value, 'role')) return undefined
  // A part's fields are its own: an SDK's class that gives `text` by a getter (a LangChain message) is not taken for a part without a call.
  if (!OTHER_PART_FIELDS.some((field) => hasOwnField(value, field))) return undefined
  if (!has(value, 'functionResponse') && !has(value, 'toolResponse')) return partOfTurn()
  const cutShort = finishCallPieces()
  return cutShort === undefined ? noCalls() : { turns: [[cutShort]] }
}

/**
 * Finish reasons of a candidate whose function call the API would not give: one that did not
 * parse, or one the request did not allow (a tool not declared). The content then mostly
 * holds no part of it, yet the model made a call.
 */
const FAILED_CALL_REASONS = new Set<unknown>(['MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL'])

/** A candidate stopped early (safety, recitation, a malformed call) has no content, or a Content without parts (`{}`, `{ role: 'model' }`). */
function isEmptyContent(content: unknown): boolean {
  return content === undefined || content === null || (isObject(content) && !isList(content) && !has(content, 'parts'))
}

/** A candidate's reading, with an unparseable call where its finish reason says the model made a call that it holds none of. */
function withFailedCall(candidate: object, path: string, read: Reading): Reading {
  const reason = peek(candidate, 'finishReason')
  if (!FAILED_CALL_REASONS.has(reason) || 'call' in read || read.turns.some((turn) => turn.length > 0)) return read
  const message = peek(candidate, 'finishMessage')
  const said = typeof message === 'string' && message !== '' ? `: ${startExcerpt(message, MESSAGE_SHOWN)}` : ''
  const failed = unparseableCall(atPath(childPath(path, 'finishReason'), `the model made a function call the API did not give (${String(reason)}${said})`))
  return { turns: [...read.turns, [failed]] }
}

/** Characters of a finish message a reason quotes: it may repeat the model's call text, of any length. */
const MESSAGE_SHOWN = 300

/** Whether a candidate says its stream is over: a finish reason given (a dump of every field writes null before the last chunk). */
function finishes(candidate: object): boolean {
  const reason = peek(candidate, 'finishReason')
  return reason !== undefined && reason !== null && reason !== 'FINISH_REASON_UNSPECIFIED'
}

/** A candidate's reading, once its `finishReason` says its stream is over: a call still under way was cut short there, and joins its calls. */
function endingStream(read: Reading): Reading {
  const cutShort = finishCallPieces()
  if (cutShort === undefined) return read
  if ('call' in read) return { turns: [[read.call, cutShort]] }
  const turns = [...read.turns]
  const lastTurn = turns.pop()
  turns.push(lastTurn === undefined ? [cutShort] : [...lastTurn, cutShort])
  return { ...read, turns }
}

/**
 * A response's reading marked as a chunk of its stream, told by the `responseId` that each of
 * its chunks carries; a response given whole, which says how it finished, ends its turn as the
 * last chunk does. A response without an id (written by hand, or stored without it) is a turn of its own.
 */
function asChunk(response: object, read: Reading, ends: boolean): Reading {
  const id = peek(response, 'responseId')
  if (typeof id !== 'string' || id === '') return read
  return { turns: 'call' in read ? [[read.call]] : read.turns, chunk: { response: id, ends } satisfies ChunkOfResponse }
}

/** Rounds of automatic calls read back from a history's end (the SDK makes 10 unless told otherwise), and parts looked at to tell a content's kind. */
const MAX_ROUNDS = 1000
const MAX_PARTS_LOOKED_AT = 1000

/**
 * The turns of the calls the SDK ran itself, at the end of a response's automatic function
 * calling history: a model content of calls and a user content of their responses for each
 * round, after the request's own contents, which are not read.
 */
function automaticCallTurns(history: unknown[], path: string, context: Context): { turns: ToolCall[][]; lastRound: ToolCall[] } {
  const length = lengthOf(history, path)
  let start = length
  while (
    start >= 2 &&
    length - start < MAX_ROUNDS * 2 &&
    holdsParts(peek(history, start - 1), 'user', 'functionResponse') &&
    holdsParts(peek(history, start - 2), 'model', 'functionCall')
  ) {
    start -= 2
  }
  const turns: ToolCall[][] = []
  let lastRound: ToolCall[] = []
  for (let i = start; i < length; i += 2) {
    const contentPath = childPath(path, i)
    const reading = context.read(get(history, i, contentPath), contentPath)
    const first = turns.length
    addTurns(turns, reading)
    lastRound = turns.length - first === 1 ? turns[first]! : turns.slice(first).flat()
  }
  return { turns, lastRound }
}

/** The same calls: names and arguments alike, told by their JSON (read calls are plain data); an unparseable call's reason names its own path, so only its being one counts. */
function sameCalls(a: readonly ToolCall[], b: readonly ToolCall[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i]!, b[i]!]
    if (x.name !== y.name || (x.unparseable === undefined) !== (y.unparseable === undefined)) return false
    try {
      if (JSON.stringify([x.args, x.positional]) !== JSON.stringify([y.args, y.positional])) return false
    } catch {
      return false
    }
  }
  return true
}

/** A content of the given role with a part that holds `field`. */
function holdsParts(content: unknown, role: string, field: string): boolean {
  if (!isObject(content) || peek(content, 'role') !== role) return false
  const parts = peek(content, 'parts')
  if (!isList(parts)) return false
  const length = peek(parts, 'length')
  for (let i = 0; typeof length === 'number' && i < Math.min(length, MAX_PARTS_LOOKED_AT); i++) {
    const part = peek(parts, i)
    if (isObject(part) && has(part, field)) return true
  }
  return false
}

/** A `GenerateContentResponse`: its candidates, or the feedback on a prompt blocked before any. Never throws. */
function isResponse(value: object): boolean {
  return isList(peek(value, 'candidates')) || isObject(peek(value, 'promptFeedback'))
}
