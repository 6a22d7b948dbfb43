import { Agent, type AgentOutputItem, type Model, type ModelResponse, run, setTracingDisabled, tool, Usage } from '@openai/agents-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readTurns, toolCalls } from '../../src/calls'

const functionCall = (callId: string, city: string): AgentOutputItem => ({
  type: 'function_call',
  callId,
  name: 'get_weather',
  arguments: JSON.stringify({ city }),
  status: 'completed',
})

const call = (city: string) => ({ name: 'get_weather', args: { city } })

/** A model that answers with the given responses in turn, as the SDK's `Model` interface lets one. */
function scriptedModel(responses: AgentOutputItem[][]): Model {
  let next = 0
  return {
    async getResponse(): Promise<ModelResponse> {
      const output = responses[Math.min(next, responses.length - 1)]!
      next++
      return { usage: new Usage(), output, responseId: `resp_${next}` }
    },
    // biome-ignore lint/correctness/useYield: the runs here are not streamed
    async *getStreamedResponse() {
      throw new Error('not streamed')
    },
  }
}

const getWeather = tool({
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `20C in ${city}`,
})

const answer: AgentOutputItem = { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Sunny.' }] }

/** Two calls in the first response, one in the second, then the answer. */
async function weatherRun() {
  const model = scriptedModel([[functionCall('c1', 'Paris'), functionCall('c2', 'Rome')], [functionCall('c3', 'Oslo')], [answer]])
  return run(new Agent({ name: 'weather', instructions: 'Answer.', model, tools: [getWeather] }), 'Weather in Paris, Rome and Oslo?')
}

const twoTurns = [[call('Paris'), call('Rome')], [call('Oslo')]]

describe('the OpenAI Agents SDK, run with a scripted model', () => {
  beforeAll(() => setTracingDisabled(true))

  test("a run's result reads as a turn per model response", async () => {
    expect(readTurns(await weatherRun())).toEqual(twoTurns)
  })

  test('its newItems, history and output read alike: the tool results between responses end each turn', async () => {
    const result = await weatherRun()
    expect(result.newItems.map((item) => item.type)).toContain('tool_call_output_item')
    expect(readTurns(result.newItems)).toEqual(twoTurns)
    expect(readTurns(result.history)).toEqual(twoTurns)
    expect(readTurns(result.output)).toEqual(twoTurns)
  })

  test('a run is graded turn by turn, and a call in the wrong turn fails', async () => {
    const result = await weatherRun()
    expect(result).toMatchToolCalls(twoTurns, { order: 'turns' })
    expect(result).not.toMatchToolCalls([[call('Paris')], [call('Rome'), call('Oslo')]], { order: 'turns' })
  })

  test('a run item alone reads as the call it wraps', async () => {
    const [first] = (await weatherRun()).newItems
    expect(first?.type).toBe('tool_call_item')
    expect(toolCalls(first)).toEqual([call('Paris')])
  })

  test('a call waiting for approval is read once, not again for its approval request', async () => {
    const deleteAll = tool({
      name: 'delete_all',
      description: 'Deletes everything',
      parameters: z.object({ really: z.boolean() }),
      needsApproval: true,
      execute: async () => 'deleted',
    })
    const model = scriptedModel([[{ type: 'function_call', callId: 'd1', name: 'delete_all', arguments: '{"really":true}', status: 'completed' }], [answer]])
    const result = await run(new Agent({ name: 'cleaner', instructions: 'Clean.', model, tools: [deleteAll] }), 'Clean up.')
    expect(result.newItems.map((item) => item.type)).toEqual(['tool_call_item', 'tool_approval_item'])
    expect(readTurns(result)).toEqual([[{ name: 'delete_all', args: { really: true } }]])
  })
})

/** The same model, streamed: each response's items come whole in its `response_done` event, as the SDK's models give them; past the last, it fails. */
function streamedModel(responses: AgentOutputItem[][], failsAfter = Infinity): Model {
  let next = 0
  return {
    async getResponse(): Promise<ModelResponse> {
      throw new Error('streamed only')
    },
    async *getStreamedResponse() {
      if (next >= failsAfter) throw new Error('model down')
      const output = responses[Math.min(next, responses.length - 1)]!
      next++
      yield { type: 'response_started' }
      const usage = { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2, inputTokensDetails: {}, outputTokensDetails: {} }
      yield { type: 'response_done', response: { id: `resp_${next}`, usage, output } } as never
    },
  }
}

const streamedWeatherRun = () =>
  run(new Agent({ name: 'weather', instructions: 'Answer.', model: streamedModel([[functionCall('c1', 'Paris'), functionCall('c2', 'Rome')], [answer]]), tools: [getWeather] }), 'Weather?', {
    stream: true,
  })

describe('the OpenAI Agents SDK, a streamed run', () => {
  beforeAll(() => setTracingDisabled(true))

  test('before it is over, its result is no trajectory: its reason and the matchers say to await it', async () => {
    const result = await streamedWeatherRun()
    expect(result.newItems).toEqual([])
    const awaitFirst = 'await result.completed (or consume its events) first, then pass it'
    expect(toolCalls(result)).toEqual([{ name: '', args: {}, unparseable: `expected a trajectory, received the OpenAI Agents SDK's streamed run, not yet over (${awaitFirst})` }])
    expect(() => expect(result).toMatchToolCalls([])).toThrow(`received the OpenAI Agents SDK's streamed run, not yet over: ${awaitFirst}`)
    expect(() => expect(result).not.toHaveCalledTool('get_weather')).toThrow(`received the OpenAI Agents SDK's streamed run, not yet over: ${awaitFirst}`)
    await result.completed
  })

  test('once over, awaited or its events consumed, it reads as its calls; its events, collected, read the same', async () => {
    const awaited = await streamedWeatherRun()
    await awaited.completed
    expect(readTurns(awaited)).toEqual([[call('Paris'), call('Rome')]])
    const consumed = await streamedWeatherRun()
    const events = []
    for await (const event of consumed) events.push(event)
    expect(readTurns(consumed)).toEqual([[call('Paris'), call('Rome')]])
    expect(readTurns(events)).toEqual([[call('Paris'), call('Rome')]])
  })

  test('one that failed reads as the calls made before, and a call saying why', async () => {
    const model = streamedModel([[functionCall('c1', 'Paris'), functionCall('c2', 'Rome')]], 1)
    const result = await run(new Agent({ name: 'weather', instructions: 'Answer.', model, tools: [getWeather] }), 'Weather?', { stream: true })
    await expect(result.completed).rejects.toThrow('model down')
    expect(toolCalls(result)).toEqual([call('Paris'), call('Rome'), { name: '', args: {}, unparseable: 'error: the run failed (model down)' }])
    expect(() => expect(result).toMatchToolCalls([call('Paris'), call('Rome')])).toThrow(/the run failed \(model down\)/)
  })
})

describe('OpenAI Agents SDK items, hand-written', () => {
  test("a streamed run's events read as their run items; the model's raw events are not read again", () => {
    const events = [
      { type: 'agent_updated_stream_event', agent: { name: 'weather' } },
      { type: 'raw_model_stream_event', data: { type: 'output_text_delta', delta: 'x' } },
      { type: 'raw_model_stream_event', data: { type: 'response_done', response: { output: [functionCall('c1', 'Paris')] } } },
      { type: 'run_item_stream_event', name: 'tool_called', item: { type: 'tool_call_item', rawItem: functionCall('c1', 'Paris') } },
      { type: 'run_item_stream_event', name: 'tool_output', item: { type: 'tool_call_output_item', rawItem: { type: 'function_call_result', callId: 'c1', output: '20C' } } },
      { type: 'run_item_stream_event', name: 'tool_called', item: { type: 'tool_call_item', rawItem: functionCall('c2', 'Rome') } },
    ]
    expect(readTurns(events)).toEqual([[call('Paris')], [call('Rome')]])
  })

  test("a built-in tool OpenAI ran (hosted_tool_call) is not the agent's call, in run items or in history", () => {
    const hosted = { type: 'hosted_tool_call', id: 'ws_1', name: 'web_search_call', arguments: '{"query":"Paris"}', status: 'completed' }
    expect(readTurns([{ type: 'tool_call_item', rawItem: hosted, agent: { name: 'weather' } }, { type: 'tool_call_item', rawItem: functionCall('c1', 'Paris') }])).toEqual([
      [call('Paris')],
    ])
    expect(toolCalls([hosted, functionCall('c1', 'Paris')])).toEqual([call('Paris')])
  })

  test("the SDK's tool search run items are no calls", async () => {
    const { RunToolSearchCallItem, RunToolSearchOutputItem, RunToolCallItem } = await import('@openai/agents-core')
    const agent = new Agent({ name: 'weather' })
    const items = [
      new RunToolSearchCallItem({ type: 'tool_search_call', id: 'ts_1', callId: null, execution: 'server', status: 'completed', arguments: { query: 'weather' } }, agent),
      new RunToolSearchOutputItem({ type: 'tool_search_output', id: 'tso_1', callId: null, execution: 'server', status: 'completed', tools: [] }, agent),
      new RunToolCallItem(functionCall('c1', 'Paris') as never, agent),
    ]
    expect(readTurns(items)).toEqual([[call('Paris')]])
  })

  test('a function_call_result item ends a turn; a stored run item reads as its rawItem', () => {
    const result = { type: 'function_call_result', name: 'get_weather', callId: 'c1', status: 'completed', output: { type: 'text', text: '20C' } }
    expect(readTurns([functionCall('c1', 'Paris'), result, functionCall('c2', 'Rome')])).toEqual([[call('Paris')], [call('Rome')]])
    const stored = [
      { type: 'tool_call_item', rawItem: functionCall('c1', 'Paris'), agent: { name: 'weather' } },
      { type: 'tool_call_output_item', rawItem: result, agent: { name: 'weather' }, output: '20C' },
      { type: 'message_output_item', rawItem: answer, agent: { name: 'weather' } },
    ]
    expect(readTurns(stored)).toEqual([[call('Paris')]])
  })
})
