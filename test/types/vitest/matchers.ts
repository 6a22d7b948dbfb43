// Compiled by test/types/types.test.ts against the built package: each wrong call must be a type error.
import { evaluate, type Gold, oneOf, type ToMatchToolCallsOptions, ToolCallMetric } from 'expect-toolcalls'
import 'expect-toolcalls/vitest'
import { jsonSchema, tool } from 'ai'
import { expect } from 'vitest'
import { z } from 'zod'

const gold = [{ name: 'search', args: { q: oneOf('cats', 'kittens'), limit: expect.any(Number) } }]
const score = new ToolCallMetric().score([], gold)

expect([]).toMatchToolCalls(gold)
expect([]).toMatchToolCalls(gold, { allowExtra: true, allowMissing: false, level: 'arg', order: 'turns', canonicalizer: 'exact' })
expect([]).toMatchToolCalls({ name: 'search' })
expect([]).toMatchToolCalls([['search', { q: 'cats' }]])
expect([]).not.toMatchToolCalls(gold)
await expect(Promise.resolve([])).resolves.toMatchToolCalls(gold)
await expect(Promise.resolve([])).resolves.toScoreAtLeast(0.9, gold)
await expect(Promise.resolve([])).resolves.not.toHaveCalledTool('delete_all')
expect([]).toHaveCalledTool('search', expect.objectContaining({ q: 'cats' }))
expect({ calls: [] }).toEqual({ calls: expect.toMatchToolCalls(gold) })
expect({ calls: [] }).toEqual({ calls: expect.not.toMatchToolCalls(gold) })
expect([]).toScoreAtLeast(0.9, gold)
expect([]).toScoreAtLeast(0.9, gold, { by: 'recall', level: 'arg' })
expect(score).toScoreAtLeast(0.9)
expect(score).toScoreAtLeast(0.9, { by: 'precision' })
expect([]).toHaveCalledTool('search')
expect([]).toHaveCalledTool('search', { q: expect.stringMatching(/cat/) })
expect({ calls: [] }).toEqual({ calls: expect.toHaveCalledTool('search') })

// A matcher returns what toEqual returns on the same assertion: a promise exactly where it must be awaited.
const checked: void = expect([]).toMatchToolCalls(gold)
const scored: void = expect(score).toScoreAtLeast(0.9)
const found: void = expect([]).not.toHaveCalledTool('search')
const resolved: Promise<void> = expect(Promise.resolve([])).resolves.toMatchToolCalls(gold)
const rejected: Promise<void> = expect(Promise.reject(new Error('no calls'))).rejects.not.toHaveCalledTool('search')
const resolvedScore: Promise<void> = expect(Promise.resolve(score)).resolves.toScoreAtLeast(0.9)
const polled: Promise<void> = expect.poll(() => []).toMatchToolCalls(gold)
// @ts-expect-error a synchronous assertion is not a promise
const notAwaited: Promise<void> = expect([]).toMatchToolCalls(gold)
// @ts-expect-error nor is what it returns the received value
const notReceived: never[] = expect([]).toMatchToolCalls(gold)
void [checked, scored, found, resolved, rejected, resolvedScore, polled, notAwaited, notReceived]


// Arguments typed by an interface, which has no index signature.
interface SearchArgs {
  q: string
  limit: number
}
const searchArgs: SearchArgs = { q: 'cats', limit: 3 }
const typedCalls: { name: string; args: SearchArgs }[] = [{ name: 'search', args: searchArgs }]
expect(typedCalls).toMatchToolCalls(typedCalls)
expect([]).toMatchToolCalls([{ name: 'search', args: searchArgs }, ['search', searchArgs]])
expect([]).toHaveCalledTool('search', searchArgs)
new ToolCallMetric().score(typedCalls, typedCalls)

// toScoreAtLeast takes the form for what the received value's type says it is; both where it may be either.
const report = evaluate([{ pred: [], gold }])
const parsed: any = JSON.parse('{}')
const maybeScored = Math.random() < 0.5 ? score : typedCalls
expect(report).toScoreAtLeast(0.9, { by: 'recall' })
expect(parsed).toScoreAtLeast(0.9)
expect(parsed).toScoreAtLeast(0.9, gold)
expect(maybeScored).toScoreAtLeast(0.9)
expect(maybeScored).toScoreAtLeast(0.9, gold)
await expect(Promise.resolve(score)).resolves.toScoreAtLeast(0.9)
await expect(Promise.resolve(parsed)).resolves.toScoreAtLeast(0.9, gold)
await expect(Promise.resolve(parsed)).resolves.toScoreAtLeast(0.9)
expect({ score }).toEqual({ score: expect.toScoreAtLeast(0.9) })
// A report as a JSON module or a JSON schema types it, its levels plain strings.
declare const readBack: { command: string; tp: number; fp: number; fn: number; precision: number; recall: number; f1: number; episodes: number; worst: { score: { level: string } }[] }
expect(readBack).toScoreAtLeast(0.9, { by: 'recall' })
const record: Record<string, unknown> = parsed
expect(record).toScoreAtLeast(0.9)
expect(record).toScoreAtLeast(0.9, gold)

