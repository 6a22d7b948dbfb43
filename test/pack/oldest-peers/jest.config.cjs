// The oldest Jest the package's peer range takes (every part of it pinned there by the lockfile), with its reporter.
module.exports = {
  testMatch: ['<rootDir>/weather.test.cjs', '<rootDir>/page.test.cjs'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: {},
  reporters: ['default', ['expect-toolcalls/jest-reporter', { minF1: 0.9 }]],
}
