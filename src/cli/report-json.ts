import { CANONICALIZER_NAMES, type CanonicalizerName } from '../compare/canonicalizers'
import type { Level, Order } from '../match/options'
import { type ExactSums, exactSumsProblem, isExactSums } from '../metric/corpus-counts'
import { corpusReportProblem } from '../metric/corpus-report-problem'
import type { CorpusReport } from '../metric/evaluate'
import { readJsonFile } from './input-file'
import { UserError } from './user-error'
import { isRecord, isStringList } from '../calls/plain-value'
import type { TestCorpusReport } from '../reporters/test-corpus'
import { isTestReport, testReportProblem } from './test-report-json'
import { isGoldRows, isWholeCount } from '../reporters/graded-test'

/** How a corpus was scored; reports merge only when scored alike. */
export interface ScoringOptions {
  level: Level
  order: Order
  canonicalizer: CanonicalizerName
  /** How tool names compared; a report written before names could be folded compared them exactly. */
  name?: CanonicalizerName
  /** The grammar file, as given. */
  grammar: string | null
  /** The grammar's content (jsonDigest), by which reports compare it wherever each read it from. */
  grammarDigest?: string
  worst: number
}

/** What `--json OUT` writes: the corpus report, and how it was made. */
export interface ReportJson extends CorpusReport {
  command: 'score' | 'merge'
  files: string[]
  /** In a merged report, the digests of the shards' own reports it adds up, so that a copy of one of them is not added again. */
  shards?: string[]
  /** In a report of `score`, the SHA-256 of each input file's bytes: two shards' reports alike in all else differ in it. */
  inputDigests?: string[]
  options: ScoringOptions
  /** The partials of the sums that are not one double, so that reports merge exactly; left out when there are none. */
  exactSums?: ExactSums
  /**
   * The rows a gold call named that count no TP and no FN (tools that weigh 0), which the counts alone would give
   * as the model's: a merge shows a row by the gold's spelling before the model's. Left out when there are none.
   */
  goldRows?: string[]
}

export function reportJson(
  command: ReportJson['command'],
  files: string[],
  options: ScoringOptions,
  report: CorpusReport,
  exactSums: ExactSums,
  goldRows?: string[],
): ReportJson {
  const json: ReportJson = { command, files, options, ...report }
  if (exactSums.total !== undefined || exactSums.perTool !== undefined) json.exactSums = exactSums
  if (goldRows !== undefined) json.goldRows = goldRows
  return json
}

/** The values of each scoring option, as `score` reads them and a report must hold them. */
export const LEVELS: readonly Level[] = ['call', 'arg']
export const ORDERS: readonly Order[] = ['any', 'strict', 'turns']
export const CANONICALIZERS: readonly CanonicalizerName[] = CANONICALIZER_NAMES

/** What is wrong with the fields `score` adds to one of a report's worst episodes, after its place, or undefined. */
function locatedProblem(result: Record<string, unknown>): string | undefined {
  if (result.where !== undefined && !isStringList(result.where)) {
    return '.where: expected a list of places'
  }
  if (result.goldTurns !== undefined && !(Array.isArray(result.goldTurns) && result.goldTurns.every(isWholeCount))) {
    return ".goldTurns: expected a list of the gold's turns' sizes"
  }
  return undefined
}

/** What is wrong with a value read as a report, or undefined when it is one. */
function reportProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'expected an object'
  if (value.command !== 'score' && value.command !== 'merge') return "command: expected 'score' or 'merge'"
  const problem = corpusReportProblem(value)
  if (problem !== undefined) return problem
  for (const [i, result] of (value.worst as Record<string, unknown>[]).entries()) {
    const located = locatedProblem(result)
    if (located !== undefined) return `worst[${i}]${located}`
  }
  const options = value.options
  if (
    !isRecord(options) ||
    !LEVELS.includes(options.level as Level) ||
    !ORDERS.includes(options.order as Order) ||
    !CANONICALIZERS.includes(options.canonicalizer as CanonicalizerName)
  ) {
    return `options: expected { level: ${LEVELS.join(' | ')}, order: ${ORDERS.join(' | ')}, canonicalizer: ${CANONICALIZERS.join(' | ')} }`
  }
  if (options.name !== undefined && !CANONICALIZERS.includes(options.name as CanonicalizerName)) return `options.name: expected ${CANONICALIZERS.join(' | ')}`
  if (!isStringList(value.files)) return 'files: expected a list of file names'
  if (value.shards !== undefined && !isStringList(value.shards)) return 'shards: expected a list of digests'
  if (value.inputDigests !== undefined && !isStringList(value.inputDigests)) return 'inputDigests: expected a list of digests'
  if (options.grammarDigest !== undefined && typeof options.grammarDigest !== 'string') return 'options.grammarDigest: expected a digest'
  // How many worst episodes a merge keeps, where --worst does not say.
  if (options.worst !== undefined && !(Number.isInteger(options.worst) && (options.worst as number) >= 0)) return 'options.worst: expected a count'
  if (!isGoldRows(value.goldRows, value.perTool as ReportJson['perTool'])) return 'goldRows: expected a list of rows of perTool'
  if (value.exactSums === undefined) return undefined
  if (!isExactSums(value.exactSums)) return 'exactSums: expected { total?, perTool? } of partial sums'
  return exactSumsProblem(value as unknown as ReportJson, value.exactSums)
}

/** A report that `merge` adds up: one of `toolcalls score --json`, or a test run's, as the reporters' `json` option writes it. */
export type MergeableReport = { kind: 'score'; report: ReportJson } | { kind: 'tests'; report: TestCorpusReport }

/** What is wrong with a file of JSON lines given to merge: most often the lines a report scores, given in its place. */
const NOT_A_REPORT = "not a report; merge adds up the reports that 'toolcalls score --json' and the reporters' json option write, not the lines they score"

/** A report of either kind; anything else is a UserError naming what is wrong. */
export async function readReportFile(path: string): Promise<MergeableReport> {
  const value = await readJsonFile(path, undefined, undefined, NOT_A_REPORT)
  if (isTestReport(value)) {
    const problem = testReportProblem(value)
    if (problem !== undefined) throw new UserError(`${path}: not a report of a test run (${problem})`)
    return { kind: 'tests', report: value as unknown as TestCorpusReport }
  }
  // A report of 'toolcalls bfcl' holds an accuracy, not counts to add up: named, rather than faulted for lacking a command.
  if (isRecord(value) && value.command === undefined && Object.hasOwn(value, 'accuracy') && Object.hasOwn(value, 'correct_count')) {
    throw new UserError(`${path}: a report of 'toolcalls bfcl', an accuracy over one category, which merge does not add up; it adds up the reports of 'toolcalls score --json' and of test runs`)
  }
  const problem = reportProblem(value)
  if (problem !== undefined) throw new UserError(`${path}: not a report of 'toolcalls score --json' (${problem})`)
  return { kind: 'score', report: value as unknown as ReportJson }
}
