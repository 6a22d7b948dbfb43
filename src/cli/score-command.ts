import { statSync } from 'node:fs'
import { fileHead, firstLine } from './file-head'
import { monotonicMs } from './clock'
import type { Turns } from '../calls/tool-call'
import type { GoldTurns } from '../compare/gold-calls'
import { readGrammar } from '../compare/grammar'
import { jsonDigest } from './digest'
import { type Level, type Order, type ResolvedMatchOptions, resolveMatchOptions } from '../match/options'
import { pairCalls } from '../match/pair-calls'
import { CorpusAccumulator, type CorpusReport } from '../metric/evaluate'
import type { ExactSums } from '../metric/corpus-counts'
import { scorePairing } from '../metric/score'
import { choiceOption, countOption, parseCommandArgs, stringOption, usageError } from './args'
import type { CliContext } from './cli-context'
import { type EpisodeId, type EpisodeLine, type GoldLine, readEpisodeLine, readGoldLine, readPredLine, swappedFiles } from './episode-lines'
import { ARRAY_ON_ONE_LINE, jsonDocumentProblem, oneLineReportProblem, reportDocumentProblem } from './json-document'
import { type Line, tooLongReason } from './read-lines'
import { type InputFile, inputName, openInput, readJsonFile } from './input-file'
import { linesOf } from './input-lines'
import { checkThreshold, thresholdOption } from './threshold'
import { joinById } from './join-by-id'
import type { Notices } from './notices'
import { progressText, type StatusLine } from './progress'
import type { CanonicalizerName } from '../compare/canonicalizers'
import { CANONICALIZERS, LEVELS, ORDERS, reportJson, type ScoringOptions } from './report-json'
import { checkWritable, JSON_OPTION, writeJsonReport } from './report-file'
import { formatReportText, type LocatedResult } from './report-text'
import { SCORE_USAGE } from './usage'
import { sayWhenTerminalInput } from './terminal-input'
import { UserError } from './user-error'

/** One episode read from the files: the prediction's turns, the gold, and where they came from. */
interface EpisodeRecord {
  id: EpisodeId | undefined
  turns: Turns
  gold: GoldTurns
  goldAsTurns: boolean
  where: string[]
  /** The episodes line or gold line it was read from, as the n-th of its file from 0; undefined for a prediction line without a gold line. */
  goldPlace: number | undefined
}

const OPTIONS = {
  level: { type: 'string' },
  order: { type: 'string' },
  grammar: { type: 'string' },
  canonicalizer: { type: 'string' },
  name: { type: 'string' },
  worst: { type: 'string', number: true },
  json: JSON_OPTION,
  'min-f1': { type: 'string', number: true },
} as const

/** The options to score with; the grammar's digest is added to `options`, for merge to compare the grammar by its content. */
async function matchOptions(options: ScoringOptions, cli: CliContext): Promise<ResolvedMatchOptions> {
  const resolved = resolveMatchOptions({ level: options.level, order: options.order, canonicalizer: options.canonicalizer, name: options.name })
  if (options.grammar === null) return resolved
  sayWhenTerminalInput('score', 'the grammar', options.grammar, cli)
  const json = await readJsonFile(options.grammar, cli.stdin)
  options.grammarDigest = jsonDigest(json)
  try {
    return { ...resolved, grammar: readGrammar(json, resolved.canonicalizeName, 'grammar') }
  } catch (error) {
    if (error instanceof TypeError) throw new UserError(`${inputName(options.grammar)}: ${error.message}`)
    throw error
  }
}

async function* episodesFile(input: InputFile, notices: Notices): AsyncGenerator<EpisodeRecord> {
  const lines = linesOf(input, notices)
  let place = 0
  for await (const line of lines) {
    let episode: EpisodeLine
    try {
      episode = readEpisodeLine(line, input.name)
    } catch (error) {
      throw await reportInstead(error, line, lines, input.name)
    }
    const { id, turns, gold, goldAsTurns, where } = episode
    yield { id, turns, gold, goldAsTurns, where: [where], goldPlace: place++ }
  }
}

/**
 * The error of a file's first line, or, where the file is a report (a `--json` report given to `score`:
 * `{` alone, the next line showing it, or the whole report on one line), one that says so: read on the error's path only.
 */
