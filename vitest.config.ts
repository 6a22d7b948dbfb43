import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  // The sources' #printers, as tsconfig.json's paths give it; package.json's "imports" would give a build of it.
  resolve: { alias: { '#printers': fileURLToPath(new URL('./src/compare/printers.ts', import.meta.url)) } },
  test: {
    // A worker a core, where Vitest leaves one free: much of the suite waits on the processes it starts.
    maxWorkers: availableParallelism(),
    // Many tests run the command as processes, or read millions of values to reach a limit: 5 s is short on a loaded machine.
    testTimeout: 20_000,
    setupFiles: ['./vitest.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'expect-toolcalls',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/runners/**'],
          // The files share one import of the sources a worker, as a user's long test run shares the package.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Kept apart: they add equality testers to the global expect, which would reach every later file.
          name: 'runners',
          include: ['test/runners/**/*.test.ts'],
        },
      },
      // The example as a user writes it: it imports the built package by its name.
      'examples/vitest',
    ],
  },
})
