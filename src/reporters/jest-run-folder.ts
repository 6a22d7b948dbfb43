import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { addAssertion, type AssertionRecord, JEST_RUN_FOLDER } from '../matchers/record-score'
import { isStringList } from '../calls/plain-value'
import { isCounts } from '../metric/figures'
import { isExactSums } from '../metric/corpus-counts'
import { type GradedTest, isFoldedNames, isGoldRows, isPerTool } from './graded-test'

/** What the record files of a run hold: the graded tests, and how many lines could not be read (a worker killed mid-line). */
export interface RunRecords {
  tests: GradedTest[]
  unreadable: number
}

/** Folders of runs not yet complete: in watch mode Jest may drop a run it has begun, and never complete it, so they are removed as Jest exits. */
const openFolders = new Set<string>()
let removesOnExit = false

function removeOpenFolders(): void {
  for (const open of openFolders) rmSync(open, { recursive: true, force: true })
  openFolders.clear()
}

/**
 * Ctrl-C or a CI job's timeout ends Jest by a signal, and no `exit` event comes: the folders, which hold
 * the tests' names, are removed first. Where nothing else listens, the signal is then raised again, to
 * end the process as it would have ended; where Jest listens (watch mode), Jest decides.
 */
function removeOnSignal(signal: NodeJS.Signals): void {
  process.once(signal, () => {
    removeOpenFolders()
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  })
}

/**
 * Makes this run's folder and names it in the environment, where the matchers look for it.
 * Jest starts its workers after it builds the reporters, and a worker inherits the environment.
 */
export function openRunFolder(): string {
  // Listened for before the folder exists: until a signal has a listener, it ends the process at once, folder and all.
  if (!removesOnExit) {
    process.once('exit', removeOpenFolders)
    removeOnSignal('SIGINT')
    removeOnSignal('SIGTERM')
    removesOnExit = true
  }
  const folder = mkdtempSync(join(tmpdir(), 'expect-toolcalls-jest-'))
  openFolders.add(folder)
  process.env[JEST_RUN_FOLDER] = folder
  return folder
}

/** Removes the folder and, when it still names this folder, the variable, so that nothing writes to it any more. */
export function closeRunFolder(folder: string): void {
  if (process.env[JEST_RUN_FOLDER] === folder) delete process.env[JEST_RUN_FOLDER]
  openFolders.delete(folder)
  rmSync(folder, { recursive: true, force: true })
}

function isTitles(value: unknown): value is string[] {
  return isStringList(value) && value.length > 0
}

function readRecord(line: string): AssertionRecord | undefined {
  try {
    const value = JSON.parse(line) as unknown
    if (!isCounts(value)) return undefined
    const { testPath, testName, perTool, foldedNames, goldRows, titles, attempt, testId, level, exactSums } = value as unknown as Record<string, unknown>
    const ofJest30 =
      titles === undefined
        ? attempt === undefined && testId === undefined
        : isTitles(titles) && Number.isInteger(attempt) && (attempt as number) >= 1 && typeof testId === 'string'
    const isLevel = level === undefined || level === 'arg'
    const exact = exactSums === undefined || isExactSums(exactSums)
    const rows = isPerTool(perTool) && isFoldedNames(foldedNames, perTool) && isGoldRows(goldRows, perTool)
    return typeof testPath === 'string' && typeof testName === 'string' && rows && ofJest30 && isLevel && exact ? (value as AssertionRecord) : undefined
  } catch {
    return undefined
  }
}

/** A graded test of the run, the attempt its sums are of, and its titles where Jest gave them. */
interface TestSums {
  test: GradedTest
  attempt: number
  titles: string[] | undefined
  testPath: string
}

/** What Jest's results say of the run's tests, for the records to be read by. */
export interface JestTests {
  /** Each test's name as Vitest writes it (`describe > test`), by file and by the name Jest gives the matchers. */
  names: ReadonlyMap<string, string>
  /** How many times each test ran, by `titlesKey`; undefined for titles that more than one test of a file has. */
  runs: ReadonlyMap<string, number | undefined>
  /** The name of the project that ran each file, by its path, where one project alone ran it and that project has a name. */
  projects: ReadonlyMap<string, string | undefined>
}

/** A test of a file by its titles, describe blocks first. */
export function titlesKey(testPath: string, titles: readonly string[]): string {
  return `${testPath}\0${JSON.stringify(titles)}`
}

/** A test by its file and the id the matchers gave it, where Jest named it to them, else by its file and name. */
function testKey(record: AssertionRecord): string {
  return record.testId === undefined ? `${record.testPath}\0${record.testName}` : `${record.testPath}\0${record.testId}`
}

/** Whether Jest ran the test again after the attempt its sums are of: then its last attempt graded nothing. */
function ranAgain(sums: TestSums, runs: JestTests['runs']): boolean {
  if (sums.titles === undefined) return false
  const runCount = runs.get(titlesKey(sums.testPath, sums.titles))
  return runCount !== undefined && runCount > sums.attempt
}

/**
 * The assertions of every worker's file, summed per test, each test's last attempt only (none
 * when Jest ran it again after it graded); files are named relative to `rootDir`, beside their
 * project where `projects` names one, tests by their titles, or by `names` (keyed by test path
 * and Jest's name) where the records have no titles.
 */
function readRunFolder(folder: string, rootDir: string, { names, runs, projects }: JestTests): RunRecords {
  const tests = new Map<string, TestSums>()
  let unreadable = 0
  for (const recordFile of readdirSync(folder).filter((file) => file.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(folder, recordFile), 'utf8').split('\n')) {
      if (line === '') continue
      const record = readRecord(line)
      if (record === undefined) {
        unreadable++
        continue
      }
      const key = testKey(record)
      const attempt = record.attempt ?? 1
      let sums = tests.get(key)
      // A retried test runs in the same worker, its attempts in turn: a later attempt starts its figures again.
      if (sums !== undefined && attempt < sums.attempt) continue
      if (sums === undefined || attempt > sums.attempt) {
        const file = relative(rootDir, record.testPath).split(sep).join('/')
        const name = record.titles?.join(' > ') ?? names.get(key) ?? record.testName
        const project = projects.get(record.testPath)
        const test: GradedTest = { file, ...(project === undefined ? {} : { project }), test: name, tp: 0, fp: 0, fn: 0, perTool: {}, assertions: 0 }
        tests.set(key, (sums = { test, attempt, titles: record.titles, testPath: record.testPath }))
      }
      addAssertion(sums.test, record, record.perTool, record.level, record.exactSums, record.foldedNames, record.goldRows)
    }
  }
  const counted = [...tests.values()].filter((sums) => !ranAgain(sums, runs))
  return { tests: counted.map((sums) => sums.test), unreadable }
}

/** Reads the run's records, then closes its folder. */
export function takeRunRecords(folder: string, rootDir: string, jestTests: JestTests): RunRecords {
  try {
    return readRunFolder(folder, rootDir, jestTests)
  } finally {
    closeRunFolder(folder)
  }
}