async function reportInstead(error: unknown, line: Line, rest: AsyncIterator<Line>, file: string): Promise<unknown> {
  if (line.number !== 1) return error
  let problem: string | undefined
  if (line.text.trim() === '{') {
    const next = await rest.next().catch(() => undefined)
    problem = next === undefined || next.done === true ? undefined : reportDocumentProblem(next.value.text)
  } else {
    problem = oneLineReportProblem(line.text)
  }
  return problem === undefined ? error : new UserError(`${file}: ${problem}`)
}

// Ids are not remembered once paired (memory stays flat), so an id given twice in one file reads as one left without a partner.
const forId = (id: EpisodeId | undefined, file: string, other: string) =>
  id === undefined
    ? ''
    : ` (id ${JSON.stringify(id)}: no ${other} line has it, or it is a duplicate id: another line of ${file} gives it too, and took the ${other} line that has it)`

/** Bytes of a file read for its first line, where a hint needs it: no line is longer in a file of episodes' predictions that is worth the hint. */
const FIRST_LINE_READ = 1 << 20

/** A regular file's first line, read again from the disk, on an error's path only; undefined for standard input, a pipe or a FIFO, which cannot be read again. */
function firstLineOf(file: InputFile): string | undefined {
  if (file.name === 'stdin') return undefined
  try {
    if (!statSync(file.name).isFile()) return undefined
  } catch {
    return undefined
  }
  const head = fileHead(file.name, FIRST_LINE_READ)
  return head === undefined ? undefined : firstLine(head)
}

/** Episodes from a prediction file and a gold file, paired by id or by position; a line without a partner is still scored. */
async function* pairedFiles(pred: InputFile, gold: InputFile, notices: Notices): AsyncGenerator<EpisodeRecord> {
  // The prediction file's first line as read, where it was read before the gold file's failed.
  let predFirst: string | undefined
  async function* preds() {
    for await (const line of linesOf(pred, notices)) {
      predFirst ??= line.text
      // A prediction is model output, graded whatever it holds; a file written as one JSON document is the harness's slip, said once.
      const documentProblem = jsonDocumentProblem(line.text)
      if (documentProblem !== undefined) notices.warn(`lines of ${pred.name} that open a JSON document`, `${pred.name}:${line.number}: ${documentProblem}`, 1)
      if (line.tooLong) notices.warn(`lines of ${pred.name} too long to read`, `${pred.name}:${line.number}: ${tooLongReason()}; graded as an unparseable call`)
      const record = readPredLine(line, pred.name)
      if (record.arrayOfLines === true) {
        notices.warn(`lines of ${pred.name} that hold a JSON array of lines`, `${record.where}: a JSON array of lines { "id"?, "calls" }, graded as one prediction: ${ARRAY_ON_ONE_LINE}`, 1)
      }
      yield { id: record.id, value: record, unread: record.unread }
    }
  }
  async function* golds() {
    const lines = linesOf(gold, notices)
    let place = 0
    for await (const line of lines) {
      let record: GoldLine
      try {
        record = readGoldLine(line, gold.name, place === 0 ? swappedFiles(() => predFirst ?? firstLineOf(pred)) : undefined)
      } catch (error) {
        throw await reportInstead(error, line, lines, gold.name)
      }
      yield { id: record.id, value: { ...record, place: place++ } }
    }
  }
  // Files of which no line pairs score as nothing predicted for every gold line, and nothing expected for every prediction: refused at the end.
  let paired = 0
  let firstPred: LinePlace | undefined
  let firstGold: LinePlace | undefined
  for await (const { left, right } of joinById(preds(), golds())) {
    if (paired === 0) {
      if (left !== undefined && (firstPred === undefined || lineOf(left.where) < lineOf(firstPred.where))) firstPred = left
      if (right !== undefined && (firstGold === undefined || lineOf(right.where) < lineOf(firstGold.where))) firstGold = right
    }
    if (left !== undefined && right !== undefined) {
      paired++
      // A prediction line that holds an id in a form that gives none ({ "id", "messages" }) looks paired by id, and is not.
      if (left.idBeside !== undefined && right.id !== undefined) {
        notices.warn(
          'prediction lines with an id not read as theirs',
          `${left.where}: its "id" ${JSON.stringify(left.idBeside)} is not read as the line's, so it pairs by position with ${right.where} ` +
            `(id ${JSON.stringify(right.id)}); a prediction line gives its id as { "id", "calls" }`,
          1,
        )
      }
      // Predictions that give ids may come in any order, as a batch's results do: against gold that gives none they pair by position, maybe wrongly.
      // (Gold with ids beside predictions without, in the gold's order, is the usual way to pair by position.)
      if (left.id !== undefined && right.id === undefined) {
        notices.warn(
          'prediction lines with an id, paired by position with gold lines that give none',
          `${left.where} gives the id ${JSON.stringify(left.id)} and ${right.where} none, so they pair by position; give the gold lines ids too`,
          1,
        )
      }
      yield { id: right.id ?? left.id, turns: left.turns, gold: right.gold, goldAsTurns: right.goldAsTurns, where: [left.where, right.where], goldPlace: right.place }
    } else if (left !== undefined) {
      notices.warn(`lines of ${pred.name} without a gold line`, `${left.where}: no gold line${forId(left.id, pred.name, 'gold')}; scored against no gold calls`)
      yield { id: left.id, turns: left.turns, gold: [], goldAsTurns: false, where: [left.where], goldPlace: undefined }
    } else if (right !== undefined) {
      notices.warn(`lines of ${gold.name} without a prediction`, `${right.where}: no prediction line${forId(right.id, gold.name, 'prediction')}; scored as no calls`)
      yield { id: right.id, turns: [], gold: right.gold, goldAsTurns: right.goldAsTurns, where: [right.where], goldPlace: right.place }
    }
  }
  // Two files of no lines hold no episodes, which the scoring says; neither file is the one short of lines.
  if (paired > 0 || (firstPred === undefined && firstGold === undefined)) return
  if (firstPred === undefined) throw new UserError(`${pred.name}: no prediction lines to pair with the gold lines of ${gold.name}`)
  if (firstGold === undefined) throw new UserError(`${gold.name}: no gold lines to pair with the prediction lines of ${pred.name}`)
  const named = (line: LinePlace) => (line.id === undefined ? line.where : `${line.where}, id ${JSON.stringify(line.id)}`)
  throw new UserError(`${pred.name}, ${gold.name}: no prediction line pairs with a gold line by id (the first of each: ${named(firstPred)}; ${named(firstGold)}); are they of one corpus?`)
}

