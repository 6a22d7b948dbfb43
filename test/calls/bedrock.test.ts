import { BedrockRuntimeClient, ConverseCommand, type ConverseResponse } from '@aws-sdk/client-bedrock-runtime'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'
import { startJsonServer, type JsonServer } from './servers/json-server'

const toolUse = (toolUseId: string, city: string) => ({ toolUse: { toolUseId, name: 'get_weather', input: { city } } })

const assistant = {
  role: 'assistant',
  content: [
    { reasoningContent: { reasoningText: { text: 'Two cities.', signature: 'sig' } } },
    { text: 'Let me check.' },
    toolUse('tooluse_1', 'Paris'),
    toolUse('tooluse_2', 'Rome'),
  ],
}

const converseResponse = {
  output: { message: assistant },
  stopReason: 'tool_use',
  usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 },
  metrics: { latencyMs: 5 },
}

describe('Bedrock Converse, hand-written', () => {
  test("reads a ConverseResponse's message as one turn", () => {
    expect(readTurns(converseResponse)).toEqual([parisAndRome])
  })

  test('reads toolUse blocks alone, not as calls to a tool named toolUse', () => {
    expect(toolCalls([toolUse('a', 'Paris'), toolUse('b', 'Rome')])).toEqual(parisAndRome)
  })

  test('reasoning, media and cache points are no calls, and end no turn', () => {
    const blocks = [
      toolUse('a', 'Paris'),
      { reasoningContent: { redactedContent: new Uint8Array([1, 2]) } },
      { image: { format: 'png', source: { bytes: new Uint8Array([1]) } } },
      { document: { format: 'pdf', name: 'forecast', source: { bytes: new Uint8Array([1]) } } },
      { cachePoint: { type: 'default' } },
      toolUse('b', 'Rome'),
    ]
    expect(readTurns(blocks)).toEqual([parisAndRome])
  })

  test('a conversation gives a turn per assistant message; toolResult blocks end a turn', () => {
    const messages = [
      { role: 'user', content: [{ text: 'Weather in Paris, then Rome?' }] },
      { role: 'assistant', content: [toolUse('a', 'Paris')] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'a', content: [{ json: { celsius: 20 } }], status: 'success' } }] },
      { role: 'assistant', content: [{ text: 'Now Rome.' }, toolUse('b', 'Rome')] },
    ]
    expect(readTurns(messages)).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
    expect(readTurns([toolUse('a', 'Paris'), { toolResult: { toolUseId: 'a', content: [{ text: '20C' }] } }, toolUse('b', 'Rome')])).toEqual([
      [parisAndRome[0]],
      [parisAndRome[1]],
    ])
  })

  test("a server tool's toolUse is the model's own work, not a call", () => {
    const serverTool = { toolUse: { toolUseId: 's', name: 'web_search', input: { query: 'Paris' }, type: 'server_tool_use' } }
    expect(readTurns({ role: 'assistant', content: [serverTool, toolUse('a', 'Paris')] })).toEqual([[parisAndRome[0]]])
  })

  test('a toolUse block without a name or with input that is not an object is unparseable', () => {
    const [noName, badInput] = toolCalls([{ toolUse: { toolUseId: 'a', input: {} } }, { toolUse: { toolUseId: 'b', name: 'f', input: 'x' } }])
    expect(noName?.unparseable).toBe('[0].toolUse.name: expected a tool name, received undefined')
    expect(badInput).toMatchObject({ name: 'f', unparseable: expect.stringMatching(/^\[1\]\.toolUse\.input: not valid JSON/) })
  })

  test('one key without the fields of a Converse block stays a BFCL call to a tool of that name', () => {
    expect(toolCalls({ image: { url: 'cat.png' } })).toEqual([{ name: 'image', args: { url: 'cat.png' } }])
    expect(toolCalls({ image: { source: 'cat.png' } })).toEqual([{ name: 'image', args: { source: 'cat.png' } }])
    expect(toolCalls({ toolUse: { name: 'f' } })).toEqual([{ name: 'toolUse', args: { name: 'f' } }])
    expect(toolCalls([{ metadata: { key: 'x' } }, { contentBlockDelta: { text: 'x' } }, { messageStop: { reason: 'done' } }])).toEqual([
      { name: 'metadata', args: { key: 'x' } },
      { name: 'contentBlockDelta', args: { text: 'x' } },
      { name: 'messageStop', args: { reason: 'done' } },
    ])
  })
})

describe('the Bedrock runtime SDK against a loopback server', () => {
  let server: JsonServer
  let client: BedrockRuntimeClient

  beforeAll(async () => {
    // The SDK warns that its releases from 2027 on need Node 22; these tests run on 20.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
    // The client speaks HTTP/2, as its streaming operations need.
    server = await startJsonServer((path) => (path.endsWith('/converse') ? converseResponse : undefined), { http2: true })
    client = new BedrockRuntimeClient({
      endpoint: server.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    })
  })

  afterAll(async () => {
    client.destroy()
    await server.close()
  })

  const converse = (): Promise<ConverseResponse> =>
    client.send(new ConverseCommand({ modelId: 'anthropic.claude-test', messages: [{ role: 'user', content: [{ text: 'Weather?' }] }] }))

  test('reads the ConverseResponse the SDK returns', async () => {
    const response = await converse()
    expect(server.paths.at(-1)).toBe('/model/anthropic.claude-test/converse')
    expect(readTurns(response)).toEqual([parisAndRome])
  })

  test('reads its message, and the message added to a conversation', async () => {
    const { output } = await converse()
    const message = output?.message
    expect(readTurns(message)).toEqual([parisAndRome])
    expect(readTurns([{ role: 'user', content: [{ text: 'Weather?' }] }, message])).toEqual([parisAndRome])
  })
})
