import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import type { ToolCall } from '../../src/calls'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { HOSTILE_ANYTHING } from '../fixtures/hostile-values'

/**
 * Hostile variants of the shapes the Gemini Live, Gemini (a failed call's finish reason, a
 * Content without parts), Anthropic (`__json_buf`), Genkit (a response holding its request),
 * LlamaIndex (messages, agent events, a run's result), Workers AI, AgentKit, Strands, Mistral
 * conversation, AgentExecutor, AG-UI, LangGraph server, Pydantic AI and AutoGen readers take, and of
 * iterables that are no format. The generators give plans, built into values by the test:
 * fast-check would trip the getters and traps itself when it prints or shrinks a value.
 */
type Wrap = 'none' | 'get throws' | 'has throws' | 'ownKeys throws' | 'getPrototypeOf throws' | 'getOwnPropertyDescriptor throws' | 'revoked' | 'answers every key' | 'lying length'
type Plan =
  | { k: 'value'; v: unknown }
  | { k: 'object'; fields: [string, Plan][]; wrap: Wrap; hidden?: [string, Plan] }
  | { k: 'list'; items: Plan[]; wrap: Wrap }
  | { k: 'getter throws' }
  | { k: 'huge string'; text: string; times: number }
  | { k: 'huge list'; item: Plan; length: number }
  | { k: 'deep'; depth: number; inner: Plan }
  | { k: 'cycle'; up: number }
  | { k: 'iterable'; sync: IteratorKind; async: IteratorKind }
type IteratorKind = 'absent' | 'getter throws' | 'not a function' | 'function'

const wraps: Wrap[] = ['none', 'none', 'none', 'get throws', 'has throws', 'ownKeys throws', 'getPrototypeOf throws', 'getOwnPropertyDescriptor throws', 'revoked', 'answers every key', 'lying length']
const wrap = fc.constantFrom(...wraps)
const LONE = ['\ud800', '\udfff', 'a\ud83d', '\ude00b']

const hostileValue = fc.anything({
  ...HOSTILE_ANYTHING,
  withObjectString: false,
  maxDepth: 2,
  key: fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('name', 'args', 'toolCall', 'functionCalls', 'parts', 'type', '__json_buf', ...LONE)),
})
const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...LONE))
const hugeString: fc.Arbitrary<Plan> = fc.record({ k: fc.constant('huge string' as const), text: fc.oneof(fc.constantFrom('x', '😀', '{"a": ', '\ud800', ...LONE), text), times: fc.integer({ min: 50_000, max: 100_000 }) })
const plainValue: fc.Arbitrary<Plan> = fc.oneof(hostileValue, text, fc.constantFrom(null, undefined, [], {}, 0, NaN, true)).map((v) => ({ k: 'value' as const, v }))
const v = (value: unknown): Plan => ({ k: 'value', v: value })

function object(fields: Record<string, fc.Arbitrary<Plan>>, hidden?: [string, fc.Arbitrary<Plan>]): fc.Arbitrary<Plan> {
  const keys = Object.keys(fields)
  return fc.record({
    fields: fc.record(fields, { requiredKeys: [] }),
    wrap,
    extra: fc.array(fc.tuple(fc.oneof(text, fc.constantFrom('toolCall', 'serverContent', 'goAway', 'candidates', 'content', 'parts', 'type')), plainValue), { maxLength: 2 }),
    hidden: hidden === undefined ? fc.constant(undefined) : fc.option(fc.tuple(fc.constant(hidden[0]), hidden[1]), { nil: undefined }),
  }).map(({ fields: given, wrap: w, extra, hidden: h }) => ({
    k: 'object' as const,
    fields: [...keys.filter((key) => key in given).map((key): [string, Plan] => [key, given[key]!]), ...extra],
    wrap: w,
    hidden: h,
  }))
}

const list = (item: fc.Arbitrary<Plan>, maxLength = 4): fc.Arbitrary<Plan> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ k: fc.constant('list' as const), items: fc.array(item, { maxLength }), wrap }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('huge list' as const), item, length: fc.integer({ min: 300, max: 1_000 }) }) },
  )

/** A field's value: mostly of the right kind, else anything that can go wrong there. */
const field = (good: fc.Arbitrary<Plan>): fc.Arbitrary<Plan> =>
  fc.oneof(
    { weight: 4, arbitrary: good },
    { weight: 2, arbitrary: plainValue },
    { weight: 1, arbitrary: fc.constant<Plan>({ k: 'getter throws' }) },
    { weight: 1, arbitrary: hugeString },
    { weight: 1, arbitrary: fc.nat(3).map((up): Plan => ({ k: 'cycle', up })) },
  )

