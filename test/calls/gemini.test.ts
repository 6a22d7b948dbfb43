import { GenerateContentResponse, GoogleGenAI } from '@google/genai'
import { type GenerativeModel, GoogleGenerativeAI } from '@google/generative-ai'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'
import { ServerSentEvents, startJsonServer, type JsonServer } from './servers/json-server'

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

  test("a candidate whose call the API did not give (MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL) is one unparseable call, not none; an empty Content is no call", () => {
    const failed = (reason: string, path = 'candidates[0].') => ({ name: '', args: {}, unparseable: `${path}finishReason: the model made a function call the API did not give (${reason})` })
    expect(readTurns({ candidates: [{ finishReason: 'MALFORMED_FUNCTION_CALL', index: 0 }] })).toEqual([[failed('MALFORMED_FUNCTION_CALL')]])
    expect(readTurns({ candidates: [{ content: {}, finishReason: 'MALFORMED_FUNCTION_CALL', index: 0 }] })).toEqual([[failed('MALFORMED_FUNCTION_CALL')]])
    const unexpected = { content: { role: 'model' }, finishReason: 'UNEXPECTED_TOOL_CALL', finishMessage: 'Unexpected tool call: delete_all', index: 0 }
    expect(readTurns({ candidates: [unexpected] })).toEqual([[failed('UNEXPECTED_TOOL_CALL: Unexpected tool call: delete_all')]])
    expect(readTurns(unexpected)).toEqual([[failed('UNEXPECTED_TOOL_CALL: Unexpected tool call: delete_all', '')]])
    // A call the content holds is read as it is, and no other added.
    expect(readTurns({ candidates: [{ content: { role: 'model', parts: [weatherPart('Paris')] }, finishReason: 'UNEXPECTED_TOOL_CALL' }] })).toEqual([[parisAndRome[0]]])
    expect(readTurns({ candidates: [{ content: {}, finishReason: 'STOP', index: 0 }] })).toEqual([])
  })

  test("a failed call's finish message is quoted by its start, and without half of an emoji", () => {
    const reasonOf = (finishMessage: string) => toolCalls({ candidates: [{ finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage }] })[0]?.unparseable ?? ''
    const long = reasonOf(`Malformed function call: print(default_api.search(q='${'x'.repeat(1_000_000)}'))`)
    expect(long.length).toBeLessThan(500)
    expect(long).toMatch(/^candidates\[0\]\.finishReason: the model made a function call the API did not give \(MALFORMED_FUNCTION_CALL: Malformed function call: print\(default_api\.search\(q='x+…\)$/)
    expect(reasonOf('cut \ud83d')).toBe('candidates[0].finishReason: the model made a function call the API did not give (MALFORMED_FUNCTION_CALL: cut )')
  })

  test('a response to a blocked prompt, which has promptFeedback and no candidates, holds no call: not a call named promptFeedback', () => {
    const blocked = { promptFeedback: { blockReason: 'SAFETY' } }
    expect(readTurns(blocked)).toEqual([])
    expect(readTurns({ ...blocked, usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 }, modelVersion: 'gemini-test', responseId: 'r1' })).toEqual([])
    // Alongside candidates, promptFeedback only rates the prompt.
    expect(readTurns({ ...responseBody, promptFeedback: { safetyRatings: [] } })).toEqual([parisAndRome])
  })

  test("an object whose text comes from its class's getter is no part without a call: no format reads it, so it is unparseable", () => {
    class Reply {
      constructor(readonly tool_calls: unknown[]) {}
      get text(): string {
        return ''
      }
    }
    const [call] = toolCalls(new Reply([{ name: 'get_weather', args: { city: 'Paris' } }]))
    expect(call?.unparseable).toBe('expected a tool call, a message or a model response, received an instance of Reply')
    expect(toolCalls({ text: 'Sunny.' })).toEqual([])
  })

  test('a functionCall that is not an object is unparseable', () => {
    expect(toolCalls([{ functionCall: 'get_weather' }])[0]?.unparseable).toBe('[0].functionCall: expected an object, received a string')
  })
})

describe('the @google/genai SDK against a loopback server', () => {
  let server: JsonServer
  let client: GoogleGenAI

  beforeAll(async () => {
    server = await startJsonServer((path) =>
      path.includes('gemini-blocked:generateContent') ? blockedBody : path.includes(':generateContent') ? responseBody : undefined,
    )
    client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } })
  })

  afterAll(() => server.close())

  const blockedBody = { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 7 }, modelVersion: 'gemini-blocked', responseId: 'r2' }

  test('a blocked prompt reads as no call, as the SDK gives it and as it is stored', async () => {
    const result = await client.models.generateContent({ model: 'gemini-blocked', contents: 'Something blocked' })
    expect(result.candidates).toBeUndefined()
    for (const form of [result, JSON.parse(JSON.stringify(result))]) {
      expect(readTurns(form)).toEqual([])
      expect(form).toMatchToolCalls([])
    }
  })

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

