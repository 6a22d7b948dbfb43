// From the sources, as the other readers here: the built package's bfclGold would not know these PyFloats for floats.
import { bfclGold } from '../src/bfcl/gold'
import { parseTypedJson } from '../src/bfcl/typed-json'
import { isPlainObject } from '../src/calls/plain-value'
import { formatPythonValue, toPlainValue } from '../src/calls/python-values'
import { goldToJSON } from '../src/compare/gold-json'
import { BFCL_DATA, bfclLines } from '../test/fixtures/bfcl-data'

export const PYTHON_CATEGORIES = ['simple_python', 'multiple', 'parallel', 'parallel_multiple'] as const

export interface BfclCorpusEntry {
  id: string
  category: string
  /** The ground truth as read with its number kinds kept. */
  groundTruth: unknown[]
  functions: unknown[]
  /** The JSON text of the ground truth and of the function docs, as written in the data files (`1.0` stays `1.0`). */
  groundTruthText: string
  functionsText: string
  /** An answer built from the first allowed value of every parameter (and of every key of a dictionary inside one), possibly mutated. */
  calls: Array<{ name: string; args: Record<string, unknown> }>
  mutated: boolean
}

/** A deterministic pseudo-random sequence, so every run measures the same corpus. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The 1,000 entries of the four Python categories, answered from the gold, a quarter of them mutated. */
export function bfclCorpus(mutatedShare = 0.25): BfclCorpusEntry[] {
  const random = seeded(7)
  const entries: BfclCorpusEntry[] = []
  for (const category of PYTHON_CATEGORIES) {
    const questions = new Map(
      bfclLines(`BFCL_v4_${category}.json`).map((line) => {
        const q = parseTypedJson(line) as { id: string; function: unknown[] }
        return [q.id, { functions: q.function, text: lastField(line, 'function') }] as const
      }),
    )
    for (const line of bfclLines(`possible_answer/BFCL_v4_${category}.json`)) {
      const { id, ground_truth } = parseTypedJson(line) as { id: string; ground_truth: Array<Record<string, Record<string, unknown[]>>> }
      const calls = ground_truth.map((call) => {
        const [name, params] = Object.entries(call)[0]!
        return { name, args: firstAllowedOfEach(params) }
      })
      const mutated = random() < mutatedShare
      if (mutated) mutate(calls, random)
      const question = questions.get(id)!
      entries.push({
        id,
        category,
        groundTruth: ground_truth,
        functions: question.functions,
        groundTruthText: lastField(line, 'ground_truth'),
        functionsText: question.text,
        calls,
        mutated,
      })
    }
  }
  return entries
}

/** The first allowed value of each key; `''` first means the key may be left out, and is. */
function firstAllowedOfEach(allowedByKey: Record<string, unknown[]>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [key, allowed] of Object.entries(allowedByKey)) if (allowed[0] !== '') values[key] = firstAllowed(allowed[0])
  return values
}

/** A value as a model would write it: inside a value, a dictionary's keys list their allowed values too (BFCL's ground truth). */
function firstAllowed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(firstAllowed)
  if (isPlainObject(value)) return firstAllowedOfEach(value as Record<string, unknown[]>)
  return value
}

/** The text of the last field of a one-line JSON object, untouched. */
function lastField(line: string, key: string): string {
  const marker = `"${key}": `
  return line.slice(line.indexOf(marker) + marker.length, line.lastIndexOf('}'))
}

function mutate(calls: BfclCorpusEntry['calls'], random: () => number): void {
  const call = calls[Math.floor(random() * calls.length)]!
  const keys = Object.keys(call.args)
  if (keys.length === 0 || random() < 0.2) {
    call.args.unexpected_argument = 1
    return
  }
  const key = keys[Math.floor(random() * keys.length)]!
  const value = call.args[key]
  call.args[key] = typeof value === 'string' ? `${value} (changed)` : typeof value === 'number' ? value + 1 : 'changed'
}

/** The answer as Python call text, as a model writes it. */
export function pythonText(calls: BfclCorpusEntry['calls']): string {
  const written = calls.map((call) => `${call.name}(${Object.entries(call.args).map(([k, v]) => `${k}=${formatPythonValue(v)}`).join(', ')})`)
  return `[${written.join(', ')}]`
}

/** How an episode line holds its prediction: JSON calls, Python call text, or the JSON text of the calls (a string). */
export type PredictionForm = 'json' | 'python' | 'json-text'

function prediction(calls: BfclCorpusEntry['calls'], predAs: PredictionForm): unknown {
  if (predAs === 'python') return pythonText(calls)
  const plain = toPlainValue(calls)
  return predAs === 'json' ? plain : JSON.stringify(plain)
}

/** Episode lines `{ id, pred, gold }` with the gold in its JSON form ($oneOf, $optional). */
export function episodeLines(entries: readonly BfclCorpusEntry[], predAs: PredictionForm): string[] {
  return entries.map((entry) =>
    JSON.stringify({
      id: entry.id,
      pred: prediction(entry.calls, predAs),
      gold: goldToJSON(bfclGold(entry.groundTruth)),
    }),
  )
}

/** bfcl-check lines `{ id, category, model_output, functions, ground_truth }`. */
export function bfclCheckLines(entries: readonly BfclCorpusEntry[]): string[] {
  return entries.map(
    (entry) =>
      `{"id": ${JSON.stringify(entry.id)}, "category": ${JSON.stringify(entry.category)}, ` +
      `"model_output": ${JSON.stringify(pythonText(entry.calls))}, ` +
      `"functions": ${entry.functionsText}, "ground_truth": ${entry.groundTruthText}}`,
  )
}

export { BFCL_DATA }
