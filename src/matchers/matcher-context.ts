import { describe } from '../calls/path'
import { isStreamTextResult, STREAM_TEXT_RESULT_IS } from '../calls/formats/ai-sdk'
import {
  isStreamAndResponse,
  isStreamHelper,
  isStrandsAgentResult,
  isToolRunner,
  isUnfinishedStreamedRun,
  STREAM_AND_RESPONSE_IS,
  STREAM_AND_RESPONSE_PASS,
  STREAM_HELPER_ENDS_WITH,
  STREAM_HELPER_IS,
  STRANDS_AGENT_RESULT_IS,
  STRANDS_AGENT_RESULT_PASS,
  TOOL_RUNNER_IS,
  TOOL_RUNNER_PASS,
  UNFINISHED_STREAMED_RUN_IS,
  UNFINISHED_STREAMED_RUN_PASS,
} from '../calls/formats/no-trajectory'
import { readTurns, UNCOLLECTED_HINT } from '../calls/read'
import { isThenable, type Tester, type TesterContext } from '../compare/compare-value'
import type { ResolvedMatchOptions } from '../match/options'
import { ANSI_COLORS, type Colors, NO_COLORS } from '../report/colors'
import { EXPANDED_MESSAGE_BOUNDS, MESSAGE_BOUNDS, type PrintBounds } from '../report/print-bounds'
import { isCorpusReport, isScore, isTestRunReport } from './score-shape'
import { vitestDiffOptions } from './vitest-worker'

type Paint = (text: string) => string

/** The part of Jest's and Vitest's matcher context (`this` inside a matcher) that the matchers use. */
export interface MatcherContext {
  // Optional, as Jest's standalone `expect` declares them.
  isNot?: boolean
  promise?: string
  /** Jest's `--expand`; Vitest sets none, and keeps its `diff.expand` in its worker's config. */
  expand?: boolean
  // Playwright's types leave it out; only custom equality testers call it.
  equals?: TesterContext['equals']
  customTesters?: Tester[]
  utils: {
    matcherHint(
      matcherName: string,
      received?: string,
      expected?: string,
      options?: { isNot?: boolean; promise?: string; secondArgument?: string },
    ): string
    // Jest's and Vitest's; Bun's utils have the first two only, which its types leave out (see jestLikeUtils).
    EXPECTED_COLOR?: Paint
    RECEIVED_COLOR?: Paint
    DIM_COLOR?: Paint
    BOLD_WEIGHT?: Paint
  }
}

type JestLikeUtils = Required<MatcherContext['utils']>

/**
 * Whether the runner's utils are Jest's, as Vitest's are. Bun's have no DIM_COLOR or BOLD_WEIGHT, print what
 * they paint as a value (in quotes), and give matcherHint's arguments as values: its messages are plain instead.
 */
function jestLikeUtils(utils: MatcherContext['utils']): utils is JestLikeUtils {
  const { EXPECTED_COLOR, RECEIVED_COLOR, DIM_COLOR, BOLD_WEIGHT } = utils
  return [EXPECTED_COLOR, RECEIVED_COLOR, DIM_COLOR, BOLD_WEIGHT].every((paint) => typeof paint === 'function')
}

/** What a matcher returns; the message is built only when the runner needs it. */
export interface MatcherResult {
  pass: boolean
  message: () => string
}

/**
 * How much of a score a message shows, and how its nested diffs print: whole only where the run
 * asks for it (Jest's `--expand`, Vitest's `diff.expand`), and naming `Object {` as the runner's own diffs do.
 */
export function runnerBounds(context: MatcherContext): PrintBounds {
  const vitest = vitestDiffOptions()
  const bounds = context.expand === true || vitest?.expand === true ? EXPANDED_MESSAGE_BOUNDS : MESSAGE_BOUNDS
  return vitest === undefined || vitest.printBasicPrototype ? bounds : { ...bounds, printBasicPrototype: false }
}

export function runnerColors(context: MatcherContext): Colors {
  const { utils } = context
  if (!jestLikeUtils(utils)) return ownColors()
  return {
    expected: (s) => utils.EXPECTED_COLOR(s),
    received: (s) => utils.RECEIVED_COLOR(s),
    dim: (s) => utils.DIM_COLOR(s),
    bold: (s) => utils.BOLD_WEIGHT(s),
  }
}

/** Hands the runner's custom equality testers (`expect.addEqualityTesters`) to the comparison. */
export function withRunnerTesters(context: MatcherContext, options: ResolvedMatchOptions): ResolvedMatchOptions {
  const { customTesters: list, equals } = context
  if (!Array.isArray(list) || list.length === 0 || typeof equals !== 'function') return options
  return { ...options, testers: { context: { equals }, list } }
}

/**
 * Where the runner's utils paint nothing usable (Bun's): Jest's colours where the runner itself prints in colour
 * (`Bun.enableANSIColors`: a terminal, or FORCE_COLOR), else none.
 */
function ownColors(): Colors {
  const bun = (globalThis as { Bun?: { enableANSIColors?: unknown } }).Bun
  return bun?.enableANSIColors === true ? ANSI_COLORS : NO_COLORS
}

