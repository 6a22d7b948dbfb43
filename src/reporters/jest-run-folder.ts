import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { addAssertion, type AssertionRecord, JEST_RUN_FOLDER } from '../matchers/record-score'
import { type GradedTest, isCounts, isPerTool } from './graded-test'

/** What the record files of a run hold: the graded tests, and how many lines could not be read (a worker killed mid-line). */
export interface RunRecords {
  tests: GradedTest[]
  unreadable: number
}

/**
 * Makes this run's folder and names it in the environment, where the matchers look for it.
 * Jest starts its workers after it builds the reporters, and a worker inherits the environment.
 */
export function openRunFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'expect-toolcalls-jest-'))
  process.env[JEST_RUN_FOLDER] = folder
  return folder
}

/** Removes the folder and, when it still names this folder, the variable, so that nothing writes to it any more. */
export function closeRunFolder(folder: string): void {
  if (process.env[JEST_RUN_FOLDER] === folder) delete process.env[JEST_RUN_FOLDER]
  rmSync(folder, { recursive: true, force: true })
}

function isTitles(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((title) => typeof title === 'string')
}

function readRecord(line: string): AssertionRecord | undefined {
  try {
    const value = JSON.parse(line) as unknown
    if (!isCounts(value)) return undefined
    const { testPath, testName, perTool, titles, attempt } = value as unknown as Record<string, unknown>
    const ofJest30 = titles === undefined ? attempt === undefined : isTitles(titles) && Number.isInteger(attempt) && (attempt as number) >= 1
    return typeof testPath === 'string' && typeof testName === 'string' && isPerTool(perTool) && ofJest30 ? (value as AssertionRecord) : undefined
  } catch {
    return undefined
  }
}

/** A graded test of the run, and the attempt its sums are of. */
interface TestSums {
  test: GradedTest
  attempt: number
}

/** A test by its file and titles where Jest gave them, else by its file and the name Jest gives the matchers. */
function testKey(record: AssertionRecord): string {
  return record.titles === undefined ? `${record.testPath}\0${record.testName}` : `${record.testPath}\0${JSON.stringify(record.titles)}`
}

/**
 * The assertions of every worker's file, summed per test, each test's last attempt only; files
 * are named relative to `rootDir`, tests by their titles, or by `names` (keyed by test path and
 * Jest's name) where the records have no titles.
 */
function readRunFolder(folder: string, rootDir: string, names: ReadonlyMap<string, string>): RunRecords {
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
        tests.set(key, (sums = { test: { file, test: name, tp: 0, fp: 0, fn: 0, perTool: {}, assertions: 0 }, attempt }))
      }
      addAssertion(sums.test, record, record.perTool)
    }
  }
  return { tests: [...tests.values()].map((sums) => sums.test), unreadable }
}

/** Reads the run's records, then closes its folder. */
export function takeRunRecords(folder: string, rootDir: string, names: ReadonlyMap<string, string>): RunRecords {
  try {
    return readRunFolder(folder, rootDir, names)
  } finally {
    closeRunFolder(folder)
  }
}
