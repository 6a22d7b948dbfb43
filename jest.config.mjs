const typescript = [
  'ts-jest',
  // Transpile only: the types are checked by tsc, not by each Jest run.
  { tsconfig: { module: 'commonjs', target: 'es2022', isolatedModules: true, esModuleInterop: true } },
]

/** Jest runs the spec shared with Vitest (on the sources) and the Jest example (on the built package). */
export default {
  projects: [
    {
      displayName: 'shared spec',
      rootDir: '.',
      testMatch: ['<rootDir>/test/runners/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/matchers/jest.ts'],
      moduleNameMapper: {
        '^\\./runner$': '<rootDir>/test/runners/runner.jest.ts',
        '^\\./package-require$': '<rootDir>/test/runners/package-require.cjs',
        '^#printers$': '<rootDir>/src/compare/printers.ts',
      },
      modulePathIgnorePatterns: ['<rootDir>/.tmp/', '<rootDir>/dist/'],
      transform: { '^.+\\.ts$': typescript },
    },
    '<rootDir>/examples/jest',
  ],
}
