import { AIMessage, AIMessageChunk, HumanMessage, mapStoredMessagesToChatMessages, SystemMessage, ToolMessage } from '@langchain/core/messages'
import { concat } from '@langchain/core/utils/stream'
import { describe, expect, test, vi } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'

const paris = { name: 'get_weather', args: { city: 'Paris' } }
const rome = { name: 'get_weather', args: { city: 'Rome' } }

const aiMessage = () =>
  new AIMessage({
    content: '',
    tool_calls: [
      { name: 'get_weather', args: { city: 'Paris' }, id: 'c1' },
      { name: 'get_weather', args: { city: 'Rome' }, id: 'c2' },
    ],
  })

describe('LangChain messages', () => {
  test("a call whose arguments LangChain parsed to a string (the model encoded them twice) is unparseable, not parsed a second time", () => {
    const twice = new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'get_weather', args: '{"city":"Paris"}' as never }] })
    const reason = 'tool_calls[0].args: expected an object of arguments, received a string'
    expect(toolCalls(twice)).toEqual([{ name: 'get_weather', args: {}, unparseable: reason }])
    expect(toolCalls(JSON.parse(JSON.stringify(twice)))[0]?.unparseable).toBe(`kwargs.${reason}`)
    expect(toolCalls(new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }] }))).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }])
  })

  test('reads the tool_calls of an AIMessage as one turn', () => {
    expect(readTurns(aiMessage())).toEqual([[paris, rome]])
  })

  test('a streamed call cut off before its arguments end is unparseable, though LangChain parses it leniently', () => {
    const merged = concat(
      new AIMessageChunk({ content: '', tool_call_chunks: [{ index: 0, id: 'c1', name: 'get_weather', args: '{"city":' }] }),
      new AIMessageChunk({ content: '', tool_call_chunks: [{ index: 0, args: '"Paris"' }] }),
    )
    expect(merged.tool_calls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' } })])
    const [call] = toolCalls(merged)
    expect(call).toMatchObject({ name: 'get_weather', args: {}, unparseable: expect.stringMatching(/^tool_call_chunks\[0\]\.args: /) })
    const whole = concat(
      new AIMessageChunk({ content: '', tool_call_chunks: [{ index: 0, id: 'c1', name: 'get_weather', args: '{"city":' }] }),
      new AIMessageChunk({ content: '', tool_call_chunks: [{ index: 0, args: '"Paris"}' }] }),
    )
    expect(toolCalls(whole)).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }])
  })

  test('a list of chunks, as a stream gives them, reads as the calls they merge into, a turn per message', () => {
    const streamed = (id: string) => [
      new AIMessageChunk({ id, content: '', tool_call_chunks: [{ index: 0, id: 'c1', name: 'get_weather', args: '' }] }),
      new AIMessageChunk({ id, content: '', tool_call_chunks: [{ index: 0, args: '{"city":' }] }),
      new AIMessageChunk({ id, content: '', tool_call_chunks: [{ index: 0, args: '"Paris"}' }, { index: 1, id: 'c2', name: 'get_weather', args: '{"city":"Rome"}' }] }),
      new AIMessageChunk({ id, content: '', response_metadata: { finish_reason: 'tool_calls' } }),
    ]
    const chunks = streamed('run-1')
    // Each chunk alone parses its piece leniently: the first reads as a call without arguments.
    expect(chunks[0]?.tool_calls).toEqual([expect.objectContaining({ name: 'get_weather', args: {} })])
    expect(readTurns(chunks)).toEqual([[paris, rome]])
    expect(readTurns(chunks)).toEqual(readTurns(chunks.reduce((merged, chunk) => concat(merged, chunk))))
    const conversation = [new HumanMessage('Weather?'), ...chunks, new ToolMessage({ content: '20C', tool_call_id: 'c1' }), ...streamed('run-2')]
    expect(readTurns(conversation)).toEqual([[paris, rome], [paris, rome]])
    expect(toolCalls(chunks.slice(0, 2))[0]?.unparseable).toMatch(/^\[1\]\.tool_call_chunks\[0\]\.args: not valid JSON/)
  })

  test("pieces merge as LangChain's concat merges them: by index, and by id where both have one", () => {
    const byId = [
      new AIMessageChunk({ id: 'run-1', content: '', tool_call_chunks: [{ id: 'c1', name: 'get_weather', args: '{"city":"Paris"}' }] }),
      new AIMessageChunk({ id: 'run-1', content: '', tool_call_chunks: [{ id: 'c2', name: 'get_weather', args: '{"city":"Rome"}' }] }),
    ]
    const sameIndexOtherIds = byId.map((chunk, i) => new AIMessageChunk({ id: 'run-1', content: '', tool_call_chunks: [{ ...chunk.tool_call_chunks![0]!, index: 0, id: `c${i}` }] }))
    for (const chunks of [byId, sameIndexOtherIds]) {
      expect(readTurns(chunks)).toEqual([[paris, rome]])
      expect(readTurns(chunks)).toEqual(readTurns(chunks.reduce((merged, chunk) => concat(merged, chunk))))
    }
  })

  test('a chunk of text amid the pieces, or ids that change, do not cut the message; its finish completes a call without arguments', () => {
    const chunks = [
      new AIMessageChunk({ id: 'r1', content: '', tool_call_chunks: [{ index: 0, id: 'c1', name: 'get_weather', args: '' }] }),
      new AIMessageChunk({ id: 'r2', content: 'hm' }),
      new AIMessageChunk({ content: '', tool_call_chunks: [{ index: 0, args: '{"city":"Paris"}' }] }),
      new AIMessageChunk({ content: '', tool_call_chunks: [{ index: 1, id: 'c2', name: 'now', args: '' }] }),
      new AIMessageChunk({ content: '', response_metadata: { finish_reason: 'tool_calls' } }),
    ]
    expect(readTurns(chunks)).toEqual([[paris, { name: 'now', args: {} }]])
    // Merged so far, as LangChain reads a message: a call whose arguments are empty text has none.
    expect(readTurns(chunks.slice(0, 4))).toEqual([[paris, { name: 'now', args: {} }]])
    expect(readTurns([chunks[3]!])).toEqual(readTurns(chunks[3]))
  })

  test('a chunk of text alone, between calls, ends a turn as an AIMessage of text does', () => {
    const text = new AIMessageChunk({ content: 'Let me check.' })
    const calls = [paris, rome]
    expect(readTurns([calls[0], text, calls[1]])).toEqual([[paris], [rome]])
    expect(readTurns([calls[0], new AIMessage({ content: 'Let me check.' }), calls[1]])).toEqual([[paris], [rome]])
  })

  test('chunks that share a call id are told to their calls by place, alone as in a list', () => {
    const message = {
      type: 'ai',
      content: '',
      tool_calls: [
        { name: 'get_weather', args: { city: 'Paris' }, id: 'c1' },
        { name: 'get_weather', args: {}, id: 'c1' },
      ],
      tool_call_chunks: [
        { name: 'get_weather', args: '{"city":"Paris"}', id: 'c1', index: 0 },
        { name: 'get_weather', args: '{"city":', id: 'c1', index: 1 },
      ],
    }
    const [first, second] = toolCalls(message)
    expect(first).toEqual(paris)
    expect(second?.unparseable).toMatch(/^tool_call_chunks\[1\]\.args: not valid JSON/)
    expect(toolCalls([message])).toEqual([paris, expect.objectContaining({ unparseable: expect.stringMatching(/^\[0\]\.tool_call_chunks\[1\]\.args: not valid JSON/) })])
  })

  test('a provider that names the call on every piece streams one call', () => {
    const chunks = ['{"city":', '"Paris"}', ''].map((args) => new AIMessageChunk({ content: '', tool_call_chunks: [{ index: 0, id: 'c1', name: 'get_weather', args }] }))
    expect(readTurns(chunks)).toEqual(readTurns(chunks.reduce((merged, chunk) => concat(merged, chunk))))
    expect(readTurns(chunks)).toEqual([[paris]])
  })

  test('chunks stored or serialised are put together as the chunks themselves', () => {
    const chunks = [
      new AIMessageChunk({ id: 'run-1', content: '', tool_call_chunks: [{ index: 0, id: 'c1', name: 'get_weather', args: '{"city":' }] }),
      new AIMessageChunk({ id: 'run-1', content: '', tool_call_chunks: [{ index: 0, args: '"Paris"}' }] }),
    ]
    const serialised = JSON.parse(JSON.stringify(chunks))
    expect(serialised[0]).toMatchObject({ lc: 1, type: 'constructor' })
    expect(readTurns(serialised)).toEqual([[paris]])
    const stored = chunks.map((chunk) => ({ type: 'ai', data: { content: '', tool_call_chunks: chunk.tool_call_chunks, tool_calls: chunk.tool_calls } }))
    expect(readTurns(stored)).toEqual([[paris]])
  })

  test('two messages merged each on its own, side by side without ids, are two messages', () => {
    const merged = new AIMessageChunk({ content: '', tool_call_chunks: [{ name: 'get_weather', args: '{"city":"Paris"}', id: 'c1', index: 0 }] })
    expect(readTurns([merged, merged])).toEqual([[paris], [paris]])
  })

  test('in a list, a chunk that holds its calls whole is read as a message', () => {
    const chunk = new AIMessageChunk({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1', type: 'tool_call' }] })
    expect(chunk.tool_call_chunks).toEqual([])
    expect(readTurns([chunk, chunk])).toEqual([[paris], [paris]])
  })

  test('reads an AIMessageChunk built from tool call chunks', () => {
    const chunk = new AIMessageChunk({ content: '', tool_call_chunks: [{ name: 'get_weather', args: '{"city":"Paris"}', id: 'c1', index: 0 }] })
    expect(toolCalls(chunk)).toEqual([paris])
  })

  test('an invalid tool call is unparseable with its error as the reason', () => {
    const message = new AIMessage({ content: '', invalid_tool_calls: [{ name: 'get_weather', args: '{"city":', id: 'c1', error: 'Malformed args.' }] })
    expect(toolCalls(message)).toEqual([{ name: 'get_weather', args: {}, unparseable: 'invalid_tool_calls[0]: Malformed args.' }])
  })

  test('a ToolMessage carries a tool name but is not a call', () => {
    expect(toolCalls(new ToolMessage({ content: '20C', tool_call_id: 'c1', name: 'get_weather' }))).toEqual([])
  })

  test('a HumanMessage has no calls', () => {
    expect(toolCalls(new HumanMessage('Weather?'))).toEqual([])
  })

  test('content blocks that repeat the calls are not read twice', () => {
    const message = new AIMessage({
      content: [{ type: 'tool_use', id: 'c1', name: 'get_weather', input: { city: 'Paris' } }],
      tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1' }],
    })
    expect(toolCalls(message)).toEqual([paris])
  })

  test("a message's standard content blocks give the agent's calls, not those the provider ran itself", () => {
    const message = new AIMessage({
      content: [
        { type: 'server_tool_use', id: 'srv1', name: 'web_search', input: { query: 'cats' } },
        { type: 'web_search_tool_result', tool_use_id: 'srv1', content: [] },
        { type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } },
      ],
      tool_calls: [{ id: 't1', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' }],
      response_metadata: { model_provider: 'anthropic' },
    })
    expect(message.contentBlocks.map((block) => block.type)).toContain('server_tool_call')
    expect(toolCalls(message.contentBlocks)).toEqual([paris])
  })

  test('a message list gives one turn per AI message with calls', () => {
    const messages = [
      new SystemMessage('Be brief.'),
      new HumanMessage('Weather in Paris, then Rome?'),
      new AIMessage({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1' }] }),
      new ToolMessage({ content: '20C', tool_call_id: 'c1', name: 'get_weather' }),
      new AIMessage({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Rome' }, id: 'c2' }] }),
      new ToolMessage({ content: '25C', tool_call_id: 'c2', name: 'get_weather' }),
      new AIMessage('Warm in both.'),
    ]
    expect(readTurns(messages)).toEqual([[paris], [rome]])
  })

  test('reads a LangGraph state { messages }', () => {
    expect(readTurns({ messages: [new HumanMessage('Weather?'), aiMessage()] })).toEqual([[paris, rome]])
  })

  test('reads the serialised toJSON() form', () => {
    expect(readTurns(JSON.parse(JSON.stringify(aiMessage())))).toEqual([[paris, rome]])
  })

  test('reads a serialised message list', () => {
    const messages = [new HumanMessage('Weather?'), aiMessage(), new ToolMessage({ content: '20C', tool_call_id: 'c1', name: 'get_weather' })]
    expect(toolCalls(JSON.parse(JSON.stringify(messages)))).toEqual([paris, rome])
  })

  test('reads a plain AI message dict', () => {
    expect(toolCalls({ type: 'ai', content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1', type: 'tool_call' }] })).toEqual([paris])
  })

  test('reads the stored form { type: "ai", data }', () => {
    expect(toolCalls({ type: 'ai', data: { content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'c1' }] } })).toEqual([paris])
  })

  test('reads an older stored message, whose calls are only in additional_kwargs.tool_calls, as LangChain restores it', () => {
    const openaiCall = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }
    const stored = { type: 'ai', data: { content: '', additional_kwargs: { tool_calls: [openaiCall] } } }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const [restored] = mapStoredMessagesToChatMessages([stored as never])
      expect((restored as AIMessage).tool_calls).toEqual([{ ...paris, id: 'call_1' }])
    } finally {
      warn.mockRestore()
    }
    expect(toolCalls(stored)).toEqual([paris])
    // Where tool_calls is given, it is the message's calls; the vendor's form beside it repeats them.
    expect(toolCalls({ ...stored, data: { ...stored.data, tool_calls: [] } })).toEqual([])
  })
})

describe('LangChain chunks from an untrusted stream', () => {
  /** How many characters JSON.parse is handed while `read` runs: the work of reading, counted rather than timed. */
  function charactersParsed(read: () => unknown): number {
    const parse = JSON.parse
    let characters = 0
    JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
      characters += String(text).length
      return parse(text, reviver)
    }) as typeof JSON.parse
    try {
      read()
    } finally {
      JSON.parse = parse
    }
    return characters
  }

  test('parse each call\'s growing arguments a bounded number of times, not once for every piece that names it again', () => {
    const chunks: object[] = [{ type: 'ai', tool_call_chunks: [{ name: 'f', args: `{"a":[${'{},'.repeat(20_000)}`, index: 0 }] }]
    for (let i = 0; i < 2000; i++) chunks.push({ type: 'ai', tool_call_chunks: [{ name: 'f', args: '{}', index: 0 }] })
    let calls: unknown[] = []
    const parsed = charactersParsed(() => (calls = toolCalls(chunks)))
    expect(calls).toEqual([expect.objectContaining({ name: 'f', unparseable: expect.stringContaining('not valid JSON') })])
    expect(parsed).toBeLessThan(3 * 64_000)
  })

  test('a message of many calls and chunks tells each chunk its call by id without searching every call', () => {
    const count = 2000
    const message = {
      type: 'ai',
      tool_calls: Array.from({ length: count }, (_, i) => ({ name: 'f', id: `call-${i}`, args: {} })),
      tool_call_chunks: Array.from({ length: count }, (_, i) => ({ name: 'f', id: `call-${count - 1 - i}`, args: i === 0 ? '{"x": ' : '{}' })),
    }
    let reads = 0
    const counted = new Proxy(message.tool_calls, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      },
    })
    const calls = toolCalls({ ...message, tool_calls: counted })
    expect(calls).toHaveLength(count)
    expect(calls[count - 1]!.unparseable).toContain('not valid JSON')
    expect(calls.filter((call) => call.unparseable !== undefined)).toHaveLength(1)
    expect(reads).toBeLessThan(10 * count)
  })

  test('calls that share an index but each have an id of their own are told apart without searching every call at that index', () => {
    // Searched call by call, 100,000 of them took minutes; this runs within the test's timeout only when each lookup is direct.
    const count = 100_000
    const chunks = Array.from({ length: count }, (_, i) => ({ type: 'ai', content: '', tool_call_chunks: [{ index: 0, id: `call-${i}`, name: 'f', args: `{"i": ${i}}` }] }))
    const calls = toolCalls(chunks)
    expect(calls).toHaveLength(count)
    expect(calls[count - 1]).toEqual({ name: 'f', args: { i: count - 1 } })
    expect(calls.every((call) => call.unparseable === undefined)).toBe(true)
  })

  test('a serialised message whose class name is a vast list is named by its kind, the list never joined', () => {
    const name: unknown[] = [{ a: 1 }]
    name.length = 2 ** 32 - 1
    expect(toolCalls({ lc: 1, type: 'constructor', id: ['langchain_core', 'messages', name], kwargs: {} })).toEqual([
      { name: '', args: {}, unparseable: 'expected a serialised LangChain message, received an array' },
    ])
  })

  test("calls of a made-up length are told their chunks by id without walking that length", () => {
    let reads = 0
    const lying = new Proxy([{ name: 'get_weather', args: { city: 'Paris' }, id: 'a' }], {
      get(target, key, receiver) {
        if (key === 'length') return 2 ** 53 - 1
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      },
    })
    const chunks = [{ name: 'get_weather', args: '{"city": Par', id: 'a', index: 0 }]
    const [call] = toolCalls({ type: 'ai', content: '', tool_calls: lying, tool_call_chunks: chunks })
    expect(call?.unparseable).toContain('not valid JSON')
    expect(reads).toBeLessThan(10)
  })
})
