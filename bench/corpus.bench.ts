// The built package, as users run it.
import { type Episode, type EvaluateOptions, evaluate, type ScoreOptions, ToolCallMetric } from 'expect-toolcalls'
import { bfclCorpus, episodeLines } from './bfcl-corpus'
import { type CompareOptions, compare, formatMs, formatRatio } from './harness'

/** The gold of each line is in its JSON form, as a corpus file holds it: so told to metric.score, and to evaluate. */
const GOLD_AS_JSON = { goldForm: 'json' } as const satisfies ScoreOptions & EvaluateOptions

function parseEach(lines: readonly string[]): () => number {
  return () => {
    let n = 0
    for (const line of lines) n += (JSON.parse(line) as { id: string }).id.length
    return n
  }
}

function scoreEach(lines: readonly string[], metric: ToolCallMetric): () => number {
  return () => {
    let f1 = 0
    for (const line of lines) {
      const episode = JSON.parse(line) as { pred: unknown; gold: unknown }
      f1 += metric.score(episode.pred, episode.gold, GOLD_AS_JSON).f1
    }
    return f1
  }
}

function* parsedEach(lines: readonly string[]): Generator<Episode> {
  for (const line of lines) yield JSON.parse(line) as Episode
}

/** The corpus API over the same lines, each parsed as it is pulled: the per-tool sums and the report included. */
export function evaluateEach(lines: readonly string[], metric: ToolCallMetric): () => number {
  return () => evaluate(parsedEach(lines), metric, GOLD_AS_JSON).f1
}

/**
 * Corpus throughput: scoring the 1,000 entries of BFCL's four Python categories (answers built
 * from the gold, a quarter mutated) against the floor of merely JSON.parse-ing the same lines.
 */
export function runCorpusBench(options: CompareOptions): string[] {
  const entries = bfclCorpus()
  const metric = new ToolCallMetric({ canonicalizer: 'bfcl' })
  const lines = [`corpus: ${entries.length} BFCL entries (${entries.filter((e) => e.mutated).length} mutated), one episode a line`]
  const episodesAs = { json: episodeLines(entries, 'json'), python: episodeLines(entries, 'python') }
  for (const [predAs, target] of [['json', 2], ['python', 3]] as const) {
    const episodes = episodesAs[predAs]
    const result = compare(parseEach(episodes), scoreEach(episodes, metric), options)
    lines.push(
      `  predictions as ${predAs === 'json' ? 'JSON calls   ' : 'Python text  '} score ${formatMs(result.candidateMs)}  ` +
        `JSON.parse ${formatMs(result.baselineMs)}  ratio ${formatRatio(result.ratio, target)}`,
    )
  }
  // Text whose reader is the engine's own JSON.parse, against the Python-text lines' floor: where the
  // Python-text figure would stand if reading Python cost only what JSON.parse costs.
  const asJsonText = compare(parseEach(episodesAs.python), scoreEach(episodeLines(entries, 'json-text'), metric), options)
  lines.push(
    `  predictions as JSON text     score ${formatMs(asJsonText.candidateMs)}  JSON.parse of the Python-text lines ${formatMs(asJsonText.baselineMs)}  ` +
      `ratio ${formatRatio(asJsonText.ratio)}  (for reference: the text read by the engine's JSON.parse)`,
  )
  for (const predAs of ['json', 'python'] as const) {
    const episodes = episodesAs[predAs]
    const result = compare(parseEach(episodes), evaluateEach(episodes, metric), options)
    lines.push(
      `  through evaluate, ${predAs === 'json' ? 'JSON calls ' : 'Python text'} ${formatMs(result.candidateMs)}  JSON.parse ${formatMs(result.baselineMs)}  ` +
        `ratio ${formatRatio(result.ratio)}  (for reference: the corpus API, with its sums per tool and its report)`,
    )
  }
  return lines
}
