import type { ChatMessage, ToolCall as LlamaToolCall, ToolCallLLM } from '@llamaindex/core/llms'
import { tool } from '@llamaindex/core/tools'
import { agent, agentToolCallEvent } from '@llamaindex/workflow'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

type Step = LlamaToolCall[] | string

const weatherCall = (id: string, city: string): LlamaToolCall => ({ name: 'get_weather', input: { city }, id })

/** A model that answers each chat with the next scripted step, streamed as a provider streams it: a chunk a call. */
function scriptedLlm(steps: Step[]): ToolCallLLM {
  const llm = {
    supportToolCall: true,
    metadata: { model: 'scripted', temperature: 0, topP: 1, contextWindow: 100_000, tokenizer: undefined, structuredOutput: false },
    async chat() {
      const step = steps.shift() ?? 'Done.'
      const chunks = typeof step === 'string' ? [{ delta: step, raw: null }] : step.map((call) => ({ delta: '', raw: null, options: { toolCall: [call] } }))
      return (async function* () {
        yield* chunks
      })()
    },
    async complete() {
      throw new Error('not used')
    },
  }
  return llm as unknown as ToolCallLLM
}

const getWeather = tool({ name: 'get_weather', description: 'The weather in a city', parameters: z.object({ city: z.string() }), execute: ({ city }) => `20C in ${city}` })

/** An agent that asks for the weather in Paris and in Rome at once, then answers. */
const weatherAgent = () => agent({ llm: scriptedLlm([[weatherCall('c1', 'Paris'), weatherCall('c2', 'Rome')], 'Warm in both.']), tools: [getWeather] })

/** A conversation so far, in which the agent already asked for Oslo's weather. */
const chatHistory: ChatMessage[] = [
  { role: 'user', content: 'And in Oslo?' },
  { role: 'assistant', content: '', options: { toolCall: [weatherCall('old', 'Oslo')] } },
  { role: 'user', content: '2C in Oslo', options: { toolResult: { id: 'old', result: '2C in Oslo', isError: false } } },
  { role: 'assistant', content: 'Cold.' },
]

describe('LlamaIndex.TS agent workflow', () => {
  test("a run's result reads as the calls of the run, where its message is the answer alone", async () => {
    const result = await weatherAgent().run('Weather?')
    expect(toolCalls(result.data.message)).toEqual([])
    expect(readTurns(result)).toEqual([parisAndRome])
    expect(readTurns(result.data)).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(result)))).toEqual([parisAndRome])
  })

  test('the matchers grade the run: .not.toHaveCalledTool fails on it', async () => {
    const result = await weatherAgent().run('Weather?')
    expect(result).toMatchToolCalls(parisAndRome)
    expect(() => expect(result).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test("a run given a conversation reads the calls since its prompt, not the conversation's", async () => {
    const result = await weatherAgent().run('Weather?', { chatHistory })
    expect(readTurns(result)).toEqual([parisAndRome])
  })

  test("a stream's events, collected, read as the run's calls once, made in one turn", async () => {
    const events = await weatherAgent().runStream('Weather?').toArray()
    expect(readTurns(events)).toEqual([parisAndRome])
    const callEvents = events.filter((event) => agentToolCallEvent.include(event))
    expect(callEvents).toHaveLength(2)
    expect(readTurns(callEvents)).toEqual([parisAndRome])
    expect(readTurns(callEvents.map((event) => event.data))).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(events)))).toEqual([parisAndRome])
  })

  test("the memory's messages read as the calls of each assistant message, the conversation's included", async () => {
    const result = await weatherAgent().run('Weather?', { chatHistory })
    const messages = await result.data.state!.memory.getLLM()
    expect(readTurns(messages)).toEqual([[{ name: 'get_weather', args: { city: 'Oslo' } }], parisAndRome])
  })
})

describe('LlamaIndex.TS, hand-written', () => {
  test("a provider's message holds the model's JSON text as a call's input: read as arguments; text that is not JSON is unparseable", () => {
    const message = (input: string) => ({ role: 'assistant', content: '', options: { toolCall: [{ name: 'get_weather', input, id: 'c1' }] } })
    expect(toolCalls(message('{"city":"Paris"}'))).toEqual([parisAndRome[0]])
    expect(toolCalls(message('{"city":'))[0]?.unparseable).toMatch(/^options\.toolCall\[0\]\.input: not valid JSON/)
  })

  test("a run's result whose state holds no memory's messages is unparseable, saying what to pass", () => {
    const stop = { data: { message: { role: 'assistant', content: 'Warm.' }, result: 'Warm.', state: { scratchpad: [] } } }
    expect(toolCalls(stop)).toEqual([
      {
        name: '',
        args: {},
        unparseable: "data.state: an agent's result whose state holds no memory's messages: collect the events of runStream() into an array, and pass them",
      },
    ])
  })

  test('a tool call event whose arguments are no object is unparseable, naming where', () => {
    expect(toolCalls({ data: { agentName: 'Agent', toolName: 'get_weather', toolKwargs: '{"city":"Paris"}', toolId: 'c1' } })[0]?.unparseable).toBe(
      'data.toolKwargs: expected an object of arguments, received a string',
    )
  })
})
