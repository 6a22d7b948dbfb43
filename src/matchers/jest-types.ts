// Brings 'expect' into the program, so that its augmentation below resolves.
import type {} from 'expect'
import type { LikeToEqual, ToolCallMatchers } from './matcher-types'

// With `import { expect } from '@jest/globals'`.
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ToolCallMatchers<R, T> {}
  // `expect.toMatchToolCalls(...)` and `expect.not.toMatchToolCalls(...)`.
  interface AsymmetricMatchers extends ToolCallMatchers<any> {}
}

// With the global `expect` typed by @types/jest. Typed as Vitest's `Matchers` are (what `toEqual` returns, which is
// `R` here), since Vitest declares this namespace too and extends `jest.Matchers<void, T>` beside its own `Matchers<T>`:
// a program holding both declarations would otherwise hold two unlike forms of each matcher (TS2320).
declare global {
  namespace jest {
    interface Matchers<R, T = {}> extends ToolCallMatchers<LikeToEqual, T, R> {}
    interface Expect extends ToolCallMatchers<any> {}
    interface InverseAsymmetricMatchers extends ToolCallMatchers<any> {}
  }
}
