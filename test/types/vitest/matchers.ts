// Compiled by test/types/types.test.ts against the built package: each wrong call must be a type error.
import { type Gold, oneOf, type ToMatchToolCallsOptions, ToolCallMetric } from 'expect-toolcalls'
import 'expect-toolcalls/vitest'
import { expect } from 'vitest'

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

// A table of cases typed with the main entry's types.
const cases: { gold: Gold; options?: ToMatchToolCallsOptions }[] = [{ gold }, { gold: [[{ name: 'a' }], [{ name: 'b', args: { x: 1 } }]], options: { order: 'turns' } }]
for (const { gold: expected, options } of cases) expect([]).toMatchToolCalls(expected, options)
// @ts-expect-error a gold case holds calls, not a string
const badCase: { gold: Gold } = { gold: 'search' }

// @ts-expect-error the gold is required
expect([]).toMatchToolCalls()
// @ts-expect-error a gold call has a name
expect([]).toMatchToolCalls([{ args: {} }])
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
