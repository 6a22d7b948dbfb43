import type { Tool as BedrockTool } from '@aws-sdk/client-bedrock-runtime'
import type OpenAI from 'openai'
import { DynamicTool, tool as langchainTool } from '@langchain/core/tools'
import { tool as agentsTool } from '@openai/agents-core'
import { dynamicTool, gateway, generateText, isStepCount, jsonSchema, tool, zodSchema } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { optional } from '../../src/compare/gold-values'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

const weatherInput = z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).default('celsius') })
const tools = {
  get_weather: tool({ inputSchema: weatherInput, execute: async ({ city, unit }) => `20 ${unit} in ${city}` }),
  search: tool({ inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }) }),
}

describe('an AI SDK tool set is a grammar as it is given to generateText', () => {
  const metric = new ToolCallMetric({ grammar: tools })

  test("a zod schema's types and enums are checked, and so is a jsonSchema() one's", () => {
    const score = metric.score(
      [
        { name: 'get_weather', args: { city: 'Paris', unit: 'kelvin' } },
        { name: 'search', args: { q: 7 } },
      ],
      [
        { name: 'get_weather', args: { city: 'Paris', unit: optional() } },
        { name: 'search', args: { q: optional() } },
      ],
    )
    expect(score.pairs.map((pair) => pair.args.find((arg) => arg.verdict !== 'match')?.reason)).toEqual([
      'expected one of the declared values "celsius", "fahrenheit", received "kelvin"',
      'expected a string (the declared type), received 7',
    ])
  })

  test("the default a zod schema fills in, which the SDK hands on as if the model sent it, counts as left out", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Paris"}' }],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        },
        { content: [{ type: 'text', text: 'Mild.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
      ],
    })
    const result = await generateText({ model, prompt: 'Weather in Paris?', tools, stopWhen: isStepCount(3) })
    expect(result.steps[0]!.toolCalls[0]!.input).toEqual({ city: 'Paris', unit: 'celsius' })
    const gold = [{ name: 'get_weather', args: { city: 'Paris' } }]
    expect(result).toMatchToolCalls(gold, { grammar: tools })
    expect(() => expect(result).toMatchToolCalls(gold)).toThrow(/unit/)
  })

  test('defaults a zod schema fills in inside a value, in an object or in the items of a list, count as left out too', async () => {
    const searchTools = {
      search: tool({
        inputSchema: z.object({
          q: z.string(),
          opts: z.object({ lang: z.string().default('en'), safe: z.boolean() }).optional(),
          items: z.array(z.object({ id: z.string(), qty: z.number().default(1) })).optional(),
        }),
      }),
    }
    const sent = { q: 'cats', opts: { safe: false }, items: [{ id: 'a' }, { id: 'b', qty: 2 }] }
    const model = new MockLanguageModelV4({
      doGenerate: [
        { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: JSON.stringify(sent) }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] },
        { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
      ],
    })
    const result = await generateText({ model, prompt: 'Cats?', tools: searchTools, stopWhen: isStepCount(3) })
    expect(result.steps[0]!.toolCalls[0]!.input).toEqual({ q: 'cats', opts: { lang: 'en', safe: false }, items: [{ id: 'a', qty: 1 }, { id: 'b', qty: 2 }] })
    expect(result).toMatchToolCalls([{ name: 'search', args: sent }], { grammar: searchTools })
    // A filled-in key the gold lists is compared as any other; one that differs from its default is the model's, and wrong.
    expect(() => expect(result).toMatchToolCalls([{ name: 'search', args: { ...sent, opts: { lang: 'fr', safe: false } } }], { grammar: searchTools })).toThrow(/lang/)
    expect(() => expect(result).toMatchToolCalls([{ name: 'search', args: sent }])).toThrow(/unexpected key "lang"/)
  })

  test("a hand-written schema's nested defaults, through a $ref, count as left out where the gold does not list them", () => {
    const grammar = [{
      name: 'book',
      parameters: {
        type: 'object',
        $defs: { Seat: { type: 'object', properties: { row: { type: 'integer' }, window: { type: 'boolean', default: false } } } },
        properties: { seat: { $ref: '#/$defs/Seat' } },
      },
    }]
    const metric = new ToolCallMetric({ grammar })
    const score = (args: object) => metric.score([{ name: 'book', args }], [{ name: 'book', args: { seat: { row: 3 } } }]).f1
    expect([score({ seat: { row: 3, window: false } }), score({ seat: { row: 3, window: true } }), score({ seat: { row: 3, aisle: false } })]).toEqual([1, 0, 0])
  })

  test('the tools of a list, a dynamic tool, a zodSchema() and importances read as well', () => {
    const grammar = {
      lookup: dynamicTool({ inputSchema: zodSchema(z.object({ id: z.number().int() })), execute: async () => null }),
      delete_all: { ...tool({ inputSchema: z.object({}) }), importance: 5 },
    }
    const score = new ToolCallMetric({ grammar }).score([{ name: 'lookup', args: { id: 1.5 } }, { name: 'delete_all', args: {} }], [{ name: 'lookup', args: { id: optional() } }])
    expect(score.pairs[0]!.args[0]!.reason).toBe('expected an integer (the declared type), received 1.5')
    // The wrong lookup is an FP of 1, the extra delete_all one of 5.
    expect(score.fp).toBe(6)
    const listed = new ToolCallMetric({ grammar: [{ name: 'get_weather', inputSchema: weatherInput }] })
    expect(listed.score([{ name: 'get_weather', args: { city: 'Oslo', unit: 'celsius' } }], [{ name: 'get_weather', args: { city: 'Oslo' } }]).f1).toBe(1)
  })

  test("LangChain's tools, as bound to a chat model, read by their zod or JSON schema", () => {
    const weather = langchainTool(async ({ city }) => city, { name: 'get_weather', schema: weatherInput })
    const search = langchainTool(async () => '', { name: 'search', schema: { type: 'object', properties: { q: { type: 'string' } } } })
    const metric = new ToolCallMetric({ grammar: [weather, search] })
    const score = metric.score(
      [
        { name: 'get_weather', args: { city: 'Oslo', unit: 'celsius' } },
        { name: 'search', args: { q: 1 } },
      ],
      [{ name: 'get_weather', args: { city: 'Oslo' } }, { name: 'search', args: { q: optional() } }],
    )
    expect(score.pairs.map((pair) => pair.args.map(({ verdict }) => verdict))).toEqual([['match', 'omitted'], ['mismatch']])
  })

  test("a provider's tool beside the agent's, its schema made lazily, and a lazy schema of the author's own", () => {
    const webSearch = gateway.tools.perplexitySearch({})
    expect(typeof webSearch.inputSchema).toBe('function')
    const lazy = tool({ inputSchema: () => jsonSchema<{ n: number }>({ type: 'object', properties: { n: { type: 'integer' } } }) })
    const metric = new ToolCallMetric({ grammar: { ...tools, web_search: webSearch, count: lazy } })
    const score = metric.score(
      [
        { name: 'get_weather', args: { city: 'Paris', unit: 'kelvin' } },
        { name: 'count', args: { n: 'two' } },
      ],
      [
        { name: 'get_weather', args: { city: 'Paris', unit: optional() } },
        { name: 'count', args: { n: optional() } },
      ],
    )
    expect(score.pairs.map((pair) => pair.args.find((arg) => arg.verdict !== 'match')?.reason)).toEqual([
      'expected one of the declared values "celsius", "fahrenheit", received "kelvin"',
      'expected an integer (the declared type), received "two"',
    ])
    const failing = { f: tool({ inputSchema: (() => { throw new Error('no schema today') }) as never }) }
    expect(() => new ToolCallMetric({ grammar: failing })).toThrow(new TypeError('options.grammar.f.inputSchema: the lazy schema could not be made (no schema today)'))
  })

  test("LangChain's string tools, whose zod 3 schema cannot be written out, are refused with the way to write it", () => {
    const calculator = new DynamicTool({ name: 'calculator', description: 'Evaluates arithmetic', func: async (input) => input })
    expect(() => new ToolCallMetric({ grammar: [calculator] })).toThrow(/^options\.grammar\[0\]\.schema: a zod schema that cannot write itself as JSON Schema .*convertToOpenAITool\(tool\)/)
  })

  test("a schema that cannot write itself as JSON Schema is the author's TypeError, naming where", () => {
    const old = { get_weather: tool({ inputSchema: z3.object({ city: z3.string() }) as never }) }
    expect(() => new ToolCallMetric({ grammar: old })).toThrow(
      new TypeError("options.grammar.get_weather.inputSchema: a zod schema that cannot write itself as JSON Schema (zod 4 can); give its JSON Schema instead"),
    )
    // zod refuses to write a Date, which JSON cannot hold.
    const dated = { f: tool({ inputSchema: z.object({ at: z.date() }) }) }
    expect(() => new ToolCallMetric({ grammar: dated })).toThrow(/^options\.grammar\.f\.inputSchema: the schema could not be written as JSON Schema \(.+\)$/)
    // zodSchema() writes it when first asked, from a getter.
    const wrapped = { f: tool({ inputSchema: zodSchema(z.object({ at: z.date() })) }) }
    expect(() => new ToolCallMetric({ grammar: wrapped })).toThrow(/^options\.grammar\.f\.inputSchema: the schema could not be written as JSON Schema \(Date cannot/)
  })
})

