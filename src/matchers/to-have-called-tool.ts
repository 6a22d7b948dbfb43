import { toolCalls } from '../calls/read'
import { isUnparseable, type ToolCall } from '../calls/tool-call'
import { printValue } from '../compare/print-value'
import { resolveMatchOptions } from '../match/options'
import type { PairDetail } from '../metric/score'
import { scoreTrajectory } from '../metric/score-trajectory'
import { formatVerdict } from '../report/format-score'
import { printCall } from '../report/print-data'
import { hint, type MatcherContext, type MatcherResult, runnerColors, withRunnerTesters } from './matcher-context'

/** How many calls the message lists before it counts the rest. */
const LISTED_CALLS = 20

function printPrediction(call: ToolCall): string {
  if (!isUnparseable(call)) return printCall(call.name, call.args, call.positional)
  return `${call.name === '' ? '' : `${call.name} `}(unparseable: ${call.unparseable})`
}

function callsMade(calls: readonly ToolCall[], highlight: number | undefined): string[] {
  const lines = calls.slice(0, LISTED_CALLS).map((call, i) => `${i === highlight ? '→' : ' '} pred[${i}] ${printPrediction(call)}`)
  if (calls.length > LISTED_CALLS) lines.push(`  … and ${calls.length - LISTED_CALLS} more`)
  return [`Calls made (${calls.length}):`, ...lines]
}

/** The differing arguments of the same-named call that came closest to `args`. */
function nearest(pair: PairDetail, args: Record<string, unknown>, context: MatcherContext): string[] {
  const colors = runnerColors(context)
  const lines = pair.args.filter((v) => v.verdict !== 'match' && v.verdict !== 'omitted').flatMap((v) => formatVerdict(pair, v, colors, args))
  return [`The nearest, pred[${pair.predIndex}], differs:`, ...lines]
}

/**
 * Passes when at least one predicted call has this name and, when `args` are given, matches
 * them exactly, as the one-call gold `{ name, args }` would be matched.
 */
export function toHaveCalledTool(
  this: MatcherContext,
  received: unknown,
  name: string,
  args?: Record<string, unknown>,
  ...rest: unknown[]
): MatcherResult {
  if (typeof name !== 'string' || name === '') throw new TypeError(`name: expected the tool's name, received ${printValue(name)}`)
  // A third argument, such as options, would be ignored: refuse it.
  if (rest.length > 0) throw new TypeError(`toHaveCalledTool(name, args?): expected at most two arguments, received ${rest.length + 2}`)
  const calls = toolCalls(received)
  const score = args === undefined ? undefined : scoreTrajectory(received, { name, args }, withRunnerTesters(this, resolveMatchOptions({})), 'call')
  const pair = score?.pairs[0]
  const found = score === undefined ? calls.findIndex((call) => !isUnparseable(call) && call.name === name) : pair?.exact ? pair.predIndex : -1
  const pass = found >= 0

  const message = () => {
    const colors = runnerColors(this)
    const wanted = colors.expected(args === undefined ? name : printCall(name, args))
    const verdict = this.isNot
      ? `Expected no call to ${wanted}, but pred[${found}] is one.`
      : `Expected a call to ${wanted}, but ${calls.length === 0 ? 'no call was made' : 'none of the calls made is one'}.`
    const sections = [hint(this, 'toHaveCalledTool', 'received', 'name', args === undefined ? undefined : 'args'), verdict]
    if (calls.length > 0) sections.push(callsMade(calls, pass ? found : pair?.predIndex).join('\n'))
    if (!pass && pair !== undefined && args !== undefined) sections.push(nearest(pair, args, this).join('\n'))
    return sections.join('\n\n')
  }
  return { pass, message }
}
