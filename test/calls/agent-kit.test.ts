import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

// Written from what Inngest's AgentKit 0.13 gives (an agent and a network run on a loopback server answering as
// OpenAI does): the package is not installed here, as it would bring some 200 packages of its own to the lockfile.

const tool = (id: string, city: string) => ({ type: 'tool', id, name: 'get_weather', function: 'get_weather', input: { city } })
const toolCallMessage = (...tools: object[]) => ({ role: 'assistant', stop_reason: 'tool', type: 'tool_call', tools })
const toolResult = (id: string, city: string) => ({
  role: 'tool_result',
  type: 'tool_result',
  tool: { type: 'tool', id, name: 'get_weather' },
  content: { data: `20C in ${city}` },
  stop_reason: 'tool',
})
const answer = { role: 'assistant', stop_reason: 'stop', type: 'text', content: 'Warm in both.' }

/** What `agent.run()` returns: its output, and in `toolCalls` the tools' results; `prompt` and `history` hold what the model was sent. */
const agentResult = (output: object[], toolCalls: object[], history: object[] = []) => ({
  agentName: 'weather',
  output,
  toolCalls,
  createdAt: new Date(0),
  prompt: [{ type: 'text', role: 'system', content: 'You tell the weather.' }, { type: 'text', role: 'user', content: 'Weather?' }],
  history,
  raw: '{"id":"x"}',
  id: 'r1',
})

const calling = agentResult([toolCallMessage(tool('c1', 'Paris'), tool('c2', 'Rome'))], [toolResult('c1', 'Paris'), toolResult('c2', 'Rome')])
const answering = agentResult([answer], [], [toolCallMessage(tool('c1', 'Paris'), tool('c2', 'Rome')), toolResult('c1', 'Paris'), toolResult('c2', 'Rome')])

describe("Inngest's AgentKit", () => {
  test("an agent's result reads as the calls of its output, not its tools' results; as JSON too", () => {
    expect(readTurns(calling)).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(calling)))).toEqual([parisAndRome])
  })

  test('the matchers grade the result: .not.toHaveCalledTool fails on it', () => {
    expect(calling).toMatchToolCalls(parisAndRome)
    expect(() => expect(calling).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test("a network's results read a turn per call message, the history each result was sent not read again", () => {
    expect(readTurns([calling, answering])).toEqual([parisAndRome])
    const network = { name: 'n', agents: new Map(), maxIter: 3, history: {}, state: { results: [calling, answering], data: {}, kv: {} } }
    expect(readTurns(network)).toEqual([parisAndRome])
  })

  test("a network state's history, its messages, reads as the calls of each tool_call message", () => {
    const history = [{ type: 'text', role: 'user', content: 'Weather?' }, ...calling.output, ...calling.toolCalls, answer]
    expect(readTurns(history)).toEqual([parisAndRome])
    expect(readTurns([toolCallMessage(tool('c1', 'Paris')), toolResult('c1', 'Paris'), toolCallMessage(tool('c2', 'Rome'))])).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test('a tool alone is a call; its input as text, arguments the model encoded twice, is unparseable, naming where', () => {
    expect(toolCalls(tool('c1', 'Paris'))).toEqual([parisAndRome[0]])
    expect(toolCalls(toolCallMessage({ ...tool('c1', 'Paris'), input: '{"city":"Paris"}' }))).toEqual([
      { name: 'get_weather', args: {}, unparseable: 'tools[0].input: expected an object of arguments, received a string' },
    ])
  })
})
