import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { bfclCheckVariants } from './bfcl-check.bench'
import { bfclCorpus, episodeLines } from './bfcl-corpus'

/** The files of generated inputs that the corpus and bfcl-check benchmarks measure, by name. */
function benchInputs(): Record<string, string[]> {
  const entries = bfclCorpus()
  return {
    // { id, pred, gold }: what the corpus benchmark scores, a line an episode.
    'corpus-json.jsonl': episodeLines(entries, 'json'),
    'corpus-python.jsonl': episodeLines(entries, 'python'),
    // The corpus bench's reference: the prediction as the JSON text of its calls.
    'corpus-json-text.jsonl': episodeLines(entries, 'json-text'),
    // { id, category, model_output, functions, ground_truth }: what `toolcalls bfcl-check` and BFCL's own checker read.
    'bfcl-check.jsonl': bfclCheckVariants(),
  }
}

/** Writes the benchmarks' inputs into `folder`, so that another tool can be measured on the very same lines. */
export function writeBenchInputs(folder: string): string[] {
  const target = resolve(folder)
  mkdirSync(target, { recursive: true })
  const written: string[] = []
  for (const [name, lines] of Object.entries(benchInputs())) {
    const file = join(target, name)
    writeFileSync(file, `${lines.join('\n')}\n`)
    written.push(`  ${file}: ${lines.length.toLocaleString('en-US')} lines`)
  }
  return [`inputs written to ${target}`, ...written]
}
