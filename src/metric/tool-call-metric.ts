import { readGrammar } from '../compare/grammar'
import {
  checkOptionKeys,
  type GrammarInput,
  MATCH_OPTION_KEYS,
  type MatchOptions,
  type ResolvedMatchOptions,
  resolveMatchOptions,
} from '../match/options'
import { CorpusCounts } from './corpus-counts'
import type { Counts } from './figures'
import type { Score } from './score'
import { scoreTrajectory } from './score-trajectory'

export type MetricOptions = MatchOptions

/** Options for one score: a grammar that applies to this trajectory only. */
export interface ScoreOptions {
  grammar?: GrammarInput
}

function isCounts(value: unknown): value is Counts {
  if (typeof value !== 'object' || value === null) return false
  const { tp, fp, fn } = value as Partial<Counts>
  return typeof tp === 'number' && typeof fp === 'number' && typeof fn === 'number'
}

/**
 * Scores predicted tool calls against gold calls (DESIGN.md §5). Options are checked once,
 * here; a malformed option or gold throws a TypeError naming the path.
 */
export class ToolCallMetric {
  readonly options: ResolvedMatchOptions

  constructor(options: MetricOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new TypeError(`options: expected an object of options, received ${String(options)}`)
    }
    checkOptionKeys(options, MATCH_OPTION_KEYS, 'options')
    this.options = resolveMatchOptions(options)
  }

  score(pred: unknown, gold: unknown, scoreOptions: ScoreOptions = {}): Score {
    checkOptionKeys(scoreOptions, ['grammar'], 'scoreOptions')
    const options =
      scoreOptions.grammar === undefined
        ? this.options
        : {
            ...this.options,
            grammar: readGrammar(scoreOptions.grammar, this.options.canonicalize, this.options.canonicalizeName, 'scoreOptions.grammar'),
          }
    return scoreTrajectory(pred, gold, options)
  }

  /** The micro-averaged F1 over scores: TP, FP and FN summed, then divided; never a mean of F1s. */
  aggregate(scores: Iterable<Counts>): number {
    const total = new CorpusCounts()
    let i = 0
    for (const score of scores) {
      if (!isCounts(score)) throw new TypeError(`scores[${i}]: expected a Score with tp, fp and fn`)
      total.add(score)
      i++
    }
    return total.figures().f1
  }
}
