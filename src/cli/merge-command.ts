import { realpath, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { CorpusReport } from '../metric/evaluate'
import { CorpusCounts, type ExactSums } from '../metric/corpus-counts'
import { type CanonicalizerName, canonicalForms } from '../compare/canonicalizers'
import { resolveMatchOptions } from '../match/options'
import { countOption, parseCommandArgs, stringOption, usageError } from './args'
import type { CliContext } from './cli-context'
import { formatTestCorpus } from '../reporters/format-test-corpus'
import { mergeTestCorpora } from '../reporters/merge-test-corpora'
import { DEFAULT_WORST } from '../reporters/reporter-options'
import type { TestCorpusReport } from '../reporters/test-corpus'
import { type MergeableReport, readReportFile, type ReportJson, reportJson, type ScoringOptions } from './report-json'
import { checkWritable, JSON_OPTION, writeJsonReport } from './report-file'
import { formatReportText, type LocatedResult } from './report-text'
import { checkThreshold, thresholdOption } from './threshold'
import { MERGE_USAGE } from './usage'
import { jsonDigest } from './digest'
import { UserError } from './user-error'
import { heldReport, scoreReportCommand } from './own-report'
import { isTestReport } from './test-report-json'

const OPTIONS = {
  worst: { type: 'string', number: true },
  json: JSON_OPTION,
  'min-f1': { type: 'string', number: true },
} as const

const COMPARED = ['level', 'order', 'canonicalizer', 'name', 'grammar'] as const

function scoredWith(options: ScoringOptions, key: (typeof COMPARED)[number]): string {
  const value = optionValue(options, key)
  return value === null ? `without --${key}` : `with --${key} ${value}`
}

/** An option as scored: a report written before tool names could be folded compared them exactly. */
function optionValue(options: ScoringOptions, key: (typeof COMPARED)[number]): string | null {
  return key === 'name' ? (options.name ?? 'exact') : options[key]
}

/** Whether two reports were scored with the same value of an option: a grammar by its content where both give its digest, else as given. */
function sameOption(a: ScoringOptions, b: ScoringOptions, key: (typeof COMPARED)[number]): boolean {
  if (key === 'grammar' && a.grammarDigest !== undefined && b.grammarDigest !== undefined) return a.grammarDigest === b.grammarDigest
  return optionValue(a, key) === optionValue(b, key)
}

function checkAlike(reports: readonly ReportJson[], files: readonly string[]): void {
  const first = reports[0]!
  reports.forEach((report, i) => {
    for (const key of COMPARED) {
      if (sameOption(report.options, first.options, key)) continue
      const differ = key === 'grammar' && report.options.grammar === first.options.grammar ? ` (the file's content differs)` : ''
      throw new UserError(
        `${files[i]}: scored ${scoredWith(report.options, key)}, ${files[0]} ${scoredWith(first.options, key)}${differ}; only reports scored alike merge`,
      )
    }
  })
}

const DIGITS_OR_NOT = /\d+|\D+/g

/**
 * File names compared with their runs of digits as numbers, so that `shard-2` comes before `shard-10`; else by code unit.
 * By hand, as `Intl.Collator`'s numeric order also folds case and follows the locale: a merged report would differ by machine.
 */
function compareNames(a: string, b: string): number {
  const partsA = a.match(DIGITS_OR_NOT) ?? []
  const partsB = b.match(DIGITS_OR_NOT) ?? []
  for (let i = 0; i < Math.min(partsA.length, partsB.length); i++) {
    const [x, y] = [partsA[i]!, partsB[i]!]
    if (x === y) continue
    if (!(/^\d/.test(x) && /^\d/.test(y))) return x < y ? -1 : 1
    // Leading zeros left out, the longer number is the greater; of two alike in value, the whole names tell them apart below.
    const [u, v] = [x.replace(/^0+/, ''), y.replace(/^0+/, '')]
    if (u.length !== v.length) return u.length - v.length
    if (u !== v) return u < v ? -1 : 1
  }
  return partsA.length - partsB.length || (a < b ? -1 : a > b ? 1 : 0)
}

function compareFileLists(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareNames(a[i]!, b[i]!)
    if (order !== 0) return order
  }
  return a.length - b.length
}

/**
 * The reports in the order their episodes are numbered and ranked in, whatever order they were given in:
 * by the files each scored (a merged report's, the shards' reports), then, of reports of files named alike, by content.
 */
