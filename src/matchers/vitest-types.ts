import type { LikeToEqual, ToolCallMatchers } from './matcher-types'

declare module 'vitest' {
  // Vitest applies `Matchers` to `expect(x)` and to `expect.toMatchToolCalls(...)`; `T` is the received value's type.
  interface Matchers<T = any> extends ToolCallMatchers<LikeToEqual, T> {}
  // `expect.not.toMatchToolCalls(...)`, typed as `Matchers<any>` types them, since `ExpectStatic` extends both and tsc
  // refuses two unlike declarations of one method (TS2320) unless told to skip checking the libraries' types.
  // There `this` has no `toEqual`, so the matchers return `any`.
  interface AsymmetricMatchersContaining extends ToolCallMatchers<LikeToEqual, any> {}
}
