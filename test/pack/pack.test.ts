import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bin, node, npm, packInto, repo, resultsByTitle, run } from './packed-project'

// The package as a user gets it: packed, installed into a project under .tmp/ (which finds
// vitest and jest in the repo's node_modules), and run by real Vitest and real Jest.

let project: string
let tarball: string

/** Each test's status and message, from a Jest-style JSON report the project's run wrote. */
const results = (reportFile: string) => resultsByTitle(join(project, reportFile))

beforeAll(async () => {
  await mkdir(join(repo, '.tmp'), { recursive: true })
  project = await mkdtemp(join(repo, '.tmp', 'pack-'))
  await cp(join(import.meta.dirname, 'project'), project, { recursive: true })
  tarball = await packInto(project)
  await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock', tarball], { cwd: project })
}, 120_000)

afterAll(async () => {
  if (project !== undefined) await rm(project, { recursive: true, force: true })
})

describe('the packed package', () => {
  test('works in a real Vitest run through expect-toolcalls/vitest', async () => {
    // The default reporter too: it prints what the test files write to the console.
    const outcome = await node([bin('vitest'), 'run', '--reporter=default', '--reporter=json', '--outputFile.json=vitest.json'], project)
    expect(outcome.exitCode, outcome.output).toBe(1)
    // Vitest 4.1 warns in every test file where `vitest/suite` is imported; the setup import is to give no such warning.
    expect(outcome.output).not.toContain('deprecated')
    const byTitle = await results('vitest.json')
    expect(byTitle['passes on the right calls']?.status).toBe('passed')
    expect(byTitle['prints a Score through the snapshot serializer']?.status).toBe('passed')
    expect(byTitle['fails on a wrong argument']?.message).toContain(
      '✗ gold[0] ↔ pred[0]  get_weather\n    - city: "Lyon"\n    + city: "Paris"  ← expected "Lyon", received "Paris"',
    )
  }, 60_000)

  test('works in a real Jest run through expect-toolcalls/jest', async () => {
    const outcome = await node([bin('jest'), '--ci', '--json', '--outputFile=jest.json'], project)
    expect(outcome.exitCode, outcome.output).toBe(1)
    const byTitle = await results('jest.json')
    expect(byTitle['passes on the right calls']?.status).toBe('passed')
    expect(byTitle['prints a Score through the snapshot serializer']?.status).toBe('passed')
    expect(byTitle['fails on a wrong argument']?.message).toContain(
      '✗ gold[0] ↔ pred[0]  get_weather\n    - city: "Lyon"\n    + city: "Paris"  ← expected "Lyon", received "Paris"',
    )
    // Under jsdom a `document` exists, and the CommonJS build must still find its own files, not the page's.
    expect(byTitle['passes in a jsdom environment']?.status, outcome.output).toBe('passed')
    expect(byTitle['prints a failure in a jsdom environment']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
  }, 60_000)

  test("works in Jest's native ES modules (--experimental-vm-modules), under node and jsdom", async () => {
    const outcome = await node(['--experimental-vm-modules', bin('jest'), '--config', 'jest.esm.config.cjs', '--ci', '--json', '--outputFile=jest-esm.json'], project)
    expect(outcome.exitCode, outcome.output).toBe(1)
    const byTitle = await results('jest-esm.json')
    expect(byTitle['passes on the right calls as an ES module']?.status, outcome.output).toBe('passed')
    expect(byTitle['prints a Score through the snapshot serializer as an ES module']?.status).toBe('passed')
    expect(byTitle['fails on a wrong argument as an ES module']?.message).toContain(
      '✗ gold[0] ↔ pred[0]  get_weather\n    - city: "Lyon"\n    + city: "Paris"  ← expected "Lyon", received "Paris"',
    )
    expect(byTitle['prints a nested diff through the ES build in a jsdom environment']?.status, outcome.output).toBe('passed')
    expect(byTitle['grades gold built by the ES build with the matchers the setup file registered']?.status, outcome.output).toBe('passed')
  }, 60_000)

  test("works outside Vitest and Jest: node:test with Jest's standalone expect taking the matchers", async () => {
    const outcome = await node(['--test', '--test-reporter=tap', 'agent.node-test.mjs'], project)
    expect(outcome.exitCode, outcome.output).toBe(1)
    expect(outcome.output).toContain('ok 1 - passes on the right calls under node:test')
    expect(outcome.output).toContain('not ok 2 - fails on a wrong argument under node:test')
    expect(outcome.output).toContain('✗ gold[0] ↔ pred[0]  get_weather')
    expect(outcome.output).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
  }, 60_000)

  test("type-checks a user's test files against its types: Vitest through its setup import, Jest through a declaration file", async () => {
    const tsc = (config: string) => node([bin('typescript', 'tsc'), '-p', join('types', config)], project)
    const [vitestTypes, jestTypes] = await Promise.all([tsc('tsconfig.vitest.json'), tsc('tsconfig.jest.json')])
    expect(vitestTypes, vitestTypes.output).toEqual({ exitCode: 0, output: '' })
    expect(jestTypes, jestTypes.output).toEqual({ exitCode: 0, output: '' })
    // Without the declaration file the matchers are unknown to Jest's expect: the README's step is needed.
    const without = await tsc('tsconfig.jest-without-declaration.json')
    expect(without.output).toContain("Property 'toMatchToolCalls' does not exist")
  }, 60_000)

  test('type-checks the Vitest and Jest examples as a user copies them out, each folder alone, strict', async () => {
    const checked = await Promise.all(
      ['vitest', 'jest'].map(async (example) => {
        const folder = join(project, `example-${example}`)
        await cp(join(repo, 'examples', example), folder, { recursive: true })
        const options = { strict: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', skipLibCheck: true, types: [] }
        await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['**/*.ts'] }))
        return node([bin('typescript', 'tsc'), '-p', folder], project)
      }),
    )
    for (const outcome of checked) expect(outcome, outcome.output).toEqual({ exitCode: 0, output: '' })
  }, 60_000)

  test('loads its matchers entry in plain Node, from ESM and from CommonJS, without a runner', async () => {
    const esm = await node(['--input-type=module', '-e', "const { matchers } = await import('expect-toolcalls/matchers'); console.log(Object.keys(matchers).join())"], project)
    const cjs = await node(['-e', "console.log(Object.keys(require('expect-toolcalls/matchers').matchers).join())"], project)
    expect([esm.output.trim(), cjs.output.trim()]).toEqual(Array(2).fill('toMatchToolCalls,toScoreAtLeast,toHaveCalledTool'))
    // Imported from a script of `node -e`, whose global __filename is '[eval]', no path.
    const fromEval = await node(['-e', "import('expect-toolcalls').then((m) => console.log(m.toolCalls('[f(x=1)]')[0].name))"], project)
    expect(fromEval.output.trim()).toBe('f')
  })

  test("loads from CommonJS where a page of an opaque address exists (a DOM environment at about:blank), and prints a nested diff", async () => {
    const script = [
      "globalThis.document = { baseURI: 'about:blank', currentScript: null }",
      "const { ToolCallMetric } = require('expect-toolcalls')",
      "const { serializer } = require('expect-toolcalls/matchers')",
      "const score = new ToolCallMetric().score([{ name: 'f', args: { o: { a: [1, 2] } } }], [{ name: 'f', args: { o: { a: [1, 3] } } }])",
      'console.log(serializer.serialize(score, {}, "", 0, [], (value) => String(value)))',
    ].join('\n')
    const outcome = await node(['-e', script], project)
    expect(outcome.exitCode, outcome.output).toBe(0)
    expect(outcome.output).toContain('o.a[1]: expected 3, received 2')
    expect(outcome.output).toMatch(/-\s+3,\n\s+\+\s+2,/)
  })

  test("ships source maps that name no path of the machine that built it", async () => {
    const dist = join(project, 'node_modules', 'expect-toolcalls', 'dist')
    const maps = (await readdir(dist)).filter((file) => file.endsWith('.map'))
    expect(maps.length).toBeGreaterThan(10)
    const absolute: string[] = []
    for (const file of maps) {
      const { sources } = JSON.parse(await readFile(join(dist, file), 'utf8')) as { sources: string[] }
      absolute.push(...sources.filter((source) => isAbsolute(source)).map((source) => `${file}: ${source}`))
    }
    expect(absolute).toEqual([])
    // Each script names its map once: Rollup (treeshake) and tsup each wrote the comment.
    const scripts = (await readdir(dist)).filter((file) => /\.c?js$/.test(file))
    const twice: string[] = []
    for (const file of scripts) if ((await readFile(join(dist, file), 'utf8')).split('//# sourceMappingURL=').length !== 2) twice.push(file)
    expect(twice).toEqual([])
  })

  test("ships a CommonJS build in the source's own syntax, its classes named as written", async () => {
    // tsup's Sucrase pass for split CommonJS chunks rewrote `?.`, `??` and class fields into helper calls (a third
    // slower under Jest) and named classes `_class`, `_class3`; Rollup (treeshake) converts them as they are.
    const dist = join(project, 'node_modules', 'expect-toolcalls', 'dist')
    const helpers: string[] = []
    for (const file of (await readdir(dist)).filter((name) => name.endsWith('.cjs'))) {
      const text = await readFile(join(dist, file), 'utf8')
      if (/\b_(optionalChain|nullishCoalesce|class\d*)\b/.test(text)) helpers.push(file)
    }
    expect(helpers).toEqual([])
    const script = "const m = require('expect-toolcalls'); console.log(m.ToolCallMetric.name, m.oneOf(1).constructor.name)"
    const outcome = await node(['-e', script], project)
    expect(outcome.output.trim()).toBe('ToolCallMetric OneOfMarker')
  })

  test('names in its declarations only modules it depends on, so that strict layouts (pnpm, Yarn PnP, npm linked) resolve them', async () => {
    // An augmentation of a module the package cannot resolve is dropped without an error: the matchers' types would vanish.
    const installed = join(project, 'node_modules', 'expect-toolcalls')
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})])
    const named = new Set<string>()
    for (const file of (await readdir(join(installed, 'dist'))).filter((name) => /\.d\.c?ts$/.test(name))) {
      const text = await readFile(join(installed, 'dist', file), 'utf8')
      for (const [, specifier] of text.matchAll(/(?:declare module|from|import)\s+['"]([^'"./][^'"]*)['"]/g)) named.add(specifier!)
    }
    expect(named.size).toBeGreaterThan(0)
    const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')
    expect([...named].filter((specifier) => !specifier.startsWith('node:') && !declared.has(packageOf(specifier)))).toEqual([])
  })

  test('passes publint', async () => {
    const outcome = await node([bin('publint'), 'run', tarball, '--strict'], repo)
    expect(outcome.output).not.toMatch(/Errors:|Warnings:/)
    expect(outcome.exitCode).toBe(0)
  }, 60_000)

  test('passes arethetypeswrong for ESM, CommonJS and node10 users', async () => {
    // typesVersions lets node10 resolution, which knows no `exports`, find the subpath entries' types.
    const outcome = await node([bin('@arethetypeswrong/cli', 'attw'), tarball, '--format', 'table-flipped'], repo)
    expect(outcome.exitCode, outcome.output).toBe(0)
  }, 60_000)
})
