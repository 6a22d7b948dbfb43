import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestCorpusReport } from '../../src/reporters/test-corpus'
import { evaluate } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { FIXTURE_COUNTS, FIXTURE_F1, FIXTURE_HEADING, FIXTURE_LINE, FIXTURE_PER_TOOL_ROW, FOLDED_NAMES_FILES, fixture, foldedNamesSpecs } from './fixture-corpus'
import { runCli } from '../cli/run-cli'
import { expectEachTestItsOwn, JEST_CONCURRENT_FILES } from '../fixtures/jest-concurrent/expect-run'
import { expectStoppedRun, inScratchProject, type RunOutcome, runEnvironment, runRunner, startRunner } from './run-runner'

let scratch: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'jest-reporter-test-'))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

// Jest runs a few fast files in band whatever --maxWorkers says, unless a worker memory limit is set.
const IN_WORKERS = ['--maxWorkers=2', '--workerIdleMemoryLimit=1GB']

// Each test starts a real Jest process.
describe('the Jest reporter', { timeout: 30_000 }, () => {
  test.each([
    ['in two worker processes', IN_WORKERS],
    ['in band', ['--runInBand']],
  ])('prints and writes the hand-computed corpus figure with the tests run %s', async (_, args) => {
    const json = join(scratch, `${args[0]!.slice(2)}.json`)
    const outcome = await runRunner('jest', ['--ci', ...args], fixture, runEnvironment({ json }))
    expect(outcome.exitCode, outcome.output).toBe(0)
    expect(outcome.output).toContain(FIXTURE_LINE)
    expect(outcome.output).toContain(FIXTURE_HEADING)
    const report = await readFile(json, 'utf8').then((text) => JSON.parse(text) as TestCorpusReport)
    expect(report).toMatchObject({ ...FIXTURE_COUNTS, f1: FIXTURE_F1 })
    // A whole run names no shard.
    expect(report).not.toHaveProperty('shard')
  })

  test("gives the figure of one run when the reports of its --shard runs are merged by 'toolcalls merge', each naming its shard", async () => {
    const reports = [1, 2].map((shard) => join(scratch, `shard-${shard}.json`))
    const shards = await Promise.all(
      reports.map((json, i) => runRunner('jest', ['--ci', '--runInBand', `--shard=${i + 1}/2`], fixture, runEnvironment({ json }))),
    )
    for (const shard of shards) expect(shard.exitCode, shard.output).toBe(0)
    // Each shard ran some of the files, and reported only those.
    expect(shards.map((shard) => shard.output.includes(FIXTURE_LINE))).toEqual([false, false])
    const written = await Promise.all(reports.map(async (json) => JSON.parse(await readFile(json, 'utf8')) as TestCorpusReport))
    expect(written.map((report) => report.shard)).toEqual(['1/2', '2/2'])
    const merged = await runCli(['merge', ...reports])
    expect(merged.code, merged.stderr).toBe(0)
    expect(merged.stdout).toContain(FIXTURE_LINE)
    expect(merged.stdout).toContain(FIXTURE_HEADING)
    // A copy of a shard's report, as an artifact downloaded twice, is known by its content, which its shard sets apart.
    const copy = join(scratch, 'copy-of-shard-1.json')
    await copyFile(reports[0]!, copy)
    const twice = await runCli(['merge', ...reports, copy])
    expect(twice.stderr).toBe(`${reports[0]} and ${copy}: are the same report (its content, wherever it lies); each report is merged once\n`)
    expect(twice.code).toBe(2)
  })

  test('fails the run, with the per-tool table, when the corpus F1 is below minF1', async () => {
    const outcome = await runRunner('jest', ['--ci', '--runInBand'], fixture, runEnvironment({ minF1: 0.7 }))
    expect(outcome.exitCode).toBe(1)
    expect(outcome.output).toContain(FIXTURE_PER_TOOL_ROW)
    expect(outcome.output).toContain('Tool calls: the corpus F1 0.6 is below minF1 0.7; the run fails.')
  })

  test('judges a run narrowed to part of the suite on the tests it ran, heading its figure so', async () => {
    const outcome = await runRunner('jest', ['--ci', '--runInBand', '-t', 'searches once too often'], fixture, runEnvironment({ minF1: 0.7 }))
    expect(outcome.output).toContain('Tool calls: 1 graded assertion in 1 test, in a run narrowed to part of the suite (-t searches once too often)')
    expect(outcome.output).toContain('Tool calls: the corpus F1 0.6667 is below minF1 0.7; the run fails.')
    expect(outcome.exitCode).toBe(1)
  })

  test('does not fail on minF1 a run that graded nothing where it was narrowed, or ran no test file and the runner passes that', async () => {
    const narrowed = await runRunner('jest', ['--ci', '--runInBand', 'no-such-file', '--passWithNoTests'], fixture, runEnvironment({ minF1: 0.7, json: join(scratch, 'narrowed.json') }))
    expect(narrowed.output).toContain('Tool calls: minF1 0.7 not judged: a run narrowed to part of the suite, which graded nothing.')
    expect(narrowed.exitCode, narrowed.output).toBe(0)
    // Its report, of nothing, would only write over a whole run's.
    expect(narrowed.output).toContain(`Tool calls: no report written to ${join(scratch, 'narrowed.json')}: a run narrowed to part of the suite that graded nothing would only write over a whole run's.`)
    await expect(readFile(join(scratch, 'narrowed.json'))).rejects.toThrow(/ENOENT/)
    // More shards than files: the last shard runs none.
    const emptyShard = await runRunner('jest', ['--ci', '--runInBand', '--shard=4/4', '--passWithNoTests'], fixture, runEnvironment({ minF1: 0.7 }))
    expect(emptyShard.output).toContain('Tool calls: minF1 0.7 not judged: a run of no test file, which graded nothing.')
    expect(emptyShard.exitCode, emptyShard.output).toBe(0)
  })

  const jestConfig = (reporterOptions: object = {}) =>
    `module.exports = ${JSON.stringify({ testMatch: ['<rootDir>/*.spec.js'], setupFilesAfterEnv: ['expect-toolcalls/jest'], reporters: ['default', ['expect-toolcalls/jest-reporter', reporterOptions]] })}\n`
  const grades = (tool: string) => `test('grades', () => expect([{ name: '${tool}' }]).toMatchToolCalls([{ name: '${tool}' }]))\n`

  test('gives no figure for a run that --bail stopped before all its files ran, and writes no JSON', async () => {
    const files = {
      // The largest file runs first.
      'a-fails.spec.js': `test('fails', () => expect(1).toBe(2))\n${'// so that it runs first\n'.repeat(200)}`,
      'graded.spec.js': grades('f'),
      'graded-too.spec.js': grades('g'),
      'jest.config.cjs': jestConfig({ json: 'corpus.json', minF1: 0.5 }),
    }
    await inScratchProject('jest-bail-', files, async (project) => {
      const outcome = await runRunner('jest', ['--ci', '--runInBand', '--bail'], project)
      expect(outcome.output).toContain('Test Suites: 1 failed, 1 of 3 total')
      await expectStoppedRun(outcome, project)
    })
  })

  test('says that a test file that failed as it loaded is not in the figure, and writes no JSON that would lack it', async () => {
    const files = {
      'broken.spec.js': "test('grades', () => {\n",
      'graded.spec.js': grades('f'),
      // A file whose afterAll throws ran its tests: they are in the figure.
      'after-all.spec.js': `${grades('g')}afterAll(() => { throw new Error('teardown') })\n`,
      'jest.config.cjs': jestConfig({ json: 'corpus.json' }),
    }
    await inScratchProject('jest-broken-', files, async (project) => {
      const outcome = await runRunner('jest', ['--ci', '--runInBand'], project)
      expect(outcome.output).toContain('Tool calls: 2 graded assertions in 2 tests')
      expect(outcome.output).toContain('Tool calls: 1 test file failed outside its tests (as it was loaded, say): what it would have graded is not in the figure.')
      expect(outcome.output).toContain(
        `Tool calls: no report written to ${join(project, 'corpus.json')}: a figure without a test file that failed outside its tests would only write over a whole run's.`,
      )
      await expect(readFile(join(project, 'corpus.json'))).rejects.toThrow(/ENOENT/)
      expect(outcome.exitCode).toBe(1)
    })
  })

  test("where names compare folded, counts one tool's spellings in one row, named as evaluate names it, and so do its files' reports merged", async () => {
    const files = {
      ...foldedNamesSpecs('jest'),
      // The reporter's options of each run (its JSON path), as the fixture's config reads them.
      'jest.config.cjs': `module.exports = { testMatch: ['<rootDir>/*.spec.js'], setupFilesAfterEnv: ['expect-toolcalls/jest'], reporters: ['default', ['expect-toolcalls/jest-reporter', JSON.parse(process.env.TOOLCALLS_REPORTER_OPTIONS)]] }\n`,
    }
    await inScratchProject('jest-folded-', files, async (project) => {
      const report = async (json: string, ...args: string[]) => {
        const outcome = await runRunner('jest', ['--ci', '--runInBand', ...args], project, runEnvironment({ json }))
        expect(outcome.exitCode, outcome.output).toBe(0)
        return JSON.parse(await readFile(json, 'utf8')) as TestCorpusReport
      }
      const whole = await report(join(project, 'whole.json'))
      const evaluated = evaluate(Object.values(FOLDED_NAMES_FILES).flat(), new ToolCallMetric({ name: 'toolName' }))
      expect(whole.perTool).toEqual(evaluated.perTool)
      expect(Object.keys(whole.perTool)).toEqual(['GET.W', 'search'])
      // Each file alone: the second shows the tool by its own gold's spelling, and gives its folded name, by which merge adds it to the first's.
      const [a, b] = [join(project, 'a.json'), join(project, 'b.json')]
      await report(a, 'a.spec.js')
      expect((await report(b, 'b.spec.js')).foldedNames).toEqual({ 'get.w': 'get_w' })
      const mergedJson = join(project, 'merged.json')
      const merged = await runCli(['merge', a, b, '--json', mergedJson])
      expect(merged.code, merged.stderr).toBe(0)
      const mergedReport = JSON.parse(await readFile(mergedJson, 'utf8')) as TestCorpusReport
      expect(mergedReport.perTool).toEqual(whole.perTool)
      expect(mergedReport.foldedNames).toEqual({ 'GET.W': 'get_w' })
    })
  })

  test('passes the run when the corpus F1 reaches minF1', async () => {
    const outcome = await runRunner('jest', ['--ci', '--runInBand'], fixture, runEnvironment({ minF1: FIXTURE_F1 }))
    expect(outcome.exitCode, outcome.output).toBe(0)
  })

  test('names each of the lowest tests by its file and its describe blocks', async () => {
    const outcome = await runRunner('jest', ['--ci', '--runInBand'], fixture, runEnvironment({ worst: 1 }))
    expect(outcome.output).toContain('Lowest F1:\n  booking.spec.ts > booking > forgets to cancel  F1 0  TP 0  FP 0  FN 2\n\nPer tool:')
  })

  test('counts each test.concurrent test\'s assertion under that test, though the tests run together', async () => {
    const files = Object.fromEntries(await Promise.all(JEST_CONCURRENT_FILES.map(async (file) => [basename(file), await readFile(file, 'utf8')] as const)))
    await inScratchProject('jest-concurrent-', files, async (project) => expectEachTestItsOwn(await runRunner('jest', ['--ci'], project), project))
  })

  test('removes its run folder when the run completes', async () => {
    // A temporary folder of the run's own, so that no other run's folder is seen.
    const temporary = await mkdtemp(join(scratch, 'tmp-'))
    const outcome = await runRunner('jest', ['--ci', '--runInBand'], fixture, { ...runEnvironment(), TMPDIR: temporary, TMP: temporary, TEMP: temporary })
    expect(outcome.output).toContain(FIXTURE_LINE)
    expect((await readdir(temporary)).filter((name) => name.startsWith('expect-toolcalls-jest-'))).toEqual([])
  })

  test.each(['SIGINT', 'SIGTERM'] as const)('removes its run folder, which holds the tests\' names, when %s ends the run, and ends by that signal', async (signal) => {
    const temporary = await mkdtemp(join(scratch, 'tmp-'))
    const files = {
      'waits.spec.js': "test('waits', () => new Promise((done) => setTimeout(done, 20_000)), 30_000)\n",
      'jest.config.cjs': "module.exports = { testMatch: ['<rootDir>/*.spec.js'], reporters: ['default', 'expect-toolcalls/jest-reporter'] }\n",
    }
    await inScratchProject('jest-signal-', files, async (project) => {
      const child = startRunner('jest', ['--ci', '--runInBand'], project, { ...runEnvironment(), TMPDIR: temporary, TMP: temporary, TEMP: temporary })
      const ended = new Promise<NodeJS.Signals | null>((done) => child.on('close', (_, endedBy) => done(endedBy)))
      const runFolders = async () => (await readdir(temporary)).filter((name) => name.startsWith('expect-toolcalls-jest-'))
      while ((await runFolders()).length === 0) await new Promise((done) => setTimeout(done, 50))
      child.kill(signal)
      expect(await ended).toBe(signal)
      expect(await runFolders()).toEqual([])
    })
  })
})

