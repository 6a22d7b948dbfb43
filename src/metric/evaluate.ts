import { printValue } from '../compare/print-value'
import { checkOptions } from '../match/options'
import { episodeKeySlip } from './episode-key-slip'
import { nearest } from '../compare/nearest'
import { isThenable } from '../compare/compare-value'
import { CorpusCounts, type ExactSums } from './corpus-counts'
import type { Figures } from './figures'
import type { Score } from './score'
import { scoreTrajectory, scoreUnreadable } from './score-trajectory'
import { atPath, errorMessage, readingAt, unreadableAt } from '../calls/path'
import { readGrammar } from '../compare/grammar'
import { canonicalForms, foldedToolName } from '../compare/canonicalizers'
import { type GrammarInput, MATCH_OPTION_KEYS, type ResolvedMatchOptions } from '../match/options'
import { readGoldForm, ToolCallMetric } from './tool-call-metric'
import type { GoldForm } from '../compare/gold-node'

/** One trajectory and its gold. */
export interface Episode {
  id?: string | number | undefined
  pred: unknown
  gold: unknown
  /**
   * A grammar for this episode alone, in place of the metric's, as `metric.score(pred, gold, { grammar })` takes it.
   * The same object given to episode after episode is read once: one changed between episodes must be a new object.
   */
  grammar?: GrammarInput | undefined
}

export interface EpisodeResult {
  id?: string | number
  index: number
  score: Score
}

/** Micro-averaged figures over a corpus, per tool, and its worst episodes. Plain data. */
export interface CorpusReport extends Figures {
  episodes: number
  /**
   * Figures per tool, in name order. Tools only the model named, past the first thousand of them or
   * longer than 256 characters, count under `(other tools)`, but for those the metric's grammar declares.
   */
  perTool: Record<string, Figures>
  /** The lowest-F1 episodes, lowest first (earlier first on ties). */
  worst: EpisodeResult[]
}

export interface EvaluateOptions {
  /** How many of the worst episodes to keep (default 5). */
  worst?: number | undefined
  /**
   * Called with each episode's result as soon as it is scored. Of an async source, a promise it returns is
   * awaited before the next episode is read (its rejection rejects the run); of a sync one, it throws a TypeError.
   */
  onEpisode?: ((result: EpisodeResult) => unknown) | undefined
  /** 'json': each episode's gold is in its JSON form (`$oneOf`, `$optional`), as read from a file. */
  goldForm?: GoldForm | undefined
}

const EVALUATE_OPTION_KEYS = ['worst', 'onEpisode', 'goldForm']

/** A kept episode, with its place in the corpus: of two of one F1, the later is dropped first. */
interface Kept {
  result: EpisodeResult
  order: number
}

/** Whether `a` goes before `b` when the kept episodes are cut: a higher F1, or the same F1 later. */
function dropsBefore(a: Kept, b: Kept): boolean {
  return a.result.score.f1 > b.result.score.f1 || (a.result.score.f1 === b.result.score.f1 && a.order > b.order)
}

/** Sums scores one at a time; holds only the sums and the few worst episodes. */
export class CorpusAccumulator {
  // A heap with the kept episode to drop first at its root, so that asking for every failure of a large corpus stays n log k.
  private readonly worst: Kept[] = []
  private count = 0

  private readonly counts: CorpusCounts

  /** `options`, where given, are the scoring's: the tools its grammar declares keep their own per-tool rows. */
  constructor(
    private readonly keepWorst = 5,
    options?: ResolvedMatchOptions,
  ) {
    const tools = options?.grammar.tools
    const fold = options?.canonicalizeName
    this.counts = new CorpusCounts(
      tools === undefined || tools.size === 0 ? undefined : (tool) => tools.has(foldedToolName(fold!, tool)),
      fold === undefined || fold === canonicalForms.exact ? undefined : (tool) => foldedToolName(fold, tool),
    )
  }

  /** `order`, the episode's place in the corpus, by which episodes of one F1 rank: by default the order they are added in. */
  add(result: EpisodeResult, order = this.count): void {
    const { score } = result
    this.count++
    this.counts.addScore(score)
    this.keep(result, order)
  }

  private keep(result: EpisodeResult, order: number): void {
    const { f1 } = result.score
    if (this.keepWorst <= 0 || f1 >= 1) return
    const heap = this.worst
    if (heap.length < this.keepWorst) {
      heap.push({ result, order })
      siftUp(heap, heap.length - 1)
    } else if (heap[0]!.result.score.f1 > f1 || (heap[0]!.result.score.f1 === f1 && heap[0]!.order > order)) {
      // Told before a Kept is made, as most failing episodes of a large corpus are not kept.
      heap[0] = { result, order }
      siftDown(heap, 0)
    }
  }

