/**
 * The BFCL data entries, and answers built from their gold as a model would give them:
 * the first allowed value of each parameter, or another one, in Python call text.
 */

import { bfclLines } from '../fixtures/bfcl-data'
import { parseTypedJson } from '../../src/bfcl/typed-json'
import { PyCall, formatPythonValue } from '../../src/calls/python-values'
import type { ToolCall } from '../../src/calls/tool-call'

export type GoldParams = Record<string, unknown[]>

export interface FunctionDoc {
  name: string
  parameters: { properties: Record<string, { type: string; items?: { type: string } }>; required?: string[] }
}

export interface DataEntry {
  id: string
  category: string
  functions: FunctionDoc[]
  ground_truth: Record<string, GoldParams>[]
}

export const PYTHON_CATEGORIES = ['simple_python', 'multiple', 'parallel', 'parallel_multiple'] as const

/** Every entry of a category, its question file joined with its possible-answer file. */
export function dataEntries(category: string): DataEntry[] {
  const questions = new Map<string, FunctionDoc[]>()
  for (const line of bfclLines(`BFCL_v4_${category}.json`)) {
    const question = parseTypedJson(line) as { id: string; function: FunctionDoc[] }
    questions.set(question.id, question.function)
  }
  return bfclLines(`possible_answer/BFCL_v4_${category}.json`).map((line) => {
    const gold = parseTypedJson(line) as { id: string; ground_truth: Record<string, GoldParams>[] }
    return { id: gold.id, category, functions: questions.get(gold.id)!, ground_truth: gold.ground_truth }
  })
}

export function dataEntry(id: string): DataEntry {
  const category = id.replace(/_\d+$/, '')
  const entry = dataEntries(category).find((candidate) => candidate.id === id)
  if (entry === undefined) throw new Error(`no entry ${id}`)
  return entry
}

export interface GoldCallView {
  name: string
  params: GoldParams
  doc: FunctionDoc
}

/** Each gold call with the doc it is checked against (the first doc for the simple categories). */
export function goldCalls(entry: DataEntry): GoldCallView[] {
  return entry.ground_truth.map((call) => {
    const [name, params] = Object.entries(call)[0]!
    const doc = entry.category.startsWith('simple') ? entry.functions[0]! : entry.functions.find((f) => f.name === name)!
    return { name, params, doc }
  })
}

/** A value the model would write for one allowed value: a dict's keys and a list of dicts' keys at their first allowed value. */
export function answerValue(allowed: unknown): unknown {
  if (isPlainObject(allowed)) {
    const value: Record<string, unknown> = {}
    for (const [key, keyAllowed] of Object.entries(allowed)) {
      const first = Array.isArray(keyAllowed) ? keyAllowed[0] : keyAllowed
      if (first !== '') value[key] = answerValue(first)
    }
    return value
  }
  if (Array.isArray(allowed) && allowed.length > 0 && allowed.every(isPlainObject)) return allowed.map(answerValue)
  return allowed
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** The allowed values an answer may use for a parameter: those the schema lets it give or leave out. */
export function usableAllowed(param: string, allowed: unknown[], doc: FunctionDoc): unknown[] {
  // A gold parameter that the schema lacks can only be left out (parallel_multiple_12, _26).
  if (!Object.hasOwn(doc.parameters.properties, param)) return allowed.filter((value) => value === '')
  // A parameter the schema requires cannot be left out, whatever the gold says (simple_python_200).
  if (doc.parameters.required?.includes(param)) return allowed.filter((value) => value !== '')
  return allowed
}

/** The answer built from the first usable allowed value of every parameter. */
export function firstAnswer(entry: DataEntry): ToolCall[] {
  return goldCalls(entry).map(({ name, params, doc }) => {
    const args: Record<string, unknown> = {}
    for (const [param, allowed] of Object.entries(params)) {
      const [first] = usableAllowed(param, allowed, doc)
      if (first !== undefined && first !== '') args[param] = answerValue(first)
    }
    return { name, args }
  })
}

/** Every answer that differs from the first answer in one parameter, by another usable allowed value. */
export function alternativeAnswers(entry: DataEntry): ToolCall[][] {
  const first = firstAnswer(entry)
  const answers: ToolCall[][] = []
  goldCalls(entry).forEach(({ params, doc }, callIndex) => {
    for (const [param, allowed] of Object.entries(params)) {
      for (const alternative of usableAllowed(param, allowed, doc).slice(1)) {
        const answer = first.map((call) => ({ name: call.name, args: { ...call.args } }))
        if (alternative === '') delete answer[callIndex]!.args[param]
        else answer[callIndex]!.args[param] = answerValue(alternative)
        answers.push(answer)
      }
    }
  })
  return answers
}

/** Calls as a model writes them: `[f(a=1), g(b='x')]`. */
export function pythonText(calls: readonly ToolCall[]): string {
  return `[${calls.map((call) => formatPythonValue(new PyCall(call.name, call.args, call.positional ?? []))).join(', ')}]`
}

/** All orders of 0..n-1 when there are at most `limit` of them, else `limit` of them drawn from a fixed seed. */
export function orders(n: number, limit = 24): number[][] {
  const all: number[][] = []
  const permute = (prefix: number[], rest: number[]): void => {
    if (all.length >= 5000) return
    if (rest.length === 0) all.push(prefix)
    rest.forEach((item, i) => permute([...prefix, item], [...rest.slice(0, i), ...rest.slice(i + 1)]))
  }
  permute([], Array.from({ length: n }, (_, i) => i))
  if (all.length <= limit) return all
  let seed = 12345
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  return Array.from({ length: limit }, () => all[Math.floor(random() * all.length)]!)
}
