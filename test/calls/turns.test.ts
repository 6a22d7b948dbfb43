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