  report(): CorpusReport {
    const worst = [...this.worst].sort((a, b) => a.result.score.f1 - b.result.score.f1 || a.order - b.order).map((kept) => kept.result)
    return { ...this.counts.figures(), episodes: this.count, perTool: this.counts.perTool(), worst }
  }

  /** The partials of the sums that are not one double: what a report needs to merge exactly with others. */
  exactSums(): ExactSums {
    return this.counts.exactSums()
  }

  /** The rows a gold call named whose counts do not tell it (tools that weigh 0): what a report needs to show them by the gold's spelling where it merges. */
  goldRows(): string[] | undefined {
    return this.counts.goldRows()
  }
}

function siftUp(heap: Kept[], at: number): void {
  while (at > 0) {
    const parent = (at - 1) >> 1
    if (!dropsBefore(heap[at]!, heap[parent]!)) return
    ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
    at = parent
  }
}

function siftDown(heap: Kept[], at: number): void {
  for (;;) {
    let first = at
    const left = 2 * at + 1
    if (left < heap.length && dropsBefore(heap[left]!, heap[first]!)) first = left
    if (left + 1 < heap.length && dropsBefore(heap[left + 1]!, heap[first]!)) first = left + 1
    if (first === at) return
    ;[heap[at], heap[first]] = [heap[first]!, heap[at]!]
    at = first
  }
}

/** An episode's fields, each read once; a prediction that cannot be read is `unreadablePred`, the reason it is graded wrong. */
interface EpisodeRead extends Episode {
  unreadablePred?: string
}

/** An episode without `grammar` whose key is a slip of it (`grammer`), whose grammar would be passed over: a TypeError. */
function refuseMisspeltGrammar(episode: object, index: number): void {
  let slip: string | undefined
  try {
    // Walked with for-in, which allocates no key list: this runs for every episode that has no grammar of its own.
    for (const key in episode) {
      // Only keys about as long as `grammar` are compared: an episode's own (id, pred, gold) are not.
      // `grammar` itself, given as undefined (as its type allows), is no slip.
      if (key !== 'grammar' && key.length >= 5 && key.length <= 10 && Object.hasOwn(episode, key) && nearest(key, ['grammar']) !== undefined) {
        slip = key
        break
      }
    }
  } catch (error) {
    throw unreadableAt(`episodes[${index}]`, error)
  }
  if (slip !== undefined) throw new TypeError(`episodes[${index}].${slip}: unknown key (did you mean 'grammar'?); an episode is { id?, pred, gold, grammar? }`)
}

// The paths are spelt only when something is wrong: this runs for every episode of a corpus.
function readEpisode(episode: unknown, index: number): EpisodeRead {
  let id: unknown
  let gold: unknown
  let grammar: unknown
  let key = ''
  try {
    if (typeof episode !== 'object' || episode === null || !('gold' in episode) || !('pred' in episode)) {
      throw new TypeError(`episodes[${index}]: expected { id?, pred, gold }, received ${printValue(episode)}${episodeKeySlip(episode)}`)
    }
    key = '.id'
    id = (episode as Episode).id
    key = '.gold'
    gold = (episode as Episode).gold
    key = '.grammar'
    grammar = (episode as Episode).grammar
  } catch (error) {
    throw unreadableAt(`episodes[${index}]${key}`, error)
  }
  if (grammar === undefined) refuseMisspeltGrammar(episode, index)
  if (id !== undefined && typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) {
    throw new TypeError(`episodes[${index}].id: expected a string or a finite number, received ${printValue(id)}`)
  }
  const read: EpisodeRead = { id: id as Episode['id'], gold, grammar: grammar as GrammarInput | undefined, pred: undefined }
  // The prediction is the model's, graded wrong when it cannot be read; the rest of the episode is the author's.
  try {
    read.pred = (episode as Episode).pred
  } catch (error) {
    read.unreadablePred = atPath(`episodes[${index}].pred`, `could not be read (${errorMessage(error)})`)
  }
  return read
}

/** A run's metric and options, read and checked once. */
interface Run {
  metric: ToolCallMetric
  goldForm: GoldForm
  onEpisode: EvaluateOptions['onEpisode']
  accumulator: CorpusAccumulator
  /** The last episode's own grammar, read: a corpus that hands every episode the same object reads it once (one changed between episodes must be a new object). */
  lastGrammar?: { input: unknown; options: ResolvedMatchOptions }
}

