import type { ToolCallMatchers } from './matcher-types'

declare module 'vitest' {
  // Vitest 4 applies `Matchers` to `expect(x)` and to `expect.toMatchToolCalls(...)`.
  interface Matchers<T = any> extends ToolCallMatchers<T> {}
  // `expect.not.toMatchToolCalls(...)`.
  interface AsymmetricMatchersContaining extends ToolCallMatchers<any> {}
}
