import { callOfParsed, twoArgumentSets } from '../arguments'
import { atPath, childPath, describe } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { callAt, forEachItem, get, has, holds, isList, isObject, noCalls, peek, ranByProvider, type Context, type FormatReader } from './reader'

/**
 * Vercel AI SDK: a `generateText` result (one turn per step; its own `toolCalls` repeats the
 * steps' calls, so it is not read beside them), any object with `toolCalls`, tool-call parts
 * `{ type: 'tool-call', toolName, input }` (v5+) or `{ toolName, args }` (v4), Mastra's chunks
 * that hold such a part in their `payload`, UI message tool parts (`type: 'tool-<name>'`
 * or `'dynamic-tool'`, with a `state`; v4's `{ type: 'tool-invocation', toolInvocation }`), and
 * a UI message stream's chunks (`tool-input-available`).
 * Tool results carry a tool's name but are no call; a UI part is the call whatever its state,
 * its result included, but for an input still streaming, which the stream's end cut short. A
 * call the provider ran (`providerExecuted`) is no call of the agent's.
 */
export const readAiSdk: FormatReader = (value, path, context) => {
  const steps = peek(value, 'steps')
  if (isList(steps)) return { turns: readingParsedInputs(() => readSteps(steps, childPath(path, 'steps'), context)) }
  if (has(value, 'toolCalls')) {
    const toolCallsPath = childPath(path, 'toolCalls')
    return { turns: [readingParsedInputs(() => context.calls(get(value, 'toolCalls', toolCallsPath), toolCallsPath))] }
  }
  const type = peek(value, 'type')
  // A call the provider ran itself (a built-in web search) is not the agent's, and its result is part of the step.
  if (peek(value, 'providerExecuted') === true && typeof type === 'string' && (type.startsWith('tool-') || type === 'dynamic-tool')) return ranByProvider()
  if (type === 'tool-call' || (type === undefined && isToolCallWithoutType(value))) {
    // Mastra's chunks, `{ type: 'tool-call', payload: { toolName, args } }`, hold the part in their payload.
    const payload = peek(value, 'payload')
    if (isObject(payload) && !has(value, 'toolName')) return { call: toolCallPart(payload, childPath(path, 'payload')) }
    return { call: toolCallPart(value, path) }
  }
  // A tool's result ends the turn; one of v4 repeats the call's `args`, which make no call of their own.
  if (type === 'tool-result' && has(value, 'toolName')) return noCalls()
  if (type === 'tool-invocation') return { call: toolInvocationCall(value, path) }
  // A UI message stream's chunk of a whole call, its input parsed or, where that failed, as sent; the chunks before it hold its input in part.
  if (type === 'tool-input-available' || type === 'tool-input-error') return { call: toolCallPart(value, path, type === 'tool-input-error' ? 'failed' : 'parsed') }
  const state = peek(value, 'state')
  if (typeof type === 'string' && typeof state === 'string') {
    if (type === 'dynamic-tool') return { call: STREAMING_STATES.has(state) ? cutShort(peek(value, 'toolName'), state, path) : toolCallPart(value, path, uiPartInput(state)) }
    if (type.startsWith('tool-')) {
      const name = type.slice('tool-'.length)
      return { call: STREAMING_STATES.has(state) ? cutShort(name, state, path) : uiToolPart(value, name, path, uiPartInput(state)) }
    }
  }
  // A v4 tool result has a tool name and a result but no type; a tool name beside anything else is no shape of the SDK's.
  return type === undefined && has(value, 'toolName') && (has(value, 'result') || has(value, 'output')) ? noCalls() : undefined
}

/** The AI SDK's stream parts and chunks that carry a tool's result, and those that mark a step. */
const RESULT_PARTS = new Set(['tool-result', 'tool-error', 'tool-output-available', 'tool-output-error'])
const STEP_PARTS = new Set(['step-start', 'step-finish', 'start-step', 'finish-step'])

/** A stream's part or chunk of a tool's result. Never throws. */
export function isAiSdkResultPart(item: unknown): boolean {
  return isObject(item) && RESULT_PARTS.has(peek(item, 'type') as string) && has(item, 'toolCallId')
}

/** A stream's part or chunk that begins or ends a step. Never throws. */
export function isAiSdkStepPart(item: unknown): boolean {
  return isObject(item) && STEP_PARTS.has(peek(item, 'type') as string)
}

/** What a `streamText` result is, for a reason. */
export const STREAM_TEXT_RESULT_IS = 'streamText result, whose calls are promises'

/**
 * The AI SDK's `streamText` result, told by its methods alone: its fields are getters that
 * start reading the stream and return promises, which would reject unheard if the stream fails.
 */
export function isStreamTextResult(value: object): boolean {
  return typeof peek(value, 'consumeStream') === 'function' && typeof peek(value, 'toUIMessageStream') === 'function'
}

