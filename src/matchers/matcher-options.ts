import { readingAt } from '../calls/path'
import { checkOptions, MATCH_OPTION_KEYS, type MatchOptions, resolveMatchOptions, type ResolvedMatchOptions } from '../match/options'
import { type MatcherContext, withRunnerTesters } from './matcher-context'

/**
 * A matcher's options: checked for unknown keys (with a suggestion) before anything is scored,
 * and read once, so that a getter that throws is a TypeError naming the options, as the metric's is.
 */
export function readOptions(options: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (options === undefined) return {}
  checkOptions(options, allowed, 'options')
  return readingAt('options', () => {
    const read: Record<string, unknown> = {}
    for (const key of Object.keys(options)) read[key] = (options as Record<string, unknown>)[key]
    return read
  })
}

/** The scoring options among a matcher's options, resolved, with the runner's custom testers. */
export function resolveForRunner(context: MatcherContext, options: Record<string, unknown>): ResolvedMatchOptions {
  const matchOptions: Record<string, unknown> = {}
  for (const key of MATCH_OPTION_KEYS) if (options[key] !== undefined) matchOptions[key] = options[key]
  return withRunnerTesters(context, resolveMatchOptions(matchOptions as MatchOptions))
}
