import { defineConfig } from 'tsup'

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      matchers: 'src/matchers/index.ts',
      vitest: 'src/matchers/vitest.ts',
      jest: 'src/matchers/jest.ts',
      reporter: 'src/reporters/vitest-reporter.ts',
      'jest-reporter': 'src/reporters/jest-reporter.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    clean: false, // the build script empties dist once; the two configs build side by side
    sourcemap: true,
    target: 'node20',
    // Inlines constants such as the scanners' character codes: left as module bindings, each use costs a load and a check.
    minifySyntax: true,
    splitting: true,
    shims: true, // import.meta.url in the CommonJS build (see src/compare/package-require.ts)
    external: ['vitest', '@jest/globals', 'expect', 'jest'],
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    // One file: Node's ES module loader costs a few milliseconds a module, and the commands' lazy chunks made nine.
    splitting: false,
    sourcemap: true,
    target: 'node20',
    minifySyntax: true,
    banner: { js: '#!/usr/bin/env node' },
  },
])
