import { childPath } from '../path'
import type { ToolCall } from '../tool-call'
import { invocationCall, readingParsedInputs } from './ai-sdk'
import { cutByStopReason } from './anthropic'
import { callsIn, forEachItem, get, isList, isObject, noCalls, partOfTurn, peek, type FormatReader } from './reader'

/** Parts looked at for a `step-start`: a message's parts are few; a vast list is read as one turn. */
const MAX_SCANNED_PARTS = 10_000

/** Roles whose messages hold no call of the model's: the prompt, and tool results. */
const ROLES_WITHOUT_CALLS = new Set(['user', 'system', 'developer', 'tool', 'function', 'ipython'])

/**
 * A chat message in any vendor's shape, `{ role, ... }`, read as one turn: OpenAI's
 * `tool_calls` and legacy `function_call`, or else the calls among its `content` parts
 * (Anthropic, AI SDK) or `parts` (Gemini `Content`, AI SDK UI messages, and Mastra's stored
 * messages, in their content), or else an AI SDK v4 message's `toolInvocations`. An AI SDK UI
 * message holds a whole run, a turn per step.
 */
export const readMessage: FormatReader = (value, path, context) => {
  const role = peek(value, 'role')
  if (typeof role !== 'string') return undefined
  if (ROLES_WITHOUT_CALLS.has(role)) return noCalls()
  const toolCallsPath = childPath(path, 'tool_calls')
  const turn: ToolCall[] = context.calls(get(value, 'tool_calls', toolCallsPath), toolCallsPath)
  const functionCallPath = childPath(path, 'function_call')
  const functionCall = get(value, 'function_call', functionCallPath)
  if (functionCall !== undefined && functionCall !== null) turn.push(context.call(functionCall, functionCallPath))
  // Mastra's stored message (its content in format 2) keeps an AI SDK UI message's parts, and toolInvocations, in its content.
  const holder = storedContent(value) ?? value
  const holderPath = holder === value ? path : childPath(path, 'content')
  // A message that lists its calls in `tool_calls` may mirror them in its content; read them once.
  if (turn.length === 0) {
    for (const key of ['content', 'parts']) {
      const partsPath = childPath(holderPath, key)
      const parts = get(holder, key, partsPath)
      // MCP's sampling messages may hold one content block, not a list of them; a block is tagged with its type.
      if (key === 'content' && isObject(parts) && !isList(parts) && typeof peek(parts, 'type') === 'string') {
        for (const call of callsIn(context.read(parts, partsPath))) turn.push(call)
        cutByStopReason(value, parts, partsPath, turn)
        continue
      }
      if (!isList(parts)) continue
      // An AI SDK UI message of several steps: each step's calls are a turn.
      if (key === 'parts' && turn.length === 0 && marksSteps(parts)) {
        const turns = context.list(parts, partsPath)
        if (turns.length > 0) return { turns }
      }
      // A message's tool-call parts (the AI SDK's) hold their input parsed, as a result's do.
      for (const call of readingParsedInputs(() => context.turn(parts, partsPath))) turn.push(call)
      if (key === 'content') cutByStopReason(value, parts, partsPath, turn)
    }
  }
  // An AI SDK v4 message may list its calls only in `toolInvocations`, older than its `parts`.
  if (turn.length === 0) {
    const invocationsPath = childPath(holderPath, 'toolInvocations')
    const invocations = get(holder, 'toolInvocations', invocationsPath)
    if (isList(invocations)) forEachItem(invocations, invocationsPath, context, (invocation, invocationPath) => turn.push(invocationCall(invocation, invocationPath)))
  }
  // The model's own text between calls, as a Responses `message` item among `function_call`s, ends no turn.
  if (turn.length === 0) return partOfTurn()
  // A Gemini chat keeps each chunk of a streamed reply as a `model` Content of its own: those in a row are one reply.
  return role === 'model' ? { turns: [turn], partOfTurn: true } : { turns: [turn] }
}

/** The content of Mastra's stored message, `{ format: 2, parts }`, or undefined for any other. Never throws. */
function storedContent(message: object): object | undefined {
  const content = peek(message, 'content')
  return isObject(content) && peek(content, 'format') === 2 && isList(peek(content, 'parts')) ? content : undefined
}

/** Whether a list of parts holds an AI SDK `step-start` part, which begins a step of its own. */
function marksSteps(parts: unknown[]): boolean {
  const length = peek(parts, 'length')
  if (typeof length !== 'number') return false
  for (let index = 0; index < Math.min(length, MAX_SCANNED_PARTS); index++) {
    const part = peek(parts, index)
    if (isObject(part) && peek(part, 'type') === 'step-start') return true
  }
  return false
}
