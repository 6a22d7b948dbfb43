import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { type JsonServer, ServerSentEvents, startJsonServer } from './servers/json-server'

const paris = { name: 'get_weather', args: { city: 'Paris' } }
const rome = { name: 'get_weather', args: { city: 'Rome' } }

/** Chat Completions chunks of one response: two calls, each name given once and its arguments in pieces. */
function chatChunks(id = 'chatcmpl-1'): object[] {
  const chunk = (delta: object, finishReason: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-test',
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  })
  const start = (index: number, callId: string) => ({ index, id: callId, type: 'function', function: { name: 'get_weather', arguments: '' } })
  const args = (index: number, text: string) => ({ index, function: { arguments: text } })
  return [
    chunk({ role: 'assistant', content: null, tool_calls: [start(0, 'call_1')] }),
    chunk({ tool_calls: [args(0, '{"city"')] }),
    chunk({ tool_calls: [args(0, ': "Paris"}')] }),
    chunk({ tool_calls: [start(1, 'call_2')] }),
    chunk({ tool_calls: [args(1, '{"city": "Rome"}')] }),
    chunk({}, 'tool_calls'),
  ]
}

/** Anthropic's raw events of one message: text, then two tool_use blocks whose input comes in deltas. */
function anthropicEvents(): Array<{ type: string } & Record<string, unknown>> {
  const toolUse = (index: number, id: string, pieces: string[]) => [
    { type: 'content_block_start', index, content_block: { type: 'tool_use', id, name: 'get_weather', input: {} } },
    ...pieces.map((partial_json) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } })),
    { type: 'content_block_stop', index },
  ]
  return [
    {
      type: 'message_start',
      message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Checking.' } },
    { type: 'content_block_stop', index: 0 },
    ...toolUse(1, 'toolu_1', ['{"city": ', '"Paris"}']),
    ...toolUse(2, 'toolu_2', ['{"city": "Rome"}']),
    { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 9 } },
    { type: 'message_stop' },
  ]
}

/** The events of that message stopped by max_tokens in the middle of Rome's input: the text `{"city": "Rome", "da`. */
function anthropicEventsCutAtMaxTokens(): Array<{ type: string } & Record<string, unknown>> {
  const events = anthropicEvents().map((event) =>
    event.type === 'content_block_delta' && event.index === 2 ? { ...event, delta: { type: 'input_json_delta', partial_json: '{"city": "Rome", "da' } } : event,
  )
  return events.map((event) => (event.type === 'message_delta' ? { ...event, delta: { stop_reason: 'max_tokens', stop_sequence: null } } : event))
}

/** The Responses API's events of one response of two calls, each item given whole when done. */
function responsesEvents(): Array<{ type: string } & Record<string, unknown>> {
  const item = (id: string, city: string) => ({ type: 'function_call', id, call_id: `call_${id}`, name: 'get_weather', arguments: JSON.stringify({ city }), status: 'completed' })
  const response = (output: object[], status: string) => ({ id: 'resp_1', object: 'response', created_at: 1, model: 'gpt-test', status, output })
  return [
    { type: 'response.created', sequence_number: 0, response: response([], 'in_progress') },
    { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { ...item('a', 'Paris'), arguments: '', status: 'in_progress' } },
    { type: 'response.function_call_arguments.delta', sequence_number: 2, item_id: 'a', output_index: 0, delta: '{"city": "Paris"}' },
    { type: 'response.output_item.done', sequence_number: 3, output_index: 0, item: item('a', 'Paris') },
    { type: 'response.output_item.done', sequence_number: 4, output_index: 1, item: item('b', 'Rome') },
    { type: 'response.completed', sequence_number: 5, response: response([item('a', 'Paris'), item('b', 'Rome')], 'completed') },
  ]
}

