import { isPlainObject } from '../calls/plain-value'
import type { AcceptsValue } from '../compare/accepts-value'
import { isThenable } from '../compare/compare-value'
import { setOwnEntry } from '../compare/gold-node'
import { isAsymmetricMatcher, type AsymmetricMatcher } from '../compare/gold-values'

function matcherAccepts(matcher: AsymmetricMatcher, value: unknown): boolean {
  try {
    const matched: unknown = matcher.asymmetricMatch(value)
    return Boolean(matched) && !isThenable(matched)
  } catch {
    return false
  }
}

/** Without the score's comparison, only a matcher's or marker's own: markers then accept exactly, as a diff of plain values compares them. */
const matchersOnly: AcceptsValue = (gold, pred) => isAsymmetricMatcher(gold) && matcherAccepts(gold, pred)

/**
 * A gold value for a nested diff: each part of it that `accepts` takes the predicted value in
 * place of replaced by that value, so the diff marks only what differs (as Jest does for its
 * own asymmetric matchers), and an `optional()` key the prediction leaves out dropped. With
 * the score's comparison, a string its canonicalizer makes alike is no difference either. A
 * marker that does not accept stays, and prints as written: `oneOf("a", "b")`.
 */
export function alignMatched(gold: unknown, pred: unknown, accepts: AcceptsValue = matchersOnly): unknown {
  if (accepts(gold, pred)) return pred
  if (isAsymmetricMatcher(gold)) return gold
  if (Array.isArray(gold) && Array.isArray(pred)) return gold.map((item, i) => (i < pred.length ? alignMatched(item, pred[i], accepts) : item))
  if (!isPlainObject(gold) || !isPlainObject(pred)) return gold
  const aligned: Record<string, unknown> = {}
  for (const key of Object.keys(gold)) {
    const value = gold[key]
    if (Object.hasOwn(pred, key)) setOwnEntry(aligned, key, alignMatched(value, pred[key], accepts))
    else if (!(isAsymmetricMatcher(value) && matcherAccepts(value, undefined))) setOwnEntry(aligned, key, value)
  }
  return aligned
}