describe("@google/genai's streamed response against a loopback server", () => {
  // What the API streams: a thought, then each call in a chunk of its own; only the last chunk says how it finished, and each carries the response's id.
  const chunkBody = (responseId: string, part: object, finishReason?: string) => ({
    candidates: [{ content: { role: 'model', parts: [part] }, ...(finishReason === undefined ? {} : { finishReason }), index: 0 }],
    responseId,
  })
  let streams = 0
  const events = () => {
    const id = `response-${++streams}`
    return new ServerSentEvents([
      { data: chunkBody(id, { text: 'Checking both.', thought: true }) },
      { data: chunkBody(id, weatherPart('Paris')) },
      { data: chunkBody(id, weatherPart('Rome'), 'STOP') },
    ])
  }
  let server: JsonServer
  let client: GoogleGenAI

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.includes(':streamGenerateContent') ? events() : path.includes(':generateContent') ? responseBody : undefined))
    client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } })
  })

  afterAll(() => server.close())

  const collected = async () => {
    const chunks: GenerateContentResponse[] = []
    for await (const chunk of await client.models.generateContentStream({ model: 'gemini-test', contents: 'Weather?' })) chunks.push(chunk)
    return chunks
  }

  test('the chunks of one response are one turn, as the response given whole is', async () => {
    const chunks = await collected()
    expect(chunks).toHaveLength(3)
    expect(readTurns(chunks)).toEqual([parisAndRome])
    expect(readTurns(chunks)).toEqual(readTurns(await client.models.generateContent({ model: 'gemini-test', contents: 'Weather?' })))
    expect(chunks).toMatchToolCalls([parisAndRome], { order: 'turns' })
  })

  test('two streamed responses are two turns, each ending with the chunk that finished it, or where the next response begins', async () => {
    const first = await collected()
    const second = await collected()
    expect(readTurns([...first, ...second])).toEqual([parisAndRome, parisAndRome])
    // A stream cut before its last chunk.
    expect(readTurns([...first.slice(0, 2), ...second])).toEqual([[parisAndRome[0]], parisAndRome])
  })

  test("a chat's history, which keeps each chunk of a streamed reply as a model Content of its own, reads the reply as one turn", async () => {
    const chat = client.chats.create({ model: 'gemini-test' })
    for await (const _ of await chat.sendMessageStream({ message: 'Weather?' })) void _
    const history = chat.getHistory()
    expect(history.map((content) => content.role)).toEqual(['user', 'model', 'model', 'model'])
    expect(readTurns(history)).toEqual([parisAndRome])
    expect(history).toMatchToolCalls([parisAndRome], { order: 'turns' })
    // A user's Content between them, as the calls' responses are, ends the turn.
    const [ask, thought, paris, rome] = history
    const answered = { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: {} } }] }
    expect(readTurns([ask, thought, paris, answered, rome])).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })

  test('responses without an id, as written by hand or stored without it, are a turn each; a call of its own between chunks ends their turn', async () => {
    const chunks = await collected()
    const withoutIds = chunks.map(({ candidates }) => ({ candidates }))
    expect(readTurns(withoutIds)).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
    const own = { name: 'now', args: {} }
    expect(readTurns([chunks[1], own, chunks[2]])).toEqual([[parisAndRome[0]], [own], [parisAndRome[1]]])
  })
})

