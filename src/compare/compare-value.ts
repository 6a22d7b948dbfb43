import { whyFailed } from './canonicalizers'
import { canonicalOf, type GoldNode } from './gold-node'
import { type LazyPath, lazyChild, spellPath, thrownText } from '../calls/path'
import { arrayContainingMiss, containingMisses, printExpected } from './containing-miss'
import { describeMatcher } from './gold-values'
import { type CanonicalForm, describeKind, MAX_STRING, printDrawnApart, printStringsApart, printValue, valuesDrawnAlike } from './print-value'
import { isRecord } from '../calls/plain-value'
import { undecidedValue } from './undecided'

/** A oneOf's alternatives beside what was received; an alternative and the prediction drawn alike (a Cyrillic а for a Latin a) print in escapes. */
function oneOfReason(alternatives: readonly GoldNode[], pred: unknown): string {
  let options = ''
  let predAlike = false
  for (const alternative of alternatives) {
    const raw = alternative.raw
    const alike = valuesDrawnAlike(raw, pred)
    predAlike ||= alike
    options += `${options === '' ? '' : ', '}${alike ? printDrawnApart(raw as string, pred as string) : printAlternative(alternative)}`
  }
  return `expected one of ${options}; received ${predAlike ? printDrawnApart(pred as string, firstDrawnAlike(alternatives, pred)) : printValue(pred)}`
}

/**
 * An alternative as an author writes it: one that holds markers is printed from its nodes, so that gold read in its
 * JSON form (`{ "$optional": [2] }`) prints as `goldFromJSON` of it does (`optional(2)`).
 */
function printAlternative(node: GoldNode): string {
  switch (node.kind) {
    case 'list':
      return node.plain ? printValue(node.raw) : `[${node.items.map(printAlternative).join(', ')}]`
    case 'object':
      return node.plain ? printValue(node.raw) : `{${node.keys.map((key, i) => `${JSON.stringify(key)}: ${printAlternative(node.values[i]!)}`).join(', ')}}`
    case 'oneOf':
      return `oneOf(${node.alternatives.map(printAlternative).join(', ')})`
    case 'optional':
      return `optional(${node.inner === undefined ? '' : printAlternative(node.inner)})`
    default:
      return printValue(node.raw)
  }
}

/** The first alternative drawn alike the prediction, asked only where one is. */
function firstDrawnAlike(alternatives: readonly GoldNode[], pred: unknown): string {
  return alternatives.find(({ raw }) => valuesDrawnAlike(raw, pred))!.raw as string
}

/** Where, inside one argument, a predicted value differed from the gold, and how. */
export interface Mismatch {
  path: string
  reason: string
}

/** A runner's custom equality tester (Jest and Vitest share this shape). */
export type Tester = (
  this: TesterContext,
  received: unknown,
  expected: unknown,
  customTesters: Tester[],
) => boolean | undefined

export interface TesterContext {
  equals(a: unknown, b: unknown, customTesters?: Tester[], strictCheck?: boolean): boolean
}

export interface ValueContext {
  /** Canonical form of a predicted string (memoised by the caller). */
  canonicalize(s: string): string
  /** The runner's custom testers, consulted before our own rules when given. */
  testers?: { context: TesterContext; list: Tester[] }
}

/** What a comparison made only to rank pairs returns on failure; no path or reason is built. */
const FAILED: Mismatch = Object.freeze({ path: '', reason: '' })

/**
 * A mismatch at `path`. Callers write `path === null ? FAILED : mismatchAt(path, reason)`, so a
 * ranking comparison never builds the reason; a closure for it would make every call of
 * compareValue allocate a context for the variables it captures.
 */
function mismatchAt(path: LazyPath, reason: string): Mismatch {
  return { path: spellPath(path), reason }
}

/** With `canonical`, long strings are cut around the difference it does not read alike. */
function expectedReceived(node: GoldNode, pred: unknown, canonical?: CanonicalForm): string {
  if (typeof node.raw === 'string' && typeof pred === 'string') {
    const [expected, received] = printStringsApart(node.raw, pred, MAX_STRING, canonical)
    return `expected ${expected}, received ${received}`
  }
  return `expected ${printValue(node.raw)}, received ${printValue(pred)}`
}

