import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

// Written from what Strands Agents 1.16 gives (an agent on a loopback server answering as OpenAI does): the package
// is not installed here, as it would bring some 130 packages of its own to the lockfile.

/** Its blocks and messages are class instances tagged by `type`; their JSON is Bedrock's content blocks. */
class ToolUseBlock {
  readonly type = 'toolUseBlock'
  constructor(
    readonly name: string,
    readonly toolUseId: string,
    readonly input: unknown,
  ) {}
  toJSON() {
    return { toolUse: { name: this.name, toolUseId: this.toolUseId, input: this.input } }
  }
}
class TextBlock {
  readonly type = 'textBlock'
  constructor(readonly text: string) {}
  toJSON() {
    return { text: this.text }
  }
}
class ToolResultBlock {
  readonly type = 'toolResultBlock'
  readonly status = 'success'
  constructor(
    readonly toolUseId: string,
    readonly content: TextBlock[],
  ) {}
  toJSON() {
    return { toolResult: { toolUseId: this.toolUseId, status: this.status, content: this.content } }
  }
}
class Message {
  readonly type = 'message'
  readonly trackingId = 't1'
  constructor(
    readonly role: string,
    readonly content: object[],
  ) {}
  toJSON() {
    return { role: this.role, content: this.content, trackingId: this.trackingId }
  }
}

const weather = (id: string, city: string) => new ToolUseBlock('get_weather', id, { city })
const calls = new Message('assistant', [weather('c1', 'Paris'), weather('c2', 'Rome')])
const results = new Message('user', [new ToolResultBlock('c1', [new TextBlock('20C in Paris')]), new ToolResultBlock('c2', [new TextBlock('20C in Rome')])])
const answer = new Message('assistant', [new TextBlock('Warm in both.')])
/** `agent.messages` after the run. */
const messages = [new Message('user', [new TextBlock('Weather?')]), calls, results, answer]

/** An event of `agent.stream()`: it holds the agent, whose messages are the whole conversation, not to be read. */
const event = (type: string, fields: object = {}) =>
  Object.defineProperty({ type, ...fields, invocationState: {} }, 'agent', {
    enumerable: true,
    get() {
      throw new Error('the agent was read')
    },
  })

describe('Strands Agents', () => {
  test("an agent's messages, as instances and as JSON, read as the calls of each assistant message", () => {
    expect(readTurns(messages)).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(messages)))).toEqual([parisAndRome])
    expect(toolCalls(weather('c1', 'Paris'))).toEqual([parisAndRome[0]])
  })

  test("a stream's events, collected, read as the calls of the model's messages once, the events that repeat them passed over", () => {
    const events = [
      event('beforeInvocationEvent'),
      event('messageAddedEvent', { message: messages[0] }),
      event('modelStreamUpdateEvent', { event: { type: 'modelMessageStartEvent', role: 'assistant' } }),
      event('contentBlockEvent', { contentBlock: weather('c1', 'Paris') }),
      event('contentBlockEvent', { contentBlock: weather('c2', 'Rome') }),
      event('modelMessageEvent', { message: calls, stopReason: 'toolUse' }),
      event('beforeToolCallEvent', { toolUse: { name: 'get_weather', toolUseId: 'c1', input: { city: 'Paris' } } }),
      event('afterToolCallEvent', { toolUse: { name: 'get_weather', toolUseId: 'c1', input: { city: 'Paris' } }, result: results.content[0] }),
      event('toolResultEvent', { result: results.content[0] }),
      event('messageAddedEvent', { message: calls }),
      event('messageAddedEvent', { message: results }),
      event('modelMessageEvent', { message: answer, stopReason: 'endTurn' }),
      event('agentResultEvent', { result: { type: 'agentResult', stopReason: 'endTurn', lastMessage: answer } }),
    ]
    expect(readTurns(events)).toEqual([parisAndRome])
    expect(readTurns(JSON.parse(JSON.stringify(events.map(({ type, message }: { type: string; message?: unknown }) => ({ type, message })))))).toEqual([parisAndRome])
  })

  test("an agent's result, which holds its answer alone, is no trajectory: its reason and the matchers say what to pass", () => {
    const result = { type: 'agentResult', stopReason: 'endTurn', lastMessage: answer, metrics: {}, invocationState: {} }
    const pass = 'pass agent.messages, or the events of agent.stream() collected into an array'
    expect(toolCalls(result)).toEqual([{ name: '', args: {}, unparseable: `expected a trajectory, received Strands' agent result, whose lastMessage is its answer alone (${pass})` }])
    expect(() => expect(result).toMatchToolCalls(parisAndRome)).toThrow(`received Strands' agent result, whose lastMessage is its answer alone: ${pass}`)
    expect(() => expect(result).not.toHaveCalledTool('delete_all')).toThrow(`received Strands' agent result, whose lastMessage is its answer alone: ${pass}`)
  })

  test('a tool use whose input is text, arguments the model encoded twice, is unparseable, naming where', () => {
    expect(toolCalls(new Message('assistant', [new ToolUseBlock('get_weather', 'c1', '{"city":"Paris"}')]))).toEqual([
      { name: 'get_weather', args: {}, unparseable: 'content[0].input: expected an object of arguments, received a string' },
    ])
  })
})
