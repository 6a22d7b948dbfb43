// Brings 'expect' into the program, so that its augmentation below resolves.
import type {} from 'expect'
import type { ToolCallMatchers } from './matcher-types'

// With `import { expect } from '@jest/globals'`.
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ToolCallMatchers<R, T> {}
  // `expect.toMatchToolCalls(...)` and `expect.not.toMatchToolCalls(...)`.
  interface AsymmetricMatchers extends ToolCallMatchers<any> {}
}

// With the global `expect` typed by @types/jest.
declare global {
  namespace jest {
    interface Matchers<R, T = {}> extends ToolCallMatchers<R, T> {}
    interface Expect extends ToolCallMatchers<any> {}
    interface InverseAsymmetricMatchers extends ToolCallMatchers<any> {}
  }
}
