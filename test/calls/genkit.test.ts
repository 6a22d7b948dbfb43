import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

// Written from what Genkit 1.42 gives (a model defined with `ai.defineModel`, its tool run by `ai.generate`):
// the package is not installed here, as it would bring a tree of its own to the lockfile.

const request = (ref: string, city: string) => ({ toolRequest: { name: 'get_weather', ref, input: { city } } })
const response = (ref: string, city: string) => ({ toolResponse: { name: 'get_weather', ref, output: `20C in ${city}` } })

/** `response.messages` after a run of two steps: the prompt, the model's requests, the tools' responses, its answer. */
const messages = [
  { role: 'user', content: [{ text: 'Weather?' }] },
  { role: 'model', content: [request('c1', 'Paris'), request('c2', 'Rome')] },
  { role: 'tool', content: [response('c1', 'Paris'), response('c2', 'Rome')] },
  { role: 'model', content: [{ text: 'Warm.' }] },
]

describe('Genkit', () => {
  test("reads a run's messages as the calls of their toolRequest parts, a turn per model message", () => {
    expect(readTurns(messages)).toEqual([parisAndRome])
    expect(readTurns([...messages, { role: 'model', content: [request('c3', 'Oslo')] }])).toEqual([parisAndRome, [{ name: 'get_weather', args: { city: 'Oslo' } }]])
  })

  test("reads a response's message, and its toolRequests, as returnToolRequests leaves them", () => {
    const message = messages[1]!
    expect(readTurns({ message, finishReason: 'stop', usage: {}, custom: {} })).toEqual([parisAndRome])
    expect(readTurns({ message, finishReason: 'stop', request: { messages: messages.slice(0, 1) } })).toEqual([parisAndRome])
    expect(readTurns(message.content)).toEqual([parisAndRome])
  })

  test('a request without input is a call without arguments; input given as text, arguments the model encoded twice, is unparseable', () => {
    expect(toolCalls({ toolRequest: { name: 'now', ref: 'c1' } })).toEqual([{ name: 'now', args: {} }])
    expect(toolCalls({ toolRequest: { name: 'get_weather', input: '{"city":"Paris"}' } })).toEqual([
      { name: 'get_weather', args: {}, unparseable: 'toolRequest.input: expected an object of arguments, received a string' },
    ])
  })

  test('a toolResponse part holds no call and ends the turn', () => {
    expect(readTurns([request('c1', 'Paris'), response('c1', 'Paris'), request('c2', 'Rome')])).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test("a stream's chunks, which name their role, read as the calls streamed", () => {
    const chunk = (role: string, index: number, ...content: object[]) => ({ role, index, content })
    const chunks = [chunk('model', 0, request('c0', 'Paris')), chunk('model', 0, request('c1', 'Rome')), chunk('tool', 1, response('c0', 'Paris')), chunk('model', 2, { text: 'Warm.' })]
    expect(readTurns(chunks)).toEqual([parisAndRome])
  })
})

/** What `generate` returned, as its `toJSON()`: its last message, and the request that led to it, whose messages begin with the conversation so far. */
const generated = (message: object, requestMessages: object[], finishReason = 'stop') => ({
  message,
  finishReason,
  usage: {},
  custom: {},
  request: { messages: requestMessages, config: {}, tools: [{ name: 'get_weather', description: 'w', key: '/tool/get_weather' }], output: {} },
})

const earlierTurn = [
  { role: 'user', content: [{ text: 'And in Oslo?' }] },
  { role: 'model', content: [request('old', 'Oslo')] },
  { role: 'tool', content: [{ toolResponse: { name: 'get_weather', ref: 'old', output: '2C in Oslo' } }] },
  { role: 'model', content: [{ text: 'Cold.' }] },
]

/** The class Genkit returns it as: its getters give the messages, the earlier turns' included, and the last message's requests. */
class GenerateResponse {
  readonly message: object
  readonly finishReason: string
  readonly request: { messages: object[] }
  constructor(json: ReturnType<typeof generated>) {
    this.message = json.message
    this.finishReason = json.finishReason
    this.request = json.request
  }
  get messages() {
    return [...this.request.messages, this.message]
  }
  get toolRequests() {
    return []
  }
}

describe('Genkit response', () => {
  // After the tools ran, Genkit's message is the model's answer: read alone, a run of no calls.
  const run = generated(messages[3]!, [...earlierTurn, ...messages.slice(0, 3)])

  test("reads the calls since the request's last user message, the prompt, not the conversation's before it", () => {
    expect(readTurns(run)).toEqual([parisAndRome])
    expect(readTurns(new GenerateResponse(run))).toEqual([parisAndRome])
    expect(toolCalls(JSON.parse(JSON.stringify(run)))).toEqual(parisAndRome)
  })

  test('a run of several steps reads a turn a step, and a response that ends in a call reads that call last', () => {
    const berlin = { name: 'get_weather', args: { city: 'Berlin' } }
    const twoSteps = [...messages.slice(0, 3), { role: 'model', content: [request('c3', 'Berlin')] }, { role: 'tool', content: [response('c3', 'Berlin')] }]
    expect(readTurns(generated(messages[3]!, twoSteps))).toEqual([parisAndRome, [berlin]])
    const interrupted = generated({ role: 'model', content: [{ ...request('c3', 'Berlin'), metadata: { interrupt: true } }] }, messages.slice(0, 3), 'interrupted')
    expect(readTurns(interrupted)).toEqual([parisAndRome, [berlin]])
  })

  test("the matchers grade the run's calls: .not.toHaveCalledTool fails on them", () => {
    expect(run).toMatchToolCalls(parisAndRome)
    expect(() => expect(new GenerateResponse(run)).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test("generateStream's result, { stream, response }, not collected is no trajectory, and says what to pass; its response, awaited, reads as the run", async () => {
    const result = { stream: (async function* () {})(), response: Promise.resolve(new GenerateResponse(run)) }
    expect(toolCalls(result)[0]?.unparseable).toMatch(/^expected a trajectory, received a stream result, \{ stream, response \}.*Genkit's, await result\.response\)$/)
    expect(() => expect(result).not.toHaveCalledTool('delete_all')).toThrow("Genkit's, await result.response")
    expect(readTurns(await result.response)).toEqual([parisAndRome])
  })

  test("a request's messages that are not a list leave the response read as its message", () => {
    expect(readTurns({ ...run, request: { messages: null } })).toEqual([])
    expect(readTurns({ ...run, message: messages[1], request: {} })).toEqual([parisAndRome])
  })

  test('a message of the run that cannot be read is unparseable, naming where', () => {
    const broken = generated(messages[3]!, [messages[0]!, { role: 'model', content: [{ toolRequest: { name: 'get_weather', input: 'Paris' } }] }])
    expect(toolCalls(broken)).toEqual([
      { name: 'get_weather', args: {}, unparseable: 'request.messages[1].content[0].toolRequest.input: expected an object of arguments, received a string' },
    ])
  })
})
