/**
 * A weather agent on the AI SDK: the tools it offers the model, and one run of it. The tests
 * hand it a mock model from `ai/test`, so no network is needed.
 */
import { generateText, isStepCount, type LanguageModel, tool } from 'ai'
import { z } from 'zod'

export const tools = {
  get_weather: tool({
    description: 'The forecast for a city',
    inputSchema: z.object({ city: z.string(), days: z.number().int().default(1), unit: z.enum(['celsius', 'fahrenheit']).default('celsius') }),
    execute: async ({ city, days, unit }) => `${city}: mild for ${days} day(s), in ${unit}`,
  }),
  convert_currency: tool({
    description: 'An amount in another currency',
    inputSchema: z.object({ amount: z.number(), from: z.string().length(3), to: z.string().length(3) }),
    execute: async ({ amount }) => amount,
  }),
}

export function weatherAgent(model: LanguageModel, request: string) {
  return generateText({ model, prompt: request, tools, stopWhen: isStepCount(4) })
}
