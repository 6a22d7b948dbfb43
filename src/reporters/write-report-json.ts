import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { TestCorpusReport } from './test-corpus'

/** Writes the report as JSON to `path`, resolved from the runner's root; makes the folder when missing. Returns the full path. */
export function writeReportJson(root: string, path: string, report: TestCorpusReport): string {
  const file = resolve(root, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  return file
}