describe("OpenAI's strict mode, where an optional argument is required yet nullable", () => {
  const weather = agentsTool({
    name: 'get_weather',
    description: 'The forecast for a city',
    parameters: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).nullable() }),
    execute: async () => 'mild',
  })
  const metric = new ToolCallMetric({ grammar: [weather], level: 'arg' })
  const verdicts = (pred: Record<string, unknown>, gold: Record<string, unknown>) =>
    metric.score([{ name: 'get_weather', args: pred }], [{ name: 'get_weather', args: gold }]).pairs[0]!.args.map(({ arg, verdict, reason }) => [arg, verdict, reason])

  test("a null the model must send for an argument it leaves out counts as left out, whether the gold leaves it out or makes it optional", () => {
    const leftOut = ['unit', 'omitted', 'null, for an argument the schema requires yet lets be null']
    expect(verdicts({ city: 'Oslo', unit: null }, { city: 'Oslo' })).toEqual([['city', 'match', undefined], leftOut])
    expect(verdicts({ city: 'Oslo', unit: null }, { city: 'Oslo', unit: optional('celsius') })).toEqual([['city', 'match', undefined], leftOut])
    expect(metric.score([{ name: 'get_weather', args: { city: 'Oslo', unit: null } }], [{ name: 'get_weather', args: { city: 'Oslo' } }]).f1).toBe(1)
  })

  test('a null where the gold asks for a value is wrong; a declared value is still checked', () => {
    expect(verdicts({ city: 'Oslo', unit: null }, { city: 'Oslo', unit: 'celsius' })[1]!.slice(0, 2)).toEqual(['unit', 'mismatch'])
    expect(verdicts({ city: 'Oslo', unit: 'kelvin' }, { city: 'Oslo', unit: optional() })[1]).toEqual([
      'unit',
      'mismatch',
      'expected one of the declared values "celsius", "fahrenheit", received "kelvin"',
    ])
  })

  test('a value, not null, for an argument the gold leaves out is hallucinated', () => {
    expect(verdicts({ city: 'Oslo', unit: 'celsius' }, { city: 'Oslo' })[1]).toEqual(['unit', 'unexpected', 'not an argument of the gold call'])
  })

  test('a null counts as left out among several calls to the tool too, each paired with its gold call', () => {
    const gold = [
      { name: 'get_weather', args: { city: 'Oslo', unit: optional('celsius') } },
      { name: 'get_weather', args: { city: 'Rome', unit: optional('celsius') } },
    ]
    const pred = [
      { name: 'get_weather', args: { city: 'Rome', unit: null } },
      { name: 'get_weather', args: { city: 'Oslo', unit: 'celsius' } },
    ]
    const score = metric.score(pred, gold)
    expect(score.f1).toBe(1)
    expect(score.pairs.map(({ predIndex, goldIndex, args }) => [predIndex, goldIndex, args[1]!.verdict])).toEqual([
      [1, 0, 'match'],
      [0, 1, 'omitted'],
    ])
  })

  test('a null left out for an optional gold argument spares its FP in the pairing too, so the figures do not depend on the gold order', () => {
    const optionalUnit = { name: 'get_weather', args: { city: 'Rome', unit: optional() } }
    const plainUnit = { name: 'get_weather', args: { unit: 'celsius' } }
    const pred = [{ name: 'get_weather', args: { city: 'Oslo', unit: null } }]
    // Beside the first: FP 1 and FN 1 for the city, FN 2 for the second apart; beside the second: FP 2, FN 1 and FN 2.
    for (const gold of [[optionalUnit, plainUnit], [plainUnit, optionalUnit]]) {
      const score = metric.score(pred, gold)
      expect([score.tp, score.fp, score.fn, gold[score.pairs[0]!.goldIndex]]).toEqual([1, 1, 3, optionalUnit])
    }
  })

  test('where the schema does not require the argument, or does not let it be null, a null is no way of leaving it out', () => {
    const loose = new ToolCallMetric({
      grammar: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: ['string', 'null'] }, b: { type: 'string' }, c: {} }, required: ['b', 'c'] } }],
    })
    const score = loose.score([{ name: 'f', args: { a: null, b: null, c: null } }], [{ name: 'f', args: {} }])
    expect(score.pairs[0]!.args.map(({ verdict }) => verdict)).toEqual(['unexpected', 'unexpected', 'unexpected'])
  })
})

