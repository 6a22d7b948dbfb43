/** The suite graded as one corpus: the run fails when the micro-F1 over every assertion is below 0.6. */
export default {
  displayName: 'example: corpus',
  testMatch: ['<rootDir>/*.test.ts'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  moduleNameMapper: { '^\\./runner$': '<rootDir>/runner.jest.ts' },
  reporters: ['default', ['expect-toolcalls/jest-reporter', { minF1: 0.6 }]],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', target: 'es2022', isolatedModules: true, esModuleInterop: true } }],
  },
}
