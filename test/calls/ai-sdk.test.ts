import { generateText, isStepCount, jsonSchema, readUIMessageStream, simulateReadableStream, streamText, tool } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readTurns, toolCalls } from '../../src/calls'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

const modelCall = (id: string, toolName: string, input: string) => ({ type: 'tool-call' as const, toolCallId: id, toolName, input })

const callsStep = (...content: ReturnType<typeof modelCall>[]) => ({
  content,
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
  usage,
  warnings: [],
})

const textStep = (text: string) => ({ content: [{ type: 'text' as const, text }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] })

const tools = {
  get_weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, temp: 20 }) }),
  answer: tool({ inputSchema: z.object({ text: z.string() }), execute: async () => 'ok' }),
}

/** A run of three steps: two parallel weather calls, then an answer call, then text. */
async function threeStepRun() {
  const model = new MockLanguageModelV4({
    doGenerate: [
      callsStep(modelCall('c1', 'get_weather', '{"city":"Paris"}'), modelCall('c2', 'get_weather', '{"city":"Rome"}')),
      callsStep(modelCall('c3', 'answer', '{"text":"warm"}')),
      textStep('Warm in both.'),
    ],
  })
  return generateText({ model, prompt: 'Weather?', tools, stopWhen: isStepCount(5) })
}

const paris = { name: 'get_weather', args: { city: 'Paris' } }
const rome = { name: 'get_weather', args: { city: 'Rome' } }
const answer = { name: 'answer', args: { text: 'warm' } }

/** An AI SDK UI message of one step, as useChat keeps it. */
function uiMessage(...parts: object[]) {
  return { id: 'm1', role: 'assistant', parts: [{ type: 'step-start' }, ...parts] }
}