function readSteps(steps: unknown[], path: string, context: Context): ToolCall[][] {
  const turns: ToolCall[][] = []
  forEachItem(steps, path, context, (step, stepPath) => {
    turns.push(isObject(step) ? readStep(step, stepPath, context) : [context.call(step, stepPath)])
  })
  return turns
}

/** A step's calls: its `toolCalls`, or, in a step serialised to JSON (no getters), its content. */
function readStep(step: object, path: string, context: Context): ToolCall[] {
  const toolCalls = peek(step, 'toolCalls')
  if (isList(toolCalls)) return context.calls(toolCalls, childPath(path, 'toolCalls'))
  const content = peek(step, 'content')
  if (isList(content)) return context.turn(content, childPath(path, 'content'))
  return [unparseableCall(atPath(path, `expected a step with toolCalls or content, received ${describe(step)}`))]
}

function isToolCallWithoutType(value: object): boolean {
  return has(value, 'toolName') && (has(value, 'input') || has(value, 'args')) && !has(value, 'result') && !has(value, 'output')
}

/**
 * How a part holds its input: `text`, the model's JSON text (a language model's own content part);
 * `parsed`, the value the SDK parsed it to (a call past `generateText`, a UI part); `failed`, that
 * value or, where the text did not parse, the text itself (a call the SDK marked `invalid`).
 */
type InputForm = 'text' | 'parsed' | 'failed'

/** A UI part's input is parsed, but in `output-error`, where the input may be what failed to parse. */
function uiPartInput(state: string): InputForm {
  return state === 'output-error' ? 'failed' : 'parsed'
}

/**
 * How deep the reading is inside an AI SDK result, step or message, where a tool-call part's input is the value the
 * SDK parsed; a language model's own content part, read alone, holds its JSON text. Reading is synchronous, so a count serves.
 */
let parsedInputsDepth = 0

/** Reads with tool-call parts taken as holding parsed input (see InputForm). */
export function readingParsedInputs<T>(read: () => T): T {
  parsedInputsDepth++
  try {
    return read()
  } finally {
    parsedInputsDepth--
  }
}

/** v5+ calls hold `input` (see InputForm); v4 `args`. A tool-call part holds the model's text unless the SDK marked it `invalid` or it is read inside a result, step or message. */
function toolCallPart(value: object, path: string, form: InputForm = peek(value, 'invalid') === true ? 'failed' : parsedInputsDepth > 0 ? 'parsed' : 'text'): ToolCall {
  const namePath = childPath(path, 'toolName')
  const inputGiven = holds(value, 'input')
  const argsGiven = holds(value, 'args')
  if (inputGiven && argsGiven) return twoArgumentSets(peek(value, 'toolName'), path, 'input', 'args')
  const argsKey = inputGiven || !argsGiven ? 'input' : 'args'
  const argsPath = childPath(path, argsKey)
  if (form === 'text') return callAt(value, 'toolName', namePath, argsKey, argsPath)
  return callAt(value, 'toolName', namePath, argsKey, argsPath, form === 'failed' ? callOfFailed : callOfParsed)
}

/** A v4 UI part: the call is its `toolInvocation`. */
function toolInvocationCall(value: object, path: string): ToolCall {
  const invocationPath = childPath(path, 'toolInvocation')
  return invocationCall(get(value, 'toolInvocation', invocationPath), invocationPath)
}

/** A v4 tool invocation, `{ state, toolCallId, toolName, args, result? }`: a call, whatever its state but a partial one. */
export function invocationCall(invocation: unknown, path: string): ToolCall {
  if (!isObject(invocation)) return unparseableCall(atPath(path, `expected an object, received ${describe(invocation)}`))
  const state = peek(invocation, 'state')
  if (typeof state === 'string' && STREAMING_STATES.has(state)) return cutShort(peek(invocation, 'toolName'), state, path)
  const namePath = childPath(path, 'toolName')
  const argsPath = childPath(path, 'args')
  return callAt(invocation, 'toolName', namePath, 'args', argsPath)
}

/**
 * A UI part's states while its input streams in (v5's `input-streaming`, v4's `partial-call`):
 * kept by a message whose stream stopped there, its input parsed leniently from a cut text.
 */
const STREAMING_STATES = new Set(['input-streaming', 'partial-call'])

function cutShort(name: unknown, state: string, path: string): ToolCall {
  return unparseableCall(atPath(childPath(path, 'state'), `the stream ended while this call's input was still streaming ('${state}')`), typeof name === 'string' ? name : '')
}

const callOfFailed = (name: unknown, namePath: string, input: unknown, inputPath: string) => callOfParsed(name, namePath, input, inputPath, true)

function uiToolPart(value: object, name: string, path: string, form: InputForm): ToolCall {
  const inputPath = childPath(path, 'input')
  return callOfParsed(name, childPath(path, 'type'), get(value, 'input', inputPath), inputPath, form === 'failed')
}
