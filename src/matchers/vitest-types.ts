import type { LikeToEqual, ToolCallMatchers } from './matcher-types'

declare module 'vitest' {
  // Vitest applies `Matchers` to `expect(x)` and to `expect.toMatchToolCalls(...)`; `T` is the received value's type. The
  // assertion is synchronous (`void`) wherever the matchers' `this` is checked, as `.resolves` and `.rejects` drop it.
  interface Matchers<T = any> extends ToolCallMatchers<LikeToEqual, T, void> {}
  // `expect.not.toMatchToolCalls(...)`, typed as `Matchers<any>` types them, since `ExpectStatic` extends both and tsc
  // refuses two unlike declarations of one method (TS2320) unless told to skip checking the libraries' types.
  // There `this` has no `toEqual`, so the matchers return `any`.
  interface AsymmetricMatchersContaining extends ToolCallMatchers<LikeToEqual, any> {}
}
