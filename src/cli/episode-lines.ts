import { batchKindOf, batchRequestOf, batchRequestReason, batchResultId } from '../calls/formats/batch-result'
import { looksLikeJson } from '../calls/looks-like-json'
import { readTurns } from '../calls/read'
import { isUnparseable, unparseableCall, type Turns } from '../calls/tool-call'
import { type GoldTurns, isWrittenAsTurns, readGold } from '../compare/gold-calls'
import { printValue } from '../compare/print-value'
import { checkedText, type Line, tooLongReason } from './read-lines'
import { ARRAY_ON_ONE_LINE, jsonDocumentProblem } from './json-document'
import { bfclFileOf, bfclFileProblem } from './bfcl-file-line'
import { lineError, oneLine } from './user-error'
import { isRecord } from '../calls/plain-value'
import { episodeKeySlip } from '../metric/episode-key-slip'

export type EpisodeId = string | number

/** A prediction line, read: what it holds is graded, since predictions are untrusted model output; only the harness's slips (an id of { "id", "calls" } that is no string or number, or past 2^53, a batch's request line, calls given twice) are user errors. */
export interface PredLine {
  id: EpisodeId | undefined
  /** The line could not be read (not JSON nor Python calls, or too long): whether it gave an id is not known. */
  unread?: boolean
  /** An `id` beside the calls of a line in no form that gives one (`{ "id", "messages" }`): not read as the line's, but worth a warning. */
  idBeside?: EpisodeId
  /** The line is a JSON array of lines `{ "id"?, "calls" }`: a file written as one array, graded all the same, but worth a warning. */
  arrayOfLines?: true
  turns: Turns
  /** `pred.jsonl:7` */
  where: string
}

export interface GoldLine {
  id: EpisodeId | undefined
  gold: GoldTurns
  /** The gold was written as a list of turns, not as a list of calls (which reads as one turn). */
  goldAsTurns: boolean
  where: string
}

export interface EpisodeLine {
  id: EpisodeId | undefined
  turns: Turns
  gold: GoldTurns
  goldAsTurns: boolean
  where: string
}

/**
 * `{ "id"?, "calls" }` gives an id, as does `{ "id"?, "pred" }` in a prediction file and
 * `{ "id"?, "gold" }` in a gold file (an episode's keys, the names people reach for), and a
 * batch API's result line in a prediction file (its `custom_id` or `key`); any other line is
 * the calls themselves.
 */
function unwrap(value: unknown, side: 'pred' | 'gold'): { id: unknown; calls: unknown } {
  // A bare `null` line too, as `jq '.choices[0].message.tool_calls'` writes for a message that made none.
  if (value === null) return { id: undefined, calls: [] }
  if (!isRecord(value)) return { id: undefined, calls: value }
  // `null` calls are none, as `tool_calls: null` is in a message that made none.
  if (Object.hasOwn(value, 'calls')) return { id: value.id, calls: value.calls ?? [] }
  if (Object.hasOwn(value, side)) return { id: value.id, calls: value[side] ?? [] }
  return { id: side === 'pred' ? batchResultId(value) : undefined, calls: value }
}

/** A line that gives its calls twice, as `calls` and as an episode's key. */
function givesBoth(value: unknown, side: 'pred' | 'gold'): boolean {
  return isRecord(value) && Object.hasOwn(value, 'calls') && Object.hasOwn(value, side)
}

function isId(id: unknown): id is EpisodeId {
  return typeof id === 'string' || typeof id === 'number'
}

function readId(id: unknown, where: string): EpisodeId | undefined {
  if (id === undefined || isId(id)) return exactId(id, where)
  throw lineError(where, `id: expected a string or a number, received ${printValue(id)}`)
}

