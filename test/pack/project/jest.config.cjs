module.exports = {
  testMatch: ['<rootDir>/weather.test.cjs', '<rootDir>/page.test.cjs'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: {},
}
