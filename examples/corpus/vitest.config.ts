import { defineConfig } from 'vitest/config'

/** The suite graded as one corpus: the run fails when the micro-F1 over every assertion is below 0.6. */
export default defineConfig({
  test: {
    name: 'example: corpus',
    include: ['*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    reporters: ['default', ['expect-toolcalls/reporter', { minF1: 0.6 }]],
  },
})
