import { isPlainObject } from '../calls/plain-value'
import { setOwnEntry } from '../compare/gold-node'
import { isAsymmetricMatcher, RUNNERS_MATCHER } from '../compare/gold-values'
import { cutApart, differsPastWindows, drawnAlike, printStringsApart } from '../compare/print-value'
import { childPath } from '../calls/path'
import { startOf } from '../calls/text-excerpt'
import { partnersInOrder } from './align-matched'

function cutAlone(text: string, shown: number): string {
  return text.length <= shown ? text : `${startOf(text, shown)}…`
}

/**
 * A nested diff's two sides with their strings longer than `shown` (a message's: about a line of a
 * terminal) cut: two strings at the same place around where they first differ, as a top-level
 * string is shown, and any other to its start. So a long text differing in one word takes a line
 * each side, not two pages. The paths of two strings that differ again past what is shown are
 * added to `differsFurther`, from `path`.
 */
export function longStringsCut(gold: unknown, pred: unknown, shown: number, differsFurther?: string[], path = ''): [unknown, unknown] {
  if (typeof gold === 'string' && typeof pred === 'string') {
    if (gold === pred) return [cutAlone(gold, shown), cutAlone(pred, shown)]
    if (differsFurther !== undefined && differsPastWindows(gold, pred, shown)) differsFurther.push(path)
    const apart: [string, string] = gold.length <= shown && pred.length <= shown ? [gold, pred] : cutApart(gold, pred, shown)
    if (!drawnAlike(apart[0], apart[1])) return apart
    // Drawn alike (é composed or not, a ligature and its letters): printed as printInline prints them, with escapes.
    const [printedGold, printedPred] = printStringsApart(gold, pred, shown)
    return [printedAsIs(printedGold), printedAsIs(printedPred)]
  }
  // A matcher prints as written, its arguments as the runner prints them.
  if (isAsymmetricMatcher(gold)) return [gold, cutIn(pred, shown)]
  if (Array.isArray(gold) && Array.isArray(pred)) {
    // Items side by side as the gold was aligned (alignMatched: an item taken is the predicted one itself), so an
    // item added or left out does not set the rest against other items.
    const partners = partnersInOrder(gold, pred, Object.is)
    const cutGold: unknown[] = []
    const cutPred: unknown[] = []
    // Each place cut once for both sides: cut twice, a deep value would be walked 2^depth times.
    for (let i = 0; i < gold.length; i++) {
      const partner = partners[i]!
      if (partner < 0) cutGold[i] = cutIn(gold[i], shown)
      else [cutGold[i], cutPred[partner]] = longStringsCut(gold[i], pred[partner], shown, differsFurther, differsFurther && childPath(path, i))
    }
    for (let i = 0; i < pred.length; i++) if (!(i in cutPred)) cutPred[i] = cutIn(pred[i], shown)
    return [cutGold, cutPred]
  }
  if (isPlainObject(gold) && isPlainObject(pred)) {
    const cutGold: Record<string, unknown> = {}
    const cutPred: Record<string, unknown> = {}
    const shared = new Map<string, [unknown, unknown]>()
    const keyShown = keysCut([...Object.keys(gold), ...Object.keys(pred)], shown)
    for (const key of Object.keys(gold)) {
      if (Object.hasOwn(pred, key)) shared.set(key, longStringsCut(gold[key], pred[key], shown, differsFurther, differsFurther && childPath(path, key)))
    }
    for (const key of Object.keys(gold)) setOwnEntry(cutGold, keyShown(key), shared.has(key) ? shared.get(key)![0] : cutIn(gold[key], shown))
    for (const key of Object.keys(pred)) setOwnEntry(cutPred, keyShown(key), shared.has(key) ? shared.get(key)![1] : cutIn(pred[key], shown))
    return [cutGold, cutPred]
  }
  return [cutIn(gold, shown), cutIn(pred, shown)]
}

/**
 * An object's keys as a diff shows them: a long one cut to its start, as a long string is, unless
 * two keys of the object would then read the same, when none is cut: an entry must not overwrite another.
 */
function keysCut(keys: readonly string[], shown: number): (key: string) => string {
  if (keys.every((key) => key.length <= shown)) return (key) => key
  const distinct = new Set(keys)
  // Every key as shown, cut or not: a clash is found whichever of the two keys comes first.
  const keysShown = new Set<string>()
  for (const key of distinct) {
    const keyShown = cutAlone(key, shown)
    if (keysShown.has(keyShown)) return (key) => key
    keysShown.add(keyShown)
  }
  return (key) => cutAlone(key, shown)
}

/**
 * About the length of a value written as JSON once its strings and keys longer than `shown` are cut, or more
 * than `bound` as soon as it is found to be: so a vast value is not walked whole to learn it is vast.
 */
export function cutLengthWithin(value: unknown, bound: number, shown: number): number {
  let length = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && length <= bound) {
    const item = stack.pop()
    if (typeof item === 'string') length += Math.min(item.length, shown + 1) + 2
    else if (Array.isArray(item)) {
      length += 2 + item.length
      for (let i = 0; i < item.length && i <= bound; i++) stack.push(item[i])
    } else if (isPlainObject(item)) {
      for (const key of Object.keys(item)) {
        length += Math.min(key.length, shown + 1) + 4
        stack.push(item[key])
        if (length > bound) break
      }
    } else length += String(item).length
  }
  return stack.length > 0 ? Math.max(length, bound + 1) : length
}

/** A value pretty-format prints as this text, written out already: its escapes are not escaped again. */
function printedAsIs(text: string): object {
  return { $$typeof: RUNNERS_MATCHER, asymmetricMatch: () => false, toString: () => 'Printed', toAsymmetricMatcher: () => text }
}

/** A value with each long string in it, and each long key, cut to its start. */
function cutIn(value: unknown, shown: number): unknown {
  if (typeof value === 'string') return cutAlone(value, shown)
  if (isAsymmetricMatcher(value)) return value
  if (Array.isArray(value)) return value.map((item) => cutIn(item, shown))
  if (!isPlainObject(value)) return value
  const cut: Record<string, unknown> = {}
  const keys = Object.keys(value)
  const keyShown = keysCut(keys, shown)
  for (const key of keys) setOwnEntry(cut, keyShown(key), cutIn(value[key], shown))
  return cut
}
