import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'example: vitest',
    include: ['**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
  },
})
