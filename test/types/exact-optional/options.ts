// Compiled by test/types/types.test.ts with exactOptionalPropertyTypes: an option passed on as undefined is an option not given, as at run time.
import {
  type BfclCheckOptions,
  checkBfclEntry,
  type CorpusReport,
  type Episode,
  evaluate,
  type EvaluateOptions,
  type Gold,
  type MetricOptions,
  parsePythonCalls,
  type PythonParseOptions,
  type ScoreOptions,
  type ToMatchToolCallsOptions,
  ToolCallMetric,
  type ToScoreAtLeastOptions,
} from 'expect-toolcalls'
import type { ToolCallsReporterOptions } from 'expect-toolcalls/reporter'
import type { ToolCallsReporterOptions as JestReporterOptions } from 'expect-toolcalls/jest-reporter'
import 'expect-toolcalls/vitest'
import { expect } from 'vitest'

declare const given: { level?: 'call' | 'arg'; worst?: number; by?: 'f1' | 'recall'; flag?: boolean; path?: string }

const metricOptions: MetricOptions = { level: given.level, order: undefined, canonicalizer: undefined, name: undefined, grammar: undefined }
const metric = new ToolCallMetric(metricOptions)
const scoreOptions: ScoreOptions = { grammar: undefined, goldForm: undefined }
const score = metric.score([], [], scoreOptions)
const evaluateOptions: EvaluateOptions = { worst: given.worst, onEpisode: undefined, goldForm: undefined }
evaluate([], metric, evaluateOptions)
// A source that may be either kind gives either; one that is both is read as sync, as at run time; JSON's any as a list.
declare const source: Iterable<Episode> | AsyncIterable<Episode>
const either: CorpusReport | Promise<CorpusReport> = evaluate(source)
declare const both: Iterable<Episode> & AsyncIterable<Episode>
const syncFirst: CorpusReport = evaluate(both)
const parsed: number = evaluate(JSON.parse('[]')).f1
// @ts-expect-error a source that may be async gives no report at once
const notAtOnce: CorpusReport = evaluate(source)
new ToolCallMetric({ grammar: { tools: { f: { importance: undefined, args: { x: { importance: undefined } } } } } })
new ToolCallMetric({ grammar: { tools: { f: { args: undefined } } } })

// Gold and episodes built from rows whose fields may be missing: a call's args and id, an episode's id, as undefined.
declare const row: { tool: string; args?: Record<string, unknown>; callId?: string; episodeId?: string | number }
const fromRows: Gold = [{ name: row.tool, args: row.args, id: row.callId }, { name: row.tool, arguments: row.args, args: undefined }, [row.tool, row.args]]
metric.score([], fromRows)
evaluate([{ id: row.episodeId, pred: [], gold: fromRows }])
expect([]).toMatchToolCalls(fromRows)
// @ts-expect-error args or arguments, not both
const argsAndArguments: Gold = [{ name: row.tool, args: {}, arguments: {} }]

const matchOptions: ToMatchToolCallsOptions = { allowExtra: given.flag, allowMissing: undefined, level: given.level }
expect([]).toMatchToolCalls([], matchOptions)
const scoreAtLeast: ToScoreAtLeastOptions = { by: given.by, level: undefined }
expect([]).toScoreAtLeast(1, [], scoreAtLeast)
expect(score).toScoreAtLeast(1, { by: given.by })

const reporterOptions: ToolCallsReporterOptions = { minF1: undefined, json: given.path, worst: given.worst, by: given.by }
const jestReporterOptions: JestReporterOptions = reporterOptions

const pythonOptions: PythonParseOptions = { typed: given.flag, readExpression: undefined }
parsePythonCalls('f()', pythonOptions)
const bfclOptions: BfclCheckOptions = { underscoreToDot: given.flag }
checkBfclEntry({}, bfclOptions)

// @ts-expect-error undefined is not given, yet a value of the wrong type is still refused
new ToolCallMetric({ level: 'word' })
void [jestReporterOptions, argsAndArguments, either, syncFirst, parsed, notAtOnce]
