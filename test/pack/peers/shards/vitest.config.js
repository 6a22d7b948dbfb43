// A whole run of the two files, or one joining the blobs of its shards (--merge-reports), with the package's reporter.
export default {
  test: {
    include: ['*.test.cjs'],
    globals: true,
    setupFiles: ['../vitest.setup.js'],
    reporters: ['default', ['expect-toolcalls/reporter', { json: 'corpus.json' }]],
  },
}
