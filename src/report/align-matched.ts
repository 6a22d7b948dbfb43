import { isPlainObject } from '../calls/plain-value'
import { isThenable } from '../compare/compare-value'
import { setOwnEntry } from '../compare/gold-node'
import { isAsymmetricMatcher, type AsymmetricMatcher } from '../compare/gold-values'

function accepts(matcher: AsymmetricMatcher, value: unknown): boolean {
  try {
    const matched: unknown = matcher.asymmetricMatch(value)
    return Boolean(matched) && !isThenable(matched)
  } catch {
    return false
  }
}

/**
 * A gold value for a nested diff: each marker or matcher that accepts the predicted value in its
 * place replaced by that value, so the diff marks only what differs (as Jest does for its own
 * asymmetric matchers), and an `optional()` key the prediction leaves out dropped. A marker that
 * does not accept stays, and prints as written: `oneOf("a", "b")`. Markers accept exactly here,
 * as a nested diff of plain values compares them.
 */
export function alignMatched(gold: unknown, pred: unknown): unknown {
  if (isAsymmetricMatcher(gold)) return accepts(gold, pred) ? pred : gold
  if (Array.isArray(gold) && Array.isArray(pred)) return gold.map((item, i) => (i < pred.length ? alignMatched(item, pred[i]) : item))
  if (!isPlainObject(gold) || !isPlainObject(pred)) return gold
  const aligned: Record<string, unknown> = {}
  for (const key of Object.keys(gold)) {
    const value = gold[key]
    if (Object.hasOwn(pred, key)) setOwnEntry(aligned, key, alignMatched(value, pred[key]))
    else if (!(isAsymmetricMatcher(value) && accepts(value, undefined))) setOwnEntry(aligned, key, value)
  }
  return aligned
}
