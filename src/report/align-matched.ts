import { isPlainObject } from '../calls/plain-value'
import type { AcceptsValue } from '../compare/accepts-value'
import { isThenable } from '../compare/compare-value'
import { setOwnEntry } from '../compare/gold-node'
import { isAsymmetricMatcher, isOneOf, isOptional, type AsymmetricMatcher } from '../compare/gold-values'
import { checkSchema, partSchema, type ValueSchema } from '../compare/value-schema'

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

/** The schema the tool declares for a part of an argument, so that a value the gold takes and the schema refuses is shown as a difference. */
export interface Declared {
  schema: ValueSchema
  canonicalize: (text: string) => string
}

function fitsDeclared(pred: unknown, declared: Declared | undefined): boolean {
  return declared === undefined || checkSchema(declared.schema, pred, declared.canonicalize) === undefined
}

function declaredPart(declared: Declared | undefined, step: string | number): Declared | undefined {
  if (declared === undefined) return undefined
  const schema = partSchema(declared.schema, step)
  return schema === undefined ? undefined : { schema, canonicalize: declared.canonicalize }
}

/**
 * A gold value for a nested diff: each part of it that `accepts` takes the predicted value in
 * place of replaced by that value, so the diff marks only what differs (as Jest does for its
 * own asymmetric matchers), and an `optional()` key the prediction leaves out dropped. With
 * the score's comparison, a string its canonicalizer makes alike is no difference either. A
 * marker that does not accept stays, and prints as written: `oneOf("a", "b")`; so does a part the
 * gold takes where the tool's schema, `declared`, refuses the predicted value.
 */
export function alignMatched(gold: unknown, pred: unknown, accepts: AcceptsValue = matchersOnly, declared?: Declared): unknown {
  if (accepts(gold, pred) && fitsDeclared(pred, declared)) return pred
  if (isAsymmetricMatcher(gold)) return gold
  if (Array.isArray(gold) && Array.isArray(pred)) return alignedList(gold, pred, accepts, declared)
  if (!isPlainObject(gold) || !isPlainObject(pred)) return gold
  const aligned: Record<string, unknown> = {}
  for (const key of Object.keys(gold)) {
    const value = gold[key]
    if (Object.hasOwn(pred, key)) setOwnEntry(aligned, key, alignMatched(value, pred[key], accepts, declaredPart(declared, key)))
    else if (!(isAsymmetricMatcher(value) && matcherAccepts(value, undefined))) setOwnEntry(aligned, key, value)
  }
  return aligned
}

/** Cells of the table that lines up two lists' items: past it, items line up by place, as a message must stay quick to build. */
const MAX_ALIGNED_CELLS = 4096

/**
 * A gold list for a nested diff: its items that `accepts` takes in order (the longest such run,
 * so that an item the model added or left out does not shift the rest out of line) replaced by
 * the predicted ones, and those between paired in turn with the predicted ones between, as the
 * diff shows them changed. Two lists of one length, which the score compares item by item, stand
 * item beside item unless the run takes more of them than their places do, counting away from its
 * place only an item the gold names: a matcher that takes the item beside the next would otherwise
 * show a wrong item as agreeing, and the one it takes as added.
 */
function alignedList(gold: readonly unknown[], pred: readonly unknown[], accepts: AcceptsValue, declared: Declared | undefined): unknown[] {
  const partners = itemPartners(gold, pred, (g, p) => Object.is(g, p) || accepts(g, p), namesItself)
  return gold.map((item, i) => (partners[i]! >= 0 ? alignMatched(item, pred[partners[i]!], accepts, declaredPart(declared, partners[i]!)) : item))
}

/**
 * Which predicted item each gold item stands beside in a diff (-1 for none): item beside item where the two lists
 * are of one length and lining them up in order takes no more of them, counting an item taken away from its place
 * only where `named` says the gold names it (a matcher takes many values, and its taking the item beside the next
 * tells nothing of a shift); else as partnersInOrder lines them up.
 */
