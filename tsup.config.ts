import { readdir, readFile, writeFile } from 'node:fs/promises'
import { isAbsolute, join, relative } from 'node:path'
import { defineConfig } from 'tsup'

/** The CommonJS pass names each file's own absolute path among its map's sources: users' stack traces would point into this machine's folders. Only this config's maps are read; the CLI's are written beside them meanwhile. */
async function relativeMapSources(): Promise<void> {
  for (const file of await readdir('dist')) {
    if (!file.endsWith('.cjs.map')) continue
    const path = join('dist', file)
    const map = JSON.parse(await readFile(path, 'utf8')) as { sources: string[] }
    if (!map.sources.some(isAbsolute)) continue
    map.sources = map.sources.map((source) => (isAbsolute(source) ? relative('dist', source) : source))
    await writeFile(path, JSON.stringify(map))
  }
}

/** Rollup (treeshake) ends each file with its map's comment and tsup adds the same comment again: one is kept. */
async function singleMapComments(): Promise<void> {
  for (const file of await readdir('dist')) {
    if (!/\.c?js$/.test(file) || file === 'cli.js') continue
    const path = join('dist', file)
    const text = await readFile(path, 'utf8')
    const kept = text.replace(/(\n\/\/# sourceMappingURL=[^\n]+)\1$/, '$1')
    if (kept !== text) await writeFile(path, kept)
  }
}

/** The package's entry points, as package.json's "exports" names them. */
const entries = {
  index: 'src/index.ts',
  matchers: 'src/matchers/index.ts',
  vitest: 'src/matchers/vitest.ts',
  jest: 'src/matchers/jest.ts',
  reporter: 'src/reporters/vitest-reporter.ts',
  'jest-reporter': 'src/reporters/jest-reporter.ts',
}

export default defineConfig([
  {
    // Also Node's #printers (package.json's "imports"), which the entries import by that name so that elsewhere they get printers-static.
    entry: { ...entries, printers: 'src/compare/printers.ts' },
    format: ['esm', 'cjs'],
    dts: { entry: entries },
    clean: false, // the build script empties dist once; the two configs build side by side
    sourcemap: true,
    target: 'node20',
    // Inlines constants such as the scanners' character codes: left as module bindings, each use costs a load and a check.
    minifySyntax: true,
    splitting: true,
    // Rollup, not tsup's Sucrase pass, turns the split chunks into CommonJS: Sucrase also rewrites `?.`, `??` and class
    // fields into helper calls, which cost the CommonJS build (Jest's) about a third of its speed and gave its classes
    // names such as `_class3`.
    treeshake: true,
    // No stand-in for import.meta.url in the CommonJS build: tsup's runs on load and reads a page's address wherever a
    // `document` exists (a DOM test environment). That build finds its own path in __filename (src/compare/package-require.ts).
    shims: false,
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.define = { ...options.define, 'import.meta.url': 'undefined' }
      // An ES module has no __filename of its own, but `node -e` defines a global one ('[eval]').
      if (format === 'esm') options.define = { ...options.define, __filename: 'undefined' }
    },
    onSuccess: async () => {
      await relativeMapSources()
      await singleMapComments()
    },
    external: ['vitest', '@jest/globals', 'expect', 'jest', '#printers'],
  },
  {
    // #printers where there is no `require` (a browser): an ES module only, for a bundler.
    entry: { 'printers-static': 'src/compare/printers-static.ts' },
    format: ['esm'],
    clean: false,
    sourcemap: true,
    target: 'node20',
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
    // As for the library: an ES module has no __filename of its own.
    esbuildOptions(options) {
      options.define = { ...options.define, __filename: 'undefined' }
    },
  },
])
