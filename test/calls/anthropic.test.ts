import Anthropic from '@anthropic-ai/sdk'
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { anthropicMessage as message, anthropicToolUse as toolUse, parisAndRome } from './paris-and-rome'
import { startJsonServer, type JsonServer } from './servers/json-server'

describe('Anthropic Messages, hand-written', () => {
  test('reads the tool_use blocks of a Message as one turn', () => {
    expect(readTurns(message)).toEqual([parisAndRome])
  })

  test('reads tool_use blocks alone', () => {
    expect(toolCalls([toolUse('a', 'Paris'), toolUse('b', 'Rome')])).toEqual(parisAndRome)
  })

  test('a tool_result block is not a call', () => {
    expect(toolCalls([{ type: 'tool_result', tool_use_id: 'toolu_1', content: '20C' }])).toEqual([])
  })

  test('a message list gives one turn per assistant message and none for tool results', () => {
    const messages = [
      { role: 'user', content: 'Weather in Paris, then Rome?' },
      { role: 'assistant', content: [toolUse('a', 'Paris')] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: '20C' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Now Rome.' }, toolUse('b', 'Rome')] },
      { role: 'assistant', content: 'Done.' },
    ]
    expect(readTurns(messages)).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test('a tool_use block without input has no arguments', () => {
    expect(toolCalls({ type: 'tool_use', id: 'a', name: 'now' })).toEqual([{ name: 'now', args: {} }])
  })

  test('a tool_use block whose input is not an object is unparseable', () => {
    expect(toolCalls([{ type: 'tool_use', id: 'a', name: 'f', input: 'x' }])[0]?.unparseable).toMatch(/^\[0\]\.input: not valid JSON/)
  })

  test('a tool_use block without a name is unparseable', () => {
    expect(toolCalls({ role: 'assistant', content: [{ type: 'tool_use', id: 'a', input: {} }] })[0]?.unparseable).toBe(
      'content[0].name: expected a tool name, received undefined',
    )
  })
})

describe('the Anthropic SDK against a loopback server', () => {
  let server: JsonServer
  let client: Anthropic

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.startsWith('/v1/messages') ? message : undefined))
    client = new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
  })

  afterAll(() => server.close())

  test('reads the Message the SDK returns', async () => {
    const result = await client.messages.create({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }] })
    expect(readTurns(result)).toEqual([parisAndRome])
  })

  test('reads the content blocks of the Message the SDK returns', async () => {
    const result = await client.messages.create({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }] })
    expect(toolCalls(result.content)).toEqual(parisAndRome)
  })

  test('reads a conversation that holds the SDK Message and the tool results', async () => {
    const result = await client.messages.create({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }] })
    const conversation: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Weather?' },
      { role: result.role, content: result.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '20C' }] },
    ]
    expect(readTurns(conversation)).toEqual([parisAndRome])
  })
})

describe("the Anthropic SDK's tool runner against a loopback server", () => {
  let server: JsonServer
  let requests = 0
  const answer = { ...message, id: 'msg_2', content: [{ type: 'text', text: 'Warm in both.' }], stop_reason: 'end_turn' }

  beforeAll(async () => {
    // The model asks for the weather in Paris and Rome, then answers once the runner has run the tool.
    server = await startJsonServer((path) => (path.startsWith('/v1/messages') ? (requests++ % 2 === 0 ? message : answer) : undefined))
  })

  afterAll(() => server.close())

  const runner = () => {
    const client = new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
    const getWeather = betaTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      run: async ({ city }) => `20C in ${String(city)}`,
    })
    return client.beta.messages.toolRunner({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Weather?' }], tools: [getWeather] })
  }

  test('the messages it yields read as its calls, a turn each', async () => {
    const messages = []
    for await (const yielded of runner()) messages.push(yielded)
    expect(readTurns(messages)).toEqual([parisAndRome])
  })

  test('the runner itself, which awaited gives its last message alone, is no trajectory: its reason and the matchers say to collect its messages', async () => {
    const running = runner()
    const collect = 'collect the messages it yields (for await (const message of runner)) into an array, and pass them'
    expect(toolCalls(running)).toEqual([
      { name: '', args: {}, unparseable: `expected a trajectory, received Anthropic's tool runner, whose awaited value is its last message alone (${collect})` },
    ])
    // Typed as a promise, which the matchers' types refuse: given as unknown, as a runner passed through untyped code is.
    expect(() => expect(running as unknown).not.toHaveCalledTool('delete_all')).toThrow(`received Anthropic's tool runner, whose awaited value is its last message alone: ${collect}`)
    expect(readTurns(await running.runUntilDone())).toEqual([])
  })
})