describe('@google/genai with candidateCount 2, against a loopback server', () => {
  // The API leaves out the first candidate's index, being 0.
  const candidates = [
    { content: { role: 'model', parts: [weatherPart('Paris')] }, finishReason: 'STOP' },
    { content: { role: 'model', parts: [weatherPart('Rome')] }, finishReason: 'STOP', index: 1 },
  ]
  let server: JsonServer
  let client: GoogleGenAI

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.includes(':generateContent') ? { candidates, modelVersion: 'gemini-test' } : undefined))
    client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } })
  })

  afterAll(() => server.close())

  test('its candidates, listed, read as the response does: the first, the others being alternatives', async () => {
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Weather?', config: { candidateCount: 2 } })
    expect(readTurns(result.candidates)).toEqual([[parisAndRome[0]]])
    expect(readTurns(result.candidates)).toEqual(readTurns(result))
    expect(result.candidates).not.toMatchToolCalls(parisAndRome)
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

  test('reads the last round once where the SDK stopped at its limit of rounds, returning that round, which its history holds too', async () => {
    requests = 0
    ran.length = 0
    const config = { tools: [weatherTool], automaticFunctionCalling: { maximumRemoteCalls: 1 } }
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Weather in Paris and Rome?', config })
    expect(ran).toHaveLength(2)
    expect(result.automaticFunctionCallingHistory?.map((content) => content.role)).toEqual(['user', 'model', 'user'])
    expect(readTurns(result)).toEqual([parisAndRome])
    // A response of other calls than the history's last round is read after it.
    const other = { ...JSON.parse(JSON.stringify(result)), candidates: lisbonBody.candidates }
    expect(readTurns(other)).toEqual([parisAndRome, [{ name: 'get_weather', args: { city: 'Lisbon' } }]])
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

/** A stream's chunk holding one part, as Vertex AI sends it. */
const chunk = (part: object, finishReason?: string) => ({
  candidates: [{ content: { role: 'model', parts: [part] }, ...(finishReason === undefined ? {} : { finishReason }), index: 0 }],
})

/** Vertex AI's pieces of a call whose arguments stream: `get_weather(city='Paris', days=3)`. */
const streamedParis = () => [
  chunk({ functionCall: { name: 'get_weather', willContinue: true } }),
  chunk({ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'Pa', willContinue: true }], willContinue: true } }),
  chunk({ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'ris' }, { jsonPath: '$.days', numberValue: 3 }], willContinue: true } }),
  chunk({ functionCall: {} }, 'STOP'),
]

describe('@google/genai answering a malformed function call, against a loopback server', () => {
  let server: JsonServer

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.includes(':generateContent') ? { candidates: [{ finishReason: 'MALFORMED_FUNCTION_CALL', index: 0 }] } : undefined))
  })

  afterAll(() => server.close())

  test('the call the model made is unparseable, so .not cannot pass on it', async () => {
    const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } })
    const result = await client.models.generateContent({ model: 'gemini-test', contents: 'Delete everything?' })
    expect(result.functionCalls).toBeUndefined()
    expect(toolCalls(result)).toEqual([
      { name: '', args: {}, unparseable: 'candidates[0].finishReason: the model made a function call the API did not give (MALFORMED_FUNCTION_CALL)' },
    ])
    expect(() => expect(result).not.toHaveCalledTool('delete_all')).toThrow(/could not be read and may be one/)
  })
})