/** An id as read; a number past 2^53, which JSON.parse has rounded and may have made equal to another, is a user error. */
function exactId<T>(id: T, where: string): T {
  // One past the doubles (1e400) is read as Infinity, equal to every other such id, and written back as null.
  if (typeof id === 'number' && (!Number.isFinite(id) || (Number.isInteger(id) && !Number.isSafeInteger(id)))) {
    throw lineError(where, `id: a number past 2^53 (read as ${printValue(id)}) is beyond the integers a JSON number holds exactly; write it as a string`)
  }
  return id
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${oneLine(error)})` }
  }
}

function parseGoldJson(text: string, where: string): unknown {
  const parsed = parseJson(text)
  if (!parsed.ok) throw lineError(where, parsed.reason)
  return parsed.value
}

/** Gold in its JSON form, checked: a malformed gold is a user error naming the line and the path. */
function compileGold(json: unknown, where: string): GoldTurns {
  try {
    return readGold(json, 'gold', 'json')
  } catch (error) {
    if (error instanceof TypeError) throw lineError(where, error.message)
    throw error
  }
}

/** Gold and episodes are the author's: such a line is a user error. */
function refuseJsonDocument(text: string, where: string): void {
  const problem = jsonDocumentProblem(text)
  if (problem !== undefined) throw lineError(where, problem)
}

/**
 * An API's own object, whose `id` is the API's, not an episode's: a Chat completion or a
 * Responses response (`object`), an Anthropic message (`type: 'message'`), a Gemini response,
 * a batch API's result line (OpenAI's `batch_req_…`, its episode's id its `custom_id`).
 */
function isVendorObject(record: Record<string, unknown>): boolean {
  return (
    typeof record.object === 'string' ||
    record.type === 'message' ||
    Object.hasOwn(record, 'choices') ||
    Object.hasOwn(record, 'candidates') ||
    batchKindOf(record) !== undefined
  )
}

/**
 * A line of a prediction file: `{ "id"?, "calls" }` (or `"pred"`) or bare calls in any format. A line that
 * is not JSON is read as Python call text (as BFCL models answer) and, failing that, is one
 * unparseable call whose reason names the line.
 */
export function readPredLine(line: Line, file: string): PredLine {
  const where = `${file}:${line.number}`
  if (line.tooLong) return { id: undefined, unread: true, turns: [[unparseableCall(`${where}: ${tooLongReason()}`)]], where }
  const parsed = parseJson(line.text)
  if (!parsed.ok) {
    const turns = readTurns(line.text)
    const readable = turns.length > 0 && turns.every((turn) => turn.every((call) => !isUnparseable(call)))
    if (readable) return { id: undefined, turns, where }
    // Text that opens neither as JSON nor as a JSON string was read as Python calls: why that failed is the reason to give.
    const asJson = looksLikeJson(line.text) || line.text.trimStart().startsWith('"')
    const reason = asJson ? parsed.reason : (turns.flat().find(isUnparseable)?.unparseable ?? parsed.reason)
    return { id: undefined, unread: true, turns: [[unparseableCall(`${where}: ${reason}`)]], where }
  }
  // A line of the batch's input, written by the harness, not the model: graded, it would take a gold line by position from the result that has its id.
  const request = isRecord(parsed.value) ? batchRequestOf(parsed.value) : undefined
  if (request !== undefined) throw lineError(where, batchRequestReason(request))
  // The wrapper is the harness's, not the model's: both would be read as the calls, one silently left out.
  if (givesBoth(parsed.value, 'pred')) throw lineError(where, 'a prediction line gives its calls as "calls" or as "pred", not both')
  const { id, calls } = unwrap(parsed.value, 'pred')
  // The id of { "id", "calls" } is the harness's, as a gold line's is: one of another type, left out, would pair the line by position.
  const wrapped = calls !== parsed.value
  const record: PredLine = { id: wrapped ? readId(id, where) : isId(id) ? exactId(id, where) : undefined, turns: readTextAt(calls, where), where }
  if (calls === parsed.value && isRecord(calls) && isId(calls.id) && !isVendorObject(calls)) record.idBeside = calls.id
  if (!wrapped && isListOfLines(calls, ['calls', 'pred'])) record.arrayOfLines = true
  return record
}

/** The calls of a line; text given as a JSON string is read as a line of text is, a reason naming the line where it fails. */
function readTextAt(calls: unknown, where: string): Turns {
  const turns = readTurns(calls)
  if (typeof calls !== 'string') return turns
  return turns.map((turn) => turn.map((call) => (isUnparseable(call) ? { ...call, unparseable: `${where}: ${call.unparseable}` } : call)))
}

/**
 * A line of a gold file: `{ "id"?, "calls" }` (or `"gold"`) or bare gold calls, in the JSON form of gold values.
 * `swapped`, given for the file's first line, tells whether the files seem given the other way round.
 */
export function readGoldLine(line: Line, file: string, swapped?: SwappedFiles): GoldLine {
  const where = `${file}:${line.number}`
  refuseJsonDocument(line.text, where)
  const parsed = parseJson(checkedText(line, where))
  if (!parsed.ok) throw lineError(where, `${parsed.reason}${swapped !== undefined && swapped(line.text) ? SWAPPED : ''}`)
  const value = parsed.value
  // Both would be read as the calls, one silently left out.
  if (givesBoth(value, 'gold')) throw lineError(where, 'a gold line gives its calls as "calls" or as "gold", not both')
  const { id, calls } = unwrap(value, 'gold')
  if (calls !== value && isRecord(value) && Object.hasOwn(value, 'grammar')) throw lineError(where, GRAMMAR_ON_LINE.replace('an episode', 'a gold'))
  let gold: GoldTurns
  try {
    gold = readGold(calls, 'gold', 'json')
  } catch (error) {
    if (error instanceof TypeError) throw lineError(where, notGold(value, calls, error.message, swapped))
    throw error
  }
  return { id: readId(id, where), gold, goldAsTurns: isWrittenAsTurns(calls), where }
}

/** A report merges with others by the one grammar it was scored with: a line's own would weigh unseen. */
const GRAMMAR_ON_LINE = 'an episode line\'s own "grammar" is not read: give one grammar for the whole corpus with --grammar FILE'

const SWAPPED = "; the GOLD file's first line reads as a prediction: the order is 'toolcalls score PRED GOLD'"

/** Why a gold line's value is no gold: the gold's own problem, or what the line is instead where that tells more. `calls` is the value unwrapped from `{ "id", "calls" }`. */
function notGold(value: unknown, calls: unknown, problem: string, swapped: SwappedFiles | undefined): string {
  const bfclFile = bfclFileOf(value)
  if (bfclFile === 'answer') return `${bfclFileProblem(bfclFile, 'gold calls')}, and bfclGold(ground_truth) turns BFCL's gold into gold calls`
  if (bfclFile !== undefined) return bfclFileProblem(bfclFile, 'gold calls')
  if (isListOfLines(value, ['calls', 'gold'])) {
    return `a JSON array of lines { "id"?, "calls" }: ${ARRAY_ON_ONE_LINE}`
  }
  // The wrapper is the harness's either way: what reads as a prediction or not is the calls it holds.
  return swapped !== undefined && swapped(calls) ? `${problem}${SWAPPED}` : problem
}

