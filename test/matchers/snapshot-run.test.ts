import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runEnvironment, runRunner } from '../reporters/run-runner'

// A suite written in a scratch folder of the repo, so that `expect-toolcalls` resolves to the built package by its name.
const scratchRoot = resolve(import.meta.dirname, '../../.tmp')
let scratch: string

beforeAll(async () => {
  await mkdir(scratchRoot, { recursive: true })
  scratch = await mkdtemp(join(scratchRoot, 'whole-snapshot-'))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

/** A test that snapshots the score of 60 wrong calls, the 56th predicted as the environment says: past the 50 pairs a message lists. */
const spec = (runnerImport: string) => `import { expect, test } from '${runnerImport}'
import { ToolCallMetric } from 'expect-toolcalls'

test('sixty wrong calls', () => {
  const gold = Array.from({ length: 60 }, (_, i) => ({ name: \`tool\${i}\`, args: { x: 'right' } }))
  const pred = gold.map((call, i) => ({ name: call.name, args: { x: i === 55 ? process.env.PREDICTED_AT_55 : 'wrong' } }))
  expect(new ToolCallMetric().score(pred, gold)).toMatchSnapshot()
})
`

const suites = {
  vitest: {
    files: {
      'vitest.config.ts': `import { defineConfig } from 'vitest/config'\nexport default defineConfig({ test: { include: ['*.spec.ts'], setupFiles: ['expect-toolcalls/vitest'] } })\n`,
      'score.spec.ts': spec('vitest'),
    },
    write: ['run', '-u'],
    check: ['run'],
  },
  jest: {
    files: {
      'jest.config.mjs': `export default {
  testMatch: ['<rootDir>/*.spec.ts'],
  setupFilesAfterEnv: ['expect-toolcalls/jest'],
  transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', target: 'es2022', isolatedModules: true, esModuleInterop: true } }] },
}
`,
      'score.spec.ts': spec('@jest/globals'),
    },
    write: ['--ci=false', '-u'],
    check: ['--ci'],
  },
}

// Each test starts real runs of the runner on the built package: `npm run build` first.
describe.each(['vitest', 'jest'] as const)('a snapshot of a Score written by %s', { timeout: 60_000 }, (runner) => {
  test('fails when a pair the failure message would leave out changes', async () => {
    const folder = join(scratch, runner)
    await mkdir(folder)
    const { files, write, check } = suites[runner]
    for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text)
    const run = (args: readonly string[], predictedAt55: string) => runRunner(runner, [...args], folder, { ...runEnvironment(), PREDICTED_AT_55: predictedAt55 })

    const written = await run(write, 'wrong')
    expect(written.exitCode, written.output).toBe(0)
    expect(await readdir(join(folder, '__snapshots__'))).toEqual(['score.spec.ts.snap'])

    const same = await run(check, 'wrong')
    expect(same.exitCode, same.output).toBe(0)

    const changed = await run(check, 'also wrong')
    expect(changed.exitCode, changed.output).toBe(1)
    expect(changed.output).toContain('x: "also wrong"')
  })
})
