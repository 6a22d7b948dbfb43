import type { ToolCallMatchers } from './matcher-types'

declare module 'vitest' {
  // Vitest 4 applies `Matchers` to `expect(x)` and to `expect.toMatchToolCalls(...)`; `T` is the received value's type.
  interface Matchers<T = any> extends ToolCallMatchers<T, T> {}
  // `expect.not.toMatchToolCalls(...)`.
  interface AsymmetricMatchersContaining extends ToolCallMatchers<any> {}
}
