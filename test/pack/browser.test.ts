import { builtinModules } from 'node:module'
import { resolve } from 'node:path'
import { runInNewContext } from 'node:vm'
import { build, type Plugin } from 'esbuild'
import { describe, expect, test } from 'vitest'

// The built ES modules as a page gets them: bundled for the browser, where Node's builtins are
// absent, and run in a context that has none of Node's globals (process, require, Buffer, module).

const repo = resolve(import.meta.dirname, '../..')

/** Fails the bundle on any import of a Node builtin, even one that a package of its name could stand in for. */
const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup(bundler) {
    const builtins = new Set(builtinModules)
    bundler.onResolve({ filter: /^[^./]/ }, ({ path, importer }) =>
      path.startsWith('node:') || builtins.has(path.split('/')[0]!) ? { errors: [{ text: `${importer} imports Node's ${path}` }] } : undefined,
    )
  },
}

/** `source`, importing the package by its name, bundled for the browser. */
async function bundleForBrowser(source: string, external: string[] = [], supported: Record<string, boolean> = {}): Promise<string> {
  const { outputFiles } = await build({
    supported,
    stdin: { contents: source, resolveDir: repo, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: external.length === 0 ? 'iife' : 'esm',
    external,
    // Not the repo's tsconfig, whose paths give #printers as the sources: a user's bundler follows package.json.
    tsconfigRaw: {},
    plugins: [noNodeBuiltins],
    write: false,
    logLevel: 'silent',
  })
  return outputFiles[0]!.text
}

const plain = (text: string) => text

describe('the built ES modules in a browser', () => {
  test('score a trajectory and build a failure message, with no Node global in reach', async () => {
    const script = await bundleForBrowser(`
      import { ToolCallMetric, toolCalls } from 'expect-toolcalls'
      import { matchers, serializer } from 'expect-toolcalls/matchers'
      const context = {
        equals: (a, b) => a === b,
        utils: { matcherHint: (name) => name, EXPECTED_COLOR: ${plain}, RECEIVED_COLOR: ${plain}, DIM_COLOR: ${plain}, BOLD_WEIGHT: ${plain} },
      }
      const score = new ToolCallMetric().score([{ name: 'f', args: { o: { a: [1, 2] } } }], [{ name: 'f', args: { o: { a: [1, 3] } } }])
      const failure = matchers.toMatchToolCalls.call(context, toolCalls('[get_weather(city="Paris")]'), [{ name: 'get_weather', args: { city: 'Lyon' } }])
      globalThis.result = {
        nodeGlobals: ['process', 'require', 'Buffer', 'module'].map((name) => typeof globalThis[name]),
        score: serializer.serialize(score, {}, '', 0, [], String),
        pass: failure.pass,
        message: failure.message(),
      }
    `)
    // TextEncoder is a browser's global as it is Node's; a bare context has only the language's own.
    const context: { result?: { nodeGlobals: string[]; score: string; pass: boolean; message: string } } = { TextEncoder } as object
    runInNewContext(script, context)
    const { nodeGlobals, score, pass, message } = context.result!
    expect(nodeGlobals).toEqual(Array(4).fill('undefined'))
    // pretty-format prints the nested value, jest-diff its diff.
    expect(score).toContain('o.a[1]: expected 3, received 2')
    expect(score).toMatch(/-\s+3,\n\s+\+\s+2,/)
    expect(pass).toBe(false)
    expect(message).toContain('✗ gold[0] ↔ pred[0]  get_weather\n    - city: "Lyon"\n    + city: "Paris"  ← expected "Lyon", received "Paris"')
  })

  test('bundle expect-toolcalls/vitest for the browser, vitest left to the page', async () => {
    await expect(bundleForBrowser("import 'expect-toolcalls/vitest'", ['vitest'])).resolves.toContain('from "vitest"')
    // Vite 6 pre-bundles a page's dependencies for targets that have no top-level await.
    await expect(bundleForBrowser("import 'expect-toolcalls/vitest'", ['vitest'], { 'top-level-await': false })).resolves.toContain('from "vitest"')
  })

  test("fail to bundle where a Node builtin is imported, so the two above would see one", async () => {
    await expect(bundleForBrowser("import { types } from 'node:util'; console.log(types)")).rejects.toThrow("imports Node's node:util")
    await expect(bundleForBrowser("import { isDeepStrictEqual } from 'util'; console.log(isDeepStrictEqual)")).rejects.toThrow("imports Node's util")
  })
})
