import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestCorpusReport } from '../../src/reporters/test-corpus'
import { bin, node, npm, packInto, resultsByTitle, run } from './packed-project'

// The packed package beside the oldest runners its peer range takes (Vitest 3.2.0, Jest 29.4.0,
// each part of Jest pinned there by the fixture's lockfile), in a project outside the repo, so
// that nothing resolves to the repo's own, newer runners. The test files are the pack test's.

let project: string

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'expect-toolcalls-oldest-peers-'))
  await cp(join(import.meta.dirname, 'oldest-peers'), project, { recursive: true })
  for (const file of ['weather.test.js', 'weather.test.cjs', 'page.test.cjs', 'vitest.setup.js', 'types']) {
    await cp(join(import.meta.dirname, 'project', file), join(project, file), { recursive: true })
  }
  const tarball = await packInto(project)
  await run(npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project })
  await run(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project })
}, 180_000)

afterAll(async () => {
  if (project !== undefined) await rm(project, { recursive: true, force: true })
})

describe('the packed package beside the oldest Vitest and Jest it supports', () => {
  test('runs there as those versions, not newer ones', async () => {
    const versionOf = async (name: string) => {
      const manifest = JSON.parse(await readFile(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
      return `${name}@${manifest.version}`
    }
    const versions = await Promise.all(['vitest', 'jest-circus', 'expect', 'jest-snapshot'].map(versionOf))
    expect(versions).toEqual(['vitest@3.2.0', 'jest-circus@29.4.0', 'expect@29.4.0', 'jest-snapshot@29.4.0'])
  })

  test('works in Vitest 3.2, its reporter judging minF1', async () => {
    const outcome = await node([bin('vitest', 'vitest', project), 'run'], project)
    expect(outcome.exitCode, outcome.output).toBe(1)
    const byTitle = await resultsByTitle(join(project, 'vitest.json'))
    expect(byTitle['passes on the right calls']?.status, outcome.output).toBe('passed')
    expect(byTitle['prints a Score through the snapshot serializer']?.status).toBe('passed')
    expect(byTitle['fails on a wrong argument']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
    expect(outcome.output).toContain('Tool calls: the corpus F1 0.5 is below minF1 0.9; the run fails.')
    const corpus = JSON.parse(await readFile(join(project, 'vitest-corpus.json'), 'utf8')) as TestCorpusReport
    expect(corpus).toMatchObject({ tests: 2, tp: 1, fp: 1, fn: 1 })
  }, 60_000)

  test('works in Jest 29.4, under node and jsdom, its reporter judging minF1', async () => {
    const outcome = await node([bin('jest', 'jest', project), '--ci', '--json', '--outputFile=jest.json'], project)
    expect(outcome.exitCode, outcome.output).toBe(1)
    const byTitle = await resultsByTitle(join(project, 'jest.json'))
    expect(byTitle['passes on the right calls']?.status, outcome.output).toBe('passed')
    expect(byTitle['prints a Score through the snapshot serializer']?.status).toBe('passed')
    expect(byTitle['fails on a wrong argument']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
    expect(byTitle['passes in a jsdom environment']?.status, outcome.output).toBe('passed')
    expect(byTitle['prints a failure in a jsdom environment']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
    expect(outcome.output).toContain('Tool calls: the corpus F1 0.5 is below minF1 0.9; the run fails.')
  }, 60_000)

  test("type-checks a user's test files against those versions' types", async () => {
    const tsc = (config: string) => node([bin('typescript', 'tsc'), '-p', join('types', config)], project)
    const [vitestTypes, jestTypes] = await Promise.all([tsc('tsconfig.vitest.json'), tsc('tsconfig.jest.json')])
    expect(vitestTypes, vitestTypes.output).toEqual({ exitCode: 0, output: '' })
    expect(jestTypes, jestTypes.output).toEqual({ exitCode: 0, output: '' })
  }, 60_000)
})