/** A UI message's part of a call to get_weather for Paris, its result in. */
const parisPart = { type: 'tool-get_weather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { temp: 20 } }

describe('Vercel AI SDK, hand-written', () => {
  test('reads a v5+ tool-call part', () => {
    expect(toolCalls({ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' } })).toEqual([paris])
  })

  test('reads a v4 tool call { toolName, args }', () => {
    expect(toolCalls({ toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Paris' } })).toEqual([paris])
  })

  test('reads the arguments under whichever of input and args holds them, and refuses a call that gives both', () => {
    expect(toolCalls({ type: 'tool-call', toolCallId: '1', toolName: 'f', input: undefined, args: { y: 2 } })).toEqual([{ name: 'f', args: { y: 2 } }])
    expect(toolCalls({ type: 'tool-call', toolCallId: '1', toolName: 'f', input: null, args: { y: 2 } })).toEqual([
      { name: 'f', args: {}, unparseable: 'gives both input and args; a call has one' },
    ])
  })

  test('a tool-result part is not a call', () => {
    expect(toolCalls({ type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' }, output: { temp: 20 } })).toEqual([])
  })

  test('a tool-result part whose output is a list is not a call, nor are the items of that list', () => {
    const output = [{ title: 'Cats', url: 'https://example.com' }, { name: 'Tom' }]
    expect(toolCalls({ type: 'tool-result', toolCallId: 'c1', toolName: 'search', input: { q: 'cats' }, output })).toEqual([])
    expect(toolCalls([{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: { q: 'cats' } }, { type: 'tool-result', toolCallId: 'c1', toolName: 'search', output }])).toEqual([
      { name: 'search', args: { q: 'cats' } },
    ])
  })

  test('a v4 tool result is not a call', () => {
    expect(toolCalls({ toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Paris' }, result: { temp: 20 } })).toEqual([])
  })

  test('a tool name beside fields of no shape of the SDK is unparseable, not taken for a result without a call', () => {
    expect(toolCalls({ toolName: 'get_weather', arguments: { city: 'Paris' } })).toEqual([{ name: '', args: {}, unparseable: 'name: expected a tool name, received undefined' }])
    expect(toolCalls({ toolName: 'get_weather' })).toEqual([
      { name: '', args: {}, unparseable: 'expected a tool call, a message or a model response, received an object with keys toolName' },
    ])
  })

  test("v4's tool-result stream parts, which repeat their call's args, are no calls; between calls of one step, they end no turn", () => {
    // The parts of a two-step v4 streamText's fullStream, as ai@4.3 gives them.
    const parts = [
      { type: 'step-start', messageId: 'msg-1', request: {}, warnings: [] },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Paris' } },
      { type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Paris' }, result: 'sunny' },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'get_weather', args: { city: 'Rome' } },
      { type: 'tool-result', toolCallId: 'c2', toolName: 'get_weather', args: { city: 'Rome' }, result: 'rainy' },
      { type: 'step-finish', finishReason: 'tool-calls', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 }, isContinued: false },
      { type: 'step-start', messageId: 'msg-2', request: {}, warnings: [] },
      { type: 'text-delta', textDelta: 'Sunny in Paris.' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 2, completionTokens: 2, totalTokens: 4 } },
    ]
    expect(readTurns(parts)).toEqual([[paris, rome]])
    // Without the step's parts, a tool's result between two calls ends the turn, as any tool's result does.
    expect(readTurns(parts.slice(1, 5))).toEqual([[paris], [rome]])
  })

  test("a v5+ stream's and a UI message stream's results between calls of one step end no turn; the step's end does", () => {
    const call = (id: string, input: object) => ({ type: 'tool-call', toolCallId: id, toolName: 'get_weather', input })
    const result = (id: string) => ({ type: 'tool-result', toolCallId: id, toolName: 'get_weather', input: {}, output: 'sunny' })
    const parts = [{ type: 'start-step', request: {}, warnings: [] }, call('c1', { city: 'Paris' }), result('c1'), call('c2', { city: 'Rome' }), result('c2'), { type: 'finish-step' }]
    expect(readTurns([...parts, ...parts])).toEqual([[paris, rome], [paris, rome]])
    const chunk = (id: string, input: object) => ({ type: 'tool-input-available', toolCallId: id, toolName: 'get_weather', input })
    const output = (id: string) => ({ type: 'tool-output-available', toolCallId: id, output: 'sunny' })
    const chunks = [{ type: 'start' }, { type: 'start-step' }, chunk('c1', { city: 'Paris' }), output('c1'), chunk('c2', { city: 'Rome' }), output('c2'), { type: 'finish-step' }, { type: 'finish' }]
    expect(readTurns(chunks)).toEqual([[paris, rome]])
  })

  test('reads an object with toolCalls as one turn', () => {
    expect(readTurns({ text: '', toolCalls: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' } }] })).toEqual([[paris]])
  })

  test('reads the tool parts of a UI message', () => {
    const message = uiMessage(parisPart, { type: 'dynamic-tool', toolName: 'get_weather', toolCallId: 'c2', state: 'input-available', input: { city: 'Rome' } })
    expect(readTurns(message)).toEqual([[paris, rome]])
  })

  test('reads the tool invocations of a v4 UI message, whatever their state', () => {
    const message = {
      id: 'm1',
      role: 'assistant',
      content: '',
      parts: [
        { type: 'step-start' },
        { type: 'tool-invocation', toolInvocation: { state: 'result', step: 0, toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Paris' }, result: { temp: 20 } } },
        { type: 'text', text: 'And Rome:' },
        { type: 'tool-invocation', toolInvocation: { state: 'call', step: 0, toolCallId: 'c2', toolName: 'get_weather', args: { city: 'Rome' } } },
      ],
    }
    expect(readTurns(message)).toEqual([[paris, rome]])
  })

  test("reads an older v4 message's toolInvocations, which it has without tool parts", () => {
    const message = {
      id: 'm1',
      role: 'assistant',
      content: 'Checking.',
      toolInvocations: [
        { state: 'result', toolCallId: 'c1', toolName: 'get_weather', args: { city: 'Paris' }, result: { temp: 20 } },
        { state: 'call', toolCallId: 'c2', toolName: 'get_weather', args: { city: 'Rome' } },
      ],
    }
    expect(readTurns(message)).toEqual([[paris, rome]])
  })

  test('a UI part whose input was still streaming when its stream stopped is cut short: unparseable, naming its tool', () => {
    const message = {
      ...uiMessage(
        parisPart,
        { type: 'tool-get_weather', toolCallId: 'c2', state: 'input-streaming', input: { city: 'Ro' } },
        { type: 'dynamic-tool', toolName: 'search', toolCallId: 'c3', state: 'input-streaming', input: undefined },
      ),
      toolInvocations: [{ state: 'partial-call', toolCallId: 'c4', toolName: 'get_weather', args: { city: 'Ro' } }],
    }
    expect(readTurns(message)).toEqual([
      [
        paris,
        { name: 'get_weather', args: {}, unparseable: "parts[2].state: the stream ended while this call's input was still streaming ('input-streaming')" },
        { name: 'search', args: {}, unparseable: "parts[3].state: the stream ended while this call's input was still streaming ('input-streaming')" },
      ],
    ])
    expect(toolCalls({ ...message, parts: [] })).toEqual([
      { name: 'get_weather', args: {}, unparseable: "toolInvocations[0].state: the stream ended while this call's input was still streaming ('partial-call')" },
    ])
  })

  test('a dynamic tool the provider ran (an MCP server Anthropic called) is no call of the agent\'s, in a UI message as in its steps', () => {
    const message = uiMessage(
      { type: 'dynamic-tool', toolName: 'wiki_search', toolCallId: 'm1', state: 'output-available', input: { q: 'Paris' }, output: 'Paris is…', providerExecuted: true },
      { type: 'tool-get_weather', toolCallId: 'c1', state: 'input-available', input: { city: 'Paris' } },
    )
    expect(toolCalls(message)).toEqual([paris])
  })

  test('a v4 tool invocation part without its invocation is unparseable, naming where', () => {
    expect(toolCalls([{ type: 'tool-invocation', toolInvocation: null }])[0]?.unparseable).toBe('[0].toolInvocation: expected an object, received null')
  })

  test('a tool call whose raw input did not parse is unparseable', () => {
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":', invalid: true }
    expect(toolCalls([call])[0]?.unparseable).toMatch(/^\[0\]\.input: not valid JSON/)
  })
})

/** The same run streamed: each step's chunks, as the mock model streams them. */
function streamedStep(chunks: unknown[]) {
  const finish = { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }
  return { stream: simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...chunks, finish] as never }) }
}

/** The three-step run, streamed. */
function streamedThreeStepRun() {
  const call = (id: string, toolName: string, input: string) => ({ type: 'tool-call', toolCallId: id, toolName, input })
  const model = new MockLanguageModelV4({
    doStream: [
      streamedStep([call('c1', 'get_weather', '{"city":"Paris"}'), call('c2', 'get_weather', '{"city":"Rome"}')]),
      streamedStep([call('c3', 'answer', '{"text":"warm"}')]),
      streamedStep([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Warm in both.' }, { type: 'text-end', id: 't' }]),
    ] as never,
  })
  return streamText({ model, prompt: 'Weather?', tools, stopWhen: isStepCount(5) })
}

/** The UI message that a client builds from the streamed three-step run, as useChat keeps it. */
async function threeStepUIMessage() {
  let message: unknown
  for await (const update of readUIMessageStream({ stream: streamedThreeStepRun().toUIMessageStream() })) message = update
  return message
}

describe('the ai SDK fullStream of a streamed run', () => {
  test('its parts, collected, read as the calls of each step: whole tool-call parts, tool results ending a turn', async () => {
    const parts = []
    for await (const part of streamedThreeStepRun().fullStream) parts.push(part)
    expect(parts.map((part) => part.type)).toContain('tool-result')
    expect(readTurns(parts)).toEqual([[paris, rome], [answer]])
  })
})

describe('the ai SDK UI message stream of a streamed run', () => {
  test('its chunks, collected as useChat receives them, read as the calls of each step', async () => {
    const chunks = []
    for await (const chunk of streamedThreeStepRun().toUIMessageStream()) chunks.push(chunk)
    expect(chunks.map((chunk) => chunk.type)).toContain('tool-input-available')
    expect(readTurns(chunks)).toEqual([[paris, rome], [answer]])
  })

  test("a run cut short by its token limit inside a call's input: the UI message keeps the part streaming, read as unparseable", async () => {
    const cutShort = {
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'tool-input-start', id: 'c1', toolName: 'get_weather' },
          { type: 'tool-input-delta', id: 'c1', delta: '{"city":"Par' },
          { type: 'finish', finishReason: { unified: 'length', raw: 'length' }, usage },
        ] as never,
      }),
    }
    const run = streamText({ model: new MockLanguageModelV4({ doStream: [cutShort] as never }), prompt: 'Weather?', tools, onError: () => {} })
    let message: unknown
    for await (const update of readUIMessageStream({ stream: run.toUIMessageStream() })) message = update
    const [part] = (message as { parts: { type: string; state?: string }[] }).parts.filter((part) => part.type === 'tool-get_weather')
    expect(part?.state).toBe('input-streaming')
    expect(toolCalls(message)).toEqual([{ name: 'get_weather', args: {}, unparseable: expect.stringContaining("the stream ended while this call's input was still streaming") }])
  })

  test("the same run's fullStream parts and UI message chunks, where the SDK drops the call it never got whole: cut short, not missing", async () => {
    const cutShort = () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'tool-call', toolCallId: 'c0', toolName: 'get_weather', input: '{"city":"Paris"}' },
          { type: 'tool-input-start', id: 'c1', toolName: 'get_weather' },
          { type: 'tool-input-delta', id: 'c1', delta: '{"city":"Ro' },
          { type: 'finish', finishReason: { unified: 'length', raw: 'length' }, usage },
        ] as never,
      }),
    })
    const run = () => streamText({ model: new MockLanguageModelV4({ doStream: [cutShort()] as never }), prompt: 'Weather?', tools, onError: () => {} })
    const cut = { name: 'get_weather', args: {}, unparseable: expect.stringMatching(/^\[\d+\]: the stream ended before this call's input was whole$/) }
    const parts: unknown[] = []
    for await (const part of run().fullStream) parts.push(part)
    expect(readTurns(parts)).toEqual([[paris, cut]])
    const chunks: unknown[] = []
    for await (const chunk of run().toUIMessageStream()) chunks.push(chunk)
    expect(readTurns(chunks)).toEqual([[paris, cut]])
    // Two begun without ids are two calls cut short, not one.
    expect(toolCalls([{ type: 'tool-input-start', toolName: 'a' }, { type: 'tool-input-start', toolName: 'b' }]).map(({ name }) => name)).toEqual(['a', 'b'])
    // Given whole, in either stream, the call is read as it came.
    const whole = [{ type: 'tool-input-start', toolCallId: 'c1', toolName: 'get_weather' }, { type: 'tool-input-available', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' } }]
    expect(readTurns(whole)).toEqual([[paris]])
  })

  test('a chunk of input that did not parse is the call as sent', () => {
    const chunk = { type: 'tool-input-error', toolCallId: 'c1', toolName: 'get_weather', input: '{"city": Par', errorText: 'bad input' }
    expect(toolCalls([chunk])).toEqual([{ name: 'get_weather', args: {}, unparseable: expect.stringMatching(/^\[0\]\.input: not valid JSON/) }])
  })
})

describe('the ai SDK streamText result itself', () => {
  test('not awaited, it is unparseable, its promises untouched: a failing stream leaves no rejection unheard', async () => {
    const rejections: unknown[] = []
    const listen = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', listen)
    try {
      const model = new MockLanguageModelV4({
        doStream: async () => {
          throw new Error('model down')
        },
      })
      const result = streamText({ model, prompt: 'Weather?', tools, onError: () => {} })
      expect(toolCalls(result)).toEqual([
        { name: '', args: {}, unparseable: 'expected a trajectory, received a streamText result, whose calls are promises (await result.steps first)' },
      ])
      await result.consumeStream({ onError: () => {} })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', listen)
    }
  })

  test('its awaited steps read as the calls of each step', async () => {
    expect(readTurns(await streamedThreeStepRun().steps)).toEqual([[paris, rome], [answer]])
  })
})

describe('the ai SDK UI message of a streamed run', () => {
  test('reads each step of the message, begun by its step-start part, as one turn', async () => {
    const message = await threeStepUIMessage()
    expect(message).toMatchObject({ role: 'assistant', parts: expect.arrayContaining([{ type: 'step-start' }]) })
    expect(readTurns(message)).toEqual([[paris, rome], [answer]])
    expect(readTurns([{ role: 'user', parts: [{ type: 'text', text: 'Weather?' }] }, message])).toEqual([[paris, rome], [answer]])
  })

  test('a message whose content holds calls is one turn, whatever steps its parts mark: the content calls are not lost', () => {
    const content = [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' } }]
    const parts = [
      { type: 'step-start' },
      { type: 'tool-get_weather', toolCallId: 'c2', state: 'output-available', input: { city: 'Rome' }, output: {} },
      { type: 'step-start' },
      { type: 'tool-answer', toolCallId: 'c3', state: 'output-available', input: { text: 'warm' }, output: 'ok' },
    ]
    expect(readTurns({ role: 'assistant', content, parts })).toEqual([[paris, rome, answer]])
  })
})

describe('the ai SDK generateText with its mock model', () => {
  test('reads each step of a multi-step run as one turn', async () => {
    expect(readTurns(await threeStepRun())).toEqual([[paris, rome], [answer]])
  })

  test('does not count the result’s own toolCalls beside its steps', async () => {
    const result = await threeStepRun()
    expect(result.toolCalls.length).toBeGreaterThan(0)
    expect(toolCalls(result)).toEqual([paris, rome, answer])
  })

  test('does not read the tool results among a step’s content as calls', async () => {
    const result = await threeStepRun()
    const firstStep = result.steps[0]
    expect(firstStep?.content.some((part) => part.type === 'tool-result')).toBe(true)
    expect(toolCalls(firstStep)).toEqual([paris, rome])
  })

  test('reads the steps array alone', async () => {
    expect(readTurns((await threeStepRun()).steps)).toEqual([[paris, rome], [answer]])
  })

  test('reads a run serialised to JSON, whose steps have content but no toolCalls getter', async () => {
    expect(readTurns(JSON.parse(JSON.stringify(await threeStepRun())))).toEqual([[paris, rome], [answer]])
  })

  test('reads the response messages, tool messages giving no calls', async () => {
    const result = await threeStepRun()
    expect(result.responseMessages.some((message) => message.role === 'tool')).toBe(true)
    expect(readTurns(result.responseMessages)).toEqual([[paris, rome], [answer]])
  })

  test('reads a run that stopped at a tool without execute, whose output getter throws', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [callsStep(modelCall('c1', 'get_weather', '{"city":"Paris"}'))] })
    const result = await generateText({ model, prompt: 'Weather?', tools: { get_weather: tool({ inputSchema: z.object({ city: z.string() }) }) } })
    expect(() => result.output).toThrow()
    expect(readTurns(result)).toEqual([[paris]])
  })

  test("a call the provider ran itself (a built-in web search) is not the agent's, nor does its result end the step", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          ...callsStep(modelCall('c1', 'get_weather', '{"city":"Paris"}')),
          content: [
            { type: 'tool-call', toolCallId: 'ws1', toolName: 'web_search', input: '{"query":"Paris"}', providerExecuted: true },
            { type: 'tool-result', toolCallId: 'ws1', toolName: 'web_search', result: { hits: 1 }, providerExecuted: true },
            modelCall('c1', 'get_weather', '{"city":"Paris"}'),
            modelCall('c2', 'get_weather', '{"city":"Rome"}'),
          ],
        },
        textStep('Warm.'),
      ] as never,
    })
    const result = await generateText({ model, prompt: 'Weather?', tools, stopWhen: isStepCount(5) })
    expect(result.steps[0]!.toolCalls.map((call) => call.toolName)).toEqual(['web_search', 'get_weather', 'get_weather'])
    expect(readTurns(result)).toEqual([[paris, rome]])
    expect(readTurns(result.steps[0]!.content)).toEqual([[paris, rome]])
    expect(toolCalls(result.toolCalls)).toEqual([paris, rome])
  })

  test('reads a call the SDK marked invalid as the model made it', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [callsStep(modelCall('c1', 'get_weather', '{"city":3}'), modelCall('c2', 'get_weather', '{"city":'))],
    })
    const calls = toolCalls(await generateText({ model, prompt: 'Weather?', tools }))
    expect(calls[0]).toEqual({ name: 'get_weather', args: { city: 3 } })
    expect(calls[1]?.unparseable).toMatch(/^steps\[0\]\.toolCalls\[1\]\.input: not valid JSON/)
  })
})

