import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'expect-toolcalls',
          include: ['test/**/*.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      // The example as a user writes it: it imports the built package by its name.
      'examples/vitest',
    ],
  },
})