/** Why a predicted value differs from a gold string, number, boolean or null. */
function scalarReason(node: GoldNode, pred: unknown, canonical?: CanonicalForm): string {
  if (node.kind === 'string' && typeof pred !== 'string') return `expected a string, received ${printValue(pred)}`
  if (node.kind === 'number' && typeof pred !== 'number') return `expected a number, received ${printValue(pred)}`
  return expectedReceived(node, pred, canonical)
}

/** A predicted string the author's canonicalizer failed on is wrong for that, and says so: its text may well look right. */
function stringReason(node: GoldNode, pred: string, canonical: string, canonicalize: CanonicalForm): string {
  const reason = scalarReason(node, pred, canonicalize)
  const why = whyFailed(canonical)
  return why === undefined ? reason : `${reason}; ${why}`
}

function runTesters(node: GoldNode, pred: unknown, ctx: ValueContext): boolean | undefined {
  const testers = ctx.testers
  if (testers === undefined) return undefined
  for (const tester of testers.list) {
    const verdict = tester.call(testers.context, pred, node.raw, testers.list)
    if (verdict !== undefined) return verdict
  }
  return undefined
}

/**
 * Compares a predicted value with a compiled gold value (README: Gold values). Returns undefined
 * when it matches. With `path` null, only whether it matched is computed (for ranking pairs);
 * with a path, the mismatch says where and why. The path is spelled only for a mismatch.
 */