function inShardOrder(reports: readonly ReportJson[]): ReportJson[] {
  const keyed = reports.map((report) => ({ report, digest: jsonDigest(report) }))
  keyed.sort((a, b) => compareFileLists(a.report.files, b.report.files) || (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0))
  return keyed.map(({ report }) => report)
}

/**
 * Reports of shards added up: TP, FP and FN summed, overall and per tool, the figures
 * recomputed, and the worst episodes of all shards ranked again, numbered as if the shards
 * had been one run over their files, taken in the order of `inShardOrder`, so that the order
 * they are given in changes nothing.
 */
export function mergeReports(
  reports: readonly ReportJson[],
  keepWorst: number,
  name: CanonicalizerName = 'exact',
): { report: CorpusReport; exactSums: ExactSums; goldRows: string[] | undefined } {
  // Tool names folded as the reports compared them, so that one tool's rows of the shards are one row, as in one run.
  const counts = new CorpusCounts(undefined, name === 'exact' ? undefined : canonicalForms[name])
  const worst: LocatedResult[] = []
  let episodes = 0
  for (const report of inShardOrder(reports)) {
    counts.add(report, report.perTool, report.exactSums, undefined, report.goldRows)
    for (const result of report.worst) worst.push({ ...result, index: result.index + episodes })
    episodes += report.episodes
  }
  worst.sort((a, b) => a.score.f1 - b.score.f1 || a.index - b.index)
  const report = { ...counts.figures(), episodes, perTool: counts.perTool(), worst: worst.slice(0, keepWorst) }
  return { report, exactSums: counts.exactSums(), goldRows: counts.goldRows() }
}

/**
 * How many of the lowest a merge ranks for certain, of the `asked`: no more than a report kept whose list may
 * have been cut (as long as what it was set to keep), since a lower one of its may lie past that. Says so where
 * `--worst` asked for more.
 */
function certainWorst(
  asked: number,
  lists: readonly { kept: number | undefined; listed: number }[],
  files: readonly string[],
  toldByOption: boolean,
  cli: CliContext,
  what: 'episodes' | 'tests',
): number {
  let keep = asked
  let cutBy: number | undefined
  lists.forEach(({ kept, listed }, i) => {
    if (kept !== undefined && listed >= kept && kept < keep) {
      keep = kept
      cutBy = i
    }
  })
  if (cutBy !== undefined && toldByOption) {
    const worst = what === 'episodes' ? 'worst episodes' : 'lowest tests'
    cli.status.print(`toolcalls merge: --worst ${asked} lists ${keep} of the ${worst}: ${files[cutBy]} kept its lowest ${keep} only, so which come after them is not known`)
  }
  return keep
}

/** Reports of test runs merge when their lowest tests are ranked by the same figure. */
function checkRankedAlike(reports: readonly TestCorpusReport[], files: readonly string[]): void {
  const first = reports[0]!
  reports.forEach((report, i) => {
    if (report.by !== first.by) throw new UserError(`${files[i]}: ranks its lowest tests by ${report.by}, ${files[0]} by ${first.by}; only reports ranked alike merge`)
  })
}

/** The reports, all of one kind: a test run's report beside one of `toolcalls score` is a user error. */
function ofOneKind(read: readonly MergeableReport[], files: readonly string[]): { kind: 'score'; reports: ReportJson[] } | { kind: 'tests'; reports: TestCorpusReport[] } {
  const kindName = (kind: MergeableReport['kind']) => (kind === 'tests' ? "a test run's report" : "a report of 'toolcalls score --json'")
  const other = read.findIndex((file) => file.kind !== read[0]!.kind)
  if (other !== -1) throw new UserError(`${files[other]}: ${kindName(read[other]!.kind)}, ${files[0]}: ${kindName(read[0]!.kind)}; only reports of one kind merge`)
  return read[0]!.kind === 'tests'
    ? { kind: 'tests', reports: read.map((file) => file.report as TestCorpusReport) }
    : { kind: 'score', reports: read.map((file) => file.report as ReportJson) }
}

/** The file a path names, links followed; the path resolved where it names none. */
async function fileOf(path: string): Promise<string> {
  try {
    return await realpath(path)
  } catch {
    return resolve(path)
  }
}

/** The shards' own reports that a report adds up: those a merged report records, or the report itself. */
function shardsOf(read: MergeableReport, file: string): string[] {
  const recorded = mergedShards(read)
  return recorded === undefined ? [file] : recorded.map((path) => resolve(path))
}

