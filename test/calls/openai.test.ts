import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'
import { startJsonServer, type JsonServer } from './servers/json-server'

const weatherCall = (id: string, city: string) => ({
  id,
  type: 'function',
  function: { name: 'get_weather', arguments: JSON.stringify({ city }) },
})

const chatCompletion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-test',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      logprobs: null,
      message: { role: 'assistant', content: null, refusal: null, tool_calls: [weatherCall('call_1', 'Paris'), weatherCall('call_2', 'Rome')] },
    },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
}

const response = {
  id: 'resp_1',
  object: 'response',
  created_at: 1,
  status: 'completed',
  model: 'gpt-test',
  output: [
    { type: 'reasoning', id: 'rs_1', summary: [] },
    { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
    { type: 'function_call', id: 'fc_2', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}', status: 'completed' },
  ],
  parallel_tool_calls: true,
  tool_choice: 'auto',
  tools: [],
}

describe('OpenAI Responses calls in a namespace', () => {
  const searchItem = { type: 'function_call', id: 'fc_1', call_id: 'call_1', namespace: 'crm', name: 'search', arguments: '{"q":"acme"}', status: 'completed' }

  test('are named within it, as its namespace tool declares them', () => {
    expect(toolCalls({ ...response, output: [searchItem, { ...searchItem, id: 'fc_2', namespace: undefined, name: 'get_weather', arguments: '{"city":"Paris"}' }] })).toEqual([
      { name: 'crm.search', args: { q: 'acme' } },
      parisAndRome[0],
    ])
    expect(toolCalls({ type: 'custom_tool_call', call_id: 'c', namespace: 'db', name: 'sql', input: 'SELECT 1' })[0]?.name).toBe('db.sql')
  })

  test('streamed, as its events give them', () => {
    const events = [
      { type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { ...searchItem, arguments: '', status: 'in_progress' } },
      { type: 'response.function_call_arguments.delta', sequence_number: 2, output_index: 0, item_id: 'fc_1', delta: '{"q":"acme"}' },
      { type: 'response.output_item.done', sequence_number: 3, output_index: 0, item: searchItem },
      { type: 'response.completed', sequence_number: 4, response: { ...response, output: [searchItem] } },
    ]
    expect(readTurns(events)).toEqual([[{ name: 'crm.search', args: { q: 'acme' } }]])
  })
})

describe('OpenAI Chat Completions, hand-written', () => {
  test('reads the tool calls of a ChatCompletion as one turn', () => {
    expect(readTurns(chatCompletion)).toEqual([parisAndRome])
  })

  test('reads an assistant message', () => {
    expect(toolCalls({ role: 'assistant', content: null, tool_calls: [weatherCall('c', 'Paris')] })).toEqual([parisAndRome[0]])
  })

  test('tool_calls null is no calls', () => {
    expect(readTurns({ role: 'assistant', content: 'Hello', tool_calls: null })).toEqual([])
  })

  test('reads the legacy function_call', () => {
    const message = { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' } }
    expect(toolCalls(message)).toEqual([parisAndRome[0]])
  })

  test('arguments "{}" are no arguments', () => {
    expect(toolCalls({ type: 'function', function: { name: 'now', arguments: '{}' } })).toEqual([{ name: 'now', args: {} }])
  })

  test('a hand-written call giving args rather than arguments reads them, and one giving both is unparseable', () => {
    expect(toolCalls({ type: 'function', function: { name: 'get_weather', args: { city: 'Paris' } } })).toEqual([parisAndRome[0]])
    expect(toolCalls({ type: 'function', function: { name: 'get_weather', args: undefined, arguments: '{"city":"Paris"}' } })).toEqual([parisAndRome[0]])
    expect(toolCalls([{ type: 'function', function: { name: 'get_weather', args: {}, arguments: '{"city":"Paris"}' } }])).toEqual([
      { name: 'get_weather', args: {}, unparseable: '[0].function: gives both arguments and args; a call has one' },
    ])
  })

  test('a message list gives one turn per assistant message with calls, and none for the others', () => {
    const messages = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris and Rome?' },
      { role: 'assistant', content: null, tool_calls: [weatherCall('c1', 'Paris'), weatherCall('c2', 'Rome')] },
      { role: 'tool', tool_call_id: 'c1', content: '20C' },
      { role: 'tool', tool_call_id: 'c2', content: '25C' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c3', type: 'function', function: { name: 'answer', arguments: '{"text":"warm"}' } }] },
      { role: 'assistant', content: 'It is warm.' },
    ]
    expect(readTurns(messages)).toEqual([parisAndRome, [{ name: 'answer', args: { text: 'warm' } }]])
  })

  test('a tool call without a function is unparseable', () => {
    expect(toolCalls({ role: 'assistant', tool_calls: [{ id: 'c', type: 'function' }] })[0]?.unparseable).toBe(
      'tool_calls[0].function: expected an object, received undefined',
    )
  })

  test("a custom tool's call is unparseable, naming its tool: its input is free-form text, no arguments", () => {
    const custom = { id: 'c', type: 'custom', custom: { name: 'shell', input: 'ls' } }
    expect(toolCalls({ role: 'assistant', tool_calls: [custom] })).toEqual([
      { name: 'shell', args: {}, unparseable: "tool_calls[0].custom.input: a custom tool's free-form input, not JSON arguments" },
    ])
  })

  test('a tool call of another kind is unparseable', () => {
    expect(toolCalls({ role: 'assistant', tool_calls: [{ id: 'c', type: 'computer' }] })[0]?.unparseable).toBe(
      'tool_calls[0]: expected a tool call, received an object of type "computer"',
    )
    // A type of any length is quoted by its start, as a name is.
    const reason = toolCalls({ role: 'assistant', tool_calls: [{ id: 'c', type: 'x'.repeat(50_000) }] })[0]?.unparseable
    expect(reason).toBe(`tool_calls[0]: expected a tool call, received an object of type "${'x'.repeat(100)}…"`)
  })
})

describe('OpenAI Responses API, hand-written', () => {
  test('reads the function calls of a Response as one turn', () => {
    expect(readTurns(response)).toEqual([parisAndRome])
  })

  test('a Response with only a message has no calls', () => {
    const message = { type: 'message', id: 'm', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hi', annotations: [] }] }
    expect(readTurns({ ...response, output: [message] })).toEqual([])
  })

  test('in a list of items, consecutive function calls form one turn and other items end it', () => {
    const items = [
      { role: 'user', content: 'Weather?' },
      response.output[1],
      response.output[2],
      { type: 'function_call_output', call_id: 'call_1', output: '20C' },
      { type: 'function_call_output', call_id: 'call_2', output: '25C' },
      { type: 'reasoning', id: 'rs_2', summary: [] },
      { type: 'function_call', call_id: 'call_3', name: 'answer', arguments: '{"text":"warm"}' },
    ]
    expect(readTurns(items)).toEqual([parisAndRome, [{ name: 'answer', args: { text: 'warm' } }]])
  })

  test('MCP items, run by the server or awaiting approval, are not calls', () => {
    const output = [
      { type: 'mcp_list_tools', id: 'l1', server_label: 'wiki', tools: [{ name: 'read_wiki' }] },
      { type: 'mcp_call', id: 'm1', server_label: 'wiki', name: 'ask_question', arguments: '{"q":"x"}', output: 'y' },
      { type: 'mcp_approval_request', id: 'a1', server_label: 'wiki', name: 'read_wiki', arguments: '{}' },
      { type: 'function_call', call_id: 'c1', name: 'answer', arguments: '{"text":"y"}' },
    ]
    expect(readTurns({ object: 'response', output })).toEqual([[{ name: 'answer', args: { text: 'y' } }]])
  })

  test('a built-in tool search is no call: run by the server, its output is part of the turn; run by the client, its output ends the turn', () => {
    const search = (execution: string) => [
      { type: 'tool_search_call', id: 'ts_1', call_id: null, execution, arguments: { query: 'weather tools' }, status: 'completed' },
      { type: 'tool_search_output', id: 'tso_1', call_id: null, execution, status: 'completed', tools: [{ type: 'function', name: 'get_weather', parameters: {} }] },
    ]
    const [paris, rome] = response.output.slice(1)
    expect(readTurns({ ...response, output: [response.output[0], ...search('server'), paris, rome] })).toEqual([parisAndRome])
    expect(readTurns([paris, ...search('server'), rome])).toEqual([parisAndRome])
    expect(readTurns([paris, ...search('client'), rome])).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test("a custom tool's call item is unparseable, naming its tool, where it was silently dropped", () => {
    const custom = { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_3', name: 'shell', input: 'ls -la' }
    expect(readTurns({ ...response, output: [...response.output, custom] })).toEqual([
      [...parisAndRome, { name: 'shell', args: {}, unparseable: "output[3].input: a custom tool's free-form input, not JSON arguments" }],
    ])
  })

  test('a function call whose arguments are not valid JSON is unparseable and keeps its name', () => {
    const [call] = toolCalls([{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{"a": tru' }])
    expect(call?.name).toBe('f')
    expect(call?.unparseable).toMatch(/^\[0\]\.arguments: not valid JSON/)
  })
})

describe('the openai SDK against a loopback server', () => {
  let server: JsonServer
  let client: OpenAI

  beforeAll(async () => {
    server = await startJsonServer((path) => {
      if (path.endsWith('/chat/completions')) return chatCompletion
      if (path.endsWith('/responses')) return response
      return undefined
    })
    client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 })
  })

  afterAll(() => server.close())

  test('reads the ChatCompletion the SDK returns', async () => {
    const completion = await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'Weather?' }] })
    expect(readTurns(completion)).toEqual([parisAndRome])
  })

  test('reads the message of the ChatCompletion the SDK returns', async () => {
    const completion = await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'Weather?' }] })
    expect(toolCalls(completion.choices[0]?.message)).toEqual(parisAndRome)
  })

  test('reads a choice of the ChatCompletion the SDK returns, as logs keep choices[0]', async () => {
    const completion = await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'Weather?' }] })
    expect(readTurns(completion.choices[0])).toEqual([parisAndRome])
  })

  test('reads the Response the SDK returns, output_text and all', async () => {
    const result = await client.responses.create({ model: 'gpt-test', input: 'Weather?' })
    expect(result.output_text).toBe('')
    expect(readTurns(result)).toEqual([parisAndRome])
  })

  test('reads the SDK Response output items', async () => {
    const result = await client.responses.create({ model: 'gpt-test', input: 'Weather?' })
    expect(toolCalls(result.output)).toEqual(parisAndRome)
  })
})