describe('arguments the model encoded twice, which the SDK parsed to a string and refused', () => {
  const twice = JSON.stringify(JSON.stringify({ city: 'Paris' }))
  const received = 'expected an object of arguments, received a string'

  test('are unparseable, in the steps, in the UI message and in its stream chunks, not parsed a second time', async () => {
    const model = () => new MockLanguageModelV4({ doGenerate: [callsStep(modelCall('c1', 'get_weather', twice)), textStep('Sorry.')] })
    const result = await generateText({ model: model(), prompt: 'Weather?', tools, stopWhen: isStepCount(3) })
    expect(result.steps[0]!.toolCalls[0]).toMatchObject({ invalid: true, input: '{"city":"Paris"}' })
    expect(toolCalls(result)).toEqual([{ name: 'get_weather', args: {}, unparseable: `steps[0].toolCalls[0].input: ${received}` }])
    expect(toolCalls(JSON.parse(JSON.stringify(result)))[0]?.unparseable).toBe(`steps[0].content[0].input: ${received}`)
    const streamed = streamText({
      model: new MockLanguageModelV4({ doStream: [streamedStep([modelCall('c1', 'get_weather', twice)])] as never }),
      prompt: 'Weather?',
      tools,
    })
    const chunks: unknown[] = []
    for await (const chunk of streamed.toUIMessageStream()) chunks.push(chunk)
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-input-error', input: '{"city":"Paris"}' }))
    expect(toolCalls(chunks)[0]?.unparseable).toMatch(new RegExp(`\\.input: ${received}$`))
    const part = { type: 'tool-get_weather', toolCallId: 'c1', state: 'output-error', input: '{"city":"Paris"}', errorText: 'Invalid input' }
    expect(toolCalls(uiMessage(part))[0]?.unparseable).toMatch(new RegExp(`\\.input: ${received}$`))
  })

  test('are unparseable where a schema that takes any value let the SDK keep them as a valid call', async () => {
    const anyInput = { get_weather: tool({ inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: { city: { type: 'string' } } }) }) }
    const model = new MockLanguageModelV4({ doGenerate: [callsStep(modelCall('c1', 'get_weather', twice)), textStep('Sorry.')] })
    const result = await generateText({ model, prompt: 'Weather?', tools: anyInput, stopWhen: isStepCount(3) })
    expect(result.steps[0]!.toolCalls[0]).toMatchObject({ input: '{"city":"Paris"}' })
    expect(result.steps[0]!.toolCalls[0]!.invalid).toBeUndefined()
    for (const read of [result, result.steps, result.steps[0]!, result.response.messages, JSON.parse(JSON.stringify(result))]) {
      expect(toolCalls(read)[0]?.unparseable).toMatch(new RegExp(`\\.input: ${received}$`))
    }
  })

  test('a string the SDK kept as the text that did not parse is not JSON, as it says; a model content part holds the JSON text itself', () => {
    const failed = { type: 'tool-get_weather', toolCallId: 'c1', state: 'output-error', input: '{"city":', errorText: 'Invalid input' }
    expect(toolCalls([failed])[0]?.unparseable).toMatch(/^\[0\]\.input: not valid JSON/)
    // A UI part the SDK read as valid, whose schema takes a string, holds no keyword arguments either.
    expect(toolCalls([{ type: 'tool-echo', toolCallId: 'c2', state: 'input-available', input: 'hello' }])[0]?.unparseable).toBe(`[0].input: ${received}`)
    expect(toolCalls([modelCall('c1', 'get_weather', '{"city":"Paris"}')])).toEqual([paris])
  })
})