describe("a request's whole tools list, built-in tools and all", () => {
  const city = { type: 'object', properties: { city: { type: 'string' } } }

  test("OpenAI's and Gemini's built-in tools declare no function and are passed over; the functions beside them are read", () => {
    const responses = [{ type: 'function', name: 'get_weather', parameters: city }, { type: 'web_search' }, { type: 'mcp', server_label: 'docs', server_url: 'http://127.0.0.1:1' }]
    const chat = [{ type: 'function', function: { name: 'get_weather', parameters: city } }, { type: 'custom', custom: { name: 'sql' } }]
    const gemini = [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: city }] }, { googleSearch: {} }, { codeExecution: {} }, { mcpServers: [] }]
    for (const grammar of [responses, chat, gemini]) {
      const score = new ToolCallMetric({ grammar }).score([{ name: 'get_weather', args: { city: 5 } }], [{ name: 'get_weather', args: { city: optional() } }])
      expect(score.pairs[0]!.args[0]!.reason).toBe('expected a string (the declared type), received 5')
    }
  })

  test("a tool's function or toolSpec that is no object is named, not the name it leaves the tool without", () => {
    expect(() => new ToolCallMetric({ grammar: [{ type: 'function', function: [] }] as never })).toThrow(
      new TypeError("options.grammar[0].function: expected an object with the tool's name and parameters, received []"),
    )
    expect(() => new ToolCallMetric({ grammar: [{ type: 'function', function: undefined }] as never })).toThrow(
      new TypeError("options.grammar[0].function: expected an object with the tool's name and parameters, received undefined"),
    )
    expect(() => new ToolCallMetric({ grammar: [{ toolSpec: 'get_weather' }] as never })).toThrow(
      new TypeError('options.grammar[0].toolSpec: expected an object with the tool\'s name and parameters, received "get_weather"'),
    )
    // A tool named in its own right keeps its name, whatever else it holds.
    expect(new ToolCallMetric({ grammar: [{ type: 'function', name: 'f', function: 'run', parameters: { type: 'object' } }] as never }).options.grammar.tools.has('f')).toBe(true)
  })

  test("Bedrock Converse's tools: each toolSpec's inputSchema.json read, its cache points passed over", () => {
    const tools: BedrockTool[] = [
      { toolSpec: { name: 'get_weather', description: 'The weather', inputSchema: { json: { type: 'object', properties: { unit: { type: 'string', enum: ['c', 'f'] } } } } } },
      { cachePoint: { type: 'default' } },
    ]
    const score = new ToolCallMetric({ grammar: tools }).score([{ name: 'get_weather', args: { unit: 'kelvin' } }], [{ name: 'get_weather', args: { unit: optional() } }])
    expect(score.pairs[0]!.args[0]!.reason).toBe('expected one of the declared values "c", "f", received "kelvin"')
    expect(() => new ToolCallMetric({ grammar: [{ toolSpec: { name: 'f', inputSchema: { json: 'object' } } }] })).toThrow(
      new TypeError('options.grammar[0].toolSpec.inputSchema.json: expected a JSON Schema object, received "object"'),
    )
  })

  test("a Responses namespace tool declares its functions within it, as calls to them are named", () => {
    const tools: OpenAI.Responses.Tool[] = [
      { type: 'namespace', name: 'crm', description: 'The CRM', tools: [{ type: 'function', name: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } } } }, { type: 'custom', name: 'sql' }] },
      { type: 'function', name: 'search', parameters: city, strict: false },
    ]
    const metric = new ToolCallMetric({ grammar: tools })
    const score = metric.score(
      { type: 'function_call', call_id: 'c1', namespace: 'crm', name: 'search', arguments: '{"q": 5}' },
      [{ name: 'crm.search', args: { q: optional() } }],
    )
    expect(score.pairs[0]!.args[0]!.reason).toBe('expected a string (the declared type), received 5')
    expect(() => new ToolCallMetric({ grammar: [{ type: 'namespace', name: 'crm', tools: {} }] })).toThrow(
      new TypeError('options.grammar[0].tools: expected a list of function tools, received {}'),
    )
    expect(() => new ToolCallMetric({ grammar: [{ type: 'namespace', name: 'crm', tools: [{ type: 'namespace', name: 'leads', tools: [] }] }] })).toThrow(
      new TypeError('options.grammar[0].tools[0]: a namespace holds function and custom tools, not another namespace'),
    )
  })

  test('a function schema with a misspelt key is still refused, not passed over', () => {
    expect(() => new ToolCallMetric({ grammar: [{ nmae: 'get_weather' }] })).toThrow(/^options\.grammar\[0\]\.name: expected the tool's name/)
    expect(() => new ToolCallMetric({ grammar: [{ type: 'function', nmae: 'get_weather' }] })).toThrow(/^options\.grammar\[0\]\.name: /)
    expect(() => new ToolCallMetric({ grammar: [{ nmae: 'f', parameters: city }] })).toThrow(/^options\.grammar\[0\]\.name: /)
    expect(() => new ToolCallMetric({ grammar: [{ importance: 2 }] })).toThrow(/^options\.grammar\[0\]\.name: /)
  })
})

