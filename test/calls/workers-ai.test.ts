import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

// Written from @cloudflare/workers-types' AiTextGenerationOutput: `{ response?, tool_calls?, usage? }`, its calls
// `{ name, arguments }` (AiTextGenerationToolLegacyOutput) or `{ id, type: 'function', function }` (AiTextGenerationToolOutput).

const usage = { prompt_tokens: 12, completion_tokens: 20, total_tokens: 32 }

describe('Cloudflare Workers AI', () => {
  test("reads env.AI.run()'s output as one turn of its tool_calls, in either form", () => {
    const legacy = { response: null, tool_calls: parisAndRome.map(({ name, args }) => ({ name, arguments: args })), usage }
    expect(readTurns(legacy)).toEqual([parisAndRome])
    const chatForm = parisAndRome.map(({ name, args }, index) => ({ id: `c${index}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }))
    expect(readTurns({ response: '', tool_calls: chatForm, usage })).toEqual([parisAndRome])
    expect(readTurns({ tool_calls: chatForm })).toEqual([parisAndRome])
  })

  test('an answer in text holds no call', () => {
    expect(readTurns({ response: 'Warm in both.', usage })).toEqual([])
    expect(readTurns({ response: 'Warm in both.', tool_calls: [], usage })).toEqual([])
  })

  test('a call whose arguments are not JSON is unparseable, naming where', () => {
    expect(toolCalls({ tool_calls: [{ name: 'get_weather', arguments: '{"city":' }], usage })[0]?.unparseable).toMatch(/^tool_calls\[0\]\.arguments: not valid JSON/)
  })

  test("an object with other fields, or a response that is not text, is no output of Workers AI's", () => {
    expect(toolCalls({ response: 'ok', tool_calls: [], usage, model: 'm' })[0]?.unparseable).toMatch(/^expected a tool call, a message or a model response/)
    const geminiResult = { response: { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } }] } }
    expect(toolCalls(geminiResult)).toEqual([parisAndRome[0]])
    // A lone `{ response: … }` is BFCL's one-key call to a function named response.
    expect(toolCalls({ response: '{"city":"Paris"}' })).toEqual([{ name: 'response', args: { city: 'Paris' } }])
  })
})