/** The shards' reports a report that merge wrote records; undefined for any other report. */
function mergedShards(read: MergeableReport): string[] | undefined {
  return read.kind === 'score' ? ((read.report as ReportJson).command === 'merge' ? (read.report as ReportJson).files : undefined) : read.report.files
}

/**
 * The shards' reports that the given reports add up, each once. A report given twice, or two
 * that hold the same shard (as when `merge rep/*.json --json rep/merged.json` runs again, the
 * merged report among its shards), would add its counts twice: a user error.
 */
async function shardsOnce(read: readonly MergeableReport[], files: readonly string[]): Promise<string[]> {
  const given = await Promise.all(files.map(fileOf))
  const givenFiles = await Promise.all(given.map(identityOf))
  const holder = new Map<string, number>()
  const shards: string[] = []
  for (let i = 0; i < read.length; i++) {
    for (const shard of shardsOf(read[i]!, given[i]!)) {
      const file = shard === given[i] ? givenFiles[i]! : await identityOf(shard)
      const other = holder.get(file)
      if (other !== undefined) {
        const [earlier, later] = [files[other]!, files[i]!]
        // The same path twice is said so, not as a report the same as itself.
        const why =
          earlier === later
            ? `${later}: given twice`
            : givenFiles[other] === givenFiles[i]
              ? `${later}: the same report as ${earlier}`
              : file === givenFiles[other]
                ? `${later}: already merges ${earlier}`
                : file === givenFiles[i]
                  ? `${earlier}: already merges ${later}`
                  : `${earlier} and ${later}: both merge ${shard}`
        throw new UserError(`${why}; each report is merged once`)
      }
      holder.set(file, i)
      shards.push(shard)
    }
  }
  return shards
}

/**
 * The digests of the shards' own reports that the reports add up, each once: such a report is
 * known by its content, so a copy of it (as a CI job's downloaded artifacts are), or a merged
 * report beside a copy of one of its shards, is refused wherever the files lie. `own` gives a
 * report's digests: a merged report's list, or its own; undefined where they are not known (a
 * merged report written before merged reports listed them), and then the result is undefined.
 */
function shardDigestsOnce<R>(reports: readonly R[], files: readonly string[], own: (report: R) => string[] | undefined, merges: (report: R) => boolean): string[] | undefined {
  const holder = new Map<string, number>()
  const digests: string[] = []
  let known = true
  reports.forEach((report, i) => {
    const held = own(report)
    if (held === undefined) known = false
    for (const digest of held ?? []) {
      const other = holder.get(digest)
      if (other !== undefined) {
        const why = merges(report) || merges(reports[other]!) ? 'hold the same shard' : 'are the same report'
        throw new UserError(`${files[other]} and ${files[i]}: ${why} (its content, wherever it lies); each report is merged once`)
      }
      holder.set(digest, i)
      digests.push(digest)
    }
  })
  // A list that leaves out some shards would let a copy of those through later: none is written.
  return known ? digests : undefined
}

/** What tells one file from another: its device and inode where it exists (a hard link is the same file), else its path. */
async function identityOf(path: string): Promise<string> {
  try {
    const { dev, ino } = await stat(path)
    return `${dev}:${ino}`
  } catch {
    return path
  }
}

/** Whether a file merge cannot read holds a report all the same (bfcl's, evaluate's), one merge did not write: not one of merge's own that no longer reads as one, as of another version. */
async function holdsUnmergedReport(path: string): Promise<boolean> {
  const held = await heldReport(path)
  return held !== undefined && scoreReportCommand(held) !== 'merge' && !(isTestReport(held) && Array.isArray(held.files))
}

/**
 * `merge --json a.json b.json` reads as "merge a and b, as JSON", but writes the merge of b alone
 * over a: a report that merge did not write is never written over. Its own output, merged before, is.
 */
async function refuseOverUnmergedReport(jsonPath: string): Promise<void> {
  const existing = await stat(jsonPath).catch(() => undefined)
  // Only a regular file is read back: /dev/stdout or a FIFO could block the run.
  if (existing === undefined || !existing.isFile()) return
  const read = await readReportFile(jsonPath).catch(() => undefined)
  if (read === undefined ? !(await holdsUnmergedReport(jsonPath)) : mergedShards(read) !== undefined) return
  throw new UserError(
    `--json ${jsonPath}: ${jsonPath} is a report that merge did not write, and the merged report would write over it; to merge it, list it among the reports and name a new file after --json`,
  )
}

