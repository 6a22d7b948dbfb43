// The built package, as users run it.
import { type ScoreOptions, ToolCallMetric } from 'expect-toolcalls'
import { bfclCorpus, episodeLines } from './bfcl-corpus'
import { type CompareOptions, compare, formatMs, formatRatio } from './harness'

/** The gold of each line is in its JSON form, as a corpus file holds it. */
const GOLD_AS_JSON: ScoreOptions = { goldForm: 'json' }

/**
 * Corpus throughput: scoring the 1,000 entries of BFCL's four Python categories (answers built
 * from the gold, a quarter mutated) against the floor of merely JSON.parse-ing the same lines.
 */
export function runCorpusBench(options: CompareOptions): string[] {
  const entries = bfclCorpus()
  const metric = new ToolCallMetric({ canonicalizer: 'bfcl' })
  const lines = [`corpus: ${entries.length} BFCL entries (${entries.filter((e) => e.mutated).length} mutated), one episode a line`]
  for (const [predAs, target] of [['json', 2], ['python', 3]] as const) {
    const episodes = episodeLines(entries, predAs)
    const floor = () => {
      let n = 0
      for (const line of episodes) n += (JSON.parse(line) as { id: string }).id.length
      return n
    }
    const score = () => {
      let f1 = 0
      for (const line of episodes) {
        const episode = JSON.parse(line) as { pred: unknown; gold: unknown }
        f1 += metric.score(episode.pred, episode.gold, GOLD_AS_JSON).f1
      }
      return f1
    }
    const result = compare(floor, score, options)
    lines.push(
      `  predictions as ${predAs === 'json' ? 'JSON calls   ' : 'Python text  '} score ${formatMs(result.candidateMs)}  ` +
        `JSON.parse ${formatMs(result.baselineMs)}  ratio ${formatRatio(result.ratio, target)}`,
    )
  }
  return lines
}
