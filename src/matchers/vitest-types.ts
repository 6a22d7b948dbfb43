import type { LikeToEqual, ToolCallMatchers } from './matcher-types'

declare module 'vitest' {
  // Vitest applies `Matchers` to `expect(x)` and to `expect.toMatchToolCalls(...)`; `T` is the received value's type.
  interface Matchers<T = any> extends ToolCallMatchers<LikeToEqual, T> {}
  // `expect.not.toMatchToolCalls(...)`.
  interface AsymmetricMatchersContaining extends ToolCallMatchers<any> {}
}
