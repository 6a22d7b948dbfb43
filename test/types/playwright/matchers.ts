// Compiled by test/types/types.test.ts against the built package: Playwright's `expect.extend` types each matcher
// from its function's signature, so those must take what the runners' declarations take.
import { expect as base } from '@playwright/test'
import { oneOf } from 'expect-toolcalls'
import { matchers } from 'expect-toolcalls/matchers'

const expect = base.extend(matchers)

// Arguments typed by an interface, which has no index signature.
interface SearchArgs {
  q: string
  limit: number
}
const searchArgs: SearchArgs = { q: 'cats', limit: 3 }
const typedCalls: { name: string; args: SearchArgs }[] = [{ name: 'search', args: searchArgs }]

expect(typedCalls).toMatchToolCalls(typedCalls)
expect(typedCalls).toMatchToolCalls([{ name: 'search', args: { q: oneOf('cats', 'kittens'), limit: 3 } }], { allowExtra: true, level: 'arg' })
expect(typedCalls).toHaveCalledTool('search', searchArgs)
expect(typedCalls).toHaveCalledTool('search', base.objectContaining({ q: 'cats' }))
expect(typedCalls).toScoreAtLeast(0.9, typedCalls, { by: 'recall' })

// @ts-expect-error an option that does not exist
expect(typedCalls).toMatchToolCalls(typedCalls, { allowExtras: true })
// @ts-expect-error the tool's name is a string
expect(typedCalls).toHaveCalledTool(42)
// @ts-expect-error the threshold is a number
expect(typedCalls).toScoreAtLeast('0.9', typedCalls)
