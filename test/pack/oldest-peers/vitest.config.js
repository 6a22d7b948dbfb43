// The oldest Vitest the package's peer range takes, with its reporter.
export default {
  test: {
    include: ['weather.test.js'],
    setupFiles: ['./vitest.setup.js'],
    reporters: ['default', 'json', ['expect-toolcalls/reporter', { minF1: 0.9, json: 'vitest-corpus.json' }]],
    outputFile: { json: 'vitest.json' },
  },
}
