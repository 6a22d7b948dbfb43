import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestCorpusReport } from '../../src/reporters/test-corpus'
import { DIFF_FLAGS, expectVitestsOwnDiff } from '../fixtures/nested-diff/diff-of'
import { bin, installedProject, node, type Outcome, resultsByTitle } from './packed-project'

// The packed package beside the runners of one end of its peer range, installed by a lockfile of
// test/pack/peers, in a project outside the repo so that nothing resolves to the repo's own runners.
// The test files are the pack test's.

export interface PeerRunners {
  /** The folder of test/pack/peers whose package.json and lockfile make the project. */
  folder: string
  /** `name@version` of the packages that must be installed there: the runners' parts the lockfile pins. */
  versions: string[]
  /** A Node the project installs to run its runners (a path in it, and that Node's version); this one where not given. */
  node?: { path: string; version: string }
  /** Vitest 5 or later: the README's own declaration of the matchers is checked without skipLibCheck too. */
  vitest5?: boolean
  /** The project installs its own TypeScript, whose tsc checks the user's files; else the repo's does. */
  ownTypeScript?: boolean
}

export function describePeerRunners(title: string, { folder, versions, node: ownNode, vitest5 = false, ownTypeScript = false }: PeerRunners): void {
  let project: string
  const nodePath = () => (ownNode === undefined ? process.execPath : join(project, ownNode.path))
  const inProject = (args: string[]) => node(args, project, nodePath())
  const tsc = (config: string) => inProject([ownTypeScript ? bin('typescript', 'tsc', project) : bin('typescript', 'tsc'), '-p', join('types', config)])

  beforeAll(async () => {
    project = await installedProject(`${folder}-peers`, join(import.meta.dirname, 'peers', folder), async (into) => {
      for (const file of ['vitest.config.js', 'vitest.inline.config.js', 'jest.config.cjs']) await cp(join(import.meta.dirname, 'peers', file), join(into, file))
      for (const file of ['weather.test.js', 'weather.test.cjs', 'page.test.cjs', 'vitest.setup.js', 'types']) {
        await cp(join(import.meta.dirname, 'project', file), join(into, file), { recursive: true })
      }
      await cp(join(import.meta.dirname, '../fixtures/nested-diff'), join(into, 'nested-diff'), { recursive: true })
      await cp(join(import.meta.dirname, 'peers', 'shards'), join(into, 'shards'), { recursive: true })
    })
  }, 180_000)

  afterAll(async () => {
    if (project !== undefined) await rm(project, { recursive: true, force: true })
  })

  describe(title, () => {
    test('runs there as those versions, not others', async () => {
      const versionOf = async (name: string) => {
        const manifest = JSON.parse(await readFile(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
        return `${name}@${manifest.version}`
      }
      expect(await Promise.all(versions.map((version) => versionOf(version.slice(0, version.lastIndexOf('@')))))).toEqual(versions)
      if (ownNode !== undefined) expect((await inProject(['--version'])).output.trim()).toBe(`v${ownNode.version}`)
    })

    test.each([
      ['', 'vitest.config.js', 'vitest'],
      [', with the package inlined (server.deps.inline), so that Vite transforms it', 'vitest.inline.config.js', 'vitest-inline'],
    ])('works in Vitest%s, its reporter judging minF1', async (_, config, reports) => {
      const outcome = await inProject([bin('vitest', 'vitest', project), 'run', '--config', config])
      expect(outcome.exitCode, outcome.output).toBe(1)
      const byTitle = await resultsByTitle(join(project, `${reports}.json`))
      expect(byTitle['passes on the right calls']?.status, outcome.output).toBe('passed')
      expect(byTitle['prints a Score through the snapshot serializer']?.status).toBe('passed')
      expect(byTitle['fails on a wrong argument']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
      expect(outcome.output).toContain('Tool calls: the corpus F1 0.5 is below minF1 0.9; the run fails.')
      const corpus = JSON.parse(await readFile(join(project, `${reports}-corpus.json`), 'utf8')) as TestCorpusReport
      expect(corpus).toMatchObject({ tests: 2, tp: 1, fp: 1, fn: 1 })
    }, 60_000)

    // Two files graded by hand: TP 2 for the orders placed; at arg level TP 2, FP 1, FN 1 for the wrong quantity; TP 1, FN 1 for the refund.
    const shardedRun = { tests: 3, assertions: 3, tp: 5, fp: 1, fn: 2 }
    const shardedLine = 'TP 5  FP 1  FN 2  precision 0.8333  recall 0.7143  F1 0.7692 (micro average over 3 graded assertions)'
    const inShards = (args: string[]) => node(args, join(project, 'shards'), nodePath())
    const shardsReport = async (file = 'corpus.json') => JSON.parse(await readFile(join(project, 'shards', file), 'utf8')) as TestCorpusReport

    /** Runs the whole run, then each of two shards, each shard's report naming it; the shards' reports. */
    async function wholeThenShards(run: (args: string[]) => Promise<Outcome>, shardArgs: (shard: string) => string[]): Promise<TestCorpusReport[]> {
      const whole = await run([])
      expect(whole.exitCode, whole.output).toBe(0)
      expect(await shardsReport()).toMatchObject(shardedRun)
      const reports: TestCorpusReport[] = []
      for (const shard of ['1/2', '2/2']) {
        const outcome = await run(shardArgs(shard))
        expect(outcome.exitCode, outcome.output).toBe(0)
        const report = await shardsReport()
        expect(report.shard).toBe(shard)
        reports.push(report)
      }
      // Each shard ran one of the two files.
      expect(reports.map((report) => report.assertions).toSorted()).toEqual([1, 2])
      return reports
    }

    /** The merged run printed and wrote the whole run's figure, as one run, naming no shard. */
    async function expectWholeRun(merged: Outcome, file = 'corpus.json'): Promise<void> {
      expect(merged.exitCode, merged.output).toBe(0)
      expect(merged.output).toContain(shardedLine)
      const report = await shardsReport(file)
      expect(report).toMatchObject(shardedRun)
      expect(report).not.toHaveProperty('shard')
    }

    test("gives one run's figure in Vitest when the run is split into shards and their blobs are merged, each shard naming itself", async () => {
      const vitest = (args: string[]) => inShards([bin('vitest', 'vitest', project), 'run', ...args])
      await wholeThenShards(vitest, (shard) => ['--config', 'vitest.shard.config.js', `--shard=${shard}`])
      await expectWholeRun(await vitest(['--merge-reports']))
    }, 60_000)

    test("gives one run's figure in Jest when the reports of its --shard runs are merged by 'toolcalls merge', each naming its shard", async () => {
      const jest = (args: string[]) => inShards([bin('jest', 'jest', project), '--ci', ...args])
      const reports = await wholeThenShards(jest, (shard) => [`--shard=${shard}`])
      const files = ['jest-shard-1.json', 'jest-shard-2.json']
      await Promise.all(reports.map((report, i) => writeFile(join(project, 'shards', files[i]!), JSON.stringify(report))))
      await expectWholeRun(await inShards([bin('expect-toolcalls', 'toolcalls', project), 'merge', ...files, '--json', 'merged.json']), 'merged.json')
    }, 60_000)

    test.each(DIFF_FLAGS)("prints a nested diff as Vitest's own diff of the same values %s", async (_, flags, opening) => {
      const outcome = await node([bin('vitest', 'vitest', project), 'run', ...flags], join(project, 'nested-diff'), nodePath())
      expectVitestsOwnDiff(outcome.output, flags, opening)
    }, 60_000)

    test('works in Jest, under node and jsdom, its reporter judging minF1', async () => {
      const outcome = await inProject([bin('jest', 'jest', project), '--ci', '--json', '--outputFile=jest.json'])
      expect(outcome.exitCode, outcome.output).toBe(1)
      const byTitle = await resultsByTitle(join(project, 'jest.json'))
      expect(byTitle['passes on the right calls']?.status, outcome.output).toBe('passed')
      expect(byTitle['prints a Score through the snapshot serializer']?.status).toBe('passed')
      expect(byTitle['fails on a wrong argument']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
      expect(byTitle['passes in a jsdom environment']?.status, outcome.output).toBe('passed')
      expect(byTitle['prints a failure in a jsdom environment']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
      // The jsdom file's assertions count too, recorded through the process object Jest makes for that environment.
      expect(outcome.output).toContain('Tool calls: 4 graded assertions in 4 tests')
      expect(outcome.output).toContain('Tool calls: the corpus F1 0.5 is below minF1 0.9; the run fails.')
    }, 60_000)

    test("type-checks a user's test files against those versions' types", async () => {
      const [vitestTypes, jestTypes] = await Promise.all([tsc('tsconfig.vitest.json'), tsc('tsconfig.jest.json')])
      expect(vitestTypes, vitestTypes.output).toEqual({ exitCode: 0, output: '' })
      expect(jestTypes, jestTypes.output).toEqual({ exitCode: 0, output: '' })
    }, 60_000)

    test.runIf(!vitest5)("type-checks a user's Vitest test files against those versions' types without skipLibCheck too", async () => {
      const checked = await tsc('tsconfig.vitest-lib-checked.json')
      expect(checked, checked.output).toEqual({ exitCode: 0, output: '' })
    }, 60_000)

    test.runIf(vitest5)("type-checks, without skipLibCheck, a user's test files typed by the README's declaration for Vitest 5", async () => {
      const declared = await tsc('tsconfig.vitest5-declared.json')
      expect(declared, declared.output).toEqual({ exitCode: 0, output: '' })
    }, 60_000)
  })
}
