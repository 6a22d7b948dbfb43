import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'

const call = (name: string) => ({ name, args: {} })
const names = (input: unknown) => readTurns(input).map((turn) => turn.map((c) => c.name))

describe('turn structure of mixed lists', () => {
  test('user, assistant and tool messages yield the calls in order, one turn per assistant message', () => {
    const messages = [
      { role: 'user', content: 'Go.' },
      { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'a', arguments: '{}' } }, { type: 'function', function: { name: 'b', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: '1', content: 'ok' },
      { role: 'assistant', content: [{ type: 'tool_use', id: '2', name: 'c', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: '2', content: 'ok' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: '3', toolName: 'd', input: {} }] },
      { role: 'model', parts: [{ functionCall: { name: 'e', args: {} } }] },
    ]
    expect(names(messages)).toEqual([['a', 'b'], ['c'], ['d'], ['e']])
  })

  test('two assistant messages in a row are two turns', () => {
    const message = (name: string) => ({ role: 'assistant', tool_calls: [{ type: 'function', function: { name, arguments: '{}' } }] })
    expect(names([message('a'), message('b')])).toEqual([['a'], ['b']])
  })

  test('calls next to each other form one turn and a message between them ends it', () => {
    expect(names([call('a'), call('b'), { role: 'user', content: 'more' }, call('c')])).toEqual([['a', 'b'], ['c']])
  })

  test("text and reasoning between the calls of one message's content leave them one turn", () => {
    const anthropic = [
      { type: 'tool_use', id: '1', name: 'a', input: {} },
      { type: 'text', text: 'And the other.' },
      { type: 'thinking', thinking: '…', signature: 's' },
      { type: 'tool_use', id: '2', name: 'b', input: {} },
    ]
    const gemini = [{ functionCall: { name: 'a', args: {} } }, { text: 'And the other.', thought: true }, { functionCall: { name: 'b', args: {} } }]
    const responses = [
      { type: 'reasoning', id: 'r1', summary: [] },
      { type: 'function_call', call_id: '1', name: 'a', arguments: '{}' },
      { type: 'web_search_call', id: 'ws', status: 'completed' },
      { type: 'function_call', call_id: '2', name: 'b', arguments: '{}' },
    ]
    const aiSdk = [
      { type: 'tool-call', toolCallId: '1', toolName: 'a', input: {} },
      { type: 'reasoning', text: '…' },
      { type: 'tool-call', toolCallId: '2', toolName: 'b', input: {} },
    ]
    for (const content of [anthropic, gemini, responses, aiSdk]) expect(names(content)).toEqual([['a', 'b']])
  })

  test("the steps of an AI SDK UI message are turns: a step-start part ends one", () => {
    const part = (city: string) => ({ type: 'tool-get_weather', toolCallId: city, state: 'output-available', input: { city }, output: {} })
    const message = { id: 'm1', role: 'assistant', parts: [{ type: 'step-start' }, part('Paris'), { type: 'step-start' }, part('Rome'), { type: 'step-start' }, { type: 'text', text: 'Done.' }] }
    expect(readTurns(message.parts).map((turn) => turn.map((c) => c.args.city))).toEqual([['Paris'], ['Rome']])
  })

  test("a Responses output's assistant message between its calls leaves them one turn, as in the Response itself", () => {
    const functionCall = (name: string) => ({ type: 'function_call', call_id: name, name, arguments: '{}' })
    const message = { type: 'message', id: 'm', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'And the other.', annotations: [] }] }
    const output = [{ type: 'reasoning', id: 'r', summary: [] }, functionCall('a'), message, functionCall('b')]
    expect(names(output)).toEqual([['a', 'b']])
    expect(names({ id: 'resp', object: 'response', output })).toEqual([['a', 'b']])
  })

  test("a tool's result between calls ends the turn, whatever its format", () => {
    const results = [
      { type: 'tool_result', tool_use_id: '1', content: 'ok' },
      { type: 'function_call_output', call_id: '1', output: 'ok' },
      { type: 'tool-result', toolCallId: '1', toolName: 'a', output: { type: 'text', value: 'ok' } },
      { type: 'tool-error', toolCallId: '1', toolName: 'a', error: 'failed' },
      { functionResponse: { name: 'a', response: { ok: true } } },
      { type: 'mcp_approval_response', approval_request_id: '1', approve: true },
    ]
    for (const result of results) expect(names([call('a'), result, call('b')])).toEqual([['a'], ['b']])
  })

  test('an assistant message with only text gives no turn', () => {
    expect(readTurns([{ role: 'assistant', content: 'Hello.' }])).toEqual([])
  })

  test('a message container { messages } reads its list', () => {
    expect(names({ messages: [{ role: 'user', content: 'Go.' }, { role: 'assistant', content: [{ type: 'tool_use', id: '1', name: 'a', input: {} }] }] })).toEqual([['a']])
  })

  test('an unparseable entry keeps its place among the calls', () => {
    const calls = toolCalls([call('a'), 42, call('b')])
    expect(calls.map((c) => c.name)).toEqual(['a', '', 'b'])
    expect(calls[1]?.unparseable).toBe('[1]: expected a tool call, a message or a model response, received a number')
  })

  test('a message whose tool_calls mirror its content blocks is read once', () => {
    const message = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: '1', name: 'a', input: {} }],
      tool_calls: [{ id: '1', type: 'function', function: { name: 'a', arguments: '{}' } }],
    }
    expect(toolCalls(message)).toEqual([call('a')])
  })

  test('an object of an unknown type holds no call', () => {
    expect(readTurns([call('a'), { type: 'web_search_call', id: 'ws', status: 'completed' }])).toEqual([[call('a')]])
  })
})