describe("Vertex AI's streamed function-call arguments (partialArgs)", () => {
  test('puts the pieces of a call together across the chunks of a stream', () => {
    expect(toolCalls(streamedParis())).toEqual([{ name: 'get_weather', args: { city: 'Paris', days: 3 } }])
  })

  test('nested paths make the objects and lists on the way; every kind of value is read', () => {
    const chunks = [
      chunk({ functionCall: { name: 'plan', willContinue: true } }),
      chunk({
        functionCall: {
          partialArgs: [
            { jsonPath: '$.stops[0].name', stringValue: 'Lyon' },
            { jsonPath: '$.stops[0].night', boolValue: true },
            { jsonPath: '$.stops[1].name', stringValue: 'Nice' },
            { jsonPath: "$['a key'].note", nullValue: 'NULL_VALUE' },
            { jsonPath: '$.budget', numberValue: 'Infinity' },
          ],
          willContinue: true,
        },
      }),
      // The last piece may carry the last partialArgs and say no willContinue, in place of an empty functionCall.
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.stops[1].night', boolValue: false }] } }, 'STOP'),
    ]
    expect(toolCalls(chunks)).toEqual([
      { name: 'plan', args: { stops: [{ name: 'Lyon', night: true }, { name: 'Nice', night: false }], 'a key': { note: null }, budget: Infinity } },
    ])
  })

  test('a string continues only after a piece of it that said willContinue; otherwise a later value replaces it', () => {
    const chunks = [
      chunk({ functionCall: { name: 'f', willContinue: true, partialArgs: [{ jsonPath: '$.x', stringValue: 'a' }] } }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.x', stringValue: 'b', willContinue: true }], willContinue: true } }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.x', stringValue: 'c' }] } }),
    ]
    expect(toolCalls(chunks)).toEqual([{ name: 'f', args: { x: 'bc' } }])
  })

  test('whole calls on either side are read as they are, each chunk a turn', () => {
    const before = chunk({ functionCall: { name: 'get_weather', args: { city: 'Rome' } } }, 'STOP')
    expect(readTurns([before, ...streamedParis(), before])).toEqual([
      [{ name: 'get_weather', args: { city: 'Rome' } }],
      [{ name: 'get_weather', args: { city: 'Paris', days: 3 } }],
      [{ name: 'get_weather', args: { city: 'Rome' } }],
    ])
  })

  test('a stream that stops before the last piece leaves the call unparseable, after the calls that came whole', () => {
    const calls = toolCalls([...streamedParis().slice(0, 3), chunk({ functionCall: { name: 'now', args: {} } })])
    // Another named call began: the one under way never got its last piece.
    expect(calls.map((call) => call.name)).toEqual(['get_weather', 'now'])
    expect(calls[0]?.unparseable).toBe('[0].candidates[0].content.parts[0].functionCall: another call began before the last piece of this call (its pieces said willContinue)')
    const stopped = toolCalls(streamedParis().slice(0, 3))
    expect(stopped).toHaveLength(1)
    expect(stopped[0]?.unparseable).toBe('[0].candidates[0].content.parts[0].functionCall: the stream stopped before the last piece of this call (its pieces said willContinue)')
  })

  test('pieces that cannot be read make the call unparseable, with the path of the first', () => {
    const withPartial = (partial: unknown) => [
      chunk({ functionCall: { name: 'f', willContinue: true } }),
      chunk({ functionCall: { partialArgs: [partial] } }),
    ]
    const reason = (partial: unknown) => toolCalls(withPartial(partial))[0]?.unparseable
    expect(reason({ jsonPath: 'city', stringValue: 'x' })).toBe('[1].candidates[0].content.parts[0].functionCall.partialArgs[0].jsonPath: cannot be read: expected a path beginning with $')
    expect(reason({ jsonPath: '$.a[*]', stringValue: 'x' })).toMatch(/jsonPath: cannot be read: expected a quoted name or an index at 4$/)
    expect(reason({ jsonPath: '$.a[2]', stringValue: 'x' })).toMatch(/jsonPath: \$\.a\[2\]: index 2 comes before index 0$/)
    expect(reason({ jsonPath: '$.x', numberValue: 'many' })).toMatch(/partialArgs\[0\]\.numberValue: expected a number, received a string$/)
    expect(reason({ jsonPath: '$', stringValue: 'x' })).toMatch(/names the arguments themselves, not one of them$/)
    expect(reason('x')).toMatch(/partialArgs\[0\]: expected a partial argument, received a string$/)
    const through = [
      chunk({ functionCall: { name: 'f', willContinue: true, partialArgs: [{ jsonPath: '$.a', stringValue: 's' }] } }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.a.b', stringValue: 'x' }] } }),
    ]
    expect(toolCalls(through)[0]?.unparseable).toMatch(/\$\.a\.b: a string stands where an object or a list is needed$/)
  })

  test('a piece without the first that names its call is unparseable', () => {
    const calls = toolCalls([chunk({ functionCall: { partialArgs: [{ jsonPath: '$.x', numberValue: 1 }] } })])
    expect(calls[0]?.unparseable).toBe('[0].candidates[0].content.parts[0].functionCall.name: expected a tool name, received undefined (a piece of a streamed call without its first piece)')
  })

  test('a key that Object.prototype names is an own argument, and the prediction is left as it was', () => {
    const chunks = [
      chunk({ functionCall: { name: 'f', willContinue: true, args: { keep: { n: 1 } } } }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: "$['__proto__']", stringValue: 'p' }, { jsonPath: '$.keep.m', numberValue: 2 }] } }),
    ]
    const before = JSON.stringify(chunks)
    const [call] = toolCalls(chunks)
    expect(Object.getOwnPropertyDescriptor(call?.args, '__proto__')?.value).toBe('p')
    expect(call?.args.keep).toEqual({ n: 1, m: 2 })
    expect(JSON.stringify(chunks)).toBe(before)
  })

  test("an Agent Development Kit's partial events are passed over: the event after them gives their calls whole", () => {
    const whole = { id: 'e2', author: 'agent', content: { role: 'model', parts: [weatherPart('Paris')] } }
    const partial = { id: 'e1', author: 'agent', partial: true, content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', willContinue: true } }] } }
    expect(readTurns([partial, whole])).toEqual([[parisAndRome[0]]])
  })

  test('a piece whose fields cannot be read ends the call under way, unparseable; nothing after it is credited to that call', () => {
    const calls = toolCalls([
      chunk({ functionCall: { name: 'get_weather', willContinue: true, partialArgs: [{ jsonPath: '$.city', stringValue: 'Paris' }] } }),
      chunk({
        functionCall: {
          name: 'delete_all',
          willContinue: true,
          get partialArgs() {
            throw new Error('boom')
          },
        },
      }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.days', numberValue: 3 }] } }),
    ])
    expect(calls.map((call) => [call.name, call.unparseable !== undefined])).toEqual([
      ['get_weather', true],
      ['', true],
    ])
    expect(calls[0]?.unparseable).toBe('[1].candidates[0].content.parts[0].functionCall.partialArgs: could not be read (boom)')
    // A value's getter that throws is no absent value.
    const throwing = toolCalls([
      chunk({ functionCall: { name: 'f', willContinue: true } }),
      chunk({
        functionCall: {
          partialArgs: [
            {
              jsonPath: '$.city',
              get stringValue() {
                throw new Error('gone')
              },
              numberValue: 3,
            },
          ],
        },
      }),
    ])
    expect(throwing).toEqual([{ name: 'f', args: {}, unparseable: '[1].candidates[0].content.parts[0].functionCall.partialArgs[0].stringValue: could not be read (gone)' }])
  })

  test('a later piece that names the same tool carries the call on; one with another id begins another', () => {
    const same = [
      chunk({ functionCall: { name: 'get_current_weather', willContinue: true } }),
      chunk({ functionCall: { name: 'get_current_weather', partialArgs: [{ jsonPath: '$.country', nullValue: 'NULL_VALUE' }], willContinue: false } }),
    ]
    expect(toolCalls(same)).toEqual([{ name: 'get_current_weather', args: { country: null } }])
    const otherId = [
      chunk({ functionCall: { id: 'a', name: 'f', willContinue: true } }),
      chunk({ functionCall: { id: 'b', name: 'f', partialArgs: [{ jsonPath: '$.x', numberValue: 1 }] } }),
    ]
    expect(toolCalls(otherId).map((call) => call.unparseable ?? call.args)).toEqual([
      '[0].candidates[0].content.parts[0].functionCall: another call began before the last piece of this call (its pieces said willContinue)',
      { x: 1 },
    ])
  })

  test('value kinds given as null are absent, as a dump of every field writes them; a nullValue alone is null', () => {
    const chunks = [
      chunk({ functionCall: { name: 'f', willContinue: true } }),
      chunk({
        functionCall: {
          partialArgs: [
            { jsonPath: '$.days', stringValue: null, numberValue: 3, boolValue: null, nullValue: null, willContinue: null },
            { jsonPath: '$.note', stringValue: null, numberValue: null, boolValue: null, nullValue: null },
          ],
          willContinue: null,
        },
      }),
    ]
    expect(toolCalls(chunks)).toEqual([{ name: 'f', args: { days: 3, note: null } }])
  })

  test('a call that ends while one of its strings says more would follow is unparseable', () => {
    const calls = toolCalls([
      chunk({ functionCall: { name: 'f', willContinue: true } }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'Par', willContinue: true }] } }),
    ])
    expect(calls).toEqual([
      { name: 'f', args: {}, unparseable: '[0].candidates[0].content.parts[0].functionCall: the call ended before the rest of its argument at $.city (whose last piece said willContinue)' },
    ])
  })

  test('an empty functionCall, the mark that ends a call, is no call where none is under way', () => {
    const chunks = [
      chunk({ functionCall: { name: 'f', willContinue: true } }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.a', numberValue: 1 }] } }),
      chunk({ functionCall: {} }, 'STOP'),
    ]
    expect(readTurns(chunks)).toEqual([[{ name: 'f', args: { a: 1 } }]])
  })

  test("a trajectory read inside another's stream, from a getter, neither takes nor ends the call under way", () => {
    const inner = [chunk({ functionCall: { name: 'g', willContinue: true } })]
    let innerCalls: unknown
    const reading = {
      candidates: [
        {
          content: {
            role: 'model',
            get parts() {
              innerCalls = toolCalls(inner)
              return [{ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'Paris' }] } }]
            },
          },
          index: 0,
        },
      ],
    }
    expect(toolCalls([chunk({ functionCall: { name: 'get_weather', willContinue: true } }), reading])).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }])
    expect(innerCalls).toEqual([{ name: 'g', args: {}, unparseable: '[0].candidates[0].content.parts[0].functionCall: the stream stopped before the last piece of this call (its pieces said willContinue)' }])
  })

  test('a call under way ends, cut short, where its stream finishes, a whole call of its tool begins, or a response answers it', () => {
    const started = [
      chunk({ functionCall: { name: 'get_weather', willContinue: true } }),
      chunk({ functionCall: { partialArgs: [{ jsonPath: '$.days', numberValue: 3 }], willContinue: true } }, 'MAX_TOKENS'),
    ]
    const rome = chunk({ functionCall: { name: 'get_weather', args: { city: 'Rome' } } }, 'STOP')
    const cutAt = (index: number) => `[${index}].candidates[0].content.parts[0].functionCall: the stream stopped before the last piece of this call (its pieces said willContinue)`
    // MAX_TOKENS finished the stream: the call is unparseable there, and the next response's call is its own.
    expect(readTurns([...started, rome])).toEqual([[{ name: 'get_weather', args: {}, unparseable: cutAt(0) }], [{ name: 'get_weather', args: { city: 'Rome' } }]])
    const noFinish = [started[0]!, chunk({ functionCall: { partialArgs: [{ jsonPath: '$.days', numberValue: 3 }], willContinue: true } })]
    expect(toolCalls([...noFinish, rome]).map((call) => call.unparseable ?? call.args)).toEqual([
      '[0].candidates[0].content.parts[0].functionCall: another call began before the last piece of this call (its pieces said willContinue)',
      { city: 'Rome' },
    ])
    // A user content between them: the next call's name ends it all the same, and nothing is credited to it.
    const answered = { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: {} } }] }
    expect(toolCalls([...noFinish, answered, rome]).map((call) => call.unparseable !== undefined)).toEqual([true, false])
    // A function's response, as a part of its own, answers the call, cut short.
    const response = { functionResponse: { name: 'get_weather', response: {} } }
    expect(toolCalls([...noFinish, response, rome]).map((call) => call.unparseable ?? call.args)).toEqual([cutAt(0), { city: 'Rome' }])
  })

  test('a finishReason given as null, as a dump of every field writes it before the last chunk, finishes nothing', () => {
    const withNull = (part: object, finishReason: string | null) => ({ candidates: [{ content: { role: 'model', parts: [part] }, finishReason, index: 0 }] })
    const chunks = [
      withNull({ functionCall: { name: 'get_weather', willContinue: true } }, null),
      withNull({ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'Paris' }], willContinue: true } }, 'FINISH_REASON_UNSPECIFIED'),
      withNull({ functionCall: {} }, 'STOP'),
    ]
    expect(toolCalls(chunks)).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }])
    expect(toolCalls(chunks.map((response) => response.candidates[0]!))).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }])
  })

  test('graded by the matcher: a streamed call matches its gold', () => {
    expect(streamedParis()).toMatchToolCalls([{ name: 'get_weather', args: { city: 'Paris', days: 3 } }])
  })
})

