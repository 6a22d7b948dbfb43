// Jest's native ES modules (`node --experimental-vm-modules`): the package's `import` builds, resolved by Jest's own resolver.
module.exports = {
  testMatch: ['<rootDir>/weather.esm.test.mjs', '<rootDir>/page.esm.test.mjs'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: {},
}
