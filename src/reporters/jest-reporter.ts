import { filesNotRunNote, STOPPED_RUN } from './incomplete-run'
import { formatTestCorpus } from './format-test-corpus'
import { closeRunFolder, type JestTests, openRunFolder, takeRunRecords, titlesKey } from './jest-run-folder'
import { minF1Verdict } from './min-f1'
import { readReporterOptions, type ResolvedReporterOptions, type ToolCallsReporterOptions } from './reporter-options'
import { shardLabel } from './shard-label'
import { testCorpus } from './test-corpus'
import { reportJsonLine } from './write-report-json'

export type { ToolCallsReporterOptions } from './reporter-options'
export type { TestCorpusReport, WorstTest } from './test-corpus'

/** The part of Jest's global config the reporter reads. */
export interface JestGlobalConfig {
  rootDir: string
  /** The part of the suite this run was given by `--shard`, 1-based. */
  shard?: { shardIndex: number; shardCount: number }
  /** What narrows a run to part of the suite: `-t`, the files named (Jest 30's patterns, Jest 29's one), changed or related files. */
  testNamePattern?: string
  testPathPatterns?: { patterns?: unknown }
  testPathPattern?: string
  onlyChanged?: boolean
  changedSince?: string
  lastCommit?: boolean
  findRelatedTests?: boolean
  /** Whether a run of no test file passes. */
  passWithNoTests?: boolean
}

/** The part of Jest's aggregated results the reporter reads. */
export interface JestRunResults {
  wasInterrupted?: boolean
  numTotalTestSuites?: number
  testResults?: Array<{
    testFilePath: string
    /** The error that stopped the file outside its tests (a syntax error, an import that throws). */
    testExecError?: unknown
    /** The project's `displayName`: Jest's config makes `{ name, color }` of a name given alone. */
    displayName?: { name: string } | string | null
    testResults: Array<{ ancestorTitles: string[]; title: string; fullName: string; invocations?: number }>
  }>
}

function projectName(displayName: { name: string } | string | null | undefined): string | undefined {
  const name = typeof displayName === 'string' ? displayName : displayName?.name
  return name === '' ? undefined : name
}

/** How Jest was told to run part of the suite, as its command line says it; undefined for the whole suite. */
function narrowing(config: JestGlobalConfig, argv: readonly string[] = process.argv): string | undefined {
  const ways: string[] = []
  // Jest keeps the projects picked out of its global config: they are read from its command line.
  const selected = optionValues(argv, '--selectProjects')
  if (selected.length > 0) ways.push(`projects ${selected.join(' ')}`)
  const ignored = optionValues(argv, '--ignoreProjects')
  if (ignored.length > 0) ways.push(`projects but ${ignored.join(' ')}`)
  const patterns = config.testPathPatterns?.patterns
  if (Array.isArray(patterns) && patterns.length > 0) ways.push(`files ${patterns.join(' ')}`)
  else if (typeof config.testPathPattern === 'string' && config.testPathPattern !== '') ways.push(`files ${config.testPathPattern}`)
  if (typeof config.testNamePattern === 'string' && config.testNamePattern !== '') ways.push(`-t ${config.testNamePattern}`)
  if (config.findRelatedTests === true) ways.push('related files')
  else if (config.onlyChanged === true || config.lastCommit === true || typeof config.changedSince === 'string') ways.push('changed files')
  return ways.length === 0 ? undefined : ways.join(', ')
}

/** The values a command line gives an option of Jest's that takes several (`--selectProjects a b`, `--selectProjects=a`), however often it is given. */
export function optionValues(argv: readonly string[], option: string): string[] {
  const values: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg.startsWith(`${option}=`)) values.push(arg.slice(option.length + 1))
    else if (arg === option) for (; i + 1 < argv.length && !argv[i + 1]!.startsWith('-'); i++) values.push(argv[i + 1]!)
  }
  return values
}