const name = field(fc.constantFrom('search', 'book', '').map(v))
const args = field(fc.oneof(fc.constant(v({ q: 'cats' })), fc.dictionary(text, hostileValue).map(v), fc.constant(v('{"q": "cats"}'))))

const functionCall = object({ id: field(text.map(v)), name, args })
const functionCallEntry = fc.oneof(functionCall, plainValue, fc.constantFrom<Plan>(v(null), v([]), v(['search', {}]), v('search(q="cats")'), v(7)), hugeString)
const liveToolCall = object({ toolCall: field(object({ functionCalls: field(list(functionCallEntry, 5)) })), serverContent: field(plainValue) })
const liveNotice = object({
  goAway: field(object({ timeLeft: field(text.map(v)) })),
  setupComplete: field(fc.constant(v({}))),
  toolCallCancellation: field(object({ ids: field(list(text.map(v))) })),
  usageMetadata: field(plainValue),
  serverContent: field(object({ modelTurn: field(object({ parts: field(list(plainValue)) })), turnComplete: field(fc.boolean().map(v)) })),
})

const finishReason = field(fc.oneof({ weight: 3, arbitrary: fc.constantFrom('MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL') }, fc.constantFrom('STOP', 'FINISH_REASON_UNSPECIFIED', null)).map(v))
const finishMessage = fc.oneof(field(text.map(v)), hugeString)
const part = object({ functionCall: field(object({ name, args })), text: field(text.map(v)) })
const content = field(fc.oneof({ weight: 2, arbitrary: fc.constantFrom<Plan>(v(undefined), v(null), v({}), v({ role: 'model' })) }, object({ role: field(fc.constant(v('model'))), parts: field(list(part)) })))
const candidate = object({ finishReason, finishMessage, content })
const geminiResponse = object({ candidates: field(list(candidate, 2)), automaticFunctionCallingHistory: field(list(content, 3)) })

const jsonBuf = fc.oneof(
  fc.constantFrom('{"q": "cats"}', '{"q": "ca', '', '   ', '[1]', 'null', '{"q": "\ud800"}', '{"q": "😀', '{"a":'.repeat(300)).map(v),
  text.map(v),
  hugeString,
  plainValue,
  fc.constant<Plan>({ k: 'getter throws' }),
)
const toolUse = object({ type: fc.constant(v('tool_use')), id: field(text.map(v)), name, input: args, __json_buf: jsonBuf }, ['__json_buf', jsonBuf])

const iteratorKind = fc.constantFrom<IteratorKind>('absent', 'getter throws', 'not a function', 'function')
const iterable: fc.Arbitrary<Plan> = fc.record({ k: fc.constant('iterable' as const), sync: iteratorKind, async: iteratorKind })

const role = field(fc.constantFrom('assistant', 'model', 'user').map(v))
const genkitRequest = object({ toolRequest: field(object({ name, input: args, ref: field(text.map(v)) })) })
const genkitMessage = object({ role, content: field(list(fc.oneof(genkitRequest, part))) })
const genkitResponse = object({ message: field(genkitMessage), finishReason: field(fc.constant(v('stop'))), request: field(object({ messages: field(list(genkitMessage)) })) })
const llamaToolCall = object({ name, input: args, id: field(text.map(v)) })
const llamaMessage = object({ role, content: field(text.map(v)), options: field(object({ toolCall: field(list(llamaToolCall)), toolResult: field(plainValue) })) })
const llamaEventData = object({ agentName: field(text.map(v)), toolName: name, toolKwargs: args, toolOutput: field(plainValue), delta: field(text.map(v)) })
const llamaStop = object({
  message: field(llamaMessage),
  result: field(text.map(v)),
  state: field(object({ memory: field(object({ messages: field(list(llamaMessage, 5)) })) })),
})
const llamaEvent = object({ data: field(fc.oneof(llamaEventData, llamaStop)), type: field(text.map(v)) })