describe('streamed responses, hand-written', () => {
  test('Chat Completions chunks put together into one turn; two responses are two turns', () => {
    expect(readTurns(chatChunks())).toEqual([[paris, rome]])
    expect(readTurns([...chatChunks('a'), { role: 'tool', tool_call_id: 'call_1', content: '20C' }, ...chatChunks('b')])).toEqual([
      [paris, rome],
      [paris, rome],
    ])
  })

  test('Anthropic events put together, the text block left out', () => {
    expect(readTurns(anthropicEvents())).toEqual([[paris, rome]])
  })

  test('a stream cut short gives its calls, the unfinished one unparseable', () => {
    const [first] = toolCalls(chatChunks().slice(0, 2))
    expect(first).toMatchObject({ name: 'get_weather', unparseable: expect.stringMatching(/^\[1\]\.choices\[0\]\.delta\.tool_calls\[0\]\.function\.arguments: not valid JSON/) })
  })

  test('a call whose name never came is unparseable, not dropped', () => {
    const chunk = { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{}' } }] }, finish_reason: 'tool_calls' }] }
    expect(toolCalls([chunk])[0]?.unparseable).toBe('[0].choices[0].delta.tool_calls[0].function.name: expected a tool name, received undefined')
  })

  test('a tool_use block without deltas keeps the input it began with', () => {
    const events = [
      { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [] } },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't', name: 'now', input: {} } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
    ]
    expect(toolCalls(events)).toEqual([{ name: 'now', args: {} }])
  })

  test('Bedrock ConverseStream events, not read as calls to tools named for the events', () => {
    const events = [
      { messageStart: { role: 'assistant' } },
      { contentBlockDelta: { delta: { text: 'Checking.' }, contentBlockIndex: 0 } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { contentBlockStart: { start: { toolUse: { toolUseId: 't1', name: 'get_weather' } }, contentBlockIndex: 1 } },
      { contentBlockDelta: { delta: { toolUse: { input: '{"city": "Par' } }, contentBlockIndex: 1 } },
      { contentBlockDelta: { delta: { toolUse: { input: 'is"}' } }, contentBlockIndex: 1 } },
      { contentBlockStop: { contentBlockIndex: 1 } },
      { messageStop: { stopReason: 'tool_use' } },
      { metadata: { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, metrics: { latencyMs: 1 } } },
    ]
    expect(readTurns(events)).toEqual([[paris]])
    expect(toolCalls(events.slice(0, 5))[0]?.unparseable).toMatch(/^\[4\]\.contentBlockDelta\.delta\.toolUse\.input: not valid JSON/)
    // A block's index of another type keeps the events events: one broken call, not three calls named for them.
    for (const index of ['1', null, 1.5]) {
      const broken = events.map((event) => {
        const [[name, body]] = Object.entries(event) as [[string, Record<string, unknown>]]
        return 'contentBlockIndex' in body && body.contentBlockIndex === 1 ? { [name]: { ...body, contentBlockIndex: index } } : event
      })
      expect(toolCalls(broken)).toEqual([
        { name: 'get_weather', args: {}, unparseable: expect.stringMatching(/^\[3\]\.contentBlockStart\.contentBlockIndex: expected a block's index, a whole number, received /) },
      ])
    }
  })

  test('Responses events: the done items, or the completed response when no item event came', () => {
    const events = responsesEvents()
    expect(readTurns(events)).toEqual([[paris, rome]])
    expect(readTurns(events.at(-1))).toEqual([[paris, rome]])
  })

  test('an event whose fields throw is unparseable where it stands; the stream around it is still read', () => {
    const [first, ...rest] = chatChunks()
    const throwing = new Proxy(first!, {
      get: (target, key) => {
        if (key === 'choices') return [{ get delta() { throw new Error('gone') }, finish_reason: null }]
        return Reflect.get(target, key)
      },
    })
    const calls = toolCalls([throwing, ...rest])
    expect(calls[0]?.unparseable).toBe('[0].choices[0].delta: could not be read (gone)')
    // The first call's name came in the event that could not be read.
    expect(calls[1]?.unparseable).toBe('[1].choices[0].delta.tool_calls[0].function.name: expected a tool name, received undefined')
    expect(calls[2]).toEqual(rome)
  })

  test('one chunk alone is a response of one event, its call cut short before its arguments', () => {
    const [first, ...rest] = chatChunks()
    expect(toolCalls(first)).toEqual([
      { name: 'get_weather', args: {}, unparseable: 'choices[0].delta.tool_calls[0].function.arguments: the stream ended before the arguments of this call' },
    ])
    expect(toolCalls(rest.at(-1))).toEqual([])
  })
})

describe('streams put together as the SDKs put them, at their edges', () => {
  const chunk = (delta: object, finishReason: string | null = null, choice = 0, id = 'c') => ({
    id,
    object: 'chat.completion.chunk',
    choices: [{ index: choice, delta, finish_reason: finishReason }],
  })
  const piece = (index: number | undefined, fn: object) => (index === undefined ? { function: fn } : { index, function: fn })
  const anthropic = (events: object[]) => [{ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [] } }, ...events]
  const toolStart = (index: number, name: string) => ({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `t${index}`, name, input: {} } })
  const inputDelta = (index: number, partial_json: string) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } })

  test('a list of streams, and a message whose content is a stream, are put together too', () => {
    const stream = (city: string) => anthropic([toolStart(0, 'get_weather'), inputDelta(0, JSON.stringify({ city })), { type: 'message_stop' }])
    expect(readTurns([stream('Paris'), stream('Rome')])).toEqual([[paris], [rome]])
    expect(readTurns({ role: 'assistant', content: stream('Paris') })).toEqual([[paris]])
  })

  test("with several choices, only the first choice's chunks count, as a response's first choice does", () => {
    const chunks = [
      chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '' })] }, null, 0),
      chunk({ tool_calls: [piece(0, { name: 'get_time', arguments: '' })] }, null, 1),
      chunk({ tool_calls: [piece(0, { arguments: '{"city":"Paris"}' })] }, null, 0),
      chunk({ tool_calls: [piece(0, { arguments: '{"tz":"CET"}' })] }, null, 1),
      chunk({}, 'tool_calls', 0),
    ]
    expect(readTurns(chunks)).toEqual([[paris]])
  })

  test('a list of vast length with one item is read by its item, not walked', () => {
    const pieces = [piece(0, { name: 'get_weather', arguments: '{"city":"Paris"}' })]
    pieces.length = 2 ** 32 - 1
    expect(readTurns([chunk({ tool_calls: pieces }, 'tool_calls')])).toEqual([[paris]])
  })

  test('a call cut short before its arguments is unparseable in every kind of stream, so .not cannot pass on it', () => {
    const responses = [
      { type: 'response.created', response: { id: 'r', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item: { type: 'function_call', id: 'fc', name: 'delete_all', arguments: '' } },
    ]
    const [cut] = toolCalls(responses)
    expect(cut).toMatchObject({ name: 'delete_all', unparseable: expect.stringContaining('the stream ended before the arguments') })
    expect(() => expect(responses).not.toHaveCalledTool('delete_all')).toThrow()
    expect(toolCalls(anthropic([toolStart(0, 'delete_all')]))[0]?.unparseable).toBe('[1].content_block.input: the stream ended before the arguments of this call')
    expect(toolCalls(anthropic([toolStart(0, 'now'), { type: 'content_block_stop', index: 0 }]))).toEqual([{ name: 'now', args: {} }])
  })

  test('a response that ended stays read when the event after it cannot be', () => {
    const broken = { id: 'next', object: 'chat.completion.chunk', choices: [{ index: 0, get delta() { throw new Error('gone') }, finish_reason: null }] }
    const finished = chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '{"city":"Paris"}' })] }, 'tool_calls')
    expect(toolCalls([finished, broken])).toEqual([paris, expect.objectContaining({ unparseable: '[1].choices[0].delta: could not be read (gone)' })])
    // An event of another kind ends the response under way, even one that cannot be read.
    const brokenBlock = { type: 'content_block_start', index: 0, content_block: { get type() { throw new Error('gone') } } }
    const unfinished = chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '{"city":"Paris"}' })] })
    expect(toolCalls([unfinished, brokenBlock])).toEqual([paris, expect.objectContaining({ unparseable: '[1].content_block.type: could not be read (gone)' })])
  })

  test("chunk ids are not read, as OpenAI's SDK reads none: servers that give each chunk its own id stream one response", () => {
    const chunks = [
      chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '' })] }, null, 0, 'c0'),
      chunk({ tool_calls: [piece(0, { arguments: '{"city":"Paris"}' })] }, null, 0, 'c1'),
      chunk({}, 'tool_calls', 0, 'c2'),
    ]
    expect(readTurns(chunks)).toEqual([[paris]])
  })

  test('an item that cannot be read, amid a stream, stands where it is and the stream goes on', () => {
    const events: unknown[] = [
      chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '{"city":' })] }),
      'placeholder',
      chunk({ tool_calls: [piece(0, { arguments: '"Paris"}' })] }, 'tool_calls'),
    ]
    Object.defineProperty(events, 1, { get: () => { throw new Error('gone') } })
    expect(toolCalls(events)).toEqual([expect.objectContaining({ unparseable: '[1]: could not be read (gone)' }), paris])
  })

  test('a revoked Proxy amid a stream, which throws at every read, is such an item too', () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    const events = [
      chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '{"city":' })] }),
      proxy,
      chunk({ tool_calls: [piece(0, { arguments: '"Paris"}' })] }, 'tool_calls'),
    ]
    expect(toolCalls(events)).toEqual([expect.objectContaining({ unparseable: expect.stringMatching(/^\[1\]: could not be read \(.*revoked/) }), paris])
  })

  test('arguments given as anything but text in a stream are unparseable, not an empty call', () => {
    const calls = toolCalls([chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: { city: 'Paris' } })] }, 'tool_calls')])
    expect(calls).toEqual([
      { name: 'get_weather', args: {}, unparseable: "[0].choices[0].delta.tool_calls[0].function.arguments: expected a piece of the arguments' text, received an object with keys city" },
    ])
  })

  test('pieces without an index: a named piece begins a call, any other continues the last', () => {
    const chunks = [
      chunk({ tool_calls: [piece(undefined, { name: 'get_weather', arguments: '{"city":' })] }),
      chunk({ tool_calls: [piece(undefined, { arguments: '"Paris"}' })] }),
      chunk({ tool_calls: [piece(undefined, { name: 'get_weather', arguments: '{"city":"Rome"}' })] }),
      chunk({}, 'tool_calls'),
    ]
    expect(readTurns(chunks)).toEqual([[paris, rome]])
    const farApart = [
      chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '{"city":' }), piece(5000, { name: 'get_weather', arguments: '{"city":"Rome"}' })] }),
      chunk({ tool_calls: [piece(0, { arguments: '"Paris"}' })] }, 'stop'),
    ]
    expect(readTurns(farApart)).toEqual([[paris, rome]])
  })

  test("the legacy function_call is put together; an empty finish_reason finishes nothing, as in OpenAI's SDK", () => {
    const legacy = [chunk({ function_call: { name: 'get_weather', arguments: '' } }, ''), chunk({ function_call: { arguments: '{"city":"Paris"}' } }, ''), chunk({}, 'function_call')]
    expect(readTurns(legacy)).toEqual([[paris]])
  })

  test("a server tool's block and its input are passed over; a delta before its block's start still counts", () => {
    const serverTool = { type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 's', name: 'web_search', input: {} } }
    expect(readTurns(anthropic([serverTool, inputDelta(0, '{"query":"x"}'), toolStart(1, 'get_weather'), inputDelta(1, '{"city":"Paris"}'), { type: 'message_stop' }]))).toEqual([[paris]])
    expect(readTurns(anthropic([inputDelta(0, '{"city":"Paris"}'), toolStart(0, 'get_weather'), { type: 'message_stop' }]))).toEqual([[paris]])
    const bedrockServerTool = [
      { messageStart: { role: 'assistant' } },
      { contentBlockStart: { start: { toolUse: { toolUseId: 's', name: 'web_search', type: 'server_tool_use' } }, contentBlockIndex: 0 } },
      { contentBlockDelta: { delta: { toolUse: { input: '{"query":"x"}' } }, contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'end_turn' } },
    ]
    expect(readTurns(bedrockServerTool)).toEqual([])
  })

  test('Responses items repeated by response.completed are read once, with ids or without', () => {
    const item = (name: string, id?: string) => ({ type: 'function_call', ...(id === undefined ? {} : { id }), name, arguments: '{}' })
    const run = (name: string, id?: string) => [
      { type: 'response.output_item.done', output_index: 0, item: item(name, id) },
      { type: 'response.completed', response: { output: [item(name, id)] } },
    ]
    expect(readTurns([...run('a', 'fa'), ...run('b', 'fb')])).toEqual([[{ name: 'a', args: {} }], [{ name: 'b', args: {} }]])
    expect(readTurns([...run('a'), ...run('b')])).toEqual([[{ name: 'a', args: {} }], [{ name: 'b', args: {} }]])
  })

  test('a Responses item is read whole from the end of its response when no event gave it whole, however the events name it', () => {
    const item = (name: string, ids: object, args = '{}') => ({ type: 'function_call', ...ids, name, arguments: args })
    const added = (index: number, it: object) => ({ type: 'response.output_item.added', output_index: index, item: it })
    const done = (index: number, it: object) => ({ type: 'response.output_item.done', output_index: index, item: it })
    const end = (...output: object[]) => ({ type: 'response.completed', response: { output } })
    const f = { name: 'f', args: { a: 1 } }
    expect(readTurns([added(0, item('f', { id: 'fa' }, '')), end(item('f', { id: 'fa' }, '{"a":1}'))])).toEqual([[f]])
    expect(readTurns([{ type: 'response.function_call_arguments.delta', output_index: 0, delta: '{"a":1}' }, added(0, item('f', { id: 'fa' }, '')), end()])).toEqual([[f]])
    expect(readTurns([done(0, item('f', { call_id: 'c' }, '{"a":1}')), end(item('f', { id: 'fa', call_id: 'c' }, '{"a":1}'))])).toEqual([[f]])
    expect(readTurns([done(0, item('f', {}, '{"a":1}')), end(item('f', {}, '{"a":1}'), item('g', {}))])).toEqual([[f, { name: 'g', args: {} }]])
  })

  test('an item or a block begun again at an index already used belongs to another response', () => {
    const done = (name: string) => ({ type: 'response.output_item.done', output_index: 0, item: { type: 'function_call', name, arguments: '{}' } })
    expect(readTurns([done('f'), done('g')])).toEqual([[{ name: 'f', args: {} }], [{ name: 'g', args: {} }]])
    const message = (name: string) => [toolStart(0, name), inputDelta(0, '{}'), { type: 'content_block_stop', index: 0 }]
    expect(readTurns([...anthropic(message('f')), ...message('g')])).toEqual([[{ name: 'f', args: {} }], [{ name: 'g', args: {} }]])
  })

  test("the Realtime API's response.done holds the response's calls, and its arguments' done event names the call", () => {
    const functionCall = { type: 'function_call', id: 'item_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }
    expect(readTurns([{ type: 'response.created', response: { output: [] } }, { type: 'response.done', response: { output: [functionCall] } }])).toEqual([[paris]])
    const argumentsDone = { type: 'response.function_call_arguments.done', item_id: 'item_1', call_id: 'call_1', output_index: 0, name: 'get_weather', arguments: '{"city":"Paris"}' }
    expect(readTurns([argumentsDone])).toEqual([[paris]])
    expect(readTurns([argumentsDone, { type: 'response.done', response: { output: [functionCall] } }])).toEqual([[paris]])
  })

  test("a call named by its arguments' done event and then given whole by its item's done event is one call", () => {
    const item = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' }
    const events = [
      { type: 'response.created', response: { id: 'r', status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item: { ...item, arguments: '' } },
      { type: 'response.function_call_arguments.delta', output_index: 0, item_id: 'fc_1', delta: '{"city":"Paris"}' },
      { type: 'response.function_call_arguments.done', output_index: 0, item_id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'response.output_item.done', output_index: 0, item },
    ]
    expect(readTurns([...events, { type: 'response.completed', response: { id: 'r', status: 'completed', output: [item] } }])).toEqual([[paris]])
    // The Realtime API's response ends with response.done.
    expect(readTurns([...events, { type: 'response.done', response: { id: 'r', status: 'completed', output: [item] } }])).toEqual([[paris]])
    // Another item done at that index, with its own id, is still another response's.
    const other = { ...item, id: 'fc_2', call_id: 'call_2', arguments: '{"city":"Rome"}' }
    expect(readTurns([...events, { type: 'response.output_item.done', output_index: 0, item: other }])).toEqual([[paris], [rome]])
  })

  test('deltas before any item, named later by the end of the response, are one call', () => {
    const delta = { type: 'response.function_call_arguments.delta', output_index: 0, delta: '{"city":"Paris"}' }
    const item = { type: 'function_call', id: 'fc_1', name: 'get_weather', arguments: '{"city":"Paris"}' }
    expect(readTurns([delta, { type: 'response.completed', response: { output: [item] } }])).toEqual([[paris]])
  })

  test("chunks' calls are listed by their index, as OpenAI's SDK lists them", () => {
    const chunks = [chunk({ tool_calls: [piece(1, { name: 'get_weather', arguments: '{"city":"Rome"}' })] }), chunk({ tool_calls: [piece(0, { name: 'get_weather', arguments: '{"city":"Paris"}' })] }, 'tool_calls')]
    expect(readTurns(chunks)).toEqual([[paris, rome]])
  })

  test('a block whose type cannot be read is one unparseable call', () => {
    const block = { type: 'content_block_start', index: 0, content_block: { get type() { throw new Error('gone') }, name: 'get_weather', input: {} } }
    expect(toolCalls(anthropic([block, { type: 'message_stop' }]))).toEqual([{ name: '', args: {}, unparseable: '[1].content_block.type: could not be read (gone)' }])
  })
})

