import { checkedText } from './read-lines'
import { monotonicMs } from './clock'
import { BFCL_CATEGORIES, BfclInputError, type BfclCheckOptions, type BfclVerdict, categoryOf } from '../bfcl'
import { checkEntryNamingOutput } from '../bfcl/check-entry'
import { parseCommandArgs, requiredOption, stringOption, usageError } from './args'
import { parseBfclLine } from './bfcl-json-line'
import { findCategoryFiles } from './bfcl-data-files'
import { accuracyOf, type BfclRun, formatBfclText } from './bfcl-report-text'
import type { CliContext } from './cli-context'
import { type InputFile, openInput } from './input-file'
import { linesOf } from './input-lines'
import { joinById, type Keyed } from './join-by-id'
import { jsonDocumentProblem } from './json-document'
import { didYouMean } from '../compare/nearest'
import type { Notices } from './notices'
import { progressText } from './progress'
import { checkWritable, JSON_OPTION, writeJsonReport } from './report-file'
import { checkThreshold, thresholdOption } from './threshold'
import { BFCL_USAGE } from './usage'
import { sayWhenTerminalInput } from './terminal-input'
import { lineError, oneLine, UserError } from './user-error'
import { isRecord } from '../calls/plain-value'
import { bfclFileOf, bfclLineName } from './bfcl-file-line'

const OPTIONS = {
  category: { type: 'string' },
  results: { type: 'string' },
  data: { type: 'string' },
  json: JSON_OPTION,
  'underscore-to-dot': { type: 'boolean' },
  'min-accuracy': { type: 'string', number: true },
} as const

/** Result lines listed in the report; the rest are counted. */
const MAX_UNSCORED = 20

interface Question {
  functions: unknown
  where: string
  /** Position in the question file, for the order of the failures. */
  order: number
}

interface Answer {
  groundTruth: unknown
  where: string
}

interface DataEntry {
  id: string
  question: Question
  answer: Answer
}

interface Result {
  id: string
  output: unknown
  where: string
  lineNumber: number
}

/** The records of a BFCL data file: each an object with a string id and the given field. */
async function* dataRecords(input: InputFile, field: string, notices: Notices): AsyncGenerator<{ id: string; value: unknown; where: string }> {
  for await (const line of linesOf(input, notices)) {
    const where = `${input.name}:${line.number}`
    const record = parseBfclLine(checkedText(line, where), where)
    if (!isRecord(record) || typeof record.id !== 'string' || !Object.hasOwn(record, field)) {
      throw lineError(where, `expected a BFCL record { "id", "${field}", ... }`)
    }
    yield { id: record.id, value: record[field], where }
  }
}

/** Questions joined with their answers; a question without an answer, or the reverse, is a user error. */
async function* dataEntries(questions: InputFile, answers: InputFile, notices: Notices): AsyncGenerator<Keyed<DataEntry>> {
  async function* questionRecords(): AsyncGenerator<Keyed<Question & { id: string }>> {
    let order = 0
    const seen = new Set<string>()
    for await (const { id, value, where } of dataRecords(questions, 'function', notices)) {
      refuseRepeatedId(seen, id, where, 'question')
      yield { id, value: { id, functions: value, where, order: order++ } }
    }
  }
  async function* answerRecords(): AsyncGenerator<Keyed<Answer & { id: string }>> {
    const seen = new Set<string>()
    for await (const { id, value, where } of dataRecords(answers, 'ground_truth', notices)) {
      refuseRepeatedId(seen, id, where, 'answer')
      yield { id, value: { id, groundTruth: value, where } }
    }
  }
  for await (const { left, right } of joinById(questionRecords(), answerRecords())) {
    if (left !== undefined && right !== undefined) yield { id: left.id, value: { id: left.id, question: left, answer: right } }
    else if (left !== undefined) throw new UserError(`${left.where}: no answer for ${JSON.stringify(left.id)} in ${answers.name}`)
    else if (right !== undefined) throw new UserError(`${right.where}: no question for ${JSON.stringify(right.id)} in ${questions.name}`)
  }
}

