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

function readRecord(line: string): AssertionRecord | undefined {
  try {
    const value = JSON.parse(line) as unknown
    if (!isCounts(value)) return undefined
    const { testPath, testName, perTool } = value as unknown as Record<string, unknown>
    return typeof testPath === 'string' && typeof testName === 'string' && isPerTool(perTool) ? (value as AssertionRecord) : undefined
  } catch {
    return undefined
  }
}

function addRecord(test: GradedTest, record: AssertionRecord): void {
  addAssertion(test, record, record.perTool)
}

/**
 * The assertions of every worker's file, summed per test; files are named relative to
 * `rootDir`, tests by `names` (keyed by test path and Jest's name) where it has them.
 */
function readRunFolder(folder: string, rootDir: string, names: ReadonlyMap<string, string>): RunRecords {
  const tests = new Map<string, GradedTest>()
  let unreadable = 0
  for (const recordFile of readdirSync(folder).filter((file) => file.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(folder, recordFile), 'utf8').split('\n')) {
      if (line === '') continue
      const record = readRecord(line)
      if (record === undefined) {
        unreadable++
        continue
      }
      const file = relative(rootDir, record.testPath).split(sep).join('/')
      const key = `${record.testPath}\0${record.testName}`
      let test = tests.get(key)
      if (test === undefined) tests.set(key, (test = { file, test: names.get(key) ?? record.testName, tp: 0, fp: 0, fn: 0, perTool: {}, assertions: 0 }))
      addRecord(test, record)
    }
  }
  return { tests: [...tests.values()], unreadable }
}

/** Reads the run's records, then closes its folder. */
export function takeRunRecords(folder: string, rootDir: string, names: ReadonlyMap<string, string>): RunRecords {
  try {
    return readRunFolder(folder, rootDir, names)
  } finally {
    closeRunFolder(folder)
  }
}