export function compareValue(node: GoldNode, pred: unknown, ctx: ValueContext, path: LazyPath | null): Mismatch | undefined {
  switch (node.kind) {
    case 'oneOf': {
      // A predicted string is canonicalised once for all the string alternatives, with no memo needed for it.
      let canonicalPred: string | undefined
      for (const alternative of node.alternatives) {
        if (alternative.kind === 'string' && typeof pred === 'string' && ctx.testers === undefined) {
          if (pred === alternative.raw || (canonicalPred ??= ctx.canonicalize(pred)) === canonicalOf(alternative, ctx.canonicalize)) return undefined
          continue
        }
        if (compareValue(alternative, pred, ctx, null) === undefined) return undefined
      }
      if (path === null) return FAILED
      return mismatchAt(path, oneOfReason(node.alternatives, pred))
    }
    case 'optional':
      return node.inner === undefined ? undefined : compareValue(node.inner, pred, ctx, path)
    case 'satisfies': {
      let satisfied: unknown
      try {
        satisfied = node.predicate(pred)
      } catch (error) {
        if (undecidedValue()) return undefined
        return path === null ? FAILED : mismatchAt(path, `expected ${node.description}, but the predicate threw on ${printValue(pred)}: ${thrownText(error)}`)
      }
      if (isThenable(satisfied)) {
        if (undecidedValue()) return undefined
        return path === null ? FAILED : mismatchAt(path, `expected ${node.description}, but the predicate returned a promise: it must decide at once`)
      }
      // Truthy passes, as a runner's asymmetric matchers do: `v => v.match(/x/)` is a predicate too.
      // A missing `return` answers undefined: no verdict, so, as where it threw, the value is wrong with a reason saying why, and undecided under .not.
      if (satisfied === undefined) {
        if (undecidedValue()) return undefined
        return path === null ? FAILED : mismatchAt(path, `expected ${node.description}, but the predicate returned undefined on ${printValue(pred)} (does it lack a return?)`)
      }
      return satisfied ? undefined : path === null ? FAILED : mismatchAt(path, `expected ${node.description}, received ${printValue(pred)}`)
    }
    case 'matcher': {
      let matched: unknown
      try {
        // Vitest's matchers take the custom testers as an argument; Jest's read them from its state.
        matched = node.raw.asymmetricMatch(pred, ctx.testers?.list)
      } catch (error) {
        if (undecidedValue()) return undefined
        return path === null ? FAILED : mismatchAt(path, `expected ${describeMatcher(node.raw)}, but it threw on ${printValue(pred)}: ${thrownText(error)}`)
      }
      if (isThenable(matched)) {
        if (undecidedValue()) return undefined
        return path === null ? FAILED : mismatchAt(path, `expected ${describeMatcher(node.raw)}, but it returned a promise: it must decide at once`)
      }
      if (matched) return undefined
      if (path === null) return FAILED
      const miss = containingMisses(node.raw, pred, ctx.testers, { firstOnly: true, at: path })?.[0]
      if (miss !== undefined) {
        if (miss.missing) return mismatchAt(path, `missing key ${JSON.stringify(miss.key)}, expected ${printExpected(miss.expected)}`)
        return miss.within ?? mismatchAt(lazyChild(path, miss.key), miss.reason)
      }
      return mismatchAt(path, arrayContainingMiss(node.raw, pred, ctx.testers) ?? `expected ${describeMatcher(node.raw)}, received ${printValue(pred)}`)
    }
    default:
      break
  }

  const tested = runTesters(node, pred, ctx)
  if (tested !== undefined) return tested ? undefined : path === null ? FAILED : mismatchAt(path, `${expectedReceived(node, pred)} (by a custom equality tester)`)

  switch (node.kind) {
    case 'string': {
      if (typeof pred !== 'string') return path === null ? FAILED : mismatchAt(path, scalarReason(node, pred))
      // The same text needs no canonical form: the commonest match, and it costs a comparison of two strings.
      if (pred === node.raw) return undefined
      const canonical = ctx.canonicalize(pred)
      if (canonical === canonicalOf(node, ctx.canonicalize)) return undefined
      return path === null ? FAILED : mismatchAt(path, stringReason(node, pred, canonical, ctx.canonicalize))
    }
    case 'number':
    case 'boolean':
    case 'null':
      return pred === node.raw ? undefined : path === null ? FAILED : mismatchAt(path, scalarReason(node, pred))
    case 'list': {
      if (!Array.isArray(pred)) return path === null ? FAILED : mismatchAt(path, `expected a list, received ${describeKind(pred)}`)
      if (pred.length !== node.items.length) {
        return path === null ? FAILED : mismatchAt(path, `expected ${node.items.length} ${node.items.length === 1 ? 'item' : 'items'}, received ${pred.length}`)
      }
      for (let i = 0; i < node.items.length; i++) {
        // The item's path is built only once it is known to differ: most items match.
        if (compareValue(node.items[i]!, pred[i], ctx, null) === undefined) continue
        return path === null ? FAILED : compareValue(node.items[i]!, pred[i], ctx, lazyChild(path, i))
      }
      return undefined
    }
    case 'object': {
      if (!isRecord(pred)) return path === null ? FAILED : mismatchAt(path, `expected an object, received ${describeKind(pred)}`)
      let found = 0
      for (let i = 0; i < node.keys.length; i++) {
        const key = node.keys[i]!
        const value = node.values[i]!
        // Not ownValue: through a marker's asymmetricMatch, `pred` may be any object, holding undefined or inheriting getters.
        if (!Object.hasOwn(pred, key)) {
          if (value.kind === 'optional') continue
          return path === null ? FAILED : mismatchAt(path, missingKeyReason(key, pred))
        }
        found++
        if (compareValue(value, pred[key], ctx, null) === undefined) continue
        return path === null ? FAILED : compareValue(value, pred[key], ctx, lazyChild(path, key))
      }
      // Counted with for-in, which allocates no key list; inherited keys may add to it, and the own keys then decide.
      let keysCounted = 0
      for (const _ in pred) keysCounted++
      if (keysCounted === found) return undefined
      const predKeys = Object.keys(pred)
      if (predKeys.length === found) return undefined
      if (path === null) return FAILED
      return mismatchAt(path, `unexpected key ${JSON.stringify(firstNotIn(predKeys, node.keys))}`)
    }
  }
}

/** A key the prediction lacks, and the key it holds drawn alike in its place (a Cyrillic с for a Latin c), which a diff would print the same. */
function missingKeyReason(key: string, pred: Record<string, unknown>): string {
  for (const predKey of Object.keys(pred)) {
    if (valuesDrawnAlike(predKey, key)) return `missing key ${printDrawnApart(key, predKey)}; received ${printDrawnApart(predKey, key)}, drawn alike, in its place`
  }
  return `missing key ${JSON.stringify(key)}`
}

/** The first of `keys` that `known` lacks; a function of its own, as a closure over compareValue's node would cost every call a context. */
function firstNotIn(keys: readonly string[], known: readonly string[]): string | undefined {
  return keys.find((key) => !known.includes(key))
}

/** A promise, or anything awaitable: truthy, but no answer yet. */
export function isThenable(value: unknown): boolean {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
}
