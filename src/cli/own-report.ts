import { readFile, stat } from 'node:fs/promises'
import { isRecord } from '../calls/plain-value'
import { corpusReportProblem } from '../metric/corpus-report-problem'
import { fileHead } from './file-head'
import { isTestReport } from './test-report-json'

/**
 * Whether a value is a report that `--json` writes, of any version, or one `evaluate` gives:
 * `score`'s or `merge`'s `{ command, files, options, … }`, `bfcl`'s `{ accuracy, correct_count,
 * total_count, failures }`, a test run's, as the reporters' `json` option writes it, or a corpus
 * report. Known by its shape, not checked whole: it is written over, not read.
 */
export function isOwnReport(value: unknown): boolean {
  if (!isRecord(value)) return false
  const scoreReport = scoreReportCommand(value) !== undefined
  const bfclReport = typeof value.accuracy === 'number' && Array.isArray(value.failures) && Object.hasOwn(value, 'correct_count') && Object.hasOwn(value, 'total_count')
  return scoreReport || bfclReport || isTestReport(value) || corpusReportProblem(value) === undefined
}

/** The command that wrote a report of `score --json` or `merge --json`, told by its shape; undefined for any other value. */
export function scoreReportCommand(value: unknown): 'score' | 'merge' | undefined {
  if (!isRecord(value) || !Array.isArray(value.files) || !isRecord(value.options)) return undefined
  return value.command === 'score' || value.command === 'merge' ? value.command : undefined
}

/** Bytes read to tell a report from a data file before any is read whole. */
const HEAD_BYTES = 4096
/** The largest report read whole to be told by its shape. */
const MAX_REPORT_BYTES = 256 << 20

/**
 * Whether a regular file may be written over by a report: it holds one (written with an indent,
 * `{` alone on its first line, or on one line, as `jq -c` writes it), or holds no data (`{}`,
 * blanks). A file of several lines that opens otherwise (JSON lines, a data file) is told from its
 * first bytes, and not read whole.
 */
export async function holdsReportOrNothing(path: string): Promise<boolean> {
  return (await whatFileHolds(path)) !== 'other'
}

/** The report a regular file holds, one that `--json` writes or `evaluate`'s (not `{}` nor blanks), told as holdsReportOrNothing tells it; else undefined. */
export async function heldReport(path: string): Promise<Record<string, unknown> | undefined> {
  const held = await whatFileHolds(path)
  return typeof held === 'object' ? held : undefined
}

/** The report the file holds, or whether it holds nothing or something else. */
async function whatFileHolds(path: string): Promise<Record<string, unknown> | 'nothing' | 'other'> {
  const head = fileHead(path, HEAD_BYTES)
  if (head === undefined) return 'other'
  if (head.whole && head.text.trim() === '') return 'nothing'
  const firstBreak = head.text.indexOf('\n')
  const indented = /^\s*\{\s*$/.test(head.text.slice(0, firstBreak === -1 ? undefined : firstBreak))
  const oneLine = firstBreak === -1 || (head.whole && head.text.slice(firstBreak).trim() === '')
  if (!indented && !(oneLine && /^\s*[{[]/.test(head.text))) return 'other'
  try {
    if ((await stat(path)).size > MAX_REPORT_BYTES) return 'other'
    const text = (await readFile(path, 'utf8')).replace(/^\ufeff/, '')
    // One line that runs past the head is one line still only where no break follows.
    if (!indented && text.trimEnd().includes('\n')) return 'other'
    const value: unknown = JSON.parse(text)
    return isEmpty(value) ? 'nothing' : isOwnReport(value) ? (value as Record<string, unknown>) : 'other'
  } catch {
    return 'other'
  }
}

/** A placeholder of no data: `{}`. (`[]` is a line of a prediction file, one that made no call.) */
function isEmpty(value: unknown): boolean {
  return isRecord(value) && Object.keys(value).length === 0
}
