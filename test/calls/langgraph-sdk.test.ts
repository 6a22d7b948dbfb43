import { Client } from '@langchain/langgraph-sdk'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'
import { ServerSentEvents, startJsonServer, type JsonServer } from './servers/json-server'

// A LangGraph server's run of an agent: its messages as the server sends them, dumped to plain JSON, not LangChain's classes.
const human = { type: 'human', content: 'Weather?', id: 'h1' }
const toolCall = (id: string, city: string) => ({ name: 'get_weather', args: { city }, id, type: 'tool_call' })
const ai = { type: 'ai', content: '', tool_calls: [toolCall('c1', 'Paris'), toolCall('c2', 'Rome')], invalid_tool_calls: [], id: 'a1' }
const results = [
  { type: 'tool', content: '20C', tool_call_id: 'c1', name: 'get_weather', id: 't1' },
  { type: 'tool', content: '20C', tool_call_id: 'c2', name: 'get_weather', id: 't2' },
]
const answer = { type: 'ai', content: 'Warm in both.', tool_calls: [], invalid_tool_calls: [], id: 'a2' }
const metadata = { event: 'metadata', data: { run_id: 'run_1', thread_id: 'thread_1' } }
const chunk = (id: string, pieces: Array<{ name: string | null; args: string; id: string | null; index: number }>) => ({
  type: 'AIMessageChunk',
  content: '',
  id,
  tool_call_chunks: pieces.map((piece) => ({ ...piece, type: 'tool_call_chunk' })),
  tool_calls: [],
  invalid_tool_calls: [],
})

/** What the server streams for each mode asked: every mode holds every message. */
const EVENTS: Record<string, Array<{ event: string; data: unknown }>> = {
  values: [
    { event: 'values', data: { messages: [human] } },
    { event: 'values', data: { messages: [human, ai] } },
    { event: 'values', data: { messages: [human, ai, ...results] } },
    { event: 'values', data: { messages: [human, ai, ...results, answer] } },
  ],
  updates: [
    { event: 'updates', data: { agent: { messages: [ai] } } },
    { event: 'updates', data: { tools: { messages: results } } },
    { event: 'updates', data: { agent: { messages: [answer] } } },
  ],
  // The model's chunks, as Python's LangChain dumps them (`type: 'AIMessageChunk'`), each paired with its node.
  'messages-tuple': [
    { event: 'messages', data: [chunk('a1', [{ name: 'get_weather', args: '', id: 'c1', index: 0 }]), { langgraph_node: 'agent' }] },
    { event: 'messages', data: [chunk('a1', [{ name: null, args: '{"city": "Paris"}', id: null, index: 0 }]), { langgraph_node: 'agent' }] },
    { event: 'messages', data: [chunk('a1', [{ name: 'get_weather', args: '{"city": "Rome"}', id: 'c2', index: 1 }]), { langgraph_node: 'agent' }] },
    ...results.map((result) => ({ event: 'messages', data: [result, { langgraph_node: 'tools' }] })),
    { event: 'messages', data: [{ ...chunk('a2', []), content: 'Warm in both.' }, { langgraph_node: 'agent' }] },
  ],
}

let server: JsonServer
let failing = false
beforeAll(async () => {
  server = await startJsonServer((path, request) => {
    if (path === '/threads/thread_1/state') return { values: { messages: [human, ai, ...results, answer] }, next: [], checkpoint: { thread_id: 'thread_1' }, metadata: {}, created_at: '2026-12-08T00:00:00Z', parent_checkpoint: null, tasks: [] }
    if (path !== '/threads/thread_1/runs/stream') return undefined
    if (failing) return new ServerSentEvents([metadata, EVENTS.updates![0]!, { event: 'error', data: { error: 'GraphRecursionError', message: 'Recursion limit reached' } }])
    const modes = String(request.headers['x-stream-modes'] ?? 'values').split(',')
    const streamed = modes.flatMap((mode) => EVENTS[mode] ?? [])
    return new ServerSentEvents([metadata, ...streamed])
  })
})
afterAll(() => server.close())

/** The SDK's client; its stream modes also told in a header, as the body is not read by the loopback server. */
const client = (modes: string[]) => new Client({ apiUrl: server.url, apiKey: null, defaultHeaders: { 'x-stream-modes': modes.join(',') } })

async function streamed(modes: string[]) {
  const chunks = []
  for await (const chunk of client(modes).runs.stream('thread_1', 'agent', { input: { messages: [human] }, streamMode: modes as never })) chunks.push(chunk)
  return chunks
}

describe("a LangGraph server's run, streamed by @langchain/langgraph-sdk", () => {
  test.each([[['values']], [['updates']], [['messages-tuple']], [['values', 'updates']], [['updates', 'messages-tuple']]])("streamed in the modes %j, its events read as the run's calls, once", async (modes) => {
    const chunks = await streamed(modes)
    expect(chunks[0]?.event).toBe('metadata')
    expect(readTurns(chunks)).toEqual([parisAndRome])
  })

  test('the matchers grade a stream of its events: .not.toHaveCalledTool fails on them', async () => {
    const chunks = await streamed(['updates'])
    expect(chunks).toMatchToolCalls(parisAndRome)
    expect(() => expect(chunks).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test('an error event is the run failing: one unparseable call saying why', async () => {
    failing = true
    try {
      const calls = toolCalls(await streamed(['updates']))
      expect(calls).toEqual([
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_weather', args: { city: 'Rome' } },
        { name: '', args: {}, unparseable: '[2].data: the run failed (GraphRecursionError: Recursion limit reached)' },
      ])
    } finally {
      failing = false
    }
  })

  test("a thread's state reads as its messages' calls", async () => {
    const state = await client([]).threads.getState('thread_1')
    expect(readTurns(state)).toEqual([parisAndRome])
  })
})

describe("a LangGraph server's event read alone", () => {
  test("a messages event's pair reads as its message, its metadata no call", () => {
    expect(readTurns({ event: 'messages', data: [ai, { langgraph_node: 'agent' }] })).toEqual([parisAndRome])
    expect(readTurns({ event: 'values', data: { messages: [human, ai] } })).toEqual([parisAndRome])
    expect(readTurns(metadata)).toEqual([])
  })
})
