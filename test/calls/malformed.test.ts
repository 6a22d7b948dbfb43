import { describe, expect, test } from 'vitest'
import { parsePythonCalls } from '../../src/bfcl'
import { readTurns, toolCalls } from '../../src/calls'
import type { ToolCall } from '../../src/calls'

function onlyReason(input: unknown): string | undefined {
  const calls = toolCalls(input)
  expect(calls).toHaveLength(1)
  return calls[0]?.unparseable
}

const throwing = () => {
  throw new Error('trap')
}

describe('malformed predictions become unparseable calls', () => {
  test('undefined as the whole input', () => {
    expect(toolCalls(undefined)).toEqual([{ name: '', args: {}, unparseable: "expected a trajectory, received undefined (a model's answer without calls leaves out such fields as OpenAI's message.tool_calls and Gemini's response.functionCalls: pass the message or the response itself)" }])
  })

  test('null as the whole input', () => {
    expect(onlyReason(null)).toMatch(/^expected a trajectory, received null \(.* pass the message or the response itself\)$/)
  })

  test('a number', () => {
    expect(onlyReason(42)).toBe('expected a tool call, a message or a model response, received a number')
  })

  test('an object in no known format', () => {
    expect(onlyReason({ foo: 1 })).toBe('expected a tool call, a message or a model response, received an object with keys foo')
  })

  test('an object in no known format whose keys are vast names them by their start', () => {
    expect(onlyReason({ ['k'.repeat(100_000)]: 1 })).toBe(`expected a tool call, a message or a model response, received an object with keys ${'k'.repeat(100)}…`)
  })

  test('an object in no known format whose key holds half of an emoji names it without the lone half', () => {
    expect(onlyReason(JSON.parse('{"a\\ud83d": 1}'))).toBe('expected a tool call, a message or a model response, received an object with keys a')
  })

  test('the entries of tool_calls count against the bound on list items, so a list shared by many messages is not read over and over', () => {
    const shared = new Array(300_000).fill({ type: 'function', function: { name: 'f', arguments: '{}' } })
    const messages = Array.from({ length: 4 }, () => ({ role: 'assistant', tool_calls: shared }))
    expect(readTurns(messages)).toEqual([[{ name: '', args: {}, unparseable: 'more than 1,000,000 list items in all (does it hold the same list in many places?)' }]])
  })

  test('a stream, a generator or a collection is not read, used up, but named, with what to do', () => {
    const call = { name: 'f', args: {} }
    async function* streamed() {
      yield call
    }
    function* generated() {
      yield call
    }
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(call)
        controller.close()
      },
    })
    const collect = 'collect its items into an array first'
    expect(onlyReason(streamed())).toBe(`expected a tool call, a message or a model response, received an instance of AsyncGenerator (an async iterable, such as a stream: ${collect})`)
    expect(onlyReason(stream)).toBe(`expected a tool call, a message or a model response, received an instance of ReadableStream (an async iterable, such as a stream: ${collect})`)
    const iterable = generated()
    expect(onlyReason(iterable)).toBe('expected a tool call, a message or a model response, received an instance of Generator (an iterable: spread it into an array first)')
    expect(onlyReason(new Set([call]))).toBe('expected a tool call, a message or a model response, received an instance of Set (an iterable: spread it into an array first)')
    // Not used up: the test's own reading after the grader's still finds the call.
    expect([...iterable]).toEqual([call])
  })

  test("parsePythonCalls' result, in place of the text it read, is named as such", () => {
    for (const parsed of [parsePythonCalls('[f(x=1)]'), parsePythonCalls('[f(x=')]) {
      expect(onlyReason(parsed)).toMatch(/^expected a tool call, a message or a model response, received an object with keys ok, .*\(parsePythonCalls' result, it seems: pass the text itself\)$/)
    }
  })

  test('a call with no name', () => {
    expect(onlyReason({ args: { q: 'x' } })).toBe('name: expected a tool name, received undefined')
  })

  test('a call whose name is not a string', () => {
    expect(onlyReason([{ name: 7, args: {} }])).toBe('[0].name: expected a tool name, received a number')
  })

  test('arguments that are not valid JSON, keeping the name', () => {
    const message = { role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{"a":' } }] }
    const [call] = toolCalls({ messages: [{ role: 'user', content: 'hi' }, message] })
    expect(call?.name).toBe('f')
    expect(call?.unparseable).toMatch(/^messages\[1\]\.tool_calls\[0\]\.function\.arguments: not valid JSON \(.+\)$/)
  })

  test('arguments that are JSON but not an object', () => {
    expect(onlyReason({ name: 'f', arguments: '[1]' })).toBe('arguments: expected a JSON object of arguments, received an array')
  })

  test('a cyclic argument object', () => {
    const args: Record<string, unknown> = {}
    args.self = args
    expect(onlyReason({ name: 'f', args })).toBe('args.self: a cycle: the value contains itself')
  })

  test('a cyclic trajectory', () => {
    const message: Record<string, unknown> = { role: 'assistant' }
    message.content = [message]
    expect(onlyReason(message)).toBe('content[0]: a cycle: the value contains itself')
  })

  test('a list that holds itself twice is a cycle at each place, not 2^256 paths walked to the depth limit', () => {
    const list: unknown[] = []
    list.push(list, { name: 'f', args: {} }, list)
    expect(toolCalls(list)).toEqual([
      { name: '', args: {}, unparseable: '[0]: a cycle: the value contains itself' },
      { name: 'f', args: {} },
      { name: '', args: {}, unparseable: '[2]: a cycle: the value contains itself' },
    ])
    const message = { role: 'assistant', content: [] as unknown[] }
    message.content.push(message, message)
    expect(toolCalls(message).map((call) => call.unparseable)).toEqual([
      'content[0]: a cycle: the value contains itself',
      'content[1]: a cycle: the value contains itself',
    ])
  })

  test('a getter that throws on the arguments', () => {
    const call = {
      name: 'f',
      get args(): unknown {
        throw new Error('boom')
      },
    }
    expect(toolCalls([call])).toEqual([{ name: 'f', args: {}, unparseable: '[0].args: could not be read (boom)' }])
  })

  test('a getter that throws on the arguments keeps the name it was read with, in any format', () => {
    const fn = {
      name: 'get_weather',
      get arguments(): unknown {
        throw new Error('boom')
      },
    }
    const message = { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: fn }] }
    expect(toolCalls(message)).toEqual([
      { name: 'get_weather', args: {}, unparseable: 'tool_calls[0].function.arguments: could not be read (boom)' },
    ])
    const tuple = new Proxy(['get_weather', {}], { get: (target, key) => (key === '1' ? throwing() : Reflect.get(target, key)) })
    expect(toolCalls([tuple])).toEqual([{ name: 'get_weather', args: {}, unparseable: '[0][1]: could not be read (trap)' }])
  })

  test('a name that cannot be read leaves the call nameless, its reason naming the name', () => {
    const call = {
      get name(): unknown {
        throw new Error('boom')
      },
      args: {},
    }
    expect(toolCalls([call])).toEqual([{ name: '', args: {}, unparseable: '[0].name: could not be read (boom)' }])
  })

  test('a thrown message holding half of an emoji, as the engine quotes broken JSON, is kept without the lone half', () => {
    const call = {
      name: 'f',
      get args(): unknown {
        throw new Error('Unexpected token, ..."\ude00", "b": }" is not valid JSON')
      },
    }
    expect(toolCalls([call])[0]?.unparseable).toBe('[0].args: could not be read (Unexpected token, ..."", "b": }" is not valid JSON)')
    // The engine's own messages: whatever it quotes of text full of emoji, the reason holds whole characters only.
    for (let offset = 0; offset < 4; offset++) {
      const text = `{"a": "${'x'.repeat(offset)}${'😀'.repeat(30)}", "b": }`
      const [read] = toolCalls({ name: 'f', arguments: text })
      expect(read?.unparseable).toMatch(/^arguments: not valid JSON \(.+\)$/)
      expect(read?.unparseable).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
    }
  })

  test('a getter that throws on tool_calls', () => {
    const message = {
      role: 'assistant',
      get tool_calls(): unknown {
        throw new Error('boom')
      },
    }
    expect(onlyReason(message)).toBe('tool_calls: could not be read (boom)')
  })

  test('a Proxy whose traps all throw, as the input', () => {
    const proxy = new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getPrototypeOf: throwing })
    expect(onlyReason(proxy)).toMatch(/trap/)
  })

  test('a Proxy whose traps all throw, as a call among others', () => {
    const proxy = new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getPrototypeOf: throwing })
    const calls = toolCalls([{ name: 'a', args: {} }, proxy])
    expect(calls[0]).toEqual({ name: 'a', args: {} })
    expect(calls[1]?.unparseable).toMatch(/^\[1\]: .*trap/)
  })

  test('a Proxy array whose element access throws', () => {
    const list = new Proxy([{ name: 'a', args: {} }], { get: (target, key) => (key === '0' ? throwing() : Reflect.get(target, key)) })
    expect(onlyReason(list)).toBe('[0]: could not be read (trap)')
  })

  test('a revoked Proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(onlyReason(proxy)).toMatch(/revoked/)
  })

  test('a hole in a list of calls is no call; a vast sparse list costs only what it holds', () => {
    expect(toolCalls([{ name: 'a', args: {} }, , { name: 'b', args: {} }]).map((call) => call.name)).toEqual(['a', 'b'])
    const vast: unknown[] = new Array(2 ** 32 - 1)
    vast[7] = { name: 'a', args: {} }
    vast[2 ** 32 - 2] = { name: 'b', args: {} }
    expect(toolCalls(vast).map((call) => call.name)).toEqual(['a', 'b'])
    expect(toolCalls({ role: 'assistant', tool_calls: new Array(2 ** 32 - 1) })).toEqual([])
    expect(readTurns([[{ name: 'a', args: {} }], new Array(2 ** 32 - 1)])).toEqual([[{ name: 'a', args: {} }]])
  })

  test('a Proxy list is read by the items it lists, whatever length it gives', () => {
    const lying = new Proxy([{ name: 'a', args: {} }], { get: (target, key) => (key === 'length' ? 2 ** 32 - 1 : Reflect.get(target, key)), has: () => true })
    expect(toolCalls(lying).map((call) => call.name)).toEqual(['a'])
  })

  test('bigint, symbol and function argument values', () => {
    const reasons = toolCalls([
      { name: 'f', args: { n: 1n } },
      { name: 'f', args: { s: Symbol('s') } },
      { name: 'f', args: { fn: () => 1 } },
    ]).map((call) => call.unparseable)
    expect(reasons).toEqual([
      '[0].args.n: expected JSON-like data, received a bigint',
      '[1].args.s: expected JSON-like data, received a symbol',
      '[2].args.fn: expected JSON-like data, received a function',
    ])
  })

  test('a bigint, symbol or function as the whole input', () => {
    const reasons = [1n, Symbol('s'), () => 1].map((input) => onlyReason(input))
    expect(reasons).toEqual([
      'expected a tool call, a message or a model response, received a bigint',
      'expected a tool call, a message or a model response, received a symbol',
      'expected a tool call, a message or a model response, received a function',
    ])
  })

  test('a Promise, as a reminder to await it', () => {
    expect(onlyReason(Promise.resolve([]))).toBe('expected a trajectory, received a Promise (await it first)')
  })

  test('100,000-deep argument nesting', () => {
    let args: Record<string, unknown> = {}
    for (let level = 0; level < 100_000; level++) args = { a: args }
    expect(onlyReason({ name: 'f', args })).toMatch(/^args(\.a)+: nested deeper than \d+ levels$/)
  })

  test('100,000-deep argument nesting in a JSON string', () => {
    const text = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)
    expect(onlyReason({ name: 'f', arguments: text })).toMatch(/^arguments(\.a)+: nested deeper than \d+ levels$/)
  })

  test('100,000-deep nesting of arrays', () => {
    let input: unknown[] = []
    for (let level = 0; level < 100_000; level++) input = [input]
    expect(onlyReason(input)).toMatch(/nested deeper than \d+ levels$/)
  })

  test('100,000-deep nesting of messages', () => {
    let input: unknown = { name: 'f', args: {} }
    for (let level = 0; level < 100_000; level++) input = { role: 'assistant', content: [input] }
    expect(onlyReason(input)).toMatch(/nested deeper than \d+ levels$/)
  })

  test('our { name, args } form, read without trying every format, is copied as carefully', () => {
    const throwing = { name: 'f', args: { get x(): unknown { throw new Error('boom') } } }
    expect(onlyReason([throwing])).toBe('[0].args.x: could not be read (boom)')
    const [polluting] = toolCalls(JSON.parse('{"name": "f", "args": {"__proto__": {"polluted": true}, "y": 1}}'))
    expect(Object.hasOwn((polluting as ToolCall).args, '__proto__')).toBe(true)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { x: 1 })
    expect(toolCalls({ name: 'f', args: bare })).toEqual([{ name: 'f', args: { x: 1 } }])
    const given = { x: 1, left: undefined, nested: [1, { z: 2 }] }
    const [copied] = toolCalls({ name: 'f', args: given })
    given.x = 2
    given.nested[0] = 0
    expect(copied).toEqual({ name: 'f', args: { x: 1, nested: [1, { z: 2 }] } })
    expect(Object.keys((copied as ToolCall).args)).toEqual(['x', 'nested'])
  })

  test('a __proto__ argument becomes an own property and pollutes nothing', () => {
    const [call] = toolCalls({ name: 'f', arguments: '{"__proto__": {"polluted": true}}' })
    const args = (call as ToolCall).args
    expect(Object.hasOwn(args, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })
})

describe('scale', () => {
  test('reads 100,000 calls as one turn', () => {
    const input = Array.from({ length: 100_000 }, (_, index) => ({ name: 'f', args: { index } }))
    const turns = readTurns(input)
    expect(turns.length === 1 && turns[0]?.length === 100_000 && turns[0]?.[99_999]?.args.index === 99_999).toBe(true)
  })

  test('reads a message with 100,000 tool calls', () => {
    const tool_calls = Array.from({ length: 100_000 }, () => ({ type: 'function', function: { name: 'f', arguments: '{}' } }))
    expect(toolCalls({ role: 'assistant', tool_calls })).toHaveLength(100_000)
  })
})