/** Where a line stands and the id it gives. */
interface LinePlace {
  where: string
  id: EpisodeId | undefined
}

/** The line number a `file:line` place ends with. */
function lineOf(where: string): number {
  return Number(where.slice(where.lastIndexOf(':') + 1))
}

/** Under --order turns, gold of several calls written as calls is one turn, which a prediction of several turns pairs with only one of: said once, and counted. A prediction of one turn pairs with it as meant. */
async function* warnGoldOfOneTurn(episodes: AsyncIterable<EpisodeRecord>, notices: Notices): AsyncGenerator<EpisodeRecord> {
  for await (const episode of episodes) {
    if (!episode.goldAsTurns && episode.gold.length === 1 && episode.gold[0]!.length > 1 && episode.turns.length > 1) {
      notices.warn(
        'gold lines of several calls written as calls, not turns, beside predictions of several turns under --order turns',
        `${episode.where.at(-1)}: gold written as a list of calls is one turn under --order turns, so all its calls pair with one of the prediction's ${episode.turns.length} turns; ` +
          'write gold of several turns as a list of turns, [[...], [...]]',
        1,
      )
    }
    yield episode
  }
}

/**
 * Where a prediction line without a gold line ranks until the gold lines are counted: past any gold line's place
 * (no file holds 2^52 lines), its place among such lines added, still exact as a double.
 */
const PAST_GOLD_LINES = 2 ** 52

/**
 * Scores episodes one at a time, keeping only the sums and the worst few. An episode's index is its line's
 * place, not the order it is scored in (a line whose partner by id has not come yet waits): its gold line's,
 * from 0, and for a prediction line without one, after all gold lines, in the order such lines are scored.
 */
