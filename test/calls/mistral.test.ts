import { Mistral } from '@mistralai/mistralai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'
import { startJsonServer, type JsonServer } from './servers/json-server'

const entry = (type: string, fields: object) => ({ object: 'entry', type, created_at: '2026-12-08T00:00:00Z', completed_at: null, id: `${type}_1`, ...fields })
const functionCall = (id: string, city: string) => entry('function.call', { tool_call_id: id, name: 'get_weather', arguments: JSON.stringify({ city }) })
/** A built-in connector Mistral ran itself. */
const webSearch = entry('tool.execution', { name: 'web_search', arguments: '{"query":"weather Paris"}', info: {} })
const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }

/** The API's answers, on the wire: a conversation begun with a web search and two calls, its history, and a chat completion. */
function answer(path: string): unknown {
  if (path === '/v1/conversations') return { object: 'conversation.response', conversation_id: 'conv_1', outputs: [webSearch, functionCall('c1', 'Paris'), functionCall('c2', 'Rome')], usage }
  if (path === '/v1/conversations/conv_1/history') {
    return {
      object: 'conversation.history',
      conversation_id: 'conv_1',
      entries: [
        entry('message.input', { role: 'user', content: 'Weather?' }),
        functionCall('c1', 'Paris'),
        functionCall('c2', 'Rome'),
        entry('function.result', { tool_call_id: 'c1', result: '20C' }),
        entry('function.result', { tool_call_id: 'c2', result: '20C' }),
        functionCall('c3', 'Oslo'),
        entry('function.result', { tool_call_id: 'c3', result: '2C' }),
        entry('message.output', { role: 'assistant', content: 'Warm, then cold.', model: 'mistral-medium', agent_id: null }),
      ],
    }
  }
  if (path === '/v1/chat/completions') {
    const toolCall = (id: string, city: string) => ({ id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } })
    const message = { role: 'assistant', content: '', tool_calls: [toolCall('c1', 'Paris'), toolCall('c2', 'Rome')] }
    return { id: 'cmpl_1', object: 'chat.completion', created: 0, model: 'mistral-medium', choices: [{ index: 0, message, finish_reason: 'tool_calls' }], usage }
  }
  return undefined
}

let server: JsonServer
let client: Mistral
beforeAll(async () => {
  server = await startJsonServer(answer)
  client = new Mistral({ apiKey: 'test', serverURL: server.url })
})
afterAll(() => server.close())

describe("Mistral's SDK against a loopback server", () => {
  test("a conversation's response reads as its calls, not the connector Mistral ran", async () => {
    const response = await client.beta.conversations.start({ inputs: 'Weather?', model: 'mistral-medium' })
    expect(response.outputs.map((output) => output.type)).toEqual(['tool.execution', 'function.call', 'function.call'])
    expect(readTurns(response)).toEqual([parisAndRome])
    expect(readTurns(response.outputs)).toEqual([parisAndRome])
  })

  test("a conversation's history reads a turn per response, ended by the functions' results", async () => {
    const history = await client.beta.conversations.getHistory({ conversationId: 'conv_1' })
    expect(readTurns(history)).toEqual([parisAndRome, [{ name: 'get_weather', args: { city: 'Oslo' } }]])
  })

  test("a chat completion reads as its first choice's calls, as the SDK spells them (toolCalls, finishReason)", async () => {
    const completion = await client.chat.complete({ model: 'mistral-medium', messages: [{ role: 'user', content: 'Weather?' }] })
    expect(completion.choices[0]?.message?.toolCalls).toHaveLength(2)
    expect(readTurns(completion)).toEqual([parisAndRome])
  })

  test("a connector's run alone is no call of the agent's", () => {
    expect(toolCalls(webSearch)).toEqual([])
  })
})