// One real Jest run of the fixture by two named projects, read by each test below.
describe('the Jest reporter, where projects with a displayName run the files', { timeout: 30_000 }, () => {
  let outcome: RunOutcome
  let json: string

  beforeAll(async () => {
    json = join(scratch, 'projects.json')
    const args = ['--ci', '--runInBand', '--config', 'jest.projects.config.mjs']
    outcome = await runRunner('jest', args, fixture, runEnvironment({ json, worst: 10 }))
    expect(outcome.exitCode, outcome.output).toBe(0)
  }, 30_000)

  // search.spec.ts runs in both: which run is whose, the records do not say, so neither is named.
  test('labels a test with its project as Vitest does, where one project alone ran its file', () => {
    expect(outcome.output).toContain(
      [
        'Lowest F1:',
        '  |browser| booking.spec.ts > booking > forgets to cancel  F1 0  TP 0  FP 0  FN 2',
        '  |server| weather.spec.ts > weather > reads the wrong city  F1 0  TP 0  FP 1  FN 1',
        '  |browser| booking.spec.ts > booking > books the wrong seat  F1 0.6667  TP 2  FP 1  FN 1',
        '  search.spec.ts > search > searches once too often  F1 0.6667  TP 1  FP 1  FN 0',
        '  search.spec.ts > search > searches once too often  F1 0.6667  TP 1  FP 1  FN 0',
        '  search.spec.ts > search > searches, then forgets to answer  F1 0.8  TP 2  FP 0  FN 1',
        '  search.spec.ts > search > searches, then forgets to answer  F1 0.8  TP 2  FP 0  FN 1',
        '',
        'Per tool:',
      ].join('\n'),
    )
    // The fixture's figures, with search.spec.ts's (TP 3, FP 1, FN 1) counted twice.
    expect(outcome.output).toContain('TP 9  FP 4  FN 6  precision 0.6923  recall 0.6  F1 0.6429 (micro average over 10 graded assertions)')
  })

  test('writes the project of each test that it labels in the JSON report', async () => {
    const report = JSON.parse(await readFile(json, 'utf8')) as TestCorpusReport
    expect(report.worst.map(({ project, file, test }) => ({ project, file, test }))).toEqual([
      { project: 'browser', file: 'booking.spec.ts', test: 'booking > forgets to cancel' },
      { project: 'server', file: 'weather.spec.ts', test: 'weather > reads the wrong city' },
      { project: 'browser', file: 'booking.spec.ts', test: 'booking > books the wrong seat' },
      { project: undefined, file: 'search.spec.ts', test: 'search > searches once too often' },
      { project: undefined, file: 'search.spec.ts', test: 'search > searches once too often' },
      { project: undefined, file: 'search.spec.ts', test: 'search > searches, then forgets to answer' },
      { project: undefined, file: 'search.spec.ts', test: 'search > searches, then forgets to answer' },
    ])
    // Left out, not written as null, where there is no project to name.
    expect(report.worst.filter((test) => 'project' in test)).toHaveLength(3)
  })

  test('heads a run of projects picked out by --selectProjects or --ignoreProjects as narrowed', async () => {
    const args = ['--ci', '--runInBand', '--config', 'jest.projects.config.mjs']
    const picked = await runRunner('jest', [...args, '--selectProjects', 'server'], fixture, runEnvironment({}))
    expect(picked.output).toContain('in a run narrowed to part of the suite (projects server)')
    const ignored = await runRunner('jest', [...args, '--ignoreProjects=browser'], fixture, runEnvironment({}))
    expect(ignored.output).toContain('in a run narrowed to part of the suite (projects but browser)')
  })

  test("keeps the projects through 'toolcalls merge'", async () => {
    const mergedJson = join(scratch, 'projects-merged.json')
    const merged = await runCli(['merge', json, '--worst', '10', '--json', mergedJson])
    expect(merged.code, merged.stderr).toBe(0)
    const report = JSON.parse(await readFile(mergedJson, 'utf8')) as TestCorpusReport
    expect(report.worst.map(({ project, file }) => project ?? file)).toEqual(['browser', 'server', 'browser', ...Array(4).fill('search.spec.ts')])
  })
})

describe("the projects a Jest command line picks out", () => {
  test('are every value of the option, however written and however often given', async () => {
    const { optionValues } = await import('../../src/reporters/jest-reporter')
    expect(optionValues(['node', 'jest', '--selectProjects', 'a', 'b', '--ci', '--selectProjects=c'], '--selectProjects')).toEqual(['a', 'b', 'c'])
    expect(optionValues(['node', 'jest', '--ci', 'a.spec.js'], '--selectProjects')).toEqual([])
  })
})
