// A whole run of the two files, or one shard of it (--shard=i/n), with the package's reporter.
module.exports = {
  testMatch: ['<rootDir>/*.test.cjs'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: {},
  reporters: ['default', ['expect-toolcalls/jest-reporter', { json: 'corpus.json' }]],
}
