import OpenAI from 'openai'
import { streamText, tool } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readTurns, toolCalls } from '../../src/calls'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { ServerSentEvents, startJsonServer, type JsonServer } from './servers/json-server'

const paris = { name: 'get_weather', args: { city: 'Paris' } }
const tools = { delete_all: tool({ inputSchema: z.object({}), execute: async () => 'done' }) }

/** A streamed run whose model fails before it answers. */
function failingRun() {
  const model = new MockLanguageModelV4({
    doStream: async () => {
      throw new Error('model down')
    },
  })
  return streamText({ model, prompt: 'Tidy up', tools, onError: () => {} })
}

describe('a run that failed is not a run that made no calls', () => {
  test("the AI SDK's fullStream of a failed run: its error part is one unparseable call, so neither gold [] nor .not passes on it", async () => {
    const parts: unknown[] = []
    for await (const part of failingRun().fullStream) parts.push(part)
    const index = parts.findIndex((part) => (part as { type: string }).type === 'error')
    expect(index).toBeGreaterThan(-1)
    expect(toolCalls(parts)).toEqual([{ name: '', args: {}, unparseable: `[${index}].error: the stream reported an error (model down)` }])
    expect(new ToolCallMetric().score(parts, []).f1).toBe(0)
    expect(() => expect(parts).not.toHaveCalledTool('delete_all')).toThrow(/could not be read and may be one/)
  })

  test('the UI message stream of a failed run, as useChat receives it', async () => {
    const chunks = []
    for await (const chunk of failingRun().toUIMessageStream({ onError: (error) => (error instanceof Error ? error.message : String(error)) })) chunks.push(chunk)
    const index = chunks.findIndex((chunk) => chunk.type === 'error')
    expect(toolCalls(chunks)).toEqual([{ name: '', args: {}, unparseable: `[${index}].errorText: the stream reported an error (model down)` }])
  })

  test("a stream's error event after calls keeps the calls and ends the stream under way: Anthropic's overloaded error", () => {
    const events = [
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], stop_reason: null } },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "Paris"}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: {} } },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ]
    expect(readTurns(events)).toEqual([
      [paris, { name: 'get_weather', args: {}, unparseable: '[4].content_block.input: the stream ended before the arguments of this call' }],
      [{ name: '', args: {}, unparseable: '[5].error: the stream reported an error (overloaded_error: Overloaded)' }],
    ])
  })

  test("the Realtime API's error event, which leaves the session open, fails nothing: the calls after it are read", () => {
    const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' }
    const events = [
      { type: 'error', event_id: 'event_1', error: { type: 'invalid_request_error', code: 'conversation_already_has_active_response', message: 'A response is in progress.' } },
      { type: 'response.created', event_id: 'event_2', response: { id: 'resp_1', object: 'realtime.response', status: 'in_progress', output: [] } },
      { type: 'response.output_item.done', event_id: 'event_3', response_id: 'resp_1', output_index: 0, item: call },
      { type: 'response.done', event_id: 'event_4', response: { id: 'resp_1', object: 'realtime.response', status: 'completed', output: [call] } },
    ]
    expect(readTurns(events)).toEqual([[paris]])
  })

  test('an error event that says nothing more still fails the run', () => {
    expect(toolCalls([{ type: 'error' }])).toEqual([{ name: '', args: {}, unparseable: '[0]: the stream reported an error' }])
    expect(toolCalls({ type: 'error', code: 'server_error', message: 'The server had an error' })).toEqual([
      { name: '', args: {}, unparseable: 'the stream reported an error (server_error: The server had an error)' },
    ])
  })
})

describe('a Responses API response that failed', () => {
  const failed = {
    id: 'resp_1',
    object: 'response',
    created_at: 1,
    status: 'failed',
    error: { code: 'server_error', message: 'The model failed to answer.' },
    model: 'gpt-test',
    output: [],
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
  }
  let server: JsonServer
  let client: OpenAI

  beforeAll(async () => {
    server = await startJsonServer((path) => {
      if (!path.endsWith('/responses')) return undefined
      if (!path.startsWith('/streamed/')) return failed
      return new ServerSentEvents([
        { event: 'response.created', data: { type: 'response.created', sequence_number: 0, response: { ...failed, status: 'in_progress', error: null } } },
        { event: 'response.failed', data: { type: 'response.failed', sequence_number: 1, response: failed } },
      ])
    })
    client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 })
  })

  afterAll(() => server.close())

  test('as the SDK returns it: one unparseable call saying why, where its output holds none', async () => {
    const response = await client.responses.create({ model: 'gpt-test', input: 'Tidy up' })
    expect(response.status).toBe('failed')
    expect(toolCalls(response)).toEqual([{ name: '', args: {}, unparseable: 'status: the response failed (server_error: The model failed to answer.)' }])
    expect(toolCalls({ ...response, status: 'completed' })).toEqual([])
  })

  test('as its stream gives it, ending in response.failed', async () => {
    const events = []
    const streamed = new OpenAI({ baseURL: `${server.url}/streamed/v1`, apiKey: 'test', maxRetries: 0 })
    for await (const event of await streamed.responses.create({ model: 'gpt-test', input: 'Tidy up', stream: true })) events.push(event)
    expect(events.map((event) => event.type)).toEqual(['response.created', 'response.failed'])
    expect(toolCalls(events)).toEqual([{ name: '', args: {}, unparseable: '[1].response.status: the response failed (server_error: The model failed to answer.)' }])
  })
})
