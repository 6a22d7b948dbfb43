export type { ToolCall, Turns } from './calls/tool-call'
export { readTurns, toolCalls } from './calls/read'
export type { PythonParseOptions } from './calls/python'
export { PyFloat, PyTuple } from './calls/python-values'

export { type Canonicalizer, type CanonicalizerName, canonicalizers } from './compare/canonicalizers'
export { oneOf, optional, satisfies, type OneOf, type Optional, type Satisfies, type AsymmetricMatcher } from './compare/gold-values'
export { goldFromJSON, goldToJSON } from './compare/gold-json'
export type { Gold, GoldCallInput, ScoreFigure, ToMatchToolCallsOptions, ToScoreAtLeastOptions } from './matchers/matcher-types'
export type { ArgVerdict, Verdict } from './compare/compare-call'
export type { GoldForm } from './compare/gold-node'
export type { Tester } from './compare/compare-value'

export { matchCalls, type GoldToolCall, type Matching, type Pair } from './match/match-calls'
export type { GrammarInput, Level, MatchOptions, Order } from './match/options'

export { ToolCallMetric, type MetricOptions, type ScoreOptions } from './metric/tool-call-metric'
export { evaluate, type CorpusReport, type Episode, type EpisodeResult, type EvaluateOptions } from './metric/evaluate'
export type { Counts, Figures } from './metric/figures'
export { perToolCounts } from './metric/per-tool'
export type { CallData, PairDetail, Score, UnmatchedGold, UnmatchedKind, UnmatchedPrediction } from './metric/score'

export { bfclGold, BfclInputError, categoryOf, checkBfclEntry, decodeBfclOutput, parsePythonCalls, parseTypedJson, type BfclCheckOptions, type BfclVerdict } from './bfcl'
