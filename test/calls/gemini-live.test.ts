import { GoogleGenAI, LiveServerMessage, type FunctionCall } from '@google/genai'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'
import { startWebSocketServer, type WebSocketServer } from './servers/web-socket-server'

const [paris, rome] = parisAndRome as [(typeof parisAndRome)[0], (typeof parisAndRome)[0]]

const weatherCall = (id: string, city: string): FunctionCall => ({ id, name: 'get_weather', args: { city } })

/** A Live session as `onmessage` receives it: Paris asked for alone, answered, then Rome. */
const session: LiveServerMessage[] = [
  { setupComplete: {} },
  { serverContent: { modelTurn: { role: 'model', parts: [{ text: 'Let me check.' }] } } },
  { toolCall: { functionCalls: [weatherCall('c1', 'Paris')] } },
  { serverContent: { outputTranscription: { text: 'And now Rome.' } } },
  { toolCall: { functionCalls: [weatherCall('c2', 'Rome')] } },
  { serverContent: { modelTurn: { role: 'model', parts: [{ text: 'Sunny in both.' }] }, turnComplete: true }, usageMetadata: { totalTokenCount: 42 } },
  { sessionResumptionUpdate: { newHandle: 'h1', resumable: true } },
  { goAway: { timeLeft: '10s' } },
] as LiveServerMessage[]

