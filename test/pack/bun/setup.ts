// A Bun user's preload file (bunfig.toml), as the README writes it.
import { expect } from 'bun:test'
import { matchers, type ToolCallMatchers } from 'expect-toolcalls/matchers'

expect.extend(matchers)

declare module 'bun:test' {
  interface Matchers<T> extends ToolCallMatchers<void, T> {}
  interface AsymmetricMatchers extends ToolCallMatchers<any> {}
}
