module.exports = {
  testMatch: ['<rootDir>/weather.test.cjs'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: {},
}