/** What the results say of each test: its name as Vitest writes it (`describe > test`), how many times it ran, and its file's project. */
function jestTests(results: JestRunResults): JestTests {
  const names = new Map<string, string>()
  const runs = new Map<string, number | undefined>()
  const projects = new Map<string, string | undefined>()
  for (const file of results.testResults ?? []) {
    // A worker is not told which project runs a file: the records of a file run by two cannot be told apart by project.
    projects.set(file.testFilePath, projects.has(file.testFilePath) ? undefined : projectName(file.displayName))
    for (const test of file.testResults) {
      const titles = [...test.ancestorTitles, test.title]
      names.set(`${file.testFilePath}\0${test.fullName}`, titles.join(' > '))
      const key = titlesKey(file.testFilePath, titles)
      // Tests of the same titles (or a file run by two projects) cannot be told apart here.
      runs.set(key, runs.has(key) ? undefined : test.invocations)
    }
  }
  return { names, runs, projects }
}

/**
 * A Jest reporter of the corpus figure: at the end of a run it prints the micro-averaged
 * P/R/F1 over every graded assertion, per tool, and the lowest tests, and fails the run when
 * the F1 is below `minF1`. Jest gives reporters no per-test data from its workers, so each run
 * gets a folder, named in the environment the workers inherit, where every graded assertion
 * appends a line; the reporter sums the lines when the run completes, and removes the folder.
 * Jest builds new reporters for every run, so in watch mode each run reports the tests it ran.
 *
 * `reporters: ['default', ['expect-toolcalls/jest-reporter', { minF1: 0.8 }]]`
 */
export class ToolCallsJestReporter {
  private readonly options: ResolvedReporterOptions
  private readonly rootDir: string
  private readonly shard: string | undefined
  private readonly narrowed: string | undefined
  private readonly passWithNoTests: boolean
  private readonly folder: string
  private failure: Error | undefined

  constructor(globalConfig: JestGlobalConfig, options?: ToolCallsReporterOptions) {
    this.options = readReporterOptions(options, 'expect-toolcalls/jest-reporter')
    // The matchers reach the file system through it, so that they import none.
    if (typeof process.getBuiltinModule !== 'function') {
      throw new Error(`expect-toolcalls/jest-reporter: needs Node 20.16 or later (process.getBuiltinModule); this is Node ${process.version}`)
    }
    this.rootDir = globalConfig.rootDir
    this.shard = globalConfig.shard === undefined ? undefined : shardLabel(globalConfig.shard.shardIndex, globalConfig.shard.shardCount)
    this.narrowed = narrowing(globalConfig)
    this.passWithNoTests = globalConfig.passWithNoTests === true
    this.folder = openRunFolder()
  }

  onRunComplete(_contexts: unknown, results: JestRunResults): void {
    if (results.wasInterrupted === true) return closeRunFolder(this.folder)
    // --bail stops the run after a failing file, the rest never run.
    if (results.numTotalTestSuites !== undefined && (results.testResults?.length ?? 0) < results.numTotalTestSuites) {
      closeRunFolder(this.folder)
      process.stderr.write(`\n${STOPPED_RUN}\n`)
      return
    }
    const records = takeRunRecords(this.folder, this.rootDir, jestTests(results))
    const report = testCorpus(records.tests, this.options)
    if (this.shard !== undefined) report.shard = this.shard
    if (this.narrowed !== undefined) report.narrowed = this.narrowed
    const lines = [`\n${formatTestCorpus(report)}\n`]
    // A file that failed before any of its tests ran; not one whose afterAll threw.
    const filesNotRun = (results.testResults ?? []).filter((file) => file.testExecError != null && file.testResults.length === 0).length
    const notRun = filesNotRunNote(filesNotRun)
    if (notRun !== undefined) lines.push(`${notRun}\n`)
    if (records.unreadable > 0) lines.push(`Tool calls: ${records.unreadable} recorded line(s) could not be read and were left out.\n`)
    if (this.options.json !== undefined) lines.push(`${reportJsonLine(this.rootDir, this.options.json, report, filesNotRun)}\n`)
    const { failure, note } = minF1Verdict(report, this.options.minF1, this.passWithNoTests && results.numTotalTestSuites === 0)
    for (const said of [note, failure]) if (said !== undefined) lines.push(`${said}\n`)
    // Jest's own reporters write to stderr; the report follows them.
    process.stderr.write(lines.join('\n'))
    this.failure = failure === undefined ? undefined : new Error(failure)
  }

  /** Jest fails the run when a reporter has an error once the run is complete. */
  getLastError(): Error | undefined {
    return this.failure
  }
}

export default ToolCallsJestReporter