// An AI SDK tool set is a grammar as it is given to generateText.
const tools = {
  get_weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => city }),
  search: tool({ inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }) }),
}
new ToolCallMetric({ grammar: tools })
expect([]).toMatchToolCalls(gold, { grammar: tools })
// Written inline, a tool set's tool takes an importance and a description, as the README shows.
const weatherSchema = { type: 'object', properties: { city: { type: 'string' } } }
new ToolCallMetric({ grammar: { get_weather: { inputSchema: weatherSchema, importance: 5 } } })
new ToolCallMetric({ grammar: { get_weather: { description: 'The weather in a city', inputSchema: z.object({ city: z.string() }), importance: 0.5 } } })
new ToolCallMetric({ grammar: { ...tools, delete_all: { ...tool({ inputSchema: z.object({}) }), importance: 5 } } })
// @ts-expect-error an importance is a number
new ToolCallMetric({ grammar: { get_weather: { inputSchema: weatherSchema, importance: '5' } } })
// @ts-expect-error a misspelt grammar form
new ToolCallMetric({ grammar: { tool: { f: { importance: 1 } } } })
// @ts-expect-error weights without the tools wrapper, which is no tool set: its tools would have an inputSchema
new ToolCallMetric({ grammar: { get_weather: { importance: 3 } } })

// A table of cases typed with the main entry's types.
const cases: { gold: Gold; options?: ToMatchToolCallsOptions }[] = [{ gold }, { gold: [[{ name: 'a' }], [{ name: 'b', args: { x: 1 } }]], options: { order: 'turns' } }]
for (const { gold: expected, options } of cases) expect([]).toMatchToolCalls(expected, options)
// @ts-expect-error a gold case holds calls, not a string
const badCase: { gold: Gold } = { gold: 'search' }

// A promise holds no calls until awaited; .resolves, .rejects and expect.poll await it, and a value that may be the calls passes.
const promisedCalls = Promise.resolve(typedCalls)
const callsOrPromise = Math.random() < 0.5 ? typedCalls : promisedCalls
await expect(promisedCalls).resolves.toMatchToolCalls(gold)
await expect(promisedCalls).rejects.not.toHaveCalledTool('search')
await expect.soft(promisedCalls).resolves.toScoreAtLeast(0.9, gold)
await expect.poll(() => promisedCalls).toMatchToolCalls(gold)
expect(callsOrPromise).toMatchToolCalls(gold)
expect(parsed).toHaveCalledTool('search')
// @ts-expect-error a promise not awaited
expect(promisedCalls).toMatchToolCalls(gold)
// @ts-expect-error nor under .not
expect(promisedCalls).not.toHaveCalledTool('search')
// @ts-expect-error nor by expect.soft
expect.soft(promisedCalls).toScoreAtLeast(0.9, gold)
// @ts-expect-error nor a promise of a Score
expect(Promise.resolve(score)).toScoreAtLeast(0.9)

// @ts-expect-error the gold is required
expect([]).toMatchToolCalls()
// @ts-expect-error a gold call has a name
expect([]).toMatchToolCalls([{ args: {} }])
expect([]).toMatchToolCalls([{ name: 'a', arguments: { x: 1 } }])
// @ts-expect-error args or arguments, not both
expect([]).toMatchToolCalls([{ name: 'a', args: { x: 1 }, arguments: { y: 2 } }])
// @ts-expect-error an option that does not exist
expect([]).toMatchToolCalls(gold, { allowExtras: true })
// @ts-expect-error a level that does not exist
expect([]).toMatchToolCalls(gold, { level: 'word' })
// @ts-expect-error the threshold is a number
expect([]).toScoreAtLeast('0.9', gold)
// @ts-expect-error `by` names a figure
expect(score).toScoreAtLeast(0.9, { by: 'accuracy' })
// @ts-expect-error the tool's name is a string
expect([]).toHaveCalledTool(42)
// @ts-expect-error the arguments are an object
expect.toHaveCalledTool('search', 'cats')
// @ts-expect-error the gold is required
expect.not.toMatchToolCalls()
// @ts-expect-error calls are graded against a gold
expect(typedCalls).toScoreAtLeast(0.9)
// @ts-expect-error calls are graded against a gold, not options
expect(typedCalls).toScoreAtLeast(0.9, { by: 'recall' })
// @ts-expect-error a promise of calls is graded against a gold
await expect(Promise.resolve(typedCalls)).resolves.toScoreAtLeast(0.9)
// @ts-expect-error a Score already holds its figures: no gold
expect(score).toScoreAtLeast(0.9, gold)
// @ts-expect-error a corpus report takes one object of options
expect(report).toScoreAtLeast(0.9, { by: 'recall' }, { level: 'arg' })
