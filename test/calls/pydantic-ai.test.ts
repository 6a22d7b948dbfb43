import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

// Written from pydantic_ai.messages: what `result.all_messages_json()` dumps for a Python agent's run, a corpus line's record.

const at = '2026-12-08T00:00:00Z'
const request = (...parts: object[]) => ({ parts, instructions: null, kind: 'request' })
const response = (...parts: object[]) => ({ parts, usage: { input_tokens: 1, output_tokens: 1 }, model_name: 'gpt-test', timestamp: at, kind: 'response', provider_name: 'openai', finish_reason: 'tool_call' })
const toolCall = (id: string, args: unknown) => ({ tool_name: 'get_weather', args, tool_call_id: id, id: null, part_kind: 'tool-call' })
const toolReturn = (id: string) => ({ tool_name: 'get_weather', content: '20C', tool_call_id: id, timestamp: at, part_kind: 'tool-return' })

const run = [
  request({ content: 'Weather?', timestamp: at, part_kind: 'user-prompt' }),
  response({ content: 'Checking.', part_kind: 'text' }, toolCall('c1', { city: 'Paris' }), toolCall('c2', '{"city": "Rome"}')),
  request(toolReturn('c1'), toolReturn('c2')),
  response(toolCall('c3', { city: 'Oslo' })),
  request(toolReturn('c3')),
  response({ content: 'Warm, then cold.', part_kind: 'text' }),
]

describe("Pydantic AI's messages", () => {
  test('a run reads a turn per response, its tool-call parts the calls (args a dict or JSON text)', () => {
    expect(readTurns(run)).toEqual([parisAndRome, [{ name: 'get_weather', args: { city: 'Oslo' } }]])
    expect(() => expect(run).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test("a built-in tool the provider ran is no call of the agent's; a call without args has none", () => {
    const search = { tool_name: 'web_search', args: { query: 'Paris' }, tool_call_id: 'b1', provider_name: 'openai', part_kind: 'builtin-tool-call' }
    const searched = { tool_name: 'web_search', content: [], tool_call_id: 'b1', provider_name: 'openai', part_kind: 'builtin-tool-return' }
    expect(readTurns(response(search, searched, toolCall('c1', null)))).toEqual([[{ name: 'get_weather', args: {} }]])
  })

  test('args that are not JSON are unparseable, naming where', () => {
    expect(toolCalls(response(toolCall('c1', '{"city":')))[0]?.unparseable).toMatch(/^parts\[0\]\.args: not valid JSON/)
  })
})