describe('the SDKs streaming from a loopback server', () => {
  let server: JsonServer

  beforeAll(async () => {
    server = await startJsonServer((path) => {
      if (path.startsWith('/chat/completions')) return new ServerSentEvents([...chatChunks().map((data) => ({ data })), { data: '[DONE]' }])
      if (path.startsWith('/v1/messages')) return new ServerSentEvents(anthropicEvents().map((data) => ({ event: data.type, data })))
      if (path.startsWith('/max-tokens/v1/messages')) return new ServerSentEvents(anthropicEventsCutAtMaxTokens().map((data) => ({ event: data.type, data })))
      if (path.startsWith('/responses')) return new ServerSentEvents(responsesEvents().map((data) => ({ event: data.type, data })))
      return undefined
    })
  })

  afterAll(() => server.close())

  test("the OpenAI SDK's chunks, as a stream gives them", async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
    const stream = await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'Weather?' }], stream: true })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks).toHaveLength(6)
    expect(readTurns(chunks)).toEqual([[paris, rome]])
  })

  test("the OpenAI SDK's Responses events", async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
    const stream = await client.responses.create({ model: 'gpt-test', input: 'Weather?', stream: true })
    const events = []
    for await (const event of stream) events.push(event)
    expect(events.map((event) => event.type)).toContain('response.output_item.done')
    expect(readTurns(events)).toEqual([[paris, rome]])
  })

  test("the SDKs' stream helpers and runners are unparseable, finished or not: their messages hold the request's", async () => {
    const openai = new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
    const anthropic = new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
    // The request's history holds an earlier call, which is not this response's.
    const history = [
      { role: 'user' as const, content: 'Weather?' },
      { role: 'assistant' as const, content: null, tool_calls: [{ id: 'old', type: 'function' as const, function: { name: 'get_time', arguments: '{}' } }] },
      { role: 'tool' as const, tool_call_id: 'old', content: 'noon' },
    ]
    const helpers = [
      anthropic.messages.stream({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }] }),
      openai.chat.completions.stream({ model: 'gpt-test', messages: history }),
      openai.responses.stream({ model: 'gpt-test', input: 'Weather?' }),
    ]
    for (const helper of helpers) {
      const [call] = toolCalls(helper)
      expect(call?.unparseable).toMatch(/^expected a trajectory, received an SDK's stream helper/)
      // The test's slip, not the agent's output: the matchers fail on it with or without .not, rather than pass on nothing.
      expect(() => expect(helper).not.toMatchToolCalls([paris, rome])).toThrow(/received an SDK's stream helper, whose messages hold the request's too: pass what it ends with/)
      expect(() => expect(helper).not.toHaveCalledTool('delete_all')).toThrow(/received an SDK's stream helper/)
      // The Responses helper checks the events' order more strictly than the canned events follow it.
      await helper.done().catch(() => undefined)
      expect(toolCalls(helper)[0]?.unparseable).toMatch(/stream helper/)
    }
    const final = await anthropic.messages.stream({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }] }).finalMessage()
    expect(readTurns(final)).toEqual([[paris, rome]])
    const completion = await openai.chat.completions.stream({ model: 'gpt-test', messages: history }).finalChatCompletion()
    expect(readTurns(completion)).toEqual([[paris, rome]])
  })

  test("the Anthropic SDK's final message of a stream cut short by max_tokens: the cut call is unparseable, as in the raw events, not its input parsed leniently", async () => {
    const client = new Anthropic({ baseURL: `${server.url}/max-tokens`, apiKey: 'test', maxRetries: 0 })
    const final = await client.messages.stream({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }] }).finalMessage()
    // The SDK parses the text leniently: `{"city": "Rome", "da` gives an input that looks whole.
    expect(final.content[2]).toMatchObject({ type: 'tool_use', input: { city: 'Rome' } })
    const cut = { name: 'get_weather', args: {}, unparseable: expect.stringMatching(/^content\[2\]\.input: not valid JSON/) }
    expect(readTurns(final)).toEqual([[paris, cut]])
    expect(readTurns(anthropicEventsCutAtMaxTokens())).toEqual([[paris, { ...cut, unparseable: expect.stringMatching(/^\[9\]\.delta\.partial_json: not valid JSON/) }]])
    expect(final).not.toMatchToolCalls([paris, rome])
    // Stored as JSON, the SDK's text is gone and the input looks whole: the stop reason tells it was cut.
    const stored = JSON.parse(JSON.stringify(final))
    expect(readTurns(stored)).toEqual([[paris, { ...cut, unparseable: 'content[2]: the message stopped at max_tokens inside this call, so its input may be cut short' }]])
    expect(readTurns({ ...stored, stop_reason: 'tool_use' })).toEqual([[paris, { name: 'get_weather', args: { city: 'Rome' } }]])
    // A message that stopped after its last call's block, in text, is whole.
    expect(readTurns({ ...stored, content: [...stored.content, { type: 'text', text: 'Let me' }] })).toEqual([[paris, { name: 'get_weather', args: { city: 'Rome' } }]])
  })

  test("the Anthropic SDK's raw events, and a matcher over them", async () => {
    const client = new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
    const stream = await client.messages.create({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }], stream: true })
    const events = []
    for await (const event of stream) events.push(event)
    expect(events.map((event) => event.type)).toContain('content_block_delta')
    expect(readTurns(events)).toEqual([[paris, rome]])
    expect(events).toMatchToolCalls([paris, rome])
    expect(events).not.toHaveCalledTool('delete_all')
    expect(events).toHaveCalledTool('get_weather', { city: 'Rome' })
  })
})
