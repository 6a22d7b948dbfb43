import { prettyFormat } from '#printers'
import { matchers } from './index'
import { serializer } from './serializer'
// Type-only: puts the matchers' types on Jest's expect in this entry's declarations.
export type {} from './jest-types'

interface JestExpect {
  extend(matchers: object): void
  addSnapshotSerializer(serializer: object): void
}

/** What `expect.toMatchToolCalls(gold)` and the other asymmetric uses make: an instance of the class Jest makes for each matcher. */
interface AsymmetricUse {
  sample: unknown[]
  toString(): string
  toAsymmetricMatcher(): string
}

function jestExpect(): JestExpect {
  const expect = (globalThis as { expect?: Partial<JestExpect> }).expect
  if (typeof expect?.extend !== 'function' || typeof expect.addSnapshotSerializer !== 'function') {
    throw new Error(
      "expect-toolcalls/jest: Jest's global `expect` was not found. Import this module inside Jest, from a file listed in " +
        "`setupFilesAfterEnv` (not `setupFiles`, which runs before `expect` exists). With `injectGlobals: false`, register " +
        "the matchers yourself: `expect.extend(matchers)` and `expect.addSnapshotSerializer(serializer)`, both from 'expect-toolcalls/matchers'.",
    )
  }
  return expect as JestExpect
}

/**
 * Jest prints a custom asymmetric matcher's arguments with String(), as
 * `toMatchToolCalls<[object Object]>`; ours print them as Jest prints values, on one line.
 */
function printArgumentsOfAsymmetricUses(expect: JestExpect): void {
  const factories = expect as unknown as Record<string, ((...sample: unknown[]) => AsymmetricUse) | undefined>
  for (const name of Object.keys(matchers)) {
    const use = factories[name]?.()
    // One class per matcher, shared by its `expect.not` form; a prototype that does not define the method itself may be shared with others' matchers.
    const prototype: unknown = use === undefined ? undefined : Object.getPrototypeOf(use)
    if (typeof prototype !== 'object' || prototype === null || !Object.hasOwn(prototype, 'toAsymmetricMatcher')) continue
    Object.defineProperty(prototype, 'toAsymmetricMatcher', {
      configurable: true,
      writable: true,
      value(this: AsymmetricUse): string {
        const { format, plugins } = prettyFormat()
        const printed = this.sample.map((argument) => format(argument, { min: true, plugins: [plugins.AsymmetricMatcher] }))
        return `${this.toString()}<${printed.join(', ')}>`
      },
    })
  }
}

const expect = jestExpect()
expect.extend(matchers)
printArgumentsOfAsymmetricUses(expect)
expect.addSnapshotSerializer(serializer)
