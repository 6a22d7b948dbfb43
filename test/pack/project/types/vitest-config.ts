// A Vitest user's config naming the reporter, by its module and as an instance, type-checked against the installed package.
import { defineConfig } from 'vitest/config'
import ToolCallsReporter from 'expect-toolcalls/reporter'

export default defineConfig({
  test: {
    setupFiles: ['expect-toolcalls/vitest'],
    reporters: ['default', new ToolCallsReporter({ minF1: 0.8, json: 'corpus.json' }), ['expect-toolcalls/reporter', { minF1: 0.8 }]],
  },
})

// @ts-expect-error: minF1 is a number
export const wrong = new ToolCallsReporter({ minF1: 'high' })