const agentKitTool = object({ type: field(fc.constant(v('tool'))), id: field(text.map(v)), name, input: args })
const agentKitMessage = object({ type: field(fc.constantFrom('tool_call', 'tool_result', 'text').map(v)), role, tools: field(list(agentKitTool)), tool: field(agentKitTool) })
const agentKitResult = object({ agentName: field(text.map(v)), output: field(list(agentKitMessage)), toolCalls: field(list(agentKitMessage)) })
const strandsBlock = object({ type: field(fc.constantFrom('toolUseBlock', 'toolResultBlock', 'textBlock').map(v)), name, toolUseId: field(text.map(v)), input: args })
const strandsMessage = object({ type: field(fc.constant(v('message'))), role, content: field(list(strandsBlock)) })
const strandsEvent = object({ type: field(fc.constantFrom('modelMessageEvent', 'messageAddedEvent', 'agentResult').map(v)), message: field(strandsMessage), lastMessage: field(strandsMessage) })
const mistralEntry = object({ type: field(fc.constantFrom('function.call', 'function.result', 'tool.execution', 'message.output').map(v)), name, arguments: args, role })
const mistralConversation = object({ object: field(fc.constantFrom('conversation.response', 'conversation.history').map(v)), outputs: field(list(mistralEntry)), entries: field(list(mistralEntry)) })
const executorAction = object({ tool: name, toolInput: args, messageLog: field(list(plainValue)) })
const executorStep = object({ action: field(executorAction), observation: field(text.map(v)) })
const executorOutput = object({ output: field(text.map(v)), intermediateSteps: field(list(executorStep)) })
const agUiEvent = object({
  type: field(fc.constantFrom('TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_CHUNK', 'TOOL_CALL_RESULT', 'RUN_ERROR', 'MESSAGES_SNAPSHOT').map(v)),
  toolCallId: field(fc.constantFrom('t0', 't1').map(v)),
  toolCallName: name,
  parentMessageId: field(fc.constantFrom('m1', 'm2').map(v)),
  delta: jsonBuf,
})
const langChainDump = object({
  type: field(fc.constantFrom('ai', 'AIMessageChunk', 'tool').map(v)),
  content: field(text.map(v)),
  tool_calls: field(list(functionCall)),
  tool_call_chunks: field(list(object({ name, args: jsonBuf, index: field(fc.nat(2).map(v)) }))),
})
const langGraphSdkEvent = object({
  event: field(fc.constantFrom('values', 'updates', 'messages', 'messages/complete', 'error', 'metadata').map(v)),
  data: field(fc.oneof(object({ messages: field(list(langChainDump)) }), list(fc.oneof(langChainDump, plainValue)), plainValue)),
})
const pydanticPart = object({ part_kind: field(fc.constantFrom('tool-call', 'builtin-tool-call', 'tool-return', 'text').map(v)), tool_name: name, args })
const pydanticMessage = object({ kind: field(fc.constantFrom('request', 'response').map(v)), parts: field(list(pydanticPart)) })
const autoGenMessage = object({ type: field(fc.constantFrom('ToolCallRequestEvent', 'ToolCallExecutionEvent', 'ToolCallSummaryMessage').map(v)), content: field(list(functionCallEntry)) })
const workersAiOutput = object({ response: field(text.map(v)), tool_calls: field(list(functionCallEntry)), usage: field(plainValue) })

const shape = fc.oneof(liveToolCall, liveNotice, geminiResponse, candidate, content, toolUse, iterable, functionCall, genkitResponse, llamaMessage, llamaEvent, llamaStop, workersAiOutput, agentKitMessage, agentKitResult, strandsMessage, strandsEvent, mistralEntry, mistralConversation, executorStep, executorOutput, agUiEvent, langGraphSdkEvent, langChainDump, pydanticMessage, autoGenMessage)
const message = object({ role, content: field(list(shape)), parts: field(list(part)) })
const item = fc.oneof({ weight: 4, arbitrary: shape }, { weight: 1, arbitrary: message }, { weight: 1, arbitrary: plainValue })
const deep = fc.record({ k: fc.constant('deep' as const), depth: fc.integer({ min: 200, max: 400 }), inner: item })
const prediction: fc.Arbitrary<Plan> = fc.oneof(item, list(item, 6), deep, list(fc.oneof(item, deep), 3))

const trap = (): never => {
  throw new Error('trapped')
}

/** Huge lists being built, around the one being built. */
let hugeLists = 0

/** The value a plan describes; `ancestors` are the objects it is built inside, which a cycle points back to. */
function build(plan: Plan, ancestors: object[] = []): unknown {
  switch (plan.k) {
    case 'value':
      return plan.v
    case 'getter throws':
      return undefined
    case 'huge string':
      return plan.text.repeat(Math.ceil(plan.times / Math.max(1, plan.text.length)))
    case 'cycle':
      return ancestors.length === 0 ? undefined : ancestors[Math.max(0, ancestors.length - 1 - plan.up)]
    case 'huge list': {
      // One huge list inside another multiplies: the bound on list items is a million, too many for a test run.
      hugeLists++
      const shared = build(plan.item, ancestors)
      hugeLists--
      return new Array(hugeLists > 0 ? Math.min(plan.length, 10) : plan.length).fill(shared)
    }
    case 'deep': {
      let value = build(plan.inner, ancestors)
      for (let i = 0; i < plan.depth; i++) value = i % 3 === 0 ? [value] : i % 3 === 1 ? { role: 'assistant', content: [value] } : { toolCall: { functionCalls: [value] } }
      return value
    }
    case 'iterable': {
      const value = {}
      define(value, Symbol.iterator, plan.sync, function* () {
        yield { name: 'search', args: { q: 'cats' } }
      })
      define(value, Symbol.asyncIterator, plan.async, async function* () {
        yield { name: 'search', args: { q: 'cats' } }
      })
      return value
    }
    case 'list': {
      const target: unknown[] = []
      const inside = [...ancestors, target]
      for (const item of plan.items) target.push(build(item, inside))
      return wrapped(target, plan.wrap)
    }
    case 'object': {
      const target: Record<string, unknown> = {}
      const inside = [...ancestors, target]
      for (const [key, value] of plan.fields) {
        if (value.k === 'getter throws') Object.defineProperty(target, key, { get: trap, enumerable: true, configurable: true })
        else Object.defineProperty(target, key, { value: build(value, inside), enumerable: true, configurable: true, writable: true })
      }
      // The Anthropic SDK's field is not enumerable.
      if (plan.hidden !== undefined) {
        const [key, value] = plan.hidden
        Object.defineProperty(target, key, value.k === 'getter throws' ? { get: trap, configurable: true } : { value: build(value, inside), configurable: true })
      }
      return wrapped(target, plan.wrap)
    }
  }
}