describe('what is and is not a tool set', () => {
  test("a Standard JSON Schema that writes no object is the author's TypeError", () => {
    const standard = (input: () => unknown) => ({ '~standard': { version: 1, vendor: 'acme', validate: () => ({ value: 1 }), jsonSchema: { input } } })
    expect(() => new ToolCallMetric({ grammar: { f: { inputSchema: standard(async () => ({ type: 'object' })) } } })).toThrow(
      new TypeError('options.grammar.f.inputSchema: the schema wrote no JSON Schema object (its ~standard.jsonSchema.input gave Promise {})'),
    )
    expect(() => new ToolCallMetric({ grammar: { f: { inputSchema: standard(() => null) } } })).toThrow(/wrote no JSON Schema object .*gave null\)$/)
  })

  test('the weights form stays the weights form, even for a tool named inputSchema', () => {
    const score = new ToolCallMetric({ grammar: { tools: { inputSchema: { importance: 3 } } } }).score([{ name: 'inputSchema', args: {} }], [])
    expect(score.fp).toBe(3)
    const named = new ToolCallMetric({ grammar: { tools: tool({ inputSchema: z.object({ q: z.string() }) }) } })
    expect(named.score([{ name: 'tools', args: { q: 1 } }], [{ name: 'tools', args: { q: optional() } }]).pairs[0]!.args[0]!.verdict).toBe('mismatch')
  })
})

describe("a grammar's own getters and traps", () => {
  const boom = () => {
    throw new Error('boom')
  }

  test('that throw are named by the tool they were read in', () => {
    const listed = [{ name: 'f', parameters: { type: 'object', properties: { get a() { return boom() } } } }]
    expect(() => new ToolCallMetric({ grammar: listed })).toThrow(new TypeError('options.grammar[0]: could not be read (boom)'))
    const set = { f: { get inputSchema() { return boom() } } }
    expect(() => new ToolCallMetric({ grammar: set as never })).toThrow(new TypeError('options.grammar.f: could not be read (boom)'))
    const weights = { tools: { f: new Proxy({}, { ownKeys: boom }) } }
    expect(() => new ToolCallMetric({ grammar: weights })).toThrow(new TypeError('options.grammar.tools.f: could not be read (boom)'))
  })
})
