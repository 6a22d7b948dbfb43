import { matchers } from './index'
import { serializer } from './serializer'
// Type-only: puts the matchers' types on Jest's expect in this entry's declarations.
export type {} from './jest-types'

interface JestExpect {
  extend(matchers: object): void
  addSnapshotSerializer(serializer: object): void
}

function jestExpect(): JestExpect {
  const expect = (globalThis as { expect?: Partial<JestExpect> }).expect
  if (typeof expect?.extend !== 'function' || typeof expect.addSnapshotSerializer !== 'function') {
    throw new Error(
      "expect-toolcalls/jest: Jest's global `expect` was not found. Import this module inside Jest, from a file listed in " +
        "`setupFilesAfterEnv` (not `setupFiles`, which runs before `expect` exists). With `injectGlobals: false`, register " +
        "the matchers yourself: `expect.extend(matchers)` with `matchers` from 'expect-toolcalls/matchers'.",
    )
  }
  return expect as JestExpect
}

const expect = jestExpect()
expect.extend(matchers)
expect.addSnapshotSerializer(serializer)
