import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { bfclLines } from '../fixtures/bfcl-data'

type GoldCall = Record<string, Record<string, unknown[]>>

/** Each gold entry answered as a model would: the first allowed value of every parameter. */
function modelOutputs(file: string): { id: string; output: Record<string, Record<string, unknown>>[]; gold: GoldCall[] }[] {
  const lines = bfclLines(`possible_answer/${file}`)
  return lines.map((line) => {
    const { id, ground_truth: gold } = JSON.parse(line) as { id: string; ground_truth: GoldCall[] }
    const output = gold.map((call) =>
      Object.fromEntries(Object.entries(call).map(([name, params]) => [name, Object.fromEntries(Object.entries(params).map(([key, allowed]) => [key, allowed[0]]))])),
    )
    return { id, output, gold }
  })
}

describe('BFCL model output as a list of { fname: { arg: value } }', () => {
  test('reads one call per object, as one turn', () => {
    expect(readTurns([{ get_weather: { city: 'Paris' } }, { get_time: {} }])).toEqual([
      [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_time', args: {} },
      ],
    ])
  })

  test('keeps a dotted function name whole', () => {
    expect(toolCalls([{ 'math.factorial': { number: 5 } }])).toEqual([{ name: 'math.factorial', args: { number: 5 } }])
  })

  test("an API's error body is a failed request, not a call to a tool named error; a call to error with a message alone is a call", () => {
    expect(toolCalls({ error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } })).toEqual([
      { name: '', args: {}, unparseable: 'error: the request failed (rate_limit_exceeded: Rate limit reached)' },
    ])
    expect(toolCalls([{ error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } }])[0]?.unparseable).toBe(
      '[0].error: the request failed (RESOURCE_EXHAUSTED: Resource exhausted)',
    )
    expect(toolCalls([{ error: { message: 'disk full' } }])).toEqual([{ name: 'error', args: { message: 'disk full' } }])
  })

  test('an object whose one value is not an object is not a call', () => {
    expect(toolCalls([{ get_weather: 'Paris' }])[0]?.unparseable).toBe(
      '[0]: expected a tool call, a message or a model response, received an object with keys get_weather',
    )
  })

  test("reads a function-calling model's calls as BFCL's result files hold them, { fname: '<JSON arguments>' }", () => {
    expect(readTurns([{ get_weather: ' {"city": "Paris"}' }, { get_time: '{}' }])).toEqual([
      [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_time', args: {} },
      ],
    ])
    expect(toolCalls([{ get_weather: '{"city": "Par' }])[0]).toMatchObject({ name: 'get_weather', unparseable: expect.stringMatching(/^\[0\]\.get_weather: not valid JSON \(/) })
    expect(toolCalls([{ get_weather: '{"city": "Paris"} trailing' }])[0]?.unparseable).toMatch(/^\[0\]\.get_weather: not valid JSON/)
  })

  test('reads a function-calling call to a tool named like a field of our own form, as BFCL mode does', () => {
    expect(toolCalls([{ name: '{"first": "Ada"}' }, { arguments: '{"x": 1}' }, { args: ' {}' }])).toEqual([
      { name: 'name', args: { first: 'Ada' } },
      { name: 'arguments', args: { x: 1 } },
      { name: 'args', args: {} },
    ])
    // Our own form keeps its meaning: a name alone, or a name with arguments as JSON text.
    expect(toolCalls([{ name: 'f' }, { name: 'f', arguments: '{"x": 1}' }])).toEqual([
      { name: 'f', args: {} },
      { name: 'f', args: { x: 1 } },
    ])
  })

  test('reads every parallel answer given as a function-calling model gives it like the decoded answer', () => {
    for (const { id, output } of modelOutputs('BFCL_v4_parallel.json')) {
      const asText = output.map((call) => Object.fromEntries(Object.entries(call).map(([name, args]) => [name, JSON.stringify(args)])))
      expect({ id, calls: toolCalls(asText) }).toEqual({ id, calls: toolCalls(output) })
    }
  })

  test('reads every parallel_multiple answer into one turn with the gold names in order', () => {
    const entries = modelOutputs('BFCL_v4_parallel_multiple.json')
    for (const { id, output, gold } of entries) {
      const turns = readTurns(output)
      expect({ id, names: turns.map((turn) => turn.map((call) => call.name)) }).toEqual({ id, names: [gold.map((call) => Object.keys(call)[0])] })
    }
  })

  test('reads every parallel answer’s arguments unchanged', () => {
    for (const { id, output } of modelOutputs('BFCL_v4_parallel.json')) {
      const args = toolCalls(output).map((call) => call.args)
      expect({ id, args }).toEqual({ id, args: output.map((call) => Object.values(call)[0]) })
    }
  })
})