describe('@google/genai on Vertex AI, its arguments streamed, against a loopback server', () => {
  let server: JsonServer

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.includes(':streamGenerateContent') ? new ServerSentEvents(streamedParis().map((data) => ({ data }))) : undefined))
  })

  afterAll(() => server.close())

  test('reads the chunks generateContentStream gives', async () => {
    // Vertex AI's express mode takes an API key, so no credentials are looked for.
    const client = new GoogleGenAI({ vertexai: true, apiKey: 'test', httpOptions: { baseUrl: server.url } })
    const chunks: GenerateContentResponse[] = []
    const config = { toolConfig: { functionCallingConfig: { streamFunctionCallArguments: true } } }
    for await (const received of await client.models.generateContentStream({ model: 'gemini-test', contents: 'Weather in Paris?', config })) chunks.push(received)
    expect(chunks).toHaveLength(4)
    expect(readTurns(chunks)).toEqual([[{ name: 'get_weather', args: { city: 'Paris', days: 3 } }]])
  })
})

describe('the older @google/generative-ai SDK against a loopback server', () => {
  let server: JsonServer
  let model: GenerativeModel

  beforeAll(async () => {
    server = await startJsonServer((path) => (path.includes(':generateContent') ? responseBody : path.includes(':streamGenerateContent') ? streamed() : undefined))
    model = new GoogleGenerativeAI('test').getGenerativeModel({ model: 'gemini-test' }, { baseUrl: server.url })
  })

  afterAll(() => server.close())

  const streamed = () => new ServerSentEvents([{ data: { candidates: [{ content: { role: 'model', parts: [weatherPart('Paris'), weatherPart('Rome')] }, finishReason: 'STOP', index: 0 }] } }])

  test('reads what generateContent returns, { response }, as the response it holds, and the response itself', async () => {
    const result = await model.generateContent('Weather?')
    expect(Object.keys(result)).toEqual(['response'])
    expect(readTurns(result)).toEqual([parisAndRome])
    expect(readTurns(result.response)).toEqual([parisAndRome])
    expect(result).toMatchToolCalls(parisAndRome)
  })

  test("reads a chat's history", async () => {
    const chat = model.startChat()
    await chat.sendMessage('Weather?')
    expect(readTurns(await chat.getHistory())).toEqual([parisAndRome])
  })

  test("reads a stream's chunks as the calls streamed, where the response the SDK puts together holds copies of the last call of a chunk", async () => {
    const stream = await model.generateContentStream('Weather?')
    const chunks = []
    for await (const chunk of stream.stream) chunks.push(chunk)
    expect(readTurns(chunks)).toEqual([parisAndRome])
    // The SDK merges the parts of a chunk into one object, which each part then is: as the README warns, grade the chunks.
    const merged = await stream.response
    expect(merged.functionCalls()).toEqual([parisAndRome[1], parisAndRome[1]])
    expect(readTurns(merged)).toEqual([[parisAndRome[1], parisAndRome[1]]])
  })

  test('a stream result, { stream, response }, not collected is no trajectory: its reason and the matchers say to collect the chunks', async () => {
    const stream = await model.generateContentStream('Weather?')
    const streamResult = "a stream result, { stream, response }, as @google/generative-ai's generateContentStream and Genkit's generateStream give"
    const passChunks = "collect the chunks of result.stream into an array, and pass them; or, Genkit's, await result.response"
    expect(toolCalls(stream)).toEqual([{ name: '', args: {}, unparseable: `expected a trajectory, received ${streamResult} (${passChunks})` }])
    expect(() => expect(stream).toMatchToolCalls(parisAndRome)).toThrow(`received ${streamResult}: ${passChunks}`)
    expect(() => expect(stream).not.toHaveCalledTool('delete_all')).toThrow(`received ${streamResult}: ${passChunks}`)
    await stream.response
  })

  test('reads a blocked prompt in { response } as no call', () => {
    expect(readTurns({ response: { promptFeedback: { blockReason: 'SAFETY' } } })).toEqual([])
  })
})
