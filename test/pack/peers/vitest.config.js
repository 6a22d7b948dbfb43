// The runners of the peer range's oldest or newest versions (the folder's lockfile pins which), with the package's reporter.
export default {
  test: {
    include: ['weather.test.js'],
    setupFiles: ['./vitest.setup.js'],
    reporters: ['default', 'json', ['expect-toolcalls/reporter', { minF1: 0.9, json: 'vitest-corpus.json' }]],
    outputFile: { json: 'vitest.json' },
  },
}