describe('the ai SDK reads a call through its schema', () => {
  const madeUp = '{"city":"Paris","units":"kelvin"}'
  const run = (schema: z.ZodType) =>
    generateText({
      model: new MockLanguageModelV4({ doGenerate: [callsStep(modelCall('c1', 'get_weather', madeUp))] }),
      prompt: 'Weather?',
      tools: { get_weather: tool({ inputSchema: schema }) },
    })

  test('so an argument the model made up is gone where the schema strips what it does not declare', async () => {
    expect(toolCalls(await run(z.object({ city: z.string() })))).toEqual([paris])
  })

  test('and kept where the schema is strict, the call coming back invalid, as the model made it', async () => {
    expect(toolCalls(await run(z.object({ city: z.string() }).strict()))).toEqual([{ name: 'get_weather', args: { city: 'Paris', units: 'kelvin' } }])
  })
})

describe("Mastra's chunks, written from its chunk types", () => {
  const chunk = (type: 'tool-call' | 'tool-result', toolCallId: string, city: string) => ({
    type,
    runId: 'run_1',
    from: 'AGENT',
    payload:
      type === 'tool-call'
        ? { toolCallId, toolName: 'get_weather', args: { city } }
        : { toolCallId, toolName: 'get_weather', args: { city }, result: '20C' },
  })

  test('a tool-call chunk reads as the call in its payload; a tool-result chunk ends the turn', () => {
    const chunks = [chunk('tool-call', 'c1', 'Paris'), chunk('tool-call', 'c2', 'Rome'), chunk('tool-result', 'c1', 'Paris'), chunk('tool-call', 'c3', 'Oslo')]
    expect(readTurns(chunks)).toEqual([[paris, rome], [{ name: 'get_weather', args: { city: 'Oslo' } }]])
  })

  test("its stored messages, as a result's messages and its memory hold them, read as the calls of the parts in their content", () => {
    // As Mastra 1.71 gives them for a run of two steps, on Node 22: the content, in its format 2, holds the parts.
    const invocation = (toolCallId: string, city: string) => ({ state: 'result', toolCallId, toolName: 'get_weather', args: { city }, result: { temp: 20 } })
    const messages = [
      { id: 'm1', role: 'user', createdAt: '2026-12-07T23:23:36.668Z', content: { format: 2, parts: [{ type: 'text', text: 'Weather?' }], content: 'Weather?' } },
      {
        id: 'm2',
        role: 'assistant',
        createdAt: '2026-12-07T23:23:36.671Z',
        content: {
          format: 2,
          parts: [
            { type: 'tool-invocation', toolInvocation: invocation('c0', 'Paris') },
            { type: 'tool-invocation', toolInvocation: invocation('c1', 'Rome') },
            { type: 'step-start' },
            { type: 'text', text: 'Warm.' },
          ],
          content: 'Warm.',
          toolInvocations: [invocation('c0', 'Paris'), invocation('c1', 'Rome')],
        },
      },
    ]
    expect(readTurns(messages)).toEqual([[paris, rome]])
    // The content's toolInvocations, which it keeps beside its parts, are read where its parts hold no call.
    const { parts: _, ...withoutParts } = messages[1]!.content as Record<string, unknown>
    expect(readTurns({ ...messages[1], content: { ...withoutParts, parts: [] } })).toEqual([[paris, rome]])
  })

  test("a result's toolCalls list of chunks, and a chunk whose payload names no tool", () => {
    expect(readTurns({ text: '', finishReason: 'tool-calls', toolCalls: [chunk('tool-call', 'c1', 'Paris')] })).toEqual([[paris]])
    expect(toolCalls([{ type: 'tool-call', payload: { toolCallId: 'c1', args: {} } }])[0]?.unparseable).toBe(
      '[0].payload.toolName: expected a tool name, received undefined',
    )
  })
})
