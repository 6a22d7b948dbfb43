import { defineConfig } from 'vitest/config'

// The tests set the reporter's options for each run (a JSON path).
const options = JSON.parse(process.env.TOOLCALLS_REPORTER_OPTIONS ?? '{}') as Record<string, unknown>

export default defineConfig({
  test: {
    include: ['*.spec.ts'],
    setupFiles: ['../fixture/vitest.setup.ts'],
    retry: 1,
    reporters: ['default', ['expect-toolcalls/reporter', options]],
  },
})
