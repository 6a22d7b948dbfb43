import { AIMessage, AIMessageChunk, type BaseMessage, HumanMessage } from '@langchain/core/messages'
import { tool } from '@langchain/core/tools'
import { Annotation, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph'
import { ToolNode } from '@langchain/langgraph/prebuilt'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

const getWeather = tool(async ({ city }) => `20°C in ${city}`, {
  name: 'get_weather',
  description: 'The weather in a city.',
  schema: z.object({ city: z.string() }),
})

/** A ReAct graph whose model asks for the weather in Paris and Rome, then answers once the results are in. */
function weatherAgent() {
  const agent = (state: typeof MessagesAnnotation.State) => {
    const answered = state.messages.some((message: BaseMessage) => message.getType() === 'tool')
    const reply = answered
      ? new AIMessage('Warm in both.')
      : new AIMessage({
          content: '',
          tool_calls: [
            { name: 'get_weather', args: { city: 'Paris' }, id: 'call_1', type: 'tool_call' },
            { name: 'get_weather', args: { city: 'Rome' }, id: 'call_2', type: 'tool_call' },
          ],
        })
    return { messages: [reply] }
  }
  const next = (state: typeof MessagesAnnotation.State) => ((state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END)
  return new StateGraph(MessagesAnnotation)
    .addNode('agent', agent)
    .addNode('tools', new ToolNode([getWeather]))
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', next, ['tools', END])
    .addEdge('tools', 'agent')
    .compile()
}

const question = { messages: [new HumanMessage('Weather in Paris and Rome?')] }

/** The weather agent behind a router that updates only state of its own, and a node that updates nothing. */
function routedWeatherAgent() {
  const State = Annotation.Root({ ...MessagesAnnotation.spec, route: Annotation<string>() })
  return new StateGraph(State)
    .addNode('router', () => ({ route: 'weather' }))
    .addNode('noop', () => ({}))
    .addNode('agent', weatherAgent())
    .addEdge(START, 'router')
    .addEdge('router', 'noop')
    .addEdge('noop', 'agent')
    .addEdge('agent', END)
    .compile()
}

type StreamMode = 'values' | 'updates' | 'messages' | 'custom'

async function streamedFrom(graph: ReturnType<typeof routedWeatherAgent>, streamMode: StreamMode | StreamMode[]): Promise<unknown[]> {
  const chunks: unknown[] = []
  for await (const chunk of await graph.stream(question, { streamMode })) chunks.push(chunk)
  return chunks
}

async function streamed(streamMode: 'values' | 'updates'): Promise<unknown[]> {
  const chunks: unknown[] = []
  for await (const chunk of await weatherAgent().stream(question, { streamMode })) chunks.push(chunk)
  return chunks
}

describe('a LangGraph run', () => {
  test('its final state reads as its conversation', async () => {
    const state = await weatherAgent().invoke(question)
    expect(readTurns(state)).toEqual([parisAndRome])
    expect(readTurns(state.messages)).toEqual([parisAndRome])
  })

  test("streamed in 'values' mode, each state repeating the last, reads as its last state: no call counted twice", async () => {
    const states = await streamed('values')
    expect(states.length).toBeGreaterThan(2)
    expect(readTurns(states)).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(states)))).toEqual([parisAndRome])
    expect(states).toMatchToolCalls(parisAndRome)
  })

  test("streamed in 'updates' mode, reads as the messages each node added, not as calls named after the nodes", async () => {
    const updates = await streamed('updates')
    expect(updates.map((update) => Object.keys(update as object))).toEqual([['agent'], ['tools'], ['agent']])
    expect(readTurns(updates)).toEqual([parisAndRome])
    // As a log keeps them: without ids the BFCL form { fname: { arg } } had read { agent: { messages } } as a call to agent.
    expect(readTurns(JSON.parse(JSON.stringify(updates)))).toEqual([parisAndRome])
    expect(() => expect(JSON.parse(JSON.stringify(updates))).not.toHaveCalledTool('get_weather')).toThrow()
  })

  test("streamed in 'updates' mode, a node that adds no message adds no call: not a call named after the node", async () => {
    const updates = await streamedFrom(routedWeatherAgent(), 'updates')
    expect(updates.slice(0, 2)).toEqual([{ router: { route: 'weather' } }, { noop: {} }])
    expect(readTurns(updates)).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(updates)))).toEqual([parisAndRome])
    expect(updates).not.toHaveCalledTool('router')
    // Alone, an update of no messages is BFCL's { fname: { arg } }: nothing in the list says it is a graph's.
    expect(readTurns([{ router: { route: 'weather' } }])).toEqual([[{ name: 'router', args: { route: 'weather' } }]])
  })

  test('streamed in several modes, [mode, chunk], reads the chunks of one mode: each call once, none named after a mode', async () => {
    for (const modes of [['updates'], ['values'], ['messages'], ['updates', 'messages'], ['values', 'updates'], ['custom', 'values', 'messages']] as StreamMode[][]) {
      const chunks = await streamedFrom(routedWeatherAgent(), modes)
      expect(new Set(chunks.map((chunk) => (chunk as [string])[0])), String(modes)).toEqual(new Set(modes.filter((mode) => mode !== 'custom')))
      expect(readTurns(chunks), String(modes)).toEqual([parisAndRome])
      expect(readTurns(JSON.parse(JSON.stringify(chunks))), String(modes)).toEqual([parisAndRome])
    }
  })

  test("a list that is no graph's stream is looked through for one once, however many of its items could be a node's update", () => {
    const calls = Array.from({ length: 2000 }, (_, i) => ({ [`f${i}`]: { a: i } }))
    let itemReads = 0
    const counted = new Proxy(calls, {
      get: (target, key) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) itemReads++
        return Reflect.get(target, key)
      },
    })
    expect(toolCalls(counted)).toHaveLength(2000)
    // Once to read each item, once to look for a graph's chunk (and the first to tell a tuple): not once more for every item, 4 million.
    expect(itemReads).toBeLessThan(3 * 2000)
  })

  test("tuple calls to tools named as a graph's stream modes are still calls", () => {
    expect(readTurns([['updates', { since: 1 }], ['values', { of: 'x' }]])).toEqual([[
      { name: 'updates', args: { since: 1 } },
      { name: 'values', args: { of: 'x' } },
    ]])
  })

  test('states of two runs, which do not continue one another, are read each', async () => {
    const [first, second] = [await weatherAgent().invoke(question), await weatherAgent().invoke(question)]
    expect(readTurns([first, second])).toEqual([parisAndRome, parisAndRome])
  })

  test('a state that drops messages of the one before it is read whole, after it', () => {
    const ask = new AIMessage({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1', type: 'tool_call' }] })
    const again = new AIMessage({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Rome' }, id: 'c2', type: 'tool_call' }] })
    const human = new HumanMessage({ content: 'Weather?', id: 'h1' })
    expect(readTurns([{ messages: [human, ask] }, { messages: [human, again] }])).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
    expect(readTurns([{ messages: [human, ask] }, { messages: [human, ask, again] }])).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test("streamed in 'messages' mode, reads the message of each [message, metadata] pair", async () => {
    const chunks: unknown[] = []
    for await (const chunk of await weatherAgent().stream(question, { streamMode: 'messages' })) chunks.push(chunk)
    expect(readTurns(chunks)).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(chunks)))).toEqual([parisAndRome])
  })

  test("a model's chunks streamed in 'messages' mode merge into its calls, as concat merges them", () => {
    const metadata = { langgraph_node: 'agent', langgraph_step: 1 }
    const piece = (args: string, extra: object = {}) => new AIMessageChunk({ content: '', id: 'run-1', tool_call_chunks: [{ index: 0, args, ...extra }] })
    const pieces = [piece('{"ci', { id: 'call_1', name: 'get_weather' }), piece('ty": "Par'), piece('is"}')]
    expect(readTurns(pieces.map((chunk) => [chunk, metadata]))).toEqual([[parisAndRome[0]]])
    expect(readTurns(pieces.slice(0, 2).map((chunk) => [chunk, metadata]))[0]?.[0]?.unparseable).toMatch(/not valid JSON/)
  })

  test('an item between two states keeps them apart: the second is read whole, the item between too', () => {
    const ask = new AIMessage({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1', type: 'tool_call' }] })
    const human = new HumanMessage({ content: 'Weather?', id: 'h1' })
    const own = { name: 'now', args: {} }
    expect(readTurns([{ messages: [human, ask] }, own, { messages: [human, ask] }])).toEqual([[parisAndRome[0]], [own], [parisAndRome[0]]])
    expect(readTurns([{ messages: [human, ask] }, [own], { messages: [human, ask] }])).toEqual([[parisAndRome[0]], [own], [parisAndRome[0]]])
  })

  test("an update of one message, and an interrupt's, as a node or a pause gives them", () => {
    const ask = new AIMessage({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1', type: 'tool_call' }] })
    expect(readTurns([{ agent: { messages: ask } }, { __interrupt__: [{ value: 'approve?' }] }])).toEqual([[parisAndRome[0]]])
  })

  test("a BFCL call with an argument named messages is still a call, whatever its messages' shape", () => {
    for (const messages of [[{ role: 'user', content: 'hi' }], [{ type: 'ai', content: 'hi' }], [{ type: 'human', content: 'hi' }]]) {
      expect(readTurns({ send_chat: { messages } })).toEqual([[{ name: 'send_chat', args: { messages } }]])
    }
  })

  test('a tuple call whose arguments name a graph node is still a call', () => {
    expect(readTurns([['search', { langgraph_node: 'x' }]])).toEqual([[{ name: 'search', args: { langgraph_node: 'x' } }]])
  })
})
