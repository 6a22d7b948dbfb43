// The README's declaration for Vitest 5 without skipLibCheck, where the setup file stays out of the program.
import type { ToolCallMatchers } from 'expect-toolcalls/matchers'

declare module 'vitest' {
  interface Matchers<R, T> extends ToolCallMatchers<R, T> {}
}
