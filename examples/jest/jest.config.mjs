/** The example as a user writes it: the matchers come from the built package, by its name. */
export default {
  displayName: 'example: jest',
  testMatch: ['<rootDir>/**/*.test.ts'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', target: 'es2022', isolatedModules: true, esModuleInterop: true } }],
  },
}
