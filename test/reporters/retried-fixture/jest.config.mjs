// The tests set the reporter's options for each run (a JSON path).
const options = JSON.parse(process.env.TOOLCALLS_REPORTER_OPTIONS ?? '{}')

export default {
  testMatch: ['<rootDir>/*.spec.ts'],
  setupFilesAfterEnv: ['expect-toolcalls/jest', '<rootDir>/retry-once.jest.cjs'],
  moduleNameMapper: { '^\\./runner$': '<rootDir>/runner.jest.ts' },
  reporters: ['default', ['expect-toolcalls/jest-reporter', options]],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', target: 'es2022', isolatedModules: true, esModuleInterop: true } }],
  },
}