describe('a completion of several choices (n > 1), against a loopback server', () => {
  const choice = (index: number, city: string) => ({
    index,
    finish_reason: 'tool_calls',
    logprobs: null,
    message: { role: 'assistant', content: null, refusal: null, tool_calls: [weatherCall(`call_${index}`, city)] },
  })
  let server: JsonServer
  let client: OpenAI

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.endsWith('/chat/completions') ? { ...chatCompletion, choices: [choice(0, 'Paris'), choice(1, 'Rome')] } : undefined))
    client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 })
  })

  afterAll(() => server.close())

  const create = () => client.chat.completions.create({ model: 'gpt-test', n: 2, messages: [{ role: 'user', content: 'Weather?' }] })

  test('its choices, listed, read as the completion does: the first, the others being alternatives', async () => {
    const completion = await create()
    expect(readTurns(completion.choices)).toEqual([[parisAndRome[0]]])
    expect(readTurns(completion.choices)).toEqual(readTurns(completion))
    expect(completion.choices).toMatchToolCalls(parisAndRome.slice(0, 1))
    expect(completion.choices).not.toMatchToolCalls(parisAndRome)
  })

  test('choices collected one a turn, each numbered 0, are turns', async () => {
    const [first, second] = [await create(), await create()]
    expect(readTurns([first.choices[0], second.choices[0]])).toEqual([[parisAndRome[0]], [parisAndRome[0]]])
    // Two completions' choices run together: each one's first.
    expect(readTurns([...first.choices, ...second.choices])).toEqual([[parisAndRome[0]], [parisAndRome[0]]])
  })

  test('an item between two choices keeps them apart: the second is read, the item between too', async () => {
    const { choices } = await create()
    const own = { name: 'now', args: {} }
    expect(readTurns([choices[0], own, choices[1]])).toEqual([[parisAndRome[0]], [own], [parisAndRome[1]]])
  })
})