/** `toolcalls merge A.json B.json ...` */
export async function mergeCommand(args: readonly string[], cli: CliContext): Promise<void> {
  const parsed = parseCommandArgs('merge', args, OPTIONS)
  if (parsed.values.help === true) return cli.out.write(MERGE_USAGE)
  const files = parsed.positionals
  if (files.length === 0) throw usageError('merge', 'expected one or more report files')
  // A merged report names its shards by path, so that a later merge adds each once: standard input has none.
  if (files.includes('-')) throw usageError('merge', "'-': reports are read from files, not standard input; write it to a file first")
  const worstOption = parsed.values.worst === undefined ? undefined : countOption('merge', parsed, 'worst', 5)
  const jsonPath = stringOption(parsed, 'json')
  const minF1 = thresholdOption('merge', parsed)
  if (jsonPath !== undefined) {
    await checkWritable(jsonPath, files)
    await refuseOverUnmergedReport(jsonPath)
  }
  const read: MergeableReport[] = []
  for (const file of files) read.push(await readReportFile(file))
  const shards = await shardsOnce(read, files)
  const reports = ofOneKind(read, files)
  if (reports.kind === 'tests') {
    checkRankedAlike(reports.reports, files)
    // A shard's report names its shard, so its content tells it from any other's; a whole run's report is known by its path alone.
    const shardDigests = shardDigestsOnce(
      reports.reports,
      files,
      (report) => report.shards ?? (report.shard === undefined ? [] : [jsonDigest(report)]),
      (report) => report.shards !== undefined,
    )
    // A report written before reports said how many tests they kept: the reporters' default, unless told.
    const kept = reports.reports.flatMap(({ keptWorst }) => (keptWorst === undefined ? [] : [keptWorst]))
    const asked = worstOption ?? (kept.length > 0 ? Math.max(...kept) : DEFAULT_WORST)
    const lists = reports.reports.map(({ keptWorst, worst }) => ({ kept: keptWorst, listed: worst.length }))
    const keepWorst = certainWorst(asked, lists, files, worstOption !== undefined, cli, 'tests')
    const merged: TestCorpusReport = { ...mergeTestCorpora(reports.reports, keepWorst), files: shards }
    if (shardDigests!.length > 0) merged.shards = shardDigests
    const jsonAlone = jsonPath !== undefined && (await writeJsonReport(jsonPath, merged, cli.out))
    if (!jsonAlone) await cli.out.write(`${formatTestCorpus(merged)}\n`)
    // Runs narrowed to part of the suite that graded nothing pass, as the reporters pass them.
    if (minF1 !== undefined && merged.assertions === 0 && merged.narrowed !== undefined) {
      return cli.status.print(`toolcalls merge: --min-f1 ${minF1} not judged: runs narrowed to part of the suite (${merged.narrowed}), which graded nothing`)
    }
    checkThreshold('merge', merged.f1, minF1, merged.assertions === 0)
    return
  }
  checkAlike(reports.reports, files)
  const shardDigests = shardDigestsOnce(
    reports.reports,
    files,
    (report) => (report.command === 'merge' ? report.shards : [jsonDigest(report)]),
    (report) => report.command === 'merge',
  )
  const first = reports.reports[0]!
  const lists = reports.reports.map(({ options, worst }) => ({ kept: options.worst, listed: worst.length }))
  // The most any report kept (5 for one written before reports said), whatever the order the reports are given in.
  const asked = worstOption ?? Math.max(...reports.reports.map(({ options }) => options.worst ?? 5))
  const keepWorst = certainWorst(asked, lists, files, worstOption !== undefined, cli, 'episodes')
  const merged = mergeReports(reports.reports, keepWorst, first.options.name)
  const options: ScoringOptions = { ...first.options, worst: keepWorst }
  const json: ReportJson = reportJson('merge', shards, options, merged.report, merged.exactSums, merged.goldRows)
  if (shardDigests !== undefined) json.shards = shardDigests
  const jsonAlone = jsonPath !== undefined && (await writeJsonReport(jsonPath, json, cli.out))
  // Compared as the reports were scored (a grammar is named, not held: its defaults go unread).
  const scoredWith = resolveMatchOptions({ level: first.options.level, order: first.options.order, canonicalizer: first.options.canonicalizer, name: first.options.name })
  if (!jsonAlone) await cli.out.write(formatReportText(merged.report, { level: first.options.level, colors: cli.colors, scoredWith }))
  checkThreshold('merge', merged.report.f1, minF1, false)
}
