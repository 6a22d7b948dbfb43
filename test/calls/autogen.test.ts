import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

// Written from autogen_agentchat.messages: a TaskResult's messages as `model_dump()` gives them, a Python agent's run in a corpus.

const functionCall = (id: string, city: string) => ({ id, arguments: JSON.stringify({ city }), name: 'get_weather' })
const message = (type: string, content: unknown, fields: object = {}) => ({ source: 'assistant', models_usage: null, metadata: {}, content, type, ...fields })
const executed = (id: string) => message('ToolCallExecutionEvent', [{ content: '20C', name: 'get_weather', call_id: id, is_error: false }])

const taskResult = {
  messages: [
    { ...message('TextMessage', 'Weather?'), source: 'user' },
    message('ToolCallRequestEvent', [functionCall('c1', 'Paris'), functionCall('c2', 'Rome')], { models_usage: { prompt_tokens: 9, completion_tokens: 9 } }),
    executed('c1'),
    message('ToolCallSummaryMessage', '20C\n20C', { tool_calls: [functionCall('c1', 'Paris'), functionCall('c2', 'Rome')], results: [] }),
    message('ToolCallRequestEvent', [functionCall('c3', 'Oslo')]),
    executed('c3'),
    message('TextMessage', 'Warm, then cold.'),
  ],
  stop_reason: null,
}

describe("AutoGen's AgentChat messages", () => {
  test("a task's result reads a turn per tool call request; the summary that repeats the calls is not read again", () => {
    expect(readTurns(taskResult)).toEqual([parisAndRome, [{ name: 'get_weather', args: { city: 'Oslo' } }]])
    expect(() => expect(taskResult).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test('arguments that are not JSON are unparseable, naming where', () => {
    expect(toolCalls(message('ToolCallRequestEvent', [{ id: 'c1', arguments: '{"city":', name: 'get_weather' }]))[0]?.unparseable).toMatch(/^content\[0\]\.arguments: not valid JSON/)
  })
})
