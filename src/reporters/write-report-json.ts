import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { TestCorpusReport } from './test-corpus'

/** Whether a path ends in a slash, and so names a directory, not a file (a backslash too, on Windows, where it is one). */
export function namesDirectory(path: string): boolean {
  return path.endsWith('/') || (process.platform === 'win32' && path.endsWith('\\'))
}

/**
 * Writes the report as JSON to `path`, resolved from the runner's root; makes the folder when
 * missing. Returns the full path. A file that already holds the same report is left untouched:
 * a watcher that sees it change (Jest's, when it lies under the root) would start the run again,
 * and again.
 */
export function writeReportJson(root: string, path: string, report: TestCorpusReport): string {
  const file = resolve(root, path)
  const text = `${JSON.stringify(report, null, 2)}\n`
  if (alreadyHolds(file, text)) return file
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  return file
}

function alreadyHolds(file: string, text: string): boolean {
  try {
    return readFileSync(file, 'utf8') === text
  } catch {
    return false
  }
}

/**
 * The line a reporter prints of its `json` option: the report written, or not written where it would only
 * write over a whole run's: for a run narrowed to part of the suite that graded nothing (a pre-commit run of
 * other files; not a shard), and for a run some of whose test files failed outside their tests, whose figure lacks them.
 */
export function reportJsonLine(root: string, path: string, report: TestCorpusReport, filesNotRun: number): string {
  // A shard's report is its own, never a whole run's, and merge needs every shard's.
  if (report.assertions === 0 && report.narrowed !== undefined && report.shard === undefined) {
    return `Tool calls: no report written to ${resolve(root, path)}: a run narrowed to part of the suite that graded nothing would only write over a whole run's.`
  }
  if (filesNotRun > 0) {
    const files = filesNotRun === 1 ? 'a test file that failed outside its tests' : `${filesNotRun} test files that failed outside their tests`
    return `Tool calls: no report written to ${resolve(root, path)}: a figure without ${files} would only write over a whole run's.`
  }
  return `Tool calls: report written to ${writeReportJson(root, path, report)}`
}