/** A data file names each id once: a second question or answer for an id would be joined with another's. */
function refuseRepeatedId(seen: Set<string>, id: string, where: string, kind: 'question' | 'answer'): void {
  if (seen.has(id)) throw lineError(where, `a second ${kind} for ${JSON.stringify(id)}; each id is given once`)
  seen.add(id)
}

/** The lines of a result file; a line that cannot be read is noted and left out, as its question then has no result. */
async function* resultRecords(input: InputFile, notices: Notices, unscored: (lineNumber: number, why: string) => void): AsyncGenerator<Keyed<Result>> {
  for await (const line of linesOf(input, notices)) {
    const where = `${input.name}:${line.number}`
    // A result file written as one JSON document would score 0 and say little why: refused.
    const documentProblem = jsonDocumentProblem(line.text)
    if (documentProblem !== undefined) throw lineError(where, documentProblem)
    let record: unknown
    try {
      record = parseBfclLine(checkedText(line, where), where, 'result')
    } catch (error) {
      unscored(line.number, oneLine(error))
      continue
    }
    if (!isRecord(record) || typeof record.id !== 'string' || !Object.hasOwn(record, 'result')) {
      const dataFile = bfclFileOf(record)
      unscored(
        line.number,
        dataFile === undefined
          ? `${where}: expected { "id", "result" }`
          : `${where}: ${bfclLineName(dataFile)}, not a result; --results takes the model's results, and the question and possible-answer files are read from --data`,
      )
      continue
    }
    yield { id: record.id, value: { id: record.id, output: record.result, where, lineNumber: line.number } }
  }
}

/** A malformed entry as a user error on the line it comes from, found by the path its error names. */
function entryError(error: BfclInputError, entry: DataEntry, result: Result): Error {
  const path = error.message.split(':', 1)[0] ?? ''
  if (/\bground_truth\b/.test(path)) return lineError(entry.answer.where, error.message)
  // The checker calls the question's `function` field `functions`.
  if (/\bfunctions\b/.test(path)) return lineError(entry.question.where, error.message.replace(/^functions/, 'function'))
  return lineError(result.where, error.message)
}

function check(category: string, entry: DataEntry, result: Result, options: BfclCheckOptions): BfclVerdict {
  const input = { id: entry.id, category, model_output: result.output, functions: entry.question.functions, ground_truth: entry.answer.groundTruth }
  try {
    return checkEntryNamingOutput(input, options, 'result')
  } catch (error) {
    if (error instanceof BfclInputError) throw entryError(error, entry, result)
    throw error
  }
}

function missingResult(id: string, results: string): BfclVerdict {
  return { id, valid: false, error_type: 'missing_result', errors: [`no result for ${JSON.stringify(id)} in ${results}`] }
}

interface CategoryFiles {
  questions: InputFile
  answers: InputFile
  results: InputFile
}

