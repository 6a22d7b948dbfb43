import { AgentExecutor, createToolCallingAgent } from '@langchain/classic/agents'
import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, type BaseMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'
import { ChatPromptTemplate } from '@langchain/core/prompts'
import { tool } from '@langchain/core/tools'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

/** A chat model that answers each call with the next scripted message. */
class ScriptedChatModel extends BaseChatModel {
  private next = 0
  constructor(private readonly replies: BaseMessage[]) {
    super({})
  }
  _llmType(): string {
    return 'scripted'
  }
  override bindTools(): this {
    return this
  }
  async _generate(): Promise<ChatResult> {
    const message = this.replies[this.next++]!
    return { generations: [{ message, text: typeof message.content === 'string' ? message.content : '' }] }
  }
}

const weatherCall = (id: string, city: string) => ({ id, name: 'get_weather', args: { city }, type: 'tool_call' as const })
const getWeather = tool(async ({ city }: { city: string }) => `20C in ${city}`, { name: 'get_weather', description: 'The weather in a city', schema: z.object({ city: z.string() }) })
const prompt = ChatPromptTemplate.fromMessages([['system', 'You tell the weather.'], ['human', '{input}'], ['placeholder', '{agent_scratchpad}']])

/** An executor whose agent asks for Paris and Rome at once, then Oslo, then answers; its steps returned. */
function weatherExecutor(): AgentExecutor {
  const llm = new ScriptedChatModel([
    new AIMessage({ content: '', tool_calls: [weatherCall('c1', 'Paris'), weatherCall('c2', 'Rome')] }),
    new AIMessage({ content: '', tool_calls: [weatherCall('c3', 'Oslo')] }),
    new AIMessage('Warm, then cold.'),
  ])
  const agent = createToolCallingAgent({ llm, tools: [getWeather], prompt })
  return new AgentExecutor({ agent, tools: [getWeather], returnIntermediateSteps: true })
}

const oslo = { name: 'get_weather', args: { city: 'Oslo' } }

describe("LangChain's AgentExecutor, run on a scripted model", () => {
  test('its output with the intermediate steps reads a turn per model message, as a class instance and as JSON', async () => {
    const output = await weatherExecutor().invoke({ input: 'Weather?' })
    expect(output.intermediateSteps).toHaveLength(3)
    expect(readTurns(output)).toEqual([parisAndRome, [oslo]])
    expect(readTurns(JSON.parse(JSON.stringify(output)))).toEqual([parisAndRome, [oslo]])
  })

  test('the matchers grade its steps: .not.toHaveCalledTool fails on them', async () => {
    const output = await weatherExecutor().invoke({ input: 'Weather?' })
    expect(output).toMatchToolCalls([parisAndRome, [oslo]], { order: 'turns' })
    expect(() => expect(output).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test('its steps alone read as their calls, one turn, as steps listed without their output do not tell the turns apart', async () => {
    const output = await weatherExecutor().invoke({ input: 'Weather?' })
    expect(readTurns(output.intermediateSteps)).toEqual([[...parisAndRome, oslo]])
  })
})

describe("LangChain's AgentExecutor, hand-written", () => {
  test("a ReAct agent's text input is read as JSON, and is unparseable where it is none; each of its steps is a turn", () => {
    const step = (toolInput: string) => ({ action: { tool: 'get_weather', toolInput, log: `Action: get_weather\nAction Input: ${toolInput}` }, observation: '20C' })
    expect(readTurns({ output: 'Warm.', intermediateSteps: [step('{"city":"Paris"}'), step('{"city":"Rome"}')] })).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
    expect(toolCalls(step('Paris'))[0]?.unparseable).toMatch(/^action\.toolInput: not valid JSON/)
  })
})