function define(target: object, key: symbol, kind: IteratorKind, fn: () => unknown): void {
  if (kind === 'getter throws') Object.defineProperty(target, key, { get: trap })
  else if (kind === 'not a function') Object.defineProperty(target, key, { value: 'not a function' })
  else if (kind === 'function') Object.defineProperty(target, key, { value: fn })
}

function wrapped(target: object, kind: Wrap): object {
  switch (kind) {
    case 'none':
      return target
    case 'revoked': {
      const revocable = Proxy.revocable(target, {})
      revocable.revoke()
      return revocable.proxy
    }
    case 'answers every key':
      return new Proxy(target, { get: (inner, key) => (Reflect.has(inner, key) ? Reflect.get(inner, key) : 'cats') })
    case 'lying length':
      return new Proxy(target, { get: (inner, key) => (key === 'length' ? 2 ** 32 - 1 : Reflect.get(inner, key)), has: () => true })
    default:
      return new Proxy(target, { [kind.split(' ')[0]!]: trap })
  }
}

/** Half of a surrogate pair standing alone, which prints as another character. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
/** Far below the huge strings generated (50,000 characters and more), far above a reason's path at the depth limit. */
const MAX_REASON = 20_000

function expectToolCall(call: ToolCall): void {
  expect(typeof call === 'object' && call !== null).toBe(true)
  expect(typeof call.name).toBe('string')
  expect(typeof call.args === 'object' && call.args !== null && !Array.isArray(call.args)).toBe(true)
  if (call.unparseable === undefined) return
  expect(typeof call.unparseable).toBe('string')
  expect(call.unparseable.length).toBeLessThanOrEqual(MAX_REASON)
  expect(LONE_SURROGATE.test(call.unparseable), call.unparseable.slice(0, 300)).toBe(false)
}

const goodCall = { name: 'search', args: { q: 'cats' } }
const gold = [goodCall]
const metric = new ToolCallMetric()

describe('hostile shapes of the readers, and iterables', () => {
  test.prop([prediction], { numRuns: 200 })('are read without throwing, into calls whose reasons are bounded and whole', (plan) => {
    const pred = build(plan)
    const turns = readTurns(pred)
    expect(Array.isArray(turns)).toBe(true)
    for (const turn of turns) for (const call of turn) expectToolCall(call)
    for (const call of toolCalls(pred)) expectToolCall(call)
  })

  test.prop([prediction], { numRuns: 100 })('are scored against a simple gold without throwing, with finite figures', (plan) => {
    const score = metric.score(build(plan), gold)
    for (const figure of ['tp', 'fp', 'fn', 'precision', 'recall', 'f1'] as const) expect(Number.isFinite(score[figure])).toBe(true)
    expect(score.f1).toBeGreaterThanOrEqual(0)
    expect(score.f1).toBeLessThanOrEqual(1)
    for (const unmatched of score.unmatchedPred) expect(LONE_SURROGATE.test(unmatched.reason)).toBe(false)
  })

  test.prop([fc.array(fc.option(functionCallEntry, { nil: undefined }), { minLength: 1, maxLength: 6 })], { numRuns: 150 })(
    "a Live message's malformed function calls are unparseable where they stand, and the good ones beside them are read",
    (entries) => {
      // undefined marks a good call.
      const functionCalls = entries.map((entry) => (entry === undefined ? { id: 'c', ...goodCall } : build(entry)))
      const calls = toolCalls({ toolCall: { functionCalls } })
      expect(calls).toHaveLength(entries.length)
      entries.forEach((entry, index) => {
        expectToolCall(calls[index]!)
        if (entry === undefined) expect(calls[index]).toEqual(goodCall)
      })
    },
  )
})
