import { relative, sep } from 'node:path'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { filesNotRunNote, STOPPED_RUN } from './incomplete-run'
import { formatTestCorpus } from './format-test-corpus'
import { type GradedTest, isTestToolCalls } from './graded-test'
import { minF1Verdict } from './min-f1'
import { readReporterOptions, type ResolvedReporterOptions, type ToolCallsReporterOptions } from './reporter-options'
import { shardLabel } from './shard-label'
import { testCorpus } from './test-corpus'
import { reportJsonLine } from './write-report-json'

export type { ToolCallsReporterOptions } from './reporter-options'
export type { TestCorpusReport, WorstTest } from './test-corpus'

/**
 * The graded tests of a module, from the `meta.toolcalls` the matchers left on each test in the
 * worker; a test retried after its sums were recorded, whose last attempt graded nothing, counts
 * what its repeats known to have ended add up to (nothing, without repeats), and one that skipped
 * itself after grading counts nothing. Files are named from the run's root,
 * not their project's, so that the same name in two projects' folders is two files; a named
 * project is named beside them, so that one file run by two projects is two files too.
 */
function gradedTests(module: TestModule, root: string): GradedTest[] {
  const tests: GradedTest[] = []
  const file = relative(root, module.moduleId).split(sep).join('/')
  const project = module.project.name === '' ? {} : { project: module.project.name }
  for (const test of module.children.allTests()) {
    const record = (test.meta() as { toolcalls?: unknown }).toolcalls
    if (!isTestToolCalls(record) || test.result().state === 'skipped') continue
    const { attempt, endedRepeats, ...sums } = record
    const counted = (attempt ?? 0) === (test.diagnostic()?.retryCount ?? 0) ? sums : endedRepeats
    if (counted !== undefined) tests.push({ file, ...project, test: test.fullName, ...counted })
  }
  return tests
}

/** A test file that failed outside its tests (a syntax error, an import that throws) before any of them ran; not one whose `afterAll` threw. */
function failedBeforeItsTests(module: TestModule): boolean {
  if (module.errors().length === 0) return false
  for (const test of module.children.allTests()) {
    const { state } = test.result()
    if (state !== 'pending' && state !== 'skipped') return false
  }
  return true
}

/** How Vitest was told to run part of the suite, as its command line says it; undefined for the whole suite. */
export function narrowing(vitest: Vitest): string | undefined {
  const { config } = vitest
  // Blobs joined by --merge-reports are reported whole: the merging command's filters apply to none of them.
  if (config.mergeReports) return undefined
  const ways: string[] = []
  // The command line's file filters, which Vitest keeps in a field its types do not make public: read with care.
  const files = (vitest as { filenamePattern?: unknown }).filenamePattern
  if (Array.isArray(files) && files.length > 0) ways.push(`files ${files.join(' ')}`)
  // `--project`, which picks projects out of the config's.
  const projects: unknown = config.project
  if (Array.isArray(projects) && projects.length > 0) ways.push(`projects ${projects.join(' ')}`)
  // Watch mode's filter by name is the run's, not the config's (Vitest 3.2 has no getter for it).
  const byName = typeof vitest.getGlobalTestNamePattern === 'function' ? vitest.getGlobalTestNamePattern() : config.testNamePattern
  if (byName !== undefined) ways.push(`-t ${byName.source}`)
  // Vitest 4.1's filters by tag, each of which a test must pass; Vitest 3.2 has none.
  const byTags: unknown = (config as { tagsFilter?: unknown }).tagsFilter
  if (Array.isArray(byTags) && byTags.length > 0) ways.push(byTags.map((filter) => `--tags-filter ${String(filter)}`).join(' '))
  if (config.changed !== false && config.changed !== undefined) ways.push('changed files')
  else if (config.related !== undefined && config.related.length > 0) ways.push('related files')
  return ways.length === 0 ? undefined : ways.join(', ')
}

/**
 * A Vitest reporter of the corpus figure: at the end of a run it prints the micro-averaged
 * P/R/F1 over every graded assertion, per tool, and the lowest tests, and fails the run when
 * the F1 is below `minF1`. The figures travel as test meta, so they reach it from any pool and
 * from the blobs of `--merge-reports`. In watch mode each run reports the latest result of
 * every test file run so far: a re-run file replaces its earlier figures, never adds to them.
 *
 * `reporters: ['default', ['expect-toolcalls/reporter', { minF1: 0.8 }]]`
 */
export class ToolCallsReporter implements Reporter {
  private readonly options: ResolvedReporterOptions
  private vitest: Vitest | undefined
  /** The latest run of each test file, by project and module. */
  private readonly latest = new Map<string, TestModule>()
  /** How the latest run was narrowed to part of the suite. */
  private narrowed: string | undefined

  constructor(options?: ToolCallsReporterOptions) {
    this.options = readReporterOptions(options, 'expect-toolcalls/reporter')
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
    this.latest.clear()
  }

  onTestRemoved(moduleId?: string): void {
    for (const [key, module] of this.latest) if (module.moduleId === moduleId) this.latest.delete(key)
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): void {
    if (this.vitest === undefined) return
    if (reason === 'interrupted') return this.vitest.logger.log(`\n${STOPPED_RUN}\n`)
    // In watch mode, a filter set or cleared starts the figures again: they are of the files run under it.
    const narrowed = narrowing(this.vitest)
    if (narrowed !== this.narrowed) this.latest.clear()
    this.narrowed = narrowed
    for (const module of testModules) this.latest.set(`${module.project.name}\0${module.moduleId}`, module)
    const { logger, config } = this.vitest
    const report = testCorpus([...this.latest.values()].flatMap((module) => gradedTests(module, config.root)), this.options)
    // The blobs of shards joined by --merge-reports are one whole run.
    if (config.shard !== undefined && !config.mergeReports) report.shard = shardLabel(config.shard.index, config.shard.count)
    if (narrowed !== undefined) report.narrowed = narrowed
    logger.log(`\n${formatTestCorpus(report)}\n`)
    const filesNotRun = [...this.latest.values()].filter(failedBeforeItsTests).length
    const notRun = filesNotRunNote(filesNotRun)
    if (notRun !== undefined) logger.log(`${notRun}\n`)
    if (this.options.json !== undefined) logger.log(`${reportJsonLine(config.root, this.options.json, report, filesNotRun)}\n`)
    const { failure, note } = minF1Verdict(report, this.options.minF1, this.latest.size === 0 && config.passWithNoTests)
    if (note !== undefined) logger.log(`${note}\n`)
    if (failure === undefined) return
    logger.error(`${failure}\n`)
    // Vitest has set the code by now (1 when a test failed) and never sets it back to 0.
    process.exitCode = 1
  }
}

export default ToolCallsReporter