/**
 * Whether a gold file's first line, which failed as gold (its value, or its text where not JSON),
 * and the prediction file's first line show the files given the other way round.
 */
export type SwappedFiles = (goldFirst: unknown) => boolean

/** Lines longer than this are not read again to tell whether the files were swapped: the hint is not worth the time. */
const SWAP_CHECKED_LENGTH = 1 << 20

/** The SwappedFiles of a prediction file whose first line (read by then, or not) `predFirst` gives: it reads as gold, and the gold's as a prediction. */
export function swappedFiles(predFirst: () => string | undefined): SwappedFiles {
  return (goldFirst) => {
    if (!readsAsPrediction(goldFirst)) return false
    const text = predFirst()
    return text !== undefined && text.length <= SWAP_CHECKED_LENGTH && readsAsGold(text)
  }
}

/** Whether a line's text reads as a gold line, as readGoldLine reads one. */
function readsAsGold(text: string): boolean {
  try {
    readGoldLine({ number: 1, text, invalidUtf8: false }, '')
    return true
  } catch {
    return false
  }
}

/**
 * Whether what failed as gold reads as a model's output: Python call text, or a message or an
 * API's object (a `role`, a `type`, an API's `object` or `choices`: keys gold calls never have) in which every call reads.
 */
function readsAsPrediction(value: unknown): boolean {
  if (typeof value === 'string' && value.length > SWAP_CHECKED_LENGTH) return false
  const head = Array.isArray(value) ? value[0] : value
  const predictionShaped = typeof value === 'string' || (isRecord(head) && (typeof head.role === 'string' || typeof head.type === 'string' || isVendorObject(head)))
  if (!predictionShaped) return false
  const turns = readTurns(value)
  return (typeof value !== 'string' || turns.length > 0) && turns.every((turn) => turn.every((call) => !isUnparseable(call)))
}

/** Whether a value is a list of the lines of a file (each a record holding one of `keys`), which the file was written as. */
export function isListOfLines(value: unknown, keys: readonly string[]): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && keys.some((key) => Object.hasOwn(item, key)))
}

/** A line of an episodes file: `{ "id"?, "pred", "gold" }`. */
export function readEpisodeLine(line: Line, file: string): EpisodeLine {
  const where = `${file}:${line.number}`
  refuseJsonDocument(line.text, where)
  const value = parseGoldJson(checkedText(line, where), where)
  if (!isRecord(value) || !Object.hasOwn(value, 'pred') || !Object.hasOwn(value, 'gold')) throw lineError(where, notAnEpisode(value))
  // Calls beside the episode's own keys would be silently left out, as on a prediction or gold line that gives both.
  if (Object.hasOwn(value, 'calls')) throw lineError(where, 'an episode line gives its predictions as "pred", not "calls" beside it')
  if (Object.hasOwn(value, 'grammar')) throw lineError(where, GRAMMAR_ON_LINE)
  const gold = value.gold ?? []
  return { id: readId(value.id, where), turns: readTextAt(value.pred ?? [], where), gold: compileGold(gold, where), goldAsTurns: isWrittenAsTurns(gold), where }
}

const EPISODE = 'an episode { "id"?, "pred", "gold" }'

/** Why a line's value is no episode: the key it misses, or what the line is instead. */
function notAnEpisode(value: unknown): string {
  if (isListOfLines(value, ['pred', 'gold'])) return `expected ${EPISODE}, received a JSON array of episodes: ${ARRAY_ON_ONE_LINE}`
  if (!isRecord(value)) return `expected ${EPISODE}, received ${printValue(value)}`
  const bfclFile = bfclFileOf(value)
  if (bfclFile !== undefined) return bfclFileProblem(bfclFile, EPISODE)
  const missing = ['pred', 'gold'].filter((key) => !Object.hasOwn(value, key)).map((key) => `"${key}"`)
  return `missing ${missing.join(' and ')}: expected ${EPISODE}, received ${printValue(value)}${episodeKeySlip(value)}`
}
