import { isPlainObject } from '../calls/plain-value'
import { CANONICALIZER_NAMES, CANONICALIZER_FAILED, type Canonicalizer, type CanonicalizerName, canonicalForms } from '../compare/canonicalizers'
import type { Tester, TesterContext } from '../compare/compare-value'
import { EMPTY_GRAMMAR, type Grammar, readGrammar } from '../compare/grammar'
import { printValue } from '../compare/print-value'
import { didYouMean } from '../compare/nearest'
import { childPath, readingAt, thrownText } from '../calls/path'

export type Level = 'call' | 'arg'
export type Order = 'any' | 'strict' | 'turns'

/** A grammar of weights, or a list of tool schemas (OpenAI, Anthropic, Gemini, BFCL docs). */
export type GrammarInput =
  | { tools: Record<string, { importance?: number | undefined; args?: Record<string, { importance?: number | undefined }> | undefined }> }
  | { tools: readonly unknown[] }
  | readonly unknown[]
  /** An AI SDK tool set, as given to `generateText`, or written inline with an importance on a tool. */
  | Readonly<Record<string, { inputSchema: unknown; importance?: number | undefined; description?: unknown }>>

export interface MatchOptions {
  /** 'call' (default): a call is right or wrong as a whole. 'arg': every argument counts. */
  level?: Level | undefined
  /** 'any' (default): calls are a multiset. 'strict': pairs keep the order. 'turns': turns keep their order. */
  order?: Order | undefined
  /** How strings are compared: a function, or the name of one of `canonicalizers`. */
  canonicalizer?: Canonicalizer | CanonicalizerName | undefined
  /** How tool names are compared, as `canonicalizer`; exact by default (`'toolName'` folds case and reads `.` and `-` as `_`). */
  name?: Canonicalizer | CanonicalizerName | undefined
  grammar?: GrammarInput | undefined
}

export interface ResolvedMatchOptions {
  level: Level
  order: Order
  canonicalize: Canonicalizer
  canonicalizeName: Canonicalizer
  grammar: Grammar
  /** The runner's custom equality testers, when a matcher runs inside Jest or Vitest. */
  testers?: { context: TesterContext; list: Tester[] }
  /** Pairs exact calls first at either level: how toMatchToolCalls asks whether the gold is matched exactly. */
  exactFirst?: boolean
}

export const MATCH_OPTION_KEYS = ['level', 'order', 'canonicalizer', 'name', 'grammar'] as const

function oneOfValues<T extends string>(value: unknown, allowed: readonly T[], path: string): T | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  throw new TypeError(`${path}: expected ${allowed.map((a) => `'${a}'`).join(' or ')}, received ${printValue(value)}${didYouMean(value, allowed)}`)
}

/** How many forms for strings a canonicalizer failed on have been given, so that each is unlike any other. */
let failedForms = 0

/** Each author's canonicalizer wrapped once for each path that names it, so that a wrapper keeps its identity across scores. */
const checkedCanonicalizers = new Map<string, WeakMap<Canonicalizer, Canonicalizer>>()

/**
 * An author's canonicalizer, checked at each call. One that throws, as on model output it was not
 * written for, or returns no string, gives a form that matches nothing (CANONICALIZER_FAILED): the
 * prediction is graded wrong, never a crash, and gold is the author's TypeError naming the option.
 * So a missing `return`, which would have made every value alike, a silent pass, fails on the first gold string.
 */
function checkedCanonicalizer(canonicalize: Canonicalizer, path: string): Canonicalizer {
  let byFunction = checkedCanonicalizers.get(path)
  if (byFunction === undefined) checkedCanonicalizers.set(path, (byFunction = new WeakMap()))
  let checked = byFunction.get(canonicalize)
  if (checked === undefined) {
    checked = (text: string) => {
      let canonical: unknown
      try {
        canonical = canonicalize(text)
      } catch (error) {
        return `${CANONICALIZER_FAILED}${failedForms++}\u0000${path}: threw on ${printValue(text)}: ${thrownText(error)}`
      }
      if (typeof canonical === 'string') return canonical
      return `${CANONICALIZER_FAILED}${failedForms++}\u0000${path}: expected the function to return a string, received ${printValue(canonical)} for ${printValue(text)}`
    }
    byFunction.set(canonicalize, checked)
  }
  return checked
}

function readCanonicalizer(value: unknown, path: string): Canonicalizer | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'function') return checkedCanonicalizer(value as Canonicalizer, path)
  if (typeof value === 'string' && (CANONICALIZER_NAMES as readonly string[]).includes(value)) return canonicalForms[value as CanonicalizerName]
  const names = CANONICALIZER_NAMES.map((name) => `'${name}'`).join(', ')
  throw new TypeError(`${path}: expected a function (s: string) => string or ${names}, received ${printValue(value)}${didYouMean(value, CANONICALIZER_NAMES)}`)
}

/**
 * Checks that options are an object of options (a plain object: not a list, a Date or a class
 * instance, whose keys would read as options or be none), then its keys; an error names the path.
 */
export function checkOptions(options: unknown, allowed: readonly string[], path: string): asserts options is object {
  if (!isPlainObject(options)) throw new TypeError(`${path}: expected an object of options, received ${printValue(options)}`)
  readingAt(path, () => checkOptionKeys(options, allowed, path))
}

/** Throws a TypeError for a key that is not an option, suggesting the nearest one. */
export function checkOptionKeys(options: object, allowed: readonly string[], path: string): void {
  // for-in allocates no key list (options are checked at every score); an inherited key is not an option given.
  for (const key in options) {
    if (allowed.includes(key) || !Object.hasOwn(options, key)) continue
    throw new TypeError(`${childPath(path, key)}: unknown option${didYouMean(key, allowed)}; the options are ${allowed.join(', ')}`)
  }
}

/** An option that is true, false or not given (false); anything else throws a TypeError naming it. */
export function readFlag(options: Record<string, unknown>, key: string, path = 'options'): boolean {
  const value = options[key]
  if (value === undefined) return false
  if (typeof value !== 'boolean') throw new TypeError(`${path}.${key}: expected true or false, received ${printValue(value)}`)
  return value
}

/** Checks and resolves the matching options; keys were checked by the caller, which knows all of its own. */
export function resolveMatchOptions(options: MatchOptions, path = 'options'): ResolvedMatchOptions {
  return readingAt(path, () => resolve(options, path))
}

function resolve(options: MatchOptions, path: string): ResolvedMatchOptions {
  const canonicalize = readCanonicalizer(options.canonicalizer, `${path}.canonicalizer`) ?? canonicalForms.default
  const canonicalizeName = readCanonicalizer(options.name, `${path}.name`) ?? canonicalForms.exact
  return {
    level: oneOfValues(options.level, ['call', 'arg'], `${path}.level`) ?? 'call',
    order: oneOfValues(options.order, ['any', 'strict', 'turns'], `${path}.order`) ?? 'any',
    canonicalize,
    canonicalizeName,
    grammar:
      options.grammar === undefined
        ? EMPTY_GRAMMAR
        : readGrammar(options.grammar, canonicalizeName, `${path}.grammar`),
  }
}