async function scoreEpisodes(
  episodes: AsyncIterable<EpisodeRecord>,
  options: ResolvedMatchOptions,
  worst: number,
  inputs: readonly InputFile[],
  status: StatusLine,
): Promise<{ report: CorpusReport; exactSums: ExactSums; goldRows: string[] | undefined }> {
  const accumulator = new CorpusAccumulator(worst, options)
  const started = monotonicMs()
  const sizes = inputs.map((input) => input.size)
  const totalBytes = sizes.every((size) => size !== undefined) ? sizes.reduce((a, b) => a + b, 0) : undefined
  const bytesRead = () => inputs.reduce((sum, input) => sum + input.bytesRead, 0)
  let scored = 0
  let goldLines = 0
  let predictionsAlone = 0
  for await (const { id, turns, gold, goldAsTurns, where, goldPlace } of episodes) {
    const score = scorePairing(pairCalls(turns, gold, options))
    const index = goldPlace ?? PAST_GOLD_LINES + predictionsAlone++
    if (goldPlace !== undefined) goldLines++
    const result: LocatedResult = id === undefined ? { index, where, score } : { id, index, where, score }
    if (goldAsTurns) result.goldTurns = gold.map((turn) => turn.length)
    accumulator.add(result, index)
    scored++
    status.update(() => progressText('scored', scored, ['episode', 'episodes'], monotonicMs() - started, bytesRead(), totalBytes))
  }
  status.clear()
  const report = accumulator.report()
  for (const result of report.worst) if (result.index >= PAST_GOLD_LINES) result.index = goldLines + result.index - PAST_GOLD_LINES
  return { report, exactSums: accumulator.exactSums(), goldRows: accumulator.goldRows() }
}

/** `toolcalls score EPISODES` or `toolcalls score PRED GOLD`. */
export async function scoreCommand(args: readonly string[], cli: CliContext): Promise<void> {
  const parsed = parseCommandArgs('score', args, OPTIONS)
  if (parsed.values.help === true) return cli.out.write(SCORE_USAGE)
  const files = parsed.positionals
  if (files.length === 0 || files.length > 2) {
    // `score --json episodes.jsonl`: the option took the only file as its path.
    const json = stringOption(parsed, 'json')
    const took = files.length === 0 && json !== undefined && !args.includes(`--json=${json}`) ? ` (--json took '${json}' as its value, the report's path)` : ''
    throw usageError('score', `expected EPISODES or PRED GOLD, received ${files.length} files${took}`)
  }
  if (files.length === 2 && files[0] === '-' && files[1] === '-') throw usageError('score', 'only one of PRED and GOLD can be standard input')
  const scoring: ScoringOptions = {
    level: choiceOption<Level>('score', parsed, 'level', LEVELS, 'call'),
    order: choiceOption<Order>('score', parsed, 'order', ORDERS, 'any'),
    canonicalizer: choiceOption<CanonicalizerName>('score', parsed, 'canonicalizer', CANONICALIZERS, 'default'),
    name: choiceOption<CanonicalizerName>('score', parsed, 'name', CANONICALIZERS, 'exact'),
    grammar: stringOption(parsed, 'grammar') ?? null,
    worst: countOption('score', parsed, 'worst', 5),
  }
  const jsonPath = stringOption(parsed, 'json')
  const minF1 = thresholdOption('score', parsed)
  if (scoring.grammar === '-' && files.includes('-')) throw usageError('score', `only one of --grammar and ${files.length === 1 ? 'EPISODES' : files[0] === '-' ? 'PRED' : 'GOLD'} can be standard input`)
  const options = await matchOptions(scoring, cli)
  if (jsonPath !== undefined) await checkWritable(jsonPath, scoring.grammar === null ? files : [...files, scoring.grammar])
  const inputs: InputFile[] = []
  // Hashed for a report, so that it tells what it scored: two shards' reports alike in all else differ in it.
  for (const file of files) inputs.push(await openInput(file, cli.stdin, jsonPath !== undefined))
  const holding = files.length === 1 ? ['episodes'] : ['predictions', 'gold lines']
  files.forEach((file, i) => sayWhenTerminalInput('score', holding[i]!, file, cli))
  const [first, second] = inputs
  const read = second === undefined ? episodesFile(first!, cli.notices) : pairedFiles(first!, second, cli.notices)
  const episodes = scoring.order === 'turns' ? warnGoldOfOneTurn(read, cli.notices) : read
  const { report, exactSums, goldRows } = await scoreEpisodes(episodes, options, scoring.worst, inputs, cli.status)
  cli.notices.finish()
  // F1 1 over nothing would pass any threshold: a generation run that wrote nothing must not look perfect.
  if (report.episodes === 0) throw new UserError(`${inputs.map((input) => input.name).join(', ')}: no episodes to score; an empty corpus has no figure`)
  const json = () => ({ ...reportJson('score', files, scoring, report, exactSums, goldRows), inputDigests: inputs.map((input) => input.digest()!) })
  const jsonAlone = jsonPath !== undefined && (await writeJsonReport(jsonPath, json(), cli.out))
  if (!jsonAlone) await cli.out.write(formatReportText(report, { level: scoring.level, colors: cli.colors, scoredWith: options }))
  checkThreshold('score', report.f1, minF1, false)
}
