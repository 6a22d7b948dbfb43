import { toHaveCalledTool } from './to-have-called-tool'
import { toMatchToolCalls } from './to-match-tool-calls'
import { toScoreAtLeast } from './to-score-at-least'

/** The matchers, for `expect.extend(matchers)`; importing this registers nothing. */
export const matchers = { toMatchToolCalls, toScoreAtLeast, toHaveCalledTool }

export { serializer, type ScoreSerializer } from './serializer'
export type { MatcherContext, MatcherResult } from './matcher-context'
export type {
  Gold,
  GoldCallInput,
  ScoreFigure,
  ToMatchToolCallsOptions,
  ToolCallMatchers,
  ToScoreAtLeastOptions,
} from './matcher-types'
