import { printValue } from '../compare/print-value'
import { checkOptions } from '../match/options'
import { episodeKeySlip } from './episode-key-slip'
import { CorpusCounts, type ExactSums } from './corpus-counts'
import type { Figures } from './figures'
import type { Score } from './score'
import { scoreTrajectory, scoreUnreadable } from './score-trajectory'
import { atPath, errorMessage, readingAt, unreadableAt } from '../calls/path'
import { readGoldForm, ToolCallMetric } from './tool-call-metric'
import type { GoldForm } from '../compare/gold-node'

/** One trajectory and its gold. */
export interface Episode {
  id?: string | number
  pred: unknown
  gold: unknown
}

export interface EpisodeResult {
  id?: string | number
  index: number
  score: Score
}

/** Micro-averaged figures over a corpus, per tool, and its worst episodes. Plain data. */
export interface CorpusReport extends Figures {
  episodes: number
  /** Figures per tool, in name order; the model's own names past a thousand tools count under `(other tools)`. */
  perTool: Record<string, Figures>
  /** The lowest-F1 episodes, lowest first (earlier first on ties). */
  worst: EpisodeResult[]
}

export interface EvaluateOptions {
  /** How many of the worst episodes to keep (default 5). */
  worst?: number | undefined
  /** Called with each episode's result as soon as it is scored. */
  onEpisode?: ((result: EpisodeResult) => void) | undefined
  /** 'json': each episode's gold is in its JSON form (`$oneOf`, `$optional`), as read from a file. */
  goldForm?: GoldForm | undefined
}

const EVALUATE_OPTION_KEYS = ['worst', 'onEpisode', 'goldForm']

/** Sums scores one at a time; holds only the sums and the few worst episodes. */
export class CorpusAccumulator {
  private readonly counts = new CorpusCounts()
  private readonly worst: EpisodeResult[] = []
  private count = 0

  constructor(private readonly keepWorst = 5) {}

  add(result: EpisodeResult): void {
    const { score } = result
    this.count++
    this.counts.addScore(score)
    this.keep(result)
  }

  private keep(result: EpisodeResult): void {
    if (this.keepWorst <= 0 || result.score.f1 >= 1) return
    const worst = this.worst
    if (worst.length === this.keepWorst && result.score.f1 >= worst[worst.length - 1]!.score.f1) return
    let at = worst.length
    while (at > 0 && worst[at - 1]!.score.f1 > result.score.f1) at--
    worst.splice(at, 0, result)
    if (worst.length > this.keepWorst) worst.pop()
  }

  report(): CorpusReport {
    return { ...this.counts.figures(), episodes: this.count, perTool: this.counts.perTool(), worst: [...this.worst] }
  }

  /** The partials of the sums that are not one double: what a report needs to merge exactly with others. */
  exactSums(): ExactSums {
    return this.counts.exactSums()
  }
}

/** An episode's fields, each read once; a prediction that cannot be read is `unreadablePred`, the reason it is graded wrong. */
interface EpisodeRead extends Episode {
  unreadablePred?: string
}

// The paths are spelt only when something is wrong: this runs for every episode of a corpus.
function readEpisode(episode: unknown, index: number): EpisodeRead {
  try {
    if (typeof episode !== 'object' || episode === null || !('gold' in episode) || !('pred' in episode)) {
      throw new TypeError(`episodes[${index}]: expected { id?, pred, gold }, received ${printValue(episode)}${episodeKeySlip(episode)}`)
    }
    const { id, gold } = episode as Episode
    if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') {
      throw new TypeError(`episodes[${index}].id: expected a string or a number, received ${printValue(id)}`)
    }
    // The prediction is the model's, graded wrong when it cannot be read; the rest of the episode is the author's.
    try {
      return { id, gold, pred: (episode as Episode).pred }
    } catch (error) {
      return { id, gold, pred: undefined, unreadablePred: atPath(`episodes[${index}].pred`, `could not be read (${errorMessage(error)})`) }
    }
  } catch (error) {
    throw unreadableAt(`episodes[${index}]`, error)
  }
}

function scoreEpisode(
  raw: unknown,
  index: number,
  metric: ToolCallMetric,
  accumulator: CorpusAccumulator,
  options: EvaluateOptions,
  goldForm: GoldForm,
): void {
  const episode = readEpisode(raw, index)
  const goldPath = `episodes[${index}].gold`
  const score =
    episode.unreadablePred === undefined
      ? scoreTrajectory(episode.pred, episode.gold, metric.options, goldPath, goldForm)
      : scoreUnreadable(episode.unreadablePred, episode.gold, metric.options, goldPath, goldForm)
  const result: EpisodeResult = episode.id === undefined ? { index, score } : { id: episode.id, index, score }
  accumulator.add(result)
  options.onEpisode?.(result)
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
}

/**
 * Scores a corpus of episodes and gives the micro average: TP, FP and FN summed over every
 * episode, then divided. Streams: one episode is held at a time. Given an async iterable,
 * returns a promise.
 */
export function evaluate(episodes: Iterable<Episode>, metric?: ToolCallMetric, options?: EvaluateOptions): CorpusReport
export function evaluate(episodes: AsyncIterable<Episode>, metric?: ToolCallMetric, options?: EvaluateOptions): Promise<CorpusReport>
export function evaluate(
  episodes: Iterable<Episode> | AsyncIterable<Episode>,
  metric: ToolCallMetric = new ToolCallMetric(),
  options: EvaluateOptions = {},
): CorpusReport | Promise<CorpusReport> {
  if (typeof metric !== 'object' || metric === null || !('options' in metric)) {
    throw new TypeError('metric: expected a ToolCallMetric')
  }
  checkOptions(options, EVALUATE_OPTION_KEYS, 'options')
  // A getter or trap of the options that throws is a TypeError naming them, as the metric's options are.
  const { goldForm, worst, onEpisode } = readingAt('options', () => ({
    goldForm: readGoldForm(options.goldForm, 'options.goldForm'),
    worst: options.worst,
    onEpisode: options.onEpisode,
  }))
  if (worst !== undefined && !(Number.isInteger(worst) && worst >= 0)) {
    throw new TypeError(`options.worst: expected a count of episodes (0 or more), received ${printValue(worst)}`)
  }
  if (onEpisode !== undefined && typeof onEpisode !== 'function') {
    throw new TypeError(`options.onEpisode: expected a function (result) => void, received ${printValue(onEpisode)}`)
  }
  const accumulator = new CorpusAccumulator(worst)
  if (isAsyncIterable(episodes)) {
    return (async () => {
      let index = 0
      for await (const episode of episodes) scoreEpisode(episode, index++, metric, accumulator, options, goldForm)
      return accumulator.report()
    })()
  }
  if (typeof episodes !== 'object' || episodes === null || typeof (episodes as Iterable<Episode>)[Symbol.iterator] !== 'function') {
    throw new TypeError(`episodes: expected an iterable or async iterable of { id?, pred, gold }, received ${printValue(episodes)}`)
  }
  let index = 0
  for (const episode of episodes) scoreEpisode(episode, index++, metric, accumulator, options, goldForm)
  return accumulator.report()
}
