import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestCorpusReport } from '../../src/reporters/test-corpus'
import { narrowing } from '../../src/reporters/vitest-reporter'
import type { Vitest } from 'vitest/node'
import { evaluate } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { FIXTURE_COUNTS, FIXTURE_F1, FIXTURE_HEADING, FIXTURE_LINE, FIXTURE_PER_TOOL_ROW, FOLDED_NAMES_FILES, fixture, foldedNamesSpecs } from './fixture-corpus'
import { expectStoppedRun, inScratchProject, runEnvironment, runRunner, startRunner } from './run-runner'

let scratch: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'expect-toolcalls-vitest-reporter-'))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

async function readReport(path: string): Promise<TestCorpusReport> {
  return JSON.parse(await readFile(path, 'utf8')) as TestCorpusReport
}

// Each test starts real Vitest processes.
describe('the Vitest reporter', { timeout: 30_000 }, () => {
  test.each(['threads', 'forks', 'vmThreads', 'vmForks'])('prints and writes the hand-computed corpus figure under the %s pool', async (pool) => {
    const json = join(scratch, `${pool}.json`)
    const outcome = await runRunner('vitest', ['run', `--pool=${pool}`], fixture, runEnvironment({ json }))
    expect(outcome.exitCode, outcome.output).toBe(0)
    expect(outcome.output).toContain(FIXTURE_LINE)
    expect(outcome.output).toContain(FIXTURE_HEADING)
    const report = await readReport(json)
    expect(report).toMatchObject({ ...FIXTURE_COUNTS, f1: FIXTURE_F1 })
    // A whole run names no shard.
    expect(report).not.toHaveProperty('shard')
  })

  test('gives the same figure when the run is split into shards and the blobs are merged, each shard naming itself', async () => {
    const blobs = join(scratch, 'blobs')
    const shardReports = [1, 2].map((shard) => join(scratch, `shard-${shard}.json`))
    const shards = await Promise.all(
      shardReports.map((json, i) =>
        runRunner('vitest', ['run', `--shard=${i + 1}/2`], fixture, { ...runEnvironment({ json }), TOOLCALLS_BLOB_FILE: join(blobs, `blob-${i + 1}.json`) }),
      ),
    )
    for (const shard of shards) expect(shard.exitCode, shard.output).toBe(0)
    expect(await Promise.all(shardReports.map(async (json) => (await readReport(json)).shard))).toEqual(['1/2', '2/2'])
    const json = join(scratch, 'merged.json')
    const merged = await runRunner('vitest', ['run', `--merge-reports=${blobs}`], fixture, runEnvironment({ json }))
    expect(merged.exitCode, merged.output).toBe(0)
    expect(merged.output).toContain(FIXTURE_LINE)
    const report = await readReport(json)
    expect(report).toMatchObject({ ...FIXTURE_COUNTS, f1: FIXTURE_F1 })
    // The blobs joined are one whole run.
    expect(report).not.toHaveProperty('shard')
  })

  test('fails the run, with the per-tool table, when the corpus F1 is below minF1', async () => {
    const outcome = await runRunner('vitest', ['run'], fixture, runEnvironment({ minF1: 0.7 }))
    expect(outcome.exitCode).toBe(1)
    expect(outcome.output).toContain(FIXTURE_PER_TOOL_ROW)
    expect(outcome.output).toContain('Tool calls: the corpus F1 0.6 is below minF1 0.7; the run fails.')
  })

  test('judges a run narrowed to part of the suite on the tests it ran, heading its figure so', async () => {
    const outcome = await runRunner('vitest', ['run', '-t', 'searches once too often'], fixture, runEnvironment({ minF1: 0.7 }))
    expect(outcome.output).toContain('Tool calls: 1 graded assertion in 1 test, in a run narrowed to part of the suite (-t searches once too often)')
    expect(outcome.output).toContain('Tool calls: the corpus F1 0.6667 is below minF1 0.7; the run fails.')
    expect(outcome.exitCode).toBe(1)
  })

  test('does not fail on minF1 a run that graded nothing where it was narrowed, or ran no test file and the runner passes that', async () => {
    const narrowed = await runRunner('vitest', ['run', 'no-such-file', '--passWithNoTests'], fixture, runEnvironment({ minF1: 0.7, json: join(scratch, 'narrowed.json') }))
    expect(narrowed.output).toContain('Tool calls: minF1 0.7 not judged: a run narrowed to part of the suite, which graded nothing.')
    expect(narrowed.exitCode, narrowed.output).toBe(0)
    // Its report, of nothing, would only write over a whole run's.
    expect(narrowed.output).toContain(`Tool calls: no report written to ${join(scratch, 'narrowed.json')}: a run narrowed to part of the suite that graded nothing would only write over a whole run's.`)
    await expect(readFile(join(scratch, 'narrowed.json'))).rejects.toThrow(/ENOENT/)
    // A shard's report of nothing is written all the same: it is its own, and merge needs every shard's.
    const shardJson = join(scratch, 'narrowed-shard.json')
    const narrowedShard = await runRunner('vitest', ['run', 'no-such-file', '--shard=1/2', '--passWithNoTests'], fixture, runEnvironment({ json: shardJson }))
    expect(narrowedShard.exitCode, narrowedShard.output).toBe(0)
    expect(await readReport(shardJson)).toMatchObject({ assertions: 0, shard: '1/2', narrowed: 'files no-such-file' })
    // More shards than files: the last shard runs none.
    const emptyShard = await runRunner('vitest', ['run', '--shard=4/4', '--passWithNoTests'], fixture, runEnvironment({ minF1: 0.7 }))
    expect(emptyShard.output).toContain('Tool calls: minF1 0.7 not judged: a run of no test file, which graded nothing.')
    expect(emptyShard.exitCode, emptyShard.output).toBe(0)
  })

  const vitestConfig = (reporterOptions: object = {}, setupFile = join(fixture, 'vitest.setup.ts')) => `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { include: ['*.spec.ts'], setupFiles: [${JSON.stringify(setupFile)}], reporters: ['default', ['expect-toolcalls/reporter', ${JSON.stringify(reporterOptions)}]] } })
`
  const grades = (tool: string) => `import { afterAll, expect, test } from 'vitest'\ntest('grades', () => expect([{ name: '${tool}' }]).toMatchToolCalls([{ name: '${tool}' }]))\n`

  test('takes the reporter as an instance, new ToolCallsReporter(options), whose options tsc checks, as it takes it named', async () => {
    const files = {
      'graded.spec.ts': "import { expect, test } from 'vitest'\ntest('grades', () => expect([{ name: 'f', args: { a: 1 } }]).toScoreAtLeast(0, [{ name: 'f', args: { a: 2 } }]))\n",
      'vitest.config.ts': `import { defineConfig } from 'vitest/config'
import { ToolCallsReporter } from 'expect-toolcalls/reporter'
export default defineConfig({ test: { include: ['*.spec.ts'], setupFiles: [${JSON.stringify(join(fixture, 'vitest.setup.ts'))}], reporters: ['default', new ToolCallsReporter({ json: 'corpus.json', minF1: 0.5 })] } })
`,
    }
    await inScratchProject('reporters-instance-', files, async (project) => {
      const outcome = await runRunner('vitest', ['run'], project)
      expect(outcome.output).toContain('Tool calls: the corpus F1 0 is below minF1 0.5; the run fails.')
      expect(outcome.exitCode).toBe(1)
      expect(await readReport(join(project, 'corpus.json'))).toMatchObject({ assertions: 1, tests: 1, tp: 0, fp: 1, fn: 1 })
    })
  })

  test('gives no figure for a run that --bail stopped, and writes no JSON', async () => {
    const files = {
      // The largest file runs first.
      'a-fails.spec.ts': `import { expect, test } from 'vitest'\ntest('fails', () => expect(1).toBe(2))\n${'// so that it runs first\n'.repeat(200)}`,
      'graded.spec.ts': grades('f'),
      'vitest.config.ts': vitestConfig({ json: 'corpus.json', minF1: 0.5 }),
    }
    await inScratchProject('reporters-bail-', files, async (project) => {
      const outcome = await runRunner('vitest', ['run', '--bail', '1', '--no-file-parallelism'], project)
      await expectStoppedRun(outcome, project)
    })
  })

  test('says that a test file that failed as it loaded is not in the figure, and writes no JSON that would lack it', async () => {
    const files = {
      'broken.spec.ts': "import { expect, test } from 'vitest'\ntest('grades', () => {\n",
      'graded.spec.ts': grades('f'),
      // A file whose afterAll throws ran its tests: they are in the figure.
      'after-all.spec.ts': `${grades('g')}afterAll(() => { throw new Error('teardown') })\n`,
      'vitest.config.ts': vitestConfig({ json: 'corpus.json' }),
    }
    await inScratchProject('reporters-broken-', files, async (project) => {
      const outcome = await runRunner('vitest', ['run'], project)
      expect(outcome.output).toContain('Tool calls: 2 graded assertions in 2 tests')
      expect(outcome.output).toContain('Tool calls: 1 test file failed outside its tests (as it was loaded, say): what it would have graded is not in the figure.')
      expect(outcome.output).toContain(
        `Tool calls: no report written to ${join(project, 'corpus.json')}: a figure without a test file that failed outside its tests would only write over a whole run's.`,
      )
      await expect(readFile(join(project, 'corpus.json'))).rejects.toThrow(/ENOENT/)
      expect(outcome.exitCode).toBe(1)
    })
  })

  test('counts each expect.soft assertion of a test, the failed ones too, and the test fails with every message', async () => {
    const files = {
      'soft.spec.ts': `import { expect, test } from 'vitest'
test('grades softly', () => {
  expect.soft([{ name: 'f', args: { a: 1 } }]).toMatchToolCalls([{ name: 'f', args: { a: 2 } }])
  expect.soft([{ name: 'g', args: { a: 1 } }]).toMatchToolCalls([{ name: 'g', args: { a: 1 } }])
  expect.soft([{ name: 'h', args: {} }]).toScoreAtLeast(1, [{ name: 'h', args: { b: 1 } }])
})
`,
      'vitest.config.ts': vitestConfig({ json: 'corpus.json' }),
    }
    await inScratchProject('reporters-soft-', files, async (project) => {
      const outcome = await runRunner('vitest', ['run'], project)
      expect(outcome.exitCode).toBe(1)
      expect(outcome.output).toContain('+ a: 1  ← expected 2, received 1')
      expect(outcome.output).toContain('- b: 1  ← missing')
      const report = await readReport(join(project, 'corpus.json'))
      expect(report).toMatchObject({ assertions: 3, tests: 1, tp: 1, fp: 2, fn: 2 })
    })
  })

  // The /vitest entry's hook marks where each try begins; matchers added by hand see only the tries that grade.
  test.each(['the /vitest entry', 'matchers added by hand'])('counts each repeat of a test, each by its last try where the repeat was retried: %s', async (setup) => {
    // Each test's runs in the order Vitest makes them: the query it grades against the gold `a` (or nothing), whether it
    // then fails, and whether the run is the last try of its repeat, the one that counts.
    type Run = { query?: string; fails?: true; counts?: true }
    const tests: Record<string, { repeats: number; retry?: number; runs: Run[] }> = {
      // The second repeat fails once, then passes; the first and third pass at once.
      retried_second: { repeats: 2, retry: 1, runs: [{ query: 'a', counts: true }, { query: 'b', fails: true }, { query: 'a', counts: true }, { query: 'a', counts: true }] },
      // The second repeat fails after grading, and its retry grades nothing: the first repeat counts alone.
      retry_grades_nothing: { repeats: 1, retry: 1, runs: [{ query: 'a', counts: true }, { query: 'b', fails: true }, { counts: true }] },
      // Without retries, a failed repeat counts as a passed one does.
      failed_repeat: { repeats: 1, runs: [{ query: 'b', fails: true, counts: true }, { query: 'a', counts: true }] },
      // The second repeat fails before it grades, and its retry grades nothing: the first repeat, which passed, counts.
      later_repeat_retried: { repeats: 1, retry: 1, runs: [{ query: 'a', counts: true }, { fails: true }, { counts: true }] },
      // The second repeat fails before it grades, and its retry grades: both repeats count.
      later_repeat_retried_grades: { repeats: 1, retry: 1, runs: [{ query: 'b', counts: true }, { fails: true }, { query: 'a', counts: true }] },
      // The first repeat fails at both its tries, the second fails before it grades and its retry grades nothing: the first repeat's last try counts.
      failed_repeat_then_retried: { repeats: 1, retry: 1, runs: [{ query: 'b', fails: true }, { query: 'b', fails: true, counts: true }, { fails: true }, { counts: true }] },
    }
    const files = {
      'repeats.spec.ts': `import { expect, test } from 'vitest'
const call = (name: string, q: string) => ({ name, args: { q } })
for (const [name, { repeats, retry, runs }] of Object.entries(${JSON.stringify(tests)} as Record<string, { repeats: number; retry?: number; runs: Array<{ query?: string; fails?: true }> }>)) {
  let run = 0
  test(name, { repeats, retry }, () => {
    const { query, fails } = runs[run++]!
    if (query !== undefined) expect([call(name, query)]).toScoreAtLeast(0, [call(name, 'a')])
    if (fails) throw new Error('a failed run')
  })
}
`,
      'by-hand.setup.ts': "import { expect } from 'vitest'\nimport { matchers } from 'expect-toolcalls/matchers'\nexpect.extend(matchers)\n",
      'vitest.config.ts': vitestConfig({ json: 'corpus.json' }, setup === 'the /vitest entry' ? undefined : './by-hand.setup.ts'),
    }
    const call = (name: string, q: string) => ({ name, args: { q } })
    const counted = Object.entries(tests).flatMap(([name, { runs }]) =>
      runs.filter((run) => run.counts && run.query !== undefined).map((run) => ({ pred: [call(name, run.query!)], gold: [call(name, 'a')] })),
    )
    const expected = evaluate(counted, new ToolCallMetric())
    await inScratchProject('reporters-repeats-', files, async (project) => {
      const outcome = await runRunner('vitest', ['run'], project)
      expect(outcome.output).toContain('Tests  1 failed | 5 passed (6)')
      const report = await readReport(join(project, 'corpus.json'))
      expect(report).toMatchObject({ tp: expected.tp, fp: expected.fp, fn: expected.fn, assertions: counted.length, perTool: expected.perTool })
    })
  })

  test("where names compare folded, counts one tool's spellings in one row, named as evaluate names it over the same assertions", async () => {
    const files = { ...foldedNamesSpecs('vitest'), 'vitest.config.ts': vitestConfig({ json: 'corpus.json' }) }
    await inScratchProject('reporters-folded-', files, async (project) => {
      const outcome = await runRunner('vitest', ['run'], project)
      expect(outcome.exitCode, outcome.output).toBe(0)
      const report = await readReport(join(project, 'corpus.json'))
      const evaluated = evaluate(Object.values(FOLDED_NAMES_FILES).flat(), new ToolCallMetric({ name: 'toolName' }))
      expect(report.perTool).toEqual(evaluated.perTool)
      // The gold's first spelling, though the model had named the tool before it, and in the same test.
      expect(Object.keys(report.perTool)).toEqual(['GET.W', 'search'])
      expect(report.foldedNames).toEqual({ 'GET.W': 'get_w' })
      expect(outcome.output).toContain('  GET.W    1   2   2     0.3333  0.3333  0.3333')
    })
  })

  test('passes the run when the corpus F1 reaches minF1', async () => {
    const outcome = await runRunner('vitest', ['run'], fixture, runEnvironment({ minF1: FIXTURE_F1 }))
    expect(outcome.exitCode, outcome.output).toBe(0)
  })

  test("names files from the run's root in projects of their own roots, and leaves out a test that skipped itself after grading", async () => {
    await mkdir(resolve(fixture, '../../../.tmp'), { recursive: true })
    const folder = await mkdtemp(resolve(fixture, '../../../.tmp/reporters-projects-'))
    const spec = (city: string) => `import { expect, test } from 'vitest'
const weather = (city: string) => ({ name: 'get_weather', args: { city } })
test('asks for the weather', () => {
  expect([weather('${city}')]).toScoreAtLeast(0, [weather('Paris')])
})
test('grades, then skips itself', (context) => {
  expect([weather('Oslo')]).toScoreAtLeast(0, [weather('Paris')])
  context.skip()
})
`
    const project = (name: string) => `{ test: { name: '${name}', root: './packages/${name}', include: ['*.spec.ts'], setupFiles: [${JSON.stringify(join(fixture, 'vitest.setup.ts'))}] } }`
    try {
      for (const [name, city] of [['a', 'Lyon'], ['b', 'Nice']]) {
        await mkdir(join(folder, 'packages', name!), { recursive: true })
        await writeFile(join(folder, 'packages', name!, 'agent.spec.ts'), spec(city!))
      }
      await writeFile(
        join(folder, 'vitest.config.ts'),
        `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { projects: [${project('a')}, ${project('b')}], reporters: ['default', ['expect-toolcalls/reporter', { json: 'corpus.json' }]] } })
`,
      )
      const outcome = await runRunner('vitest', ['run'], folder)
      expect(outcome.exitCode, outcome.output).toBe(0)
      const report = await readReport(join(folder, 'corpus.json'))
      expect(report).toMatchObject({ tests: 2, tp: 0, fp: 2, fn: 2 })
      expect(report.worst.map((test) => test.file)).toEqual(['packages/a/agent.spec.ts', 'packages/b/agent.spec.ts'])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('names the project beside a file that two projects run, as Vitest labels it', async () => {
    await mkdir(resolve(fixture, '../../../.tmp'), { recursive: true })
    const folder = await mkdtemp(resolve(fixture, '../../../.tmp/reporters-same-file-'))
    const project = (name: string, environment: string) =>
      `{ test: { name: '${name}', environment: '${environment}', include: ['*.spec.ts'], setupFiles: [${JSON.stringify(join(fixture, 'vitest.setup.ts'))}] } }`
    try {
      await writeFile(
        join(folder, 'agent.spec.ts'),
        `import { expect, test } from 'vitest'
test('asks for the weather', () => {
  expect([{ name: 'get_weather', args: { city: typeof window === 'undefined' ? 'Lyon' : 'Paris' } }]).toScoreAtLeast(0, [{ name: 'get_weather', args: { city: 'Paris' } }])
})
`,
      )
      await writeFile(
        join(folder, 'vitest.config.ts'),
        `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { projects: [${project('server', 'node')}, ${project('browser', 'jsdom')}], reporters: ['default', ['expect-toolcalls/reporter', { json: 'corpus.json' }]] } })
`,
      )
      const outcome = await runRunner('vitest', ['run'], folder)
      expect(outcome.exitCode, outcome.output).toBe(0)
      const report = await readReport(join(folder, 'corpus.json'))
      expect(report).toMatchObject({ tests: 2, tp: 1, fp: 1, fn: 1 })
      expect(report.worst).toEqual([expect.objectContaining({ file: 'agent.spec.ts', project: 'server', f1: 0 })])
      expect(outcome.output).toContain('  |server| agent.spec.ts > asks for the weather  F1 0  TP 0  FP 1  FN 1')
      // A run of the projects --project picks out is part of the suite.
      const picked = await runRunner('vitest', ['run', '--project', 'browser'], folder)
      expect(picked.output).toContain('Tool calls: 1 graded assertion in 1 test, in a run narrowed to part of the suite (projects browser)')
      expect((await readReport(join(folder, 'corpus.json'))).narrowed).toBe('projects browser')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  // Set up by the package's entry, by hand (no hooks), or with files sharing the entry's module (its hooks run for the first file alone).
  const concurrentSetups = {
    'the /vitest entry': { setup: `import 'expect-toolcalls/vitest'`, config: '', files: 1 },
    'matchers added by hand': {
      setup: `import { expect } from 'vitest'\nimport { matchers, serializer } from 'expect-toolcalls/matchers'\nexpect.extend(matchers)\nexpect.addSnapshotSerializer(serializer)`,
      config: '',
      files: 1,
    },
    'isolate: false, one worker for three files': { setup: `import 'expect-toolcalls/vitest'`, config: `isolate: false, maxWorkers: 1, pool: 'forks', `, files: 3 },
  }

  test.each(Object.keys(concurrentSetups))(
    "keeps every score of concurrent tests that use the global expect, which Vitest's current test does not name once one ends, their afterEach hooks' too, and none of a beforeAll or afterAll hook: %s",
    async (name) => {
      const { setup, config, files } = concurrentSetups[name as keyof typeof concurrentSetups]
      await mkdir(resolve(fixture, '../../../.tmp'), { recursive: true })
      const folder = await mkdtemp(resolve(fixture, '../../../.tmp/reporters-concurrent-'))
      // Each test grades after the others have begun; the slowest grades after the others have ended.
      const graded = (name: string, delay: number, x: number) =>
        `test.concurrent('${name}', async () => {
  await new Promise((done) => setTimeout(done, ${delay}))
  expect([{ name: 'f', args: { x: ${x} } }]).toScoreAtLeast(0, [{ name: 'f', args: { x: 1 } }])
})`
      try {
        for (let file = 0; file < files; file++) {
          await writeFile(
            join(folder, `agent${file}.spec.ts`),
            [
              "import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'",
              // A hook's assertion, when no test is under way, is no test's: not counted.
              "beforeAll(() => { expect([{ name: 'hook', args: {} }]).toScoreAtLeast(0, [{ name: 'f', args: {} }]) })",
              "afterAll(() => { expect([{ name: 'hook', args: {} }]).toScoreAtLeast(0, [{ name: 'f', args: {} }]) })",
              // An afterEach's is its test's, which is under way till its hooks end, though it has passed: the last test's too.
              "afterEach(() => { expect([{ name: 'after', args: {} }]).toScoreAtLeast(0, [{ name: 'after', args: {} }]) })",
              graded('slow, wrong', 300, 2),
              graded('fast, right', 20, 1),
              graded('between, right', 150, 1),
            ].join('\n'),
          )
        }
        await writeFile(join(folder, 'setup.ts'), `${setup}\n`)
        await writeFile(
          join(folder, 'vitest.config.ts'),
          `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { ${config}include: ['*.spec.ts'], setupFiles: ['./setup.ts'], reporters: ['default', ['expect-toolcalls/reporter', { json: 'corpus.json' }]] } })
`,
        )
        const outcome = await runRunner('vitest', ['run'], folder)
        expect(outcome.exitCode, outcome.output).toBe(0)
        expect(await readReport(join(folder, 'corpus.json'))).toMatchObject({ assertions: 6 * files, tp: 5 * files, fp: files, fn: files })
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
  )

  test("gives each concurrent test the scores of its context's own expect, as Vitest asks concurrent tests to assert", async () => {
    // Each test grades after the others have begun; the slowest, the wrong one, after the others have ended.
    const graded = (name: string, delay: number, x: number) =>
      `test.concurrent('${name}', async ({ expect }) => {
  await new Promise((done) => setTimeout(done, ${delay}))
  expect([{ name: 'f', args: { x: ${x} } }]).toScoreAtLeast(0, [{ name: 'f', args: { x: 1 } }])
})`
    const files = {
      'agent.spec.ts': ["import { test } from 'vitest'", graded('slow, wrong', 300, 2), graded('fast, right', 20, 1), graded('between, right', 150, 1)].join('\n'),
      'setup.ts': "import 'expect-toolcalls/vitest'\n",
      'vitest.config.ts': `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { include: ['*.spec.ts'], setupFiles: ['./setup.ts'], reporters: ['default', ['expect-toolcalls/reporter', { json: 'corpus.json' }]] } })
`,
    }
    await inScratchProject('reporters-context-expect-', files, async (project) => {
      const outcome = await runRunner('vitest', ['run'], project)
      expect(outcome.exitCode, outcome.output).toBe(0)
      const report = await readReport(join(project, 'corpus.json'))
      expect(report).toMatchObject({ tests: 3, assertions: 3, tp: 2, fp: 1, fn: 1 })
      expect(report.worst).toEqual([expect.objectContaining({ test: 'slow, wrong', f1: 0 })])
    })
  })

  test('in watch mode, reports after a re-run the latest figures of every file, not a sum over runs', async () => {
    // A copy of the fixture inside the repo, so that the package still resolves by its name.
    await mkdir(resolve(fixture, '../../../.tmp'), { recursive: true })
    const copy = await mkdtemp(resolve(fixture, '../../../.tmp/reporters-watch-'))
    await cp(fixture, copy, { recursive: true, filter: (source) => !source.includes('node_modules') })
    const child = startRunner('vitest', ['--watch'], copy, runEnvironment())
    let output = ''
    const reports = () => output.match(/^TP .* \(micro average over \d+ graded assertions\)$/gm) ?? []
    let waiting: { count: number; done: () => void } | undefined
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (waiting !== undefined && reports().length >= waiting.count) waiting.done()
    })
    // An exit before the report ends the wait too: the assertion below then shows what was printed.
    child.on('close', () => waiting?.done())
    const nextReport = (count: number) => new Promise<void>((done) => (reports().length >= count ? done() : (waiting = { count, done })))
    try {
      await nextReport(1)
      // The wrong city becomes the right one: FP 1 and FN 1 become TP 1.
      const weather = join(copy, 'weather.spec.ts')
      await writeFile(weather, (await readFile(weather, 'utf8')).replace("expect([weather('Lyon')]).toScoreAtLeast", "expect([weather('Paris')]).toScoreAtLeast"))
      await nextReport(2)
    } finally {
      child.kill()
      await rm(copy, { recursive: true, force: true })
    }
    expect(reports(), output).toEqual([FIXTURE_LINE, 'TP 7  FP 2  FN 4  precision 0.7778  recall 0.6364  F1 0.7 (micro average over 7 graded assertions)'])
  })
})

describe('how a Vitest run was narrowed to part of the suite', () => {
  const vitest = (fields: object, config: object = {}) => ({ config: { changed: false, ...config }, ...fields }) as unknown as Vitest
  test("reads watch mode's filter by name from Vitest's getter, not the config it began with", () => {
    expect(narrowing(vitest({ getGlobalTestNamePattern: () => /books/ }, { testNamePattern: /cats/ }))).toBe('-t books')
    expect(narrowing(vitest({ getGlobalTestNamePattern: () => undefined }, { testNamePattern: /cats/ }))).toBeUndefined()
    // Vitest 3.2 has no getter: the config's.
    expect(narrowing(vitest({}, { testNamePattern: /cats/ }))).toBe('-t cats')
  })

  test('names nothing where blobs are joined by --merge-reports, whose filters Vitest applies to none of them', () => {
    expect(narrowing(vitest({ filenamePattern: ['agent/'] }, { mergeReports: '.vitest-reports', testNamePattern: /books/ }))).toBeUndefined()
  })

  test('names the filters by tag, each of which a test must pass', () => {
    expect(narrowing(vitest({}, { tagsFilter: ['slow || db', '!flaky'] }))).toBe('--tags-filter slow || db --tags-filter !flaky')
    expect(narrowing(vitest({}, { tagsFilter: [] }))).toBeUndefined()
  })

  test('names the projects --project picks out', () => {
    expect(narrowing(vitest({}, { project: ['server', 'b*'] }))).toBe('projects server b*')
    expect(narrowing(vitest({}, { project: [] }))).toBeUndefined()
  })

  test('names the files filtered by, changed and related files, and nothing for the whole suite', () => {
    expect(narrowing(vitest({ filenamePattern: ['agent/', 'b.test.ts'] }))).toBe('files agent/ b.test.ts')
    expect(narrowing(vitest({}, { changed: 'main' }))).toBe('changed files')
    expect(narrowing(vitest({}, { related: ['src/a.ts'] }))).toBe('related files')
    expect(narrowing(vitest({ filenamePattern: [] }, { related: [] }))).toBeUndefined()
  })
})
