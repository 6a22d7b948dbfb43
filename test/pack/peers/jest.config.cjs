// The runners of the peer range's oldest or newest versions (the folder's lockfile pins which), with the package's reporter.
module.exports = {
  testMatch: ['<rootDir>/weather.test.cjs', '<rootDir>/page.test.cjs'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: {},
  reporters: ['default', ['expect-toolcalls/jest-reporter', { minF1: 0.9 }]],
}