describe('Gemini Live API, hand-written', () => {
  test("a session's messages give one turn per toolCall message, as the client answers each before the model goes on", () => {
    expect(readTurns(session)).toEqual([[paris], [rome]])
  })

  test('the calls of one toolCall message are one turn', () => {
    const message: LiveServerMessage = { toolCall: { functionCalls: [weatherCall('c1', 'Paris'), weatherCall('c2', 'Rome')] } } as LiveServerMessage
    expect(readTurns(message)).toEqual([parisAndRome])
  })

  test('a function call without args has no arguments', () => {
    expect(toolCalls({ toolCall: { functionCalls: [{ id: 'c1', name: 'now' }] } })).toEqual([{ name: 'now', args: {} }])
  })

  test('the messages without a toolCall hold no call, and are not read as BFCL calls to a tool of their name', () => {
    const others = [
      { setupComplete: { sessionId: 's1' } },
      { serverContent: { interrupted: true } },
      { serverContent: { inputTranscription: { text: 'Weather?' } } },
      { usageMetadata: { totalTokenCount: 3 } },
      { goAway: { timeLeft: '5s' } },
      { sessionResumptionUpdate: { resumable: false } },
      { voiceActivity: { voiceActivityType: 'ACTIVITY_START' } },
      { voiceActivityDetectionSignal: { vadSignalType: 'VAD_SIGNAL_TYPE_SOS' } },
      // A dump of every field, as Python's model_dump() writes one.
      { setupComplete: { sessionId: 's1' }, serverContent: null, toolCall: null, toolCallCancellation: null, usageMetadata: null, goAway: null },
    ]
    for (const message of others) expect(readTurns(message), JSON.stringify(message)).toEqual([])
    expect(readTurns(others)).toEqual([])
  })

  test("the client's messages in a two-way transcript hold no call either; a tool of their name given other arguments is still a call", () => {
    const transcript = [
      { clientContent: { turns: [{ role: 'user', parts: [{ text: 'Weather in Paris, then Rome?' }] }], turnComplete: true } },
      { realtimeInput: { audio: { data: 'AAAA', mimeType: 'audio/pcm;rate=16000' } } },
      { toolCall: { functionCalls: [weatherCall('c1', 'Paris')] } },
      { toolResponse: { functionResponses: [{ id: 'c1', name: 'get_weather', response: { output: 'sunny' } }] } },
      { realtimeInput: { activityEnd: {}, audioStreamEnd: true } },
      { toolCall: { functionCalls: [weatherCall('c2', 'Rome')] } },
    ]
    expect(readTurns(transcript)).toEqual([[paris], [rome]])
    expect(toolCalls({ clientContent: { turns: 2, language: 'fr' } })).toEqual([{ name: 'clientContent', args: { turns: 2, language: 'fr' } }])
    expect(toolCalls({ realtimeInput: {} })).toEqual([{ name: 'realtimeInput', args: {} }])
  })

  test('calls the server cancelled stay: the model made them', () => {
    const messages = [{ toolCall: { functionCalls: [weatherCall('c1', 'Paris')] } }, { serverContent: { interrupted: true } }, { toolCallCancellation: { ids: ['c1'] } }]
    expect(readTurns(messages)).toEqual([[paris]])
  })

  test("a Part's server-side toolCall ({ id, toolType, args }) is still no call", () => {
    const builtIn = { toolCall: { id: 't1', toolType: 'GOOGLE_SEARCH_WEB', args: { query: 'weather' } } }
    expect(readTurns(builtIn)).toEqual([])
    expect(readTurns({ role: 'model', parts: [builtIn, { functionCall: weatherCall('c1', 'Paris') }] })).toEqual([[paris]])
  })

  test('malformed function calls are unparseable where they stand, naming the path; their siblings are read', () => {
    const unreadable = Object.defineProperty({ name: 'get_weather' }, 'args', {
      enumerable: true,
      get() {
        throw new Error('gone')
      },
    })
    const unnamed = Object.defineProperty({}, 'name', {
      enumerable: true,
      get() {
        throw new Error('nameless')
      },
    })
    const calls = toolCalls([
      { setupComplete: {} },
      { toolCall: { functionCalls: [weatherCall('c1', 'Paris'), 'get_weather', { id: 'c3' }, { name: 'f', args: 'no json' }, unreadable, unnamed, weatherCall('c2', 'Rome')] } },
    ])
    expect(calls.map((call) => call.unparseable)).toEqual([
      undefined,
      '[1].toolCall.functionCalls[1]: expected a function call, received a string',
      '[1].toolCall.functionCalls[2].name: expected a tool name, received undefined',
      expect.stringMatching(/^\[1\]\.toolCall\.functionCalls\[3\]\.args: not valid JSON/),
      '[1].toolCall.functionCalls[4].args: could not be read (gone)',
      '[1].toolCall.functionCalls[5].name: could not be read (nameless)',
      undefined,
    ])
    expect(calls[4]?.name).toBe('get_weather')
    expect(calls[6]).toEqual(rome)
  })

  test('functionCalls that is not a list is unparseable', () => {
    expect(toolCalls({ toolCall: { functionCalls: { name: 'get_weather' } } })[0]?.unparseable).toBe('toolCall.functionCalls: expected a list of function calls, received an object with keys name')
    expect(toolCalls({ toolCall: { functionCalls: null } })).toEqual([])
  })

  test('function calls count against the bound on list items, so a list shared by many messages is not read over and over', () => {
    const shared = new Array(300_000).fill({ name: 'f', args: {} })
    const messages = Array.from({ length: 4 }, () => ({ toolCall: { functionCalls: shared } }))
    expect(readTurns(messages)).toEqual([[{ name: '', args: {}, unparseable: 'more than 1,000,000 list items in all (does it hold the same list in many places?)' }]])
  })

  test('a one-key object that only shares a field name with a Live message, its value not an object, is still a BFCL call', () => {
    expect(toolCalls({ goAway: '{"when": "now"}' })).toEqual([{ name: 'goAway', args: { when: 'now' } }])
  })

  test("the SDK's LiveServerMessage instances are read without touching their getters that warn", () => {
    const instances = session.map((message) => Object.assign(new LiveServerMessage(), message))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(readTurns(instances)).toEqual([[paris], [rome]])
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })

  test('a matcher grades the messages', () => {
    expect(session).toMatchToolCalls(parisAndRome)
    expect(session).toMatchToolCalls([[paris], [rome]], { order: 'turns' })
    expect(session).not.toMatchToolCalls([parisAndRome], { order: 'turns' })
  })
})

describe('@google/genai ai.live.connect against a loopback WebSocket server', () => {
  let server: WebSocketServer

  beforeAll(async () => {
    server = await startWebSocketServer(session)
  })

  afterAll(() => server.close())

  test("reads the messages the session's onmessage receives", async () => {
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } })
    const received: LiveServerMessage[] = []
    let allReceived = () => {}
    const done = new Promise<void>((resolve) => (allReceived = resolve))
    const live = await ai.live.connect({
      model: 'gemini-live-test',
      config: { tools: [{ functionDeclarations: [{ name: 'get_weather' }] }] },
      callbacks: {
        onmessage: (message) => {
          received.push(message)
          if (received.length === session.length) allReceived()
        },
      },
    })
    try {
      await done
    } finally {
      live.close()
    }
    expect(received[2]).toBeInstanceOf(LiveServerMessage)
    expect(readTurns(received)).toEqual([[paris], [rome]])
    expect(received).toMatchToolCalls(parisAndRome)
  })
})
