import { isPlainObject } from '../calls/plain-value'
import { setOwnEntry } from '../compare/gold-node'
import { isAsymmetricMatcher } from '../compare/gold-values'
import { cutApart, drawnAlike, printStringsApart } from '../compare/print-value'
import { startOf } from '../calls/text-excerpt'

/** Characters of a string inside a nested diff shown before it is cut, about a line of a terminal. */
const SHOWN = 100

function cutAlone(text: string): string {
  return text.length <= SHOWN ? text : `${startOf(text, SHOWN)}…`
}

/**
 * A nested diff's two sides with their long strings cut: two strings at the same place around
 * where they first differ, as a top-level string is shown, and any other to its start. So a
 * long text differing in one word takes a line each side, not two pages.
 */
export function longStringsCut(gold: unknown, pred: unknown): [unknown, unknown] {
  if (typeof gold === 'string' && typeof pred === 'string') {
    if (gold === pred) return [cutAlone(gold), cutAlone(pred)]
    const shown: [string, string] = gold.length <= SHOWN && pred.length <= SHOWN ? [gold, pred] : cutApart(gold, pred, SHOWN)
    if (!drawnAlike(shown[0], shown[1])) return shown
    // Drawn alike (é composed or not, a ligature and its letters): printed as printInline prints them, with escapes.
    const [printedGold, printedPred] = printStringsApart(gold, pred, SHOWN)
    return [printedAsIs(printedGold), printedAsIs(printedPred)]
  }
  // A matcher prints as written, its arguments as the runner prints them.
  if (isAsymmetricMatcher(gold)) return [gold, cutIn(pred)]
  if (Array.isArray(gold) && Array.isArray(pred)) {
    // Each place cut once for both sides: cut twice, a deep value would be walked 2^depth times.
    const both = Math.min(gold.length, pred.length)
    const cutGold: unknown[] = []
    const cutPred: unknown[] = []
    for (let i = 0; i < both; i++) [cutGold[i], cutPred[i]] = longStringsCut(gold[i], pred[i])
    for (let i = both; i < gold.length; i++) cutGold[i] = cutIn(gold[i])
    for (let i = both; i < pred.length; i++) cutPred[i] = cutIn(pred[i])
    return [cutGold, cutPred]
  }
  if (isPlainObject(gold) && isPlainObject(pred)) {
    const cutGold: Record<string, unknown> = {}
    const cutPred: Record<string, unknown> = {}
    const shared = new Map<string, [unknown, unknown]>()
    const keyShown = keysCut([...Object.keys(gold), ...Object.keys(pred)])
    for (const key of Object.keys(gold)) if (Object.hasOwn(pred, key)) shared.set(key, longStringsCut(gold[key], pred[key]))
    for (const key of Object.keys(gold)) setOwnEntry(cutGold, keyShown(key), shared.has(key) ? shared.get(key)![0] : cutIn(gold[key]))
    for (const key of Object.keys(pred)) setOwnEntry(cutPred, keyShown(key), shared.has(key) ? shared.get(key)![1] : cutIn(pred[key]))
    return [cutGold, cutPred]
  }
  return [cutIn(gold), cutIn(pred)]
}

/**
 * An object's keys as a diff shows them: a long one cut to its start, as a long string is, unless
 * two keys of the object would then read the same, when none is cut: an entry must not overwrite another.
 */
function keysCut(keys: readonly string[]): (key: string) => string {
  if (keys.every((key) => key.length <= SHOWN)) return (key) => key
  const distinct = new Set(keys)
  const cut = new Set<string>()
  for (const key of distinct) {
    const shown = cutAlone(key)
    if (cut.has(shown) || (shown !== key && distinct.has(shown))) return (key) => key
    cut.add(shown)
  }
  return cutAlone
}

/**
 * About the length of a value written as JSON once its long strings and keys are cut, or more
 * than `bound` as soon as it is found to be: so a vast value is not walked whole to learn it is vast.
 */
export function cutLengthWithin(value: unknown, bound: number): number {
  let length = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && length <= bound) {
    const item = stack.pop()
    if (typeof item === 'string') length += Math.min(item.length, SHOWN + 1) + 2
    else if (Array.isArray(item)) {
      length += 2 + item.length
      for (let i = 0; i < item.length && i <= bound; i++) stack.push(item[i])
    } else if (isPlainObject(item)) {
      for (const key of Object.keys(item)) {
        length += Math.min(key.length, SHOWN + 1) + 4
        stack.push(item[key])
        if (length > bound) break
      }
    } else length += String(item).length
  }
  return stack.length > 0 ? Math.max(length, bound + 1) : length
}

/** A value pretty-format prints as this text, written out already: its escapes are not escaped again. */
function printedAsIs(text: string): object {
  return { $$typeof: Symbol.for('jest.asymmetricMatcher'), asymmetricMatch: () => false, toString: () => 'Printed', toAsymmetricMatcher: () => text }
}

/** A value with each long string in it, and each long key, cut to its start. */
function cutIn(value: unknown): unknown {
  if (typeof value === 'string') return cutAlone(value)
  if (isAsymmetricMatcher(value)) return value
  if (Array.isArray(value)) return value.map(cutIn)
  if (!isPlainObject(value)) return value
  const cut: Record<string, unknown> = {}
  const keys = Object.keys(value)
  const keyShown = keysCut(keys)
  for (const key of keys) setOwnEntry(cut, keyShown(key), cutIn(value[key]))
  return cut
}
