// The same run with the package inlined, so that Vite transforms its files as it does the project's own.
import config from './vitest.config.js'

export default {
  test: {
    ...config.test,
    server: { deps: { inline: ['expect-toolcalls'] } },
    reporters: ['default', 'json', ['expect-toolcalls/reporter', { minF1: 0.9, json: 'vitest-inline-corpus.json' }]],
    outputFile: { json: 'vitest-inline.json' },
  },
}
