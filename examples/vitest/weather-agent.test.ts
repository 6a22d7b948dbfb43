import { MockLanguageModelV4 } from 'ai/test'
import { optional } from 'expect-toolcalls'
import { describe, expect, test } from 'vitest'
import { tools, weatherAgent } from './weather-agent'

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }

/** A model that makes the given tool calls in one step, then answers in text. */
function modelCalling(...calls: Array<[toolName: string, input: Record<string, unknown>]>) {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: calls.map(([toolName, input], i) => ({ type: 'tool-call' as const, toolCallId: `call_${i}`, toolName, input: JSON.stringify(input) })),
        finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
        usage,
        warnings: [],
      },
      { content: [{ type: 'text' as const, text: 'Done.' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] },
    ],
  })
}

describe('the weather agent on the AI SDK', () => {
  test('its calls, read from the generateText result, with the tools as the grammar', async () => {
    const result = await weatherAgent(modelCalling(['get_weather', { city: 'Lisbon' }]), 'Weather in Lisbon?')
    // The SDK fills in the schema's defaults (days: 1, unit: 'celsius'); the tools' schemas tell the grader they were left out.
    expect(result).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Lisbon' } }], { grammar: tools })
  })

  test('a unit the model may choose, so long as the schema declares it', async () => {
    const gold = [{ name: 'get_weather', args: { city: 'Lisbon', unit: optional() } }]
    const result = await weatherAgent(modelCalling(['get_weather', { city: 'Lisbon', unit: 'fahrenheit' }]), 'Weather in Lisbon?')
    expect(result).toMatchToolCalls(gold, { grammar: tools })
    const wrong = await weatherAgent(modelCalling(['get_weather', { city: 'Lisbon', unit: 'kelvin' }]), 'Weather in Lisbon?')
    expect(() => expect(wrong).toMatchToolCalls(gold, { grammar: tools })).toThrow(
      /expected one of the declared values "celsius", "fahrenheit", received "kelvin"/,
    )
  })

  test('parallel calls in any order', async () => {
    const result = await weatherAgent(
      modelCalling(['convert_currency', { amount: 20, from: 'EUR', to: 'USD' }], ['get_weather', { city: 'Oslo', days: 3 }]),
      'Weather in Oslo for 3 days, and 20 EUR in USD?',
    )
    expect(result).toMatchToolCalls(
      [
        { name: 'get_weather', args: { city: 'Oslo', days: 3 } },
        { name: 'convert_currency', args: { amount: 20, from: 'EUR', to: 'USD' } },
      ],
      { grammar: tools },
    )
  })
})
