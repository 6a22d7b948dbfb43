import { callOf, callOfParsed } from '../arguments'
import { atPath, childPath } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { callAt, forEachItem, has, hasOwnField, isList, isObject, noCalls, partOfTurn, peek, type Context, type FormatReader, type Reading } from './reader'
import { turnsSincePrompt } from './since-prompt'

/**
 * LlamaIndex.TS: a chat message `{ role, content, options: { toolCall: [{ name, input, id }] } }`
 * (its `input` parsed, or the model's JSON text as a provider's `chat()` leaves it), and an
 * agent workflow's events, each `{ data }` (`{ type, data }` as JSON), of which
 * `agentToolCallEvent`'s data, `{ toolName, toolKwargs }`, is a call. The events of a step and
 * of its output repeat the step's calls, and are passed over: a stream's events, collected,
 * read as its tool call events do. A run's result, its stop event, read alone, is the run in
 * its memory; among a stream's events, which hold the run's calls, it holds none. Tried before
 * the AI SDK's reader, which would read an output event's `toolCalls`.
 */
export const readLlamaIndex: FormatReader = (value, path, context) => {
  // Own fields alone: other SDKs' classes have getters of these names, which warn or start work when read.
  if (hasOwnField(value, 'options')) {
    const options = peek(value, 'options')
    if (isObject(options) && typeof peek(value, 'role') === 'string') return messageReading(options, path, context)
  }
  const data = hasOwnField(value, 'data') ? peek(value, 'data') : undefined
  if (isObject(data) && !has(value, 'role')) {
    const reading = eventReading(data, childPath(path, 'data'), context, path === '')
    if (reading !== undefined) return reading
  }
  return eventReading(value, path, context, path === '')
}

/** A message's calls, in its `options.toolCall`; undefined for a message without them, which is read as any other. */
function messageReading(options: object, path: string, context: Context): Reading | undefined {
  const toolCall = peek(options, 'toolCall')
  if (!isList(toolCall)) return undefined
  const turn: ToolCall[] = []
  forEachItem(toolCall, childPath(childPath(path, 'options'), 'toolCall'), context, (call, callPath) => {
    turn.push(isObject(call) ? callAt(call, 'name', childPath(callPath, 'name'), 'input', childPath(callPath, 'input'), callOf) : context.call(call, callPath))
  })
  return { turns: [turn] }
}

/** An agent event's data, told by the fields LlamaIndex names them with; undefined for anything else. `alone`: the value read is the event. */
function eventReading(data: object, path: string, context: Context, alone: boolean): Reading | undefined {
  if (has(data, 'toolKwargs')) {
    // A tool's result repeats its call's arguments; the calls of one step come each before its result.
    if (has(data, 'toolOutput')) return partOfTurn()
    return { call: callAt(data, 'toolName', childPath(path, 'toolName'), 'toolKwargs', childPath(path, 'toolKwargs'), callOfParsed) }
  }
  // The model's text streaming, and the events of a step's input, output, calls and results.
  if (has(data, 'currentAgentName')) return has(data, 'delta') ? partOfTurn() : noCalls()
  if (has(data, 'agentName') && (has(data, 'toolCalls') || has(data, 'results'))) return noCalls()
  if (has(data, 'userInput') && has(data, 'chatHistory')) return noCalls()
  if (!has(data, 'message') || !has(data, 'result') || !has(data, 'state')) return undefined
  const state = peek(data, 'state')
  if (!isObject(state)) return undefined
  return alone ? runReading(state, childPath(path, 'state'), context) : noCalls()
}

const RUN_WITHOUT_MEMORY = "an agent's result whose state holds no memory's messages: collect the events of runStream() into an array, and pass them"

/**
 * A run's result: its `message` is its answer alone, of no calls where the agent ended in text.
 * The run is in its memory, after the last prompt (a user message that is no tool's result).
 */
function runReading(state: object, path: string, context: Context): Reading {
  const memory = peek(state, 'memory')
  const messages = isObject(memory) ? peek(memory, 'messages') : undefined
  if (!isList(messages)) return { call: unparseableCall(atPath(path, RUN_WITHOUT_MEMORY)) }
  return { turns: turnsSincePrompt(messages, childPath(childPath(path, 'memory'), 'messages'), context, isPrompt) }
}

function isPrompt(message: object): boolean {
  const options = peek(message, 'options')
  return peek(message, 'role') === 'user' && !(isObject(options) && has(options, 'toolResult'))
}