function optionsFor(run: Run, grammar: unknown, index: number): ResolvedMatchOptions {
  if (grammar === undefined) return run.metric.options
  if (run.lastGrammar?.input !== grammar) {
    const options = { ...run.metric.options, grammar: readGrammar(grammar, run.metric.options.canonicalizeName, `episodes[${index}].grammar`) }
    run.lastGrammar = { input: grammar, options }
  }
  return run.lastGrammar.options
}

/** Scores one episode; gives what `onEpisode` returned. */
function scoreEpisode(raw: unknown, index: number, run: Run): unknown {
  const episode = readEpisode(raw, index)
  const goldPath = `episodes[${index}].gold`
  const options = optionsFor(run, episode.grammar, index)
  const score =
    episode.unreadablePred === undefined
      ? scoreTrajectory(episode.pred, episode.gold, options, goldPath, run.goldForm)
      : scoreUnreadable(episode.unreadablePred, episode.gold, options, goldPath, run.goldForm)
  const result: EpisodeResult = episode.id === undefined ? { index, score } : { id: episode.id, index, score }
  run.accumulator.add(result)
  return run.onEpisode?.(result)
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function'
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
}

/** A ToolCallMetric by its shape, as one from the other build (ESM or CommonJS) is no instance of this one's class. */
function isMetric(value: unknown): value is ToolCallMetric {
  if (typeof value !== 'object' || value === null) return false
  const { options, score } = value as Partial<ToolCallMetric>
  return typeof score === 'function' && typeof options === 'object' && options !== null && typeof options.canonicalizeName === 'function'
}

function startRun(metric: unknown, options: EvaluateOptions): Run {
  if (!isMetric(metric)) {
    const metricOptions = typeof metric === 'object' && metric !== null && !Array.isArray(metric) && Object.keys(metric).length > 0 && Object.keys(metric).every((key) => (MATCH_OPTION_KEYS as readonly string[]).includes(key))
    const given = metricOptions ? `: options go to the metric, evaluate(episodes, new ToolCallMetric(${printValue(metric)}))` : ''
    throw new TypeError(`metric: expected a ToolCallMetric, received ${printValue(metric)}${given}`)
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
  return { metric, goldForm, onEpisode, accumulator: new CorpusAccumulator(worst, metric.options) }
}

async function evaluateAsync(episodes: AsyncIterable<unknown>, metric: unknown, options: EvaluateOptions): Promise<CorpusReport> {
  // In an async function, so that a bad metric or option rejects the promise, as every other error of the run does.
  const run = startRun(metric, options)
  let index = 0
  for await (const episode of episodes) {
    const returned = scoreEpisode(episode, index++, run)
    if (isThenable(returned)) await returned
  }
  return run.accumulator.report()
}

/**
 * Scores a corpus of episodes and gives the micro average: TP, FP and FN summed over every
 * episode, then divided. Streams: one episode is held at a time. Given an async iterable
 * (that is not also a sync one), returns a promise.
 */
export function evaluate(episodes: Iterable<Episode>, metric?: ToolCallMetric, options?: EvaluateOptions): CorpusReport
export function evaluate(episodes: AsyncIterable<Episode>, metric?: ToolCallMetric, options?: EvaluateOptions): Promise<CorpusReport>
export function evaluate(
  episodes: Iterable<Episode> | AsyncIterable<Episode>,
  metric?: ToolCallMetric,
  options?: EvaluateOptions,
): CorpusReport | Promise<CorpusReport>
export function evaluate(
  episodes: Iterable<Episode> | AsyncIterable<Episode>,
  metric: ToolCallMetric = new ToolCallMetric(),
  options: EvaluateOptions = {},
): CorpusReport | Promise<CorpusReport> {
  // An iterable of both kinds is read as the one its type names first, the sync one.
  if (!isIterable(episodes) && isAsyncIterable(episodes)) return evaluateAsync(episodes, metric, options)
  const run = startRun(metric, options)
  if (!isIterable(episodes)) {
    throw new TypeError(`episodes: expected an iterable or async iterable of { id?, pred, gold }, received ${printValue(episodes)}`)
  }
  let index = 0
  for (const episode of episodes) {
    const returned = scoreEpisode(episode, index++, run)
    if (isThenable(returned)) {
      // Not left to reject unhandled: the TypeError below says what to do instead.
      Promise.resolve(returned).catch(() => {})
      throw new TypeError(
        `options.onEpisode: returned a promise, which evaluate of a sync source cannot wait for; make it synchronous, or pass the episodes as an async iterable, whose evaluate awaits it`,
      )
    }
  }
  return run.accumulator.report()
}