export function itemPartners<T>(
  gold: readonly T[],
  pred: readonly T[],
  taken: (gold: T, pred: T) => boolean,
  named: (gold: T) => boolean = () => true,
): ArrayLike<number> {
  const inOrder = partnersInOrder(gold, pred, taken)
  if (gold.length !== pred.length) return inOrder
  let inPlace = 0
  let inOrderNamed = 0
  for (let i = 0; i < gold.length; i++) {
    if (taken(gold[i]!, pred[i]!)) inPlace++
    const partner = inOrder[i]!
    if (partner >= 0 && (partner === i || named(gold[i]!)) && taken(gold[i]!, pred[partner]!)) inOrderNamed++
  }
  return inPlace >= inOrderNamed ? gold.map((_, i) => i) : inOrder
}

/** Whether a gold value names the values it takes, with no matcher or predicate in it: a oneOf of values it names does. */
function namesItself(gold: unknown): boolean {
  if (isOneOf(gold)) return gold.alternatives.every(namesItself)
  if (isOptional(gold)) return gold.constrained && namesItself(gold.value)
  if (isAsymmetricMatcher(gold)) return false
  if (Array.isArray(gold)) return gold.every(namesItself)
  return !isPlainObject(gold) || Object.values(gold).every(namesItself)
}

/**
 * Which predicted item each gold item stands beside in a diff (-1 for none): those `taken` in
 * order, the longest such run, then those between paired in turn with the predicted ones between.
 * Past MAX_ALIGNED_CELLS, each beside the one at its place.
 */
export function partnersInOrder<T>(gold: readonly T[], pred: readonly T[], taken: (gold: T, pred: T) => boolean): Int32Array {
  if (gold.length * pred.length > MAX_ALIGNED_CELLS) return Int32Array.from(gold, (_, i) => (i < pred.length ? i : -1))
  const columns = pred.length + 1
  // longest[g * columns + p]: the longest run within gold[g..] and pred[p..].
  const longest = new Int32Array((gold.length + 1) * columns)
  const pairs = new Uint8Array(gold.length * pred.length)
  for (let g = gold.length - 1; g >= 0; g--) {
    for (let p = pred.length - 1; p >= 0; p--) {
      const both = taken(gold[g]!, pred[p]!)
      pairs[g * pred.length + p] = both ? 1 : 0
      longest[g * columns + p] = both ? longest[(g + 1) * columns + p + 1]! + 1 : Math.max(longest[(g + 1) * columns + p]!, longest[g * columns + p + 1]!)
    }
  }
  const partners = new Int32Array(gold.length).fill(-1)
  for (let g = 0, p = 0; g < gold.length && p < pred.length; ) {
    if (pairs[g * pred.length + p] === 1 && longest[g * columns + p] === longest[(g + 1) * columns + p + 1]! + 1) partners[g++] = p++
    else if (longest[(g + 1) * columns + p]! >= longest[g * columns + p + 1]!) g++
    else p++
  }
  // Between two items taken, the rest pair in turn.
  let predAt = 0
  for (let g = 0; g < gold.length; ) {
    if (partners[g]! >= 0) {
      predAt = partners[g++]! + 1
      continue
    }
    let next = g
    while (next < gold.length && partners[next]! < 0) next++
    const predEnd = next < gold.length ? partners[next]! : pred.length
    for (; g < next; g++, predAt++) if (predAt < predEnd) partners[g] = predAt
  }
  return partners
}

/**
 * An aligned gold with the keys put back that the score took out of the prediction as filled-in defaults (`compared`
 * is the prediction without them), so that the diff shows them agreeing, as the score counts them left out. A list
 * has them put back item by item where it is as long as the prediction, as its items are then beside each other.
 */
export function withFilledDefaults(aligned: unknown, pred: unknown, compared: unknown): unknown {
  if (compared === pred) return aligned
  if (Array.isArray(aligned) && Array.isArray(pred) && Array.isArray(compared)) {
    return aligned.length === pred.length && compared.length === pred.length ? aligned.map((item, i) => withFilledDefaults(item, pred[i], compared[i])) : aligned
  }
  if (!isPlainObject(aligned) || !isPlainObject(pred) || !isPlainObject(compared)) return aligned
  const restored: Record<string, unknown> = {}
  for (const key of Object.keys(aligned)) {
    setOwnEntry(restored, key, Object.hasOwn(pred, key) && Object.hasOwn(compared, key) ? withFilledDefaults(aligned[key], pred[key], compared[key]) : aligned[key])
  }
  for (const key of Object.keys(pred)) if (!Object.hasOwn(compared, key) && !Object.hasOwn(aligned, key)) setOwnEntry(restored, key, pred[key])
  return restored
}
