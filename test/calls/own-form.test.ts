import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

describe('our own form', () => {
  test('reads { name, args }', () => {
    expect(toolCalls({ name: 'search', args: { q: 'cats' } })).toEqual([{ name: 'search', args: { q: 'cats' } }])
  })

  test("reads back the calls toolCalls wrote as they were: one unparseable stays so, with its reason, and positional arguments stay", () => {
    const cut = { role: 'assistant', tool_calls: [{ id: '1', type: 'function', function: { name: 'delete_booking', arguments: '{"booking_id": "BK-1"' } }] }
    const read = toolCalls(cut)
    expect(read[0]?.unparseable).toMatch(/not valid JSON/)
    expect(toolCalls(read)).toEqual(read)
    expect(toolCalls(JSON.parse(JSON.stringify(read)))).toEqual(read)
    const metric = new ToolCallMetric()
    expect(metric.score(read, [{ name: 'delete_booking', args: {} }]).f1).toBe(0)
    const positional = toolCalls('f(1, x=5)')
    expect(positional).toEqual([{ name: 'f', args: { x: 5 }, positional: [1] }])
    expect(toolCalls(positional)).toEqual(positional)
    expect(metric.score(positional, [{ name: 'f', args: { x: 5 } }]).f1).toBe(0)
  })

  test('reads { name, arguments } with an object', () => {
    expect(toolCalls({ name: 'search', arguments: { q: 'cats' } })).toEqual([{ name: 'search', args: { q: 'cats' } }])
  })

  test('reads { name, arguments } with a JSON string', () => {
    expect(toolCalls({ name: 'search', arguments: '{"q":"cats"}' })).toEqual([{ name: 'search', args: { q: 'cats' } }])
  })

  test('reads the arguments under whichever key holds them: args left undefined does not hide arguments', () => {
    expect(toolCalls({ name: 'delete_all', args: undefined, arguments: '{"scope":"everything"}' })).toEqual([{ name: 'delete_all', args: { scope: 'everything' } }])
    expect(toolCalls({ name: 'now', args: undefined })).toEqual([{ name: 'now', args: {} }])
  })

  test('a call that gives both args and arguments is unparseable: grading either would pass over the other', () => {
    expect(toolCalls({ name: 'delete_all', args: {}, arguments: '{"scope":"everything"}' })).toEqual([
      { name: 'delete_all', args: {}, unparseable: 'gives both args and arguments; a call has one' },
    ])
  })

  test('reads { name } alone as a call without arguments', () => {
    expect(toolCalls({ name: 'now' })).toEqual([{ name: 'now', args: {} }])
  })

  test('reads a tuple [name, args]', () => {
    expect(toolCalls(['search', { q: 'cats' }])).toEqual([{ name: 'search', args: { q: 'cats' } }])
  })

  test('a list of call texts is no tuple, as a name holds no parenthesis: each text is read, a turn each', () => {
    expect(readTurns(['f(y=1)'])).toEqual([[{ name: 'f', args: { y: 1 } }]])
    expect(readTurns(['[f(y=1)]', '[g()]'])).toEqual([[{ name: 'f', args: { y: 1 } }], [{ name: 'g', args: {} }]])
    expect(toolCalls(['search', '{"q":"cats"}'])).toEqual([{ name: 'search', args: { q: 'cats' } }])
  })

  test('reads a tuple [name] as a call without arguments', () => {
    expect(toolCalls(['now'])).toEqual([{ name: 'now', args: {} }])
  })

  test('a flat array of calls is one turn', () => {
    const turns = readTurns([{ name: 'a', args: {} }, ['b', {}]])
    expect(turns).toEqual([[{ name: 'a', args: {} }, { name: 'b', args: {} }]])
  })

  test('an array of arrays of calls is a list of turns', () => {
    const turns = readTurns([[{ name: 'a', args: {} }, ['b', {}]], [['c', {}]]])
    expect(turns.map((turn) => turn.map((call) => call.name))).toEqual([['a', 'b'], ['c']])
  })

  test('an array of tuples is one turn of calls, not a list of turns', () => {
    expect(readTurns([['a', {}], ['b', {}]]).map((turn) => turn.length)).toEqual([2])
  })

  test('an empty array has no calls', () => {
    expect(readTurns([])).toEqual([])
  })

  test('empty turns are left out', () => {
    expect(readTurns([[], [['a', {}]], []])).toEqual([[{ name: 'a', args: {} }]])
  })

  test('null, blank and "null" arguments are no arguments', () => {
    const calls = toolCalls([{ name: 'a', args: null }, { name: 'b', arguments: '' }, { name: 'c', arguments: ' null ' }])
    expect(calls).toEqual([{ name: 'a', args: {} }, { name: 'b', args: {} }, { name: 'c', args: {} }])
  })

  test('JSON text of another non-object is unparseable', () => {
    expect(toolCalls([{ name: 'a', arguments: '[]' }])[0]?.unparseable).toBe('[0].arguments: expected a JSON object of arguments, received an array')
  })

  test('a tuple of three elements is unparseable', () => {
    expect(toolCalls([['a', {}, 1]])[0]?.unparseable).toBe('[0]: expected a call tuple [name, args], received an array of length 3')
  })

  test('a tuple whose arguments are not an object is unparseable and keeps its name', () => {
    expect(toolCalls(['a', 42])).toEqual([{ name: 'a', args: {}, unparseable: '[1]: expected an object of arguments, received a number' }])
  })
})
