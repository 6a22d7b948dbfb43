import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The sources' #printers, as tsconfig.json's paths give it; package.json's "imports" would give a build of it.
  resolve: { alias: { '#printers': fileURLToPath(new URL('./src/compare/printers.ts', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'expect-toolcalls',
          include: ['test/**/*.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
          // Many tests run the command as processes, or read millions of values to reach a limit: 5 s is short on a loaded machine.
          testTimeout: 20_000,
        },
      },
      // The example as a user writes it: it imports the built package by its name.
      'examples/vitest',
    ],
  },
})
