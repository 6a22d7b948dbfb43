import { Ollama } from 'ollama'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { startJsonServer, type JsonServer } from './servers/json-server'

const paris = { name: 'get_weather', args: { city: 'Paris' } }
const rome = { name: 'get_weather', args: { city: 'Rome' } }

/** Ollama's tool calls: arguments as an object, no id. */
const ollamaCall = (city: string) => ({ function: { name: 'get_weather', arguments: { city } } })

const ollamaChat = {
  model: 'llama3.1',
  created_at: '2026-12-03T09:00:00.000000Z',
  message: { role: 'assistant', content: '', tool_calls: [ollamaCall('Paris'), ollamaCall('Rome')] },
  done_reason: 'stop',
  done: true,
  total_duration: 1,
  load_duration: 1,
  prompt_eval_count: 1,
  prompt_eval_duration: 1,
  eval_count: 1,
  eval_duration: 1,
}

const openAICall = (id: string, city: string) => ({ id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } })

describe('responses and choices that wrap one message, hand-written', () => {
  test("an Ollama chat response reads as its message's calls", () => {
    expect(readTurns(ollamaChat)).toEqual([[paris, rome]])
  })

  test('an Ollama response without calls, or still streaming, has none', () => {
    expect(readTurns({ ...ollamaChat, message: { role: 'assistant', content: 'Sunny.' } })).toEqual([])
    expect(readTurns({ model: 'llama3.1', created_at: 'x', message: { role: 'assistant', content: 'Sun' }, done: false })).toEqual([])
  })

  test("a Chat Completions choice, snake_case or as Mistral's SDK spells it", () => {
    const message = { role: 'assistant', content: null, tool_calls: [openAICall('a', 'Paris')] }
    expect(toolCalls({ index: 0, message, finish_reason: 'tool_calls' })).toEqual([paris])
    expect(toolCalls({ index: 0, message: { role: 'assistant', content: '', toolCalls: [openAICall('a', 'Paris')] }, finishReason: 'tool_calls' })).toEqual([paris])
  })

  test("a Cohere v2 chat response, in the API's and the SDK's spelling", () => {
    const message = { role: 'assistant', tool_plan: 'I will look it up.', tool_calls: [openAICall('a', 'Paris')] }
    expect(toolCalls({ id: 'r', finish_reason: 'TOOL_CALL', message })).toEqual([paris])
    expect(toolCalls({ id: 'r', finishReason: 'TOOL_CALL', message: { role: 'assistant', toolPlan: 'I will.', toolCalls: [openAICall('a', 'Paris')] } })).toEqual([
      paris,
    ])
  })

  test('a message that names a message field is still the message, and a lone message key a BFCL call', () => {
    expect(toolCalls({ role: 'assistant', message: { role: 'user' }, done: true, tool_calls: [openAICall('a', 'Paris')] })).toEqual([paris])
    expect(toolCalls({ message: { text: 'hi' } })).toEqual([{ name: 'message', args: { text: 'hi' } }])
  })

  test('a wrapped message that cannot be read is unparseable at its path', () => {
    expect(toolCalls({ model: 'm', message: { role: 'assistant', tool_calls: 'x' }, done: true })[0]?.unparseable).toBe(
      'message.tool_calls: expected a list of tool calls, received a string',
    )
  })
})

describe('the Ollama SDK against a loopback server', () => {
  let server: JsonServer
  let client: Ollama

  beforeAll(async () => {
    server = await startJsonServer((path) => (path === '/api/chat' ? ollamaChat : undefined))
    client = new Ollama({ host: server.url })
  })

  afterAll(() => server.close())

  test('reads the ChatResponse the SDK returns, and its message in a conversation', async () => {
    const response = await client.chat({ model: 'llama3.1', messages: [{ role: 'user', content: 'Weather in Paris and Rome?' }], stream: false })
    expect(server.paths.at(-1)).toBe('/api/chat')
    expect(readTurns(response)).toEqual([[paris, rome]])
    expect(readTurns([{ role: 'user', content: 'Weather?' }, response.message, { role: 'tool', content: '20C' }])).toEqual([[paris, rome]])
  })
})