/** Joins questions, answers and results by id and checks each entry; holds only the failures. */
async function scoreCategory(category: string, files: CategoryFiles, options: BfclCheckOptions, cli: CliContext): Promise<BfclRun> {
  const run: BfclRun = { category, correct: 0, total: 0, failures: [], unscored: [], unscoredMore: 0 }
  // The join finds strays in no order of the file's: the first lines are kept, and listed in the file's order.
  const firstUnscored: { lineNumber: number; why: string }[] = []
  const unscored = (lineNumber: number, why: string) => {
    firstUnscored.push({ lineNumber, why })
    if (firstUnscored.length <= MAX_UNSCORED) return
    firstUnscored.sort((a, b) => a.lineNumber - b.lineNumber).pop()
    run.unscoredMore++
  }
  const failures: { order: number; verdict: BfclVerdict }[] = []
  const scoredIds = new Set<string>()
  const started = monotonicMs()
  const entries = dataEntries(files.questions, files.answers, cli.notices)
  let resultsFound = 0
  let strayResult: Result | undefined
  for await (const { left: entry, right: result } of joinById(entries, resultRecords(files.results, cli.notices, unscored))) {
    if (entry === undefined) {
      if (result === undefined) continue
      const repeated = scoredIds.has(result.id)
      // The join gives strays in no order of the file's: the first named is the first line.
      if (!repeated && (strayResult === undefined || result.lineNumber < strayResult.lineNumber)) strayResult = result
      unscored(result.lineNumber, `${result.where}: ${JSON.stringify(result.id)}: ${repeated ? 'a second result for this id; only the first is scored' : `no question in ${category}`}`)
      continue
    }
    if (result !== undefined) resultsFound++
    const verdict = result === undefined ? missingResult(entry.id, files.results.name) : check(category, entry, result, options)
    scoredIds.add(entry.id)
    run.total++
    if (verdict.valid) run.correct++
    else failures.push({ order: entry.question.order, verdict })
    cli.status.update(() => progressText('scored', run.total, ['entry', 'entries'], monotonicMs() - started, files.results.bytesRead, files.results.size))
  }
  cli.status.clear()
  run.unscored = firstUnscored.sort((a, b) => a.lineNumber - b.lineNumber).map(({ why }) => why)
  // Results of which none is a question's: most often the results of another category, or of a run that wrote none, which would score 0.
  if (run.total > 0 && resultsFound === 0) {
    if (strayResult !== undefined) {
      throw new UserError(
        `${files.results.name}: none of its results has the id of a question of ${category} (the first is ${JSON.stringify(strayResult.id)}, at ${strayResult.where}); are they another category's?`,
      )
    }
    const unread = run.unscored[0] === undefined ? '' : `; the first line that is none: ${run.unscored[0]}`
    throw new UserError(`${files.results.name}: no results to score, where each line is { "id", "result" }${unread}`)
  }
  run.failures = failures.sort((a, b) => a.order - b.order).map(({ verdict }) => verdict)
  return run
}

/** `toolcalls bfcl --category C --results R --data DIR`: a category scored as BFCL's runner scores it. */
export async function bfclCommand(args: readonly string[], cli: CliContext): Promise<void> {
  const parsed = parseCommandArgs('bfcl', args, OPTIONS)
  if (parsed.values.help === true) return cli.out.write(BFCL_USAGE)
  if (parsed.positionals.length > 0) throw usageError('bfcl', `unexpected argument '${parsed.positionals[0]}'`)
  const category = requiredOption('bfcl', parsed, 'category')
  // categoryOf reads a category from an id, and knows BFCL's older names (simple, java).
  if (categoryOf(`${category}_0`) === undefined) {
    throw usageError('bfcl', `--category: '${category}' is not a BFCL AST category${didYouMean(category, BFCL_CATEGORIES)}; the categories are ${BFCL_CATEGORIES.join(', ')}`)
  }
  const resultsPath = requiredOption('bfcl', parsed, 'results')
  const dataFiles = await findCategoryFiles(requiredOption('bfcl', parsed, 'data'), category)
  const jsonPath = stringOption(parsed, 'json')
  const minAccuracy = thresholdOption('bfcl', parsed, 'min-accuracy')
  if (jsonPath !== undefined) await checkWritable(jsonPath, [resultsPath, dataFiles.questions, dataFiles.answers])
  const files: CategoryFiles = {
    results: await openInput(resultsPath, cli.stdin),
    questions: await openInput(dataFiles.questions),
    answers: await openInput(dataFiles.answers),
  }
  sayWhenTerminalInput('bfcl', 'results', resultsPath, cli)
  const run = await scoreCategory(category, files, { underscoreToDot: parsed.values['underscore-to-dot'] === true }, cli)
  cli.notices.finish()
  if (run.total === 0) throw new UserError(`${dataFiles.questions}: no questions to score; an empty category has no accuracy`)
  const jsonAlone =
    jsonPath !== undefined &&
    (await writeJsonReport(
      jsonPath,
      {
        accuracy: accuracyOf(run),
        correct_count: run.correct,
        total_count: run.total,
        failures: run.failures.map(({ id, valid, error_type, errors }) => ({ id, valid, error_type, errors })),
      },
      cli.out,
    ))
  if (!jsonAlone) await cli.out.write(formatBfclText(run, cli.colors))
  checkThreshold('bfcl', accuracyOf(run), minAccuracy, false, 'min-accuracy')
}
