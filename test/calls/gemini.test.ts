import { GenerateContentResponse, GoogleGenAI } from '@google/genai'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'
import { startJsonServer, type JsonServer } from './servers/json-server'

const weatherPart = (city: string) => ({ functionCall: { name: 'get_weather', args: { city } } })

const responseBody = {
  candidates: [
    {
      content: { role: 'model', parts: [{ text: 'Let me check.' }, weatherPart('Paris'), weatherPart('Rome')] },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  modelVersion: 'gemini-test',
}

describe('Gemini, hand-written', () => {
  test('reads the function calls of a response as one turn', () => {
    expect(readTurns(responseBody)).toEqual([parisAndRome])
  })

  test('reads a model Content', () => {
    expect(toolCalls({ role: 'model', parts: [weatherPart('Paris')] })).toEqual([parisAndRome[0]])
  })

  test('reads parts alone', () => {
    expect(toolCalls([weatherPart('Paris'), weatherPart('Rome')])).toEqual(parisAndRome)
  })

  test('a functionResponse part is not a call', () => {
    expect(toolCalls([{ functionResponse: { name: 'get_weather', response: { temp: 20 } } }])).toEqual([])
  })

  test('a function call without args has no arguments', () => {
    expect(toolCalls({ functionCall: { name: 'now' } })).toEqual([{ name: 'now', args: {} }])
  })

  test('a list of contents gives one turn per model content', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'Weather in Paris, then Rome?' }] },
      { role: 'model', parts: [weatherPart('Paris')] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: 20 } } }] },
      { role: 'model', parts: [weatherPart('Rome')] },
    ]
    expect(readTurns(contents)).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test('a candidate without content has no calls', () => {
    expect(readTurns({ candidates: [{ finishReason: 'SAFETY', index: 0 }] })).toEqual([])
  })

  test("a candidate alone, and the events of Google's Agent Development Kit", () => {
    expect(readTurns(responseBody.candidates[0])).toEqual([parisAndRome])
    const events = [
      { id: 'e1', invocationId: 'i', author: 'user', content: { role: 'user', parts: [{ text: 'Weather?' }] }, actions: {} },
      { id: 'e2', invocationId: 'i', author: 'weather_agent', content: { role: 'model', parts: [{ functionCall: { id: 'f1', name: 'get_weather', args: { city: 'Paris' } } }] }, actions: {} },
      { id: 'e3', invocationId: 'i', author: 'weather_agent', content: { role: 'user', parts: [{ functionResponse: { id: 'f1', name: 'get_weather', response: { celsius: 20 } } }] }, actions: {} },
      { id: 'e4', invocationId: 'i', author: 'weather_agent', content: { role: 'model', parts: [{ functionCall: { id: 'f2', name: 'get_weather', args: { city: 'Rome' } } }] }, actions: {} },
    ]
    expect(readTurns(events)).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test("a part of the model's own output that is no call (an audio transcription, metadata) is not read as a tool of its name", () => {
    const parts = [
      { inlineData: { mimeType: 'audio/pcm', data: 'AAAA' } },
      { audioTranscription: { text: 'Let me check Paris.', finished: true } },
      { partMetadata: { source: 'mic' } },
      weatherPart('Paris'),
    ]
    expect(readTurns({ role: 'model', parts })).toEqual([[parisAndRome[0]]])
  })

  test('a history content that reads as 200,000 turns gives them all, not a stack overflow', () => {
    const steps = Array.from({ length: 200_000 }, () => ({ toolCalls: [{ type: 'tool-call', toolName: 'f', input: {} }] }))
    const response = {
      candidates: [{ content: { role: 'model', parts: [weatherPart('Paris')] } }],
      automaticFunctionCallingHistory: [
        { role: 'model', parts: [weatherPart('Rome')], steps },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: {} } }] },
      ],
    }
    const turns = readTurns(response)
    expect(turns).toHaveLength(200_001)
    expect(turns.at(-1)).toEqual([parisAndRome[0]])
  })

  test('a functionCall that is not an object is unparseable', () => {
    expect(toolCalls([{ functionCall: 'get_weather' }])[0]?.unparseable).toBe('[0].functionCall: expected an object, received a string')
  })
})

describe('the @google/genai SDK against a loopback server', () => {
  let server: JsonServer
  let client: GoogleGenAI

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.includes(':generateContent') ? responseBody : undefined))
    client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } })
  })

  afterAll(() => server.close())

  test('reads the GenerateContentResponse the SDK returns', async () => {
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Weather?' })
    expect(result).toBeInstanceOf(GenerateContentResponse)
    expect(readTurns(result)).toEqual([parisAndRome])
  })

  test('reads its first candidate alone', async () => {
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Weather?' })
    expect(readTurns(result.candidates?.[0])).toEqual([parisAndRome])
  })

  test('reads the response without touching its getters that warn', async () => {
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Weather?' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      toolCalls(result)
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })

  test('reads a GenerateContentResponse whose getters throw', async () => {
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Weather?' })
    const throwing = () => {
      throw new Error('getter')
    }
    Object.defineProperty(result, 'functionCalls', { get: throwing })
    Object.defineProperty(result, 'text', { get: throwing })
    expect(readTurns(result)).toEqual([parisAndRome])
  })
})

describe('@google/genai automatic function calling against a loopback server', () => {
  const textBody = { candidates: [{ content: { role: 'model', parts: [{ text: 'Warm.' }] }, finishReason: 'STOP', index: 0 }] }
  const lisbonBody = {
    candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Lisbon' } } }] }, finishReason: 'STOP', index: 0 }],
  }
  let server: JsonServer
  let client: GoogleGenAI
  let requests = 0
  const ran: unknown[] = []
  // A CallableTool: the SDK runs the model's calls with it and asks the model again.
  const weatherTool = {
    tool: async () => ({ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } } }] }),
    callTool: async (calls: { name?: string }[]) => {
      ran.push(...calls)
      return calls.map((call) => ({ functionResponse: { name: call.name, response: { celsius: 20 } } }))
    },
  }

  beforeAll(async () => {
    // Calls, then text once their results are in; then, for a second message, another call and text.
    server = await startJsonServer((path) => (path.includes(':generateContent') ? [responseBody, textBody, lisbonBody, textBody][requests++ % 4] : undefined))
    client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } })
  })

  afterAll(() => server.close())

  test("reads the calls the SDK ran itself from the response's history, before its final answer", async () => {
    requests = 0
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Weather in Paris and Rome?', config: { tools: [weatherTool] } })
    expect(ran).toHaveLength(2)
    expect(result.automaticFunctionCallingHistory?.map((content) => content.role)).toEqual(['user', 'model', 'user'])
    expect(readTurns(result)).toEqual([parisAndRome])
  })

  test("in a chat, reads only the calls of the message answered, not the earlier ones its history repeats", async () => {
    requests = 0
    const chat = client.chats.create({ model: 'gemini-test', config: { tools: [weatherTool] } })
    expect(readTurns(await chat.sendMessage({ message: 'Weather in Paris and Rome?' }))).toEqual([parisAndRome])
    const second = await chat.sendMessage({ message: 'And Lisbon?' })
    expect(second.automaticFunctionCallingHistory?.length).toBeGreaterThan(3)
    expect(readTurns(second)).toEqual([[{ name: 'get_weather', args: { city: 'Lisbon' } }]])
  })
})
