import { open } from 'node:fs/promises'
import { isRecord } from '../calls/plain-value'
import { readJsonFile } from './input-file'
import { isTestReport } from './test-report-json'

/**
 * Whether a value is a report that `--json` writes, of any version: `score`'s or `merge`'s
 * `{ command, files, options, … }`, `bfcl`'s `{ accuracy, correct_count, total_count, failures }`,
 * or a test run's, as the reporters' `json` option writes it. Known by its shape, not checked whole:
 * it is written over, not read.
 */
export function isOwnReport(value: unknown): boolean {
  if (!isRecord(value)) return false
  const scoreReport = (value.command === 'score' || value.command === 'merge') && Array.isArray(value.files) && isRecord(value.options)
  const bfclReport = typeof value.accuracy === 'number' && Array.isArray(value.failures) && Object.hasOwn(value, 'correct_count') && Object.hasOwn(value, 'total_count')
  return scoreReport || bfclReport || isTestReport(value)
}

/** Bytes read for the first line of a file before it is read whole. */
const HEAD_BYTES = 4096

/**
 * Whether a regular file holds a report that `--json` writes. Every such report is written with
 * an indent, `{` alone on its first line: a file that opens otherwise (JSON lines, a data file)
 * is told from its first bytes, and not read whole.
 */
export async function holdsOwnReport(path: string): Promise<boolean> {
  let head: string
  try {
    const handle = await open(path, 'r')
    try {
      const bytes = Buffer.alloc(HEAD_BYTES)
      const { bytesRead } = await handle.read(bytes, 0, HEAD_BYTES, 0)
      head = bytes.toString('utf8', 0, bytesRead).replace(/^\ufeff/, '')
    } finally {
      await handle.close()
    }
  } catch {
    return false
  }
  if (!/^\s*\{\s*(?:\n|$)/.test(head)) return false
  try {
    return isOwnReport(await readJsonFile(path))
  } catch {
    return false
  }
}
