import { scoreReportCommand } from './own-report'
import { isTestReport } from './test-report-json'

const ARRAY_TO_LINES = "jq -c '.[]' turns an array into them"

/**
 * Why a line that holds only `[` or `{` is suspect: it opens a JSON document written over many
 * lines (`json.dump` with an indent), which read as JSON lines is graded as garbage.
 */
export function jsonDocumentProblem(text: string): string | undefined {
  const trimmed = text.trim()
  if (trimmed !== '[' && trimmed !== '{') return undefined
  const convert = trimmed === '[' ? ARRAY_TO_LINES : 'jq -c . writes each object on a line'
  return `'${trimmed}' alone on a line: this looks like JSON written over many lines, where JSON lines are read, one value a line (${convert})`
}

/** Why a line that holds an array where a record was expected is suspect: it is a file written as one array, on one line. */
export const ARRAY_ON_ONE_LINE = `this looks like a file written as one JSON array, where JSON lines are read, one value a line (${ARRAY_TO_LINES})`

/** The second line of a report of `toolcalls score --json` or `merge --json` (its `"command"`), or of a test run's (its `"tp"`). */
const REPORT_SECOND_LINE = /^\s*"(?:command": "(score|merge)"|tp": [\d.e+-]+),$/

/**
 * Why a file that opens with `{` alone on its first line is not JSON lines, when its second line
 * shows it to be one of the reports that `merge` adds up; undefined otherwise.
 */
export function reportDocumentProblem(secondLine: string): string | undefined {
  const opening = REPORT_SECOND_LINE.exec(secondLine)
  if (opening === null) return undefined
  return reportProblemText(opening[1] as 'score' | 'merge' | undefined)
}

/** Why a line that is a whole report on its own (written with `jq -c`, say) is not an episode or gold line; undefined for any other line. */
export function oneLineReportProblem(line: string): string | undefined {
  // Parsed again only on an error's path, and only where the line opens as a report does.
  if (!/^\s*\{\s*"(?:command|tp)"/.test(line)) return undefined
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return undefined
  }
  if (isTestReport(value)) return reportProblemText(undefined)
  const command = scoreReportCommand(value)
  return command === undefined ? undefined : reportProblemText(command)
}

function reportProblemText(command: 'score' | 'merge' | undefined): string {
  const report = command === undefined ? "a test run's report (the reporters' json option)" : `a report of 'toolcalls ${command} --json'`
  return `${report}, not JSON lines; reports add up with 'toolcalls merge REPORT...'`
}
