// Compiled by test/types/types.test.ts against the built package, as CommonJS with @types/jest's globals.
/// <reference types="jest" />
import { oneOf, ToolCallMetric } from 'expect-toolcalls'
import 'expect-toolcalls/jest'

const gold = [{ name: 'search', args: { q: oneOf('cats', 'kittens'), limit: expect.any(Number) } }]
const score = new ToolCallMetric().score([], gold)

interface SearchArgs {
  q: string
  limit: number
}
const searchArgs: SearchArgs = { q: 'cats', limit: 3 }
const typedCalls: { name: string; args: SearchArgs }[] = [{ name: 'search', args: searchArgs }]

async function typed(): Promise<void> {
  expect([]).toMatchToolCalls(gold)
  expect([]).toMatchToolCalls(gold, { allowExtra: true, allowMissing: false, level: 'arg', order: 'turns', canonicalizer: 'exact' })
  expect([]).not.toMatchToolCalls(gold)
  await expect(Promise.resolve([])).resolves.toMatchToolCalls(gold)
  await expect(Promise.resolve([])).resolves.toScoreAtLeast(0.9, gold)
  await expect(Promise.resolve([])).resolves.not.toHaveCalledTool('delete_all')
  expect([]).toHaveCalledTool('search', expect.objectContaining({ q: 'cats' }))
  expect({ calls: [] }).toEqual({ calls: expect.toMatchToolCalls(gold) })
  expect({ calls: [] }).toEqual({ calls: expect.not.toMatchToolCalls(gold) })
  expect([]).toScoreAtLeast(0.9, gold, { by: 'recall' })
  expect(score).toScoreAtLeast(0.9)
  expect([]).toHaveCalledTool('search', { q: expect.stringMatching(/cat/) })
  // Arguments typed by an interface, which has no index signature.
  expect(typedCalls).toMatchToolCalls(typedCalls)
  expect([]).toMatchToolCalls([{ name: 'search', args: searchArgs }, ['search', searchArgs]])
  expect([]).toHaveCalledTool('search', searchArgs)
  new ToolCallMetric().score(typedCalls, typedCalls)

  // @ts-expect-error the gold is required
  expect([]).toMatchToolCalls()
  // @ts-expect-error an option that does not exist
  expect([]).toMatchToolCalls(gold, { allowExtras: true })
  // @ts-expect-error the threshold is a number
  expect([]).toScoreAtLeast('0.9', gold)
  // @ts-expect-error `by` names a figure
  expect(score).toScoreAtLeast(0.9, { by: 'accuracy' })
  // @ts-expect-error the tool's name is a string
  expect([]).toHaveCalledTool(42)
  // @ts-expect-error the gold is required
  expect.not.toMatchToolCalls()
}
export { typed }
