import { isObject, peek } from './reader'

// SDK objects that hold no trajectory to read, though they look like one: each told apart, and what to pass in its place.

/**
 * A stream helper of OpenAI's or Anthropic's SDK (`messages.stream()`, `chat.completions.stream()`,
 * `runTools()`, `responses.stream()`): its `messages` hold the request's own messages beside
 * what the model has said so far, so reading them would count the history's calls, or none
 * before the stream ends. Told by its methods, none of its getters read.
 */
export function isStreamHelper(value: object): boolean {
  if (typeof peek(value, 'done') !== 'function') return false
  return typeof peek(value, 'finalMessage') === 'function' || typeof peek(value, 'finalChatCompletion') === 'function' || typeof peek(value, 'finalResponse') === 'function'
}

/** What a stream helper is, for a reason; and what to pass in its place. */
export const STREAM_HELPER_IS = "an SDK's stream helper, whose messages hold the request's too"
export const STREAM_HELPER_ENDS_WITH = "await stream.finalMessage(), finalChatCompletion() or finalResponse(); a runner's allChatCompletions()"

export const STREAM_HELPER = `expected a trajectory, received ${STREAM_HELPER_IS} (pass what it ends with: ${STREAM_HELPER_ENDS_WITH})`

/**
 * Anthropic's tool runner (`client.beta.messages.toolRunner()`): awaited, it gives its last message alone,
 * the model's answer once its tools ran; the messages it yields, one a turn, hold its calls. Told by its methods.
 */
export function isToolRunner(value: object): boolean {
  return typeof peek(value, 'runUntilDone') === 'function' && typeof peek(value, Symbol.asyncIterator) === 'function'
}

/** What a tool runner is, for a reason; and what to pass in its place. */
export const TOOL_RUNNER_IS = "Anthropic's tool runner, whose awaited value is its last message alone"
export const TOOL_RUNNER_PASS = 'collect the messages it yields (for await (const message of runner)) into an array, and pass them'

/**
 * What `generateContentStream` of @google/generative-ai and Genkit's `generateStream` return: `{ stream, response }`,
 * its response a promise of the run put together (of @google/generative-ai's, whose calls streamed in one chunk it
 * holds as copies of the last, not to be graded). Never throws.
 */
export function isStreamAndResponse(value: object): boolean {
  const stream = peek(value, 'stream')
  const response = peek(value, 'response')
  return isObject(stream) && typeof peek(stream, Symbol.asyncIterator) === 'function' && isObject(response) && typeof peek(response, 'then') === 'function'
}

/** What that result is, for a reason; and what to pass in its place. */
export const STREAM_AND_RESPONSE_IS = "a stream result, { stream, response }, as @google/generative-ai's generateContentStream and Genkit's generateStream give"
export const STREAM_AND_RESPONSE_PASS = "collect the chunks of result.stream into an array, and pass them; or, Genkit's, await result.response"

/**
 * Strands Agents' `AgentResult` (what `agent.invoke()` gives): it holds its last message alone, the
 * answer once the tools ran; the run is in `agent.messages`, and in the events of `agent.stream()`. Never throws.
 */
export function isStrandsAgentResult(value: object): boolean {
  return peek(value, 'type') === 'agentResult' && isObject(peek(value, 'lastMessage'))
}

/** What that result is, for a reason; and what to pass in its place. */
export const STRANDS_AGENT_RESULT_IS = "Strands' agent result, whose lastMessage is its answer alone"
export const STRANDS_AGENT_RESULT_PASS = 'pass agent.messages, or the events of agent.stream() collected into an array'

/** The OpenAI Agents SDK's streamed run (`run(agent, input, { stream: true })`), told by its methods. Never throws. */
export function isStreamedRun(value: object): boolean {
  return typeof peek(value, 'toTextStream') === 'function' && isObject(peek(value, 'completed'))
}

/**
 * Whether a streamed run is over: its run state's step is the final output or an interruption (its
 * `finalOutput` and `interruptions` ask the same); cancelled, it holds what came; failed, it holds
 * what came before its `error`. Before, its `newItems` hold only what the stream has given so far,
 * none where nothing consumed it. Never throws.
 */
export function isStreamedRunOver(run: object): boolean {
  if (peek(run, 'cancelled') === true) return true
  const error = peek(run, 'error')
  if (error !== undefined && error !== null) return true
  const state = peek(run, 'state')
  const step = isObject(state) ? peek(state, '_currentStep') : undefined
  const stepType = isObject(step) ? peek(step, 'type') : undefined
  return stepType === 'next_step_final_output' || stepType === 'next_step_interruption'
}

/** A streamed run before it is over (see isStreamedRunOver). Never throws. */
export function isUnfinishedStreamedRun(value: object): boolean {
  return isStreamedRun(value) && !isStreamedRunOver(value)
}

/** What that run is, for a reason; and what to do first. */
export const UNFINISHED_STREAMED_RUN_IS = "the OpenAI Agents SDK's streamed run, not yet over"
export const UNFINISHED_STREAMED_RUN_PASS = 'await result.completed (or consume its events) first, then pass it'
