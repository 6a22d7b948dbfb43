import type { GoldForm } from '../compare/gold-node'
import { readGrammar } from '../compare/grammar'
import { printValue } from '../compare/print-value'
import {
  checkOptionKeys,
  checkOptions,
  type GrammarInput,
  MATCH_OPTION_KEYS,
  type MatchOptions,
  type ResolvedMatchOptions,
  resolveMatchOptions,
} from '../match/options'
import { unreadableAt } from '../calls/path'
import { CorpusCounts } from './corpus-counts'
import { type Counts, isCounts } from './figures'
import type { Score } from './score'
import { scoreProblem } from './score-problem'
import { exactShareSums } from './per-tool'
import { scoreTrajectory } from './score-trajectory'
import { didYouMean } from '../compare/nearest'

export type MetricOptions = MatchOptions

const NO_OPTIONS: ScoreOptions = Object.freeze({})

/** Options for one score. */
export interface ScoreOptions {
  /** A grammar that applies to this trajectory only. */
  grammar?: GrammarInput | undefined
  /**
   * 'json': the gold is in its JSON form, `{ "$oneOf": [...] }` and `{ "$optional": [...] }`,
   * as read from a file; the same as passing goldFromJSON(gold), without building the markers.
   */
  goldForm?: GoldForm | undefined
}

const SCORE_OPTION_KEYS = ['grammar', 'goldForm']

/** Checks the form gold is written in. */
export function readGoldForm(value: unknown, path: string): GoldForm {
  if (value === undefined || value === 'author' || value === 'json') return value ?? 'author'
  throw new TypeError(`${path}: expected 'author' or 'json', received ${printValue(value)}${didYouMean(value, ['author', 'json'])}`)
}

/**
 * Scores predicted tool calls against gold calls (README: Matching and scoring). Options are checked once,
 * here; a malformed option or gold throws a TypeError naming the path.
 */
export class ToolCallMetric {
  readonly options: ResolvedMatchOptions
  private checkedScoreOptions: ScoreOptions = NO_OPTIONS

  constructor(options: MetricOptions = {}) {
    checkOptions(options, MATCH_OPTION_KEYS, 'options')
    this.options = resolveMatchOptions(options)
  }

  score(pred: unknown, gold: unknown, scoreOptions: ScoreOptions = NO_OPTIONS): Score {
    if (scoreOptions === this.checkedScoreOptions) {
      // A corpus loop passes the same options each time: what kind of object they are is checked once, their keys every time.
      checkOptionKeys(scoreOptions, SCORE_OPTION_KEYS, 'scoreOptions')
    } else {
      checkOptions(scoreOptions, SCORE_OPTION_KEYS, 'scoreOptions')
      this.checkedScoreOptions = scoreOptions
    }
    // A getter or trap of the options that throws is a TypeError naming them, as the metric's own options are;
    // read in place, not through readingAt, as a corpus loop scores with them at every episode.
    let goldForm: GoldForm
    let options: ResolvedMatchOptions
    try {
      goldForm = readGoldForm(scoreOptions.goldForm, 'scoreOptions.goldForm')
      const grammar = scoreOptions.grammar
      options =
        grammar === undefined
          ? this.options
          : { ...this.options, grammar: readGrammar(grammar, this.options.canonicalizeName, 'scoreOptions.grammar') }
    } catch (error) {
      throw unreadableAt('scoreOptions', error)
    }
    return scoreTrajectory(pred, gold, options, 'gold', goldForm)
  }

  /** The micro-averaged F1 over scores: TP, FP and FN summed, then divided; never a mean of F1s. */
  aggregate(scores: Iterable<Counts>): number {
    if (typeof (scores as Partial<Iterable<Counts>> | null | undefined)?.[Symbol.iterator] !== 'function') {
      throw new TypeError(`scores: expected an iterable of Scores (an array, a generator), received ${printValue(scores)}`)
    }
    const total = new CorpusCounts()
    let i = 0
    for (const score of scores) {
      if (!isCounts(score)) throw new TypeError(`scores[${i}]: expected a Score, with tp, fp and fn finite and not negative`)
      // A Score as the metric gave it is added as evaluate adds it: its shares summed exactly, its totals rounded only once for the corpus.
      const parts = scoreProblem(score) === undefined ? exactShareSums(score as Score) : undefined
      total.add(score, undefined, parts === undefined ? undefined : { total: parts })
      i++
    }
    return total.figures().f1
  }
}