/** `expect(received).name(expected, secondArgument)` with the runner's `.not` and `.resolves`. */
export function hint(context: MatcherContext, name: string, received: string, expected: string, secondArgument?: string): string {
  const options = { isNot: context.isNot, promise: context.promise }
  if (!jestLikeUtils(context.utils)) {
    // Jest's hint, in the colours Jest gives its parts: `.resolves`, `.not` and the name undimmed.
    const { dim, received: red, expected: green } = ownColors()
    const chain = `${options.promise ? `${dim('.')}${options.promise}` : ''}${options.isNot === true ? `${dim('.')}not` : ''}`
    const second = secondArgument === undefined ? '' : `${dim(', ')}${green(secondArgument)}`
    return `${dim('expect(')}${red(received)}${dim(')')}${chain}${dim('.')}${name}${dim('(')}${green(expected)}${second}${dim(')')}`
  }
  return context.utils.matcherHint(name, received, expected, secondArgument === undefined ? options : { ...options, secondArgument })
}

const UNAWAITED = 'received a Promise, which holds no calls yet: await it, or use expect(…).resolves'
const STREAM_TEXT_RESULT = `received the AI SDK's ${STREAM_TEXT_RESULT_IS}: await result.steps, and pass them`
const SDK_STREAM_HELPER = `received ${STREAM_HELPER_IS}: pass what it ends with (${STREAM_HELPER_ENDS_WITH})`
const TOOL_RUNNER = `received ${TOOL_RUNNER_IS}: ${TOOL_RUNNER_PASS}`
const STRANDS_AGENT_RESULT = `received ${STRANDS_AGENT_RESULT_IS}: ${STRANDS_AGENT_RESULT_PASS}`
const UNFINISHED_STREAMED_RUN = `received ${UNFINISHED_STREAMED_RUN_IS}: ${UNFINISHED_STREAMED_RUN_PASS}`
const STREAM_AND_RESPONSE = `received ${STREAM_AND_RESPONSE_IS}: ${STREAM_AND_RESPONSE_PASS}`

/**
 * Why a received value holds no calls yet, or undefined: a promise where its value belongs (no
 * `await`, no `.resolves`), an SDK's stream, or a stream that no format reads and nothing collected. Either is the
 * test's slip, not the agent's output, so the matchers fail on it with or without `.not`, as a
 * runner's matchers fail on a received value of the wrong kind, and count nothing.
 */
export function notYetCalls(received: unknown): string | undefined {
  try {
    if (isThenable(received)) return isToolRunner(received as object) ? TOOL_RUNNER : UNAWAITED
    if (typeof received !== 'object' || received === null) return undefined
    if (isStreamTextResult(received)) return STREAM_TEXT_RESULT
    if (isStreamHelper(received)) return SDK_STREAM_HELPER
    if (isStreamAndResponse(received)) return STREAM_AND_RESPONSE
    if (isStrandsAgentResult(received)) return STRANDS_AGENT_RESULT
    if (isUnfinishedStreamedRun(received)) return UNFINISHED_STREAMED_RUN
    if (typeof (received as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] !== 'function') return undefined
  } catch {
    return undefined // a revoked Proxy, say: read as a trajectory, it is unparseable
  }
  // An SDK's stream helper is a format of its own, read with its reason; only a stream no format reads is uncollected.
  const calls = readTurns(received).flat()
  const reason = calls.length === 1 ? calls[0]!.unparseable : undefined
  return reason?.startsWith('expected ') === true && reason.endsWith(`(${UNCOLLECTED_HINT})`)
    ? `received ${describe(received)}, ${UNCOLLECTED_HINT.replace(': ', ', which holds no calls until it is read: ')}`
    : undefined
}

/**
 * Why a received value is no calls to grade, or undefined: calls not there yet (notYetCalls), or a
 * Score or corpus report, the grade of calls, which read as calls would be one unparseable call that
 * `.not` passes. Either is the test's slip: the matchers that grade calls fail on it both ways.
 */
export function noCallsToGrade(received: unknown): string | undefined {
  const notYet = notYetCalls(received)
  if (notYet !== undefined) return notYet
  const graded = isScore(received) ? 'a Score' : isCorpusReport(received) || isTestRunReport(received) ? 'a corpus report' : undefined
  return graded === undefined ? undefined : `received ${graded}, the grade of calls, not calls: pass the calls, or assert its figure with toScoreAtLeast`
}

/** Why a `.not` assertion fails on calls graded wrong only where the gold's own code never decided (see undecided.ts). */
export const UNDECIDED = 'a predicate or matcher of the gold could not decide on a predicted value (it threw, or answered with a promise or with undefined)'

/**
 * Text a message prints from the prediction's values, which are shared rather than copied and
 * so read again: where a getter among them throws on that read, the text is built from the
 * prediction read once more with every value copied (`fromCopies`), never a throw out of the matcher.
 */
export function printedOrFromCopies(print: () => string, fromCopies: () => string): string {
  try {
    return print()
  } catch {
    return fromCopies()
  }
}
