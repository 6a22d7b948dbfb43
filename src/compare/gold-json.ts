import { type Gold, isTupleCall } from './gold-calls'
import { endGoldCount, misplacedJsonOptional, setOwnEntry, spendGoldValues, startGoldCount, tooManyGoldValues } from './gold-node'
import { childPath, unreadableAt } from '../calls/path'
import { isAsymmetricMatcher, isOneOf, isOptional, isSatisfies, type OneOf, oneOfList, type Optional, optional } from './gold-values'
import { printValue } from './print-value'
import { hasMarkerBesideOthers, markerKeyOf, readJsonMarker } from './json-marker'
import { isPlainObject } from '../calls/plain-value'
import { PyFloat } from '../calls/python-values'
import { firstHole } from '../calls/list-indices'
import { MAX_DEPTH } from '../calls/limits'

function mapRecord(record: Record<string, unknown>, map: (value: unknown, key: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(record)) setOwnEntry(out, key, map(record[key], key))
  return out
}

/**
 * Gold as JSON: `oneOf(a, b)` becomes `{ "$oneOf": [a, b] }`, `optional(v)` `{ "$optional": [v] }`,
 * `optional()` `{ "$optional": [] }`. Predicates and matchers have no JSON form: a TypeError names them.
 */
export function goldToJSON(gold: unknown, path = 'gold'): unknown {
  const outer = startGoldCount()
  try {
    return toJSON(gold, path, [], true)
  } catch (error) {
    throw unreadableAt(path, error, 'the gold')
  } finally {
    endGoldCount(outer)
  }
}

/** Gold converted is bounded as gold read is: a part held in many places is converted wherever it stands. */
function countValues(count: number, path: string | (() => string)): void {
  if (!spendGoldValues(count)) throw tooManyGoldValues(typeof path === 'string' ? path : path())
}

/**
 * Nesting that gold cannot reach (its values are read to MAX_DEPTH levels, under a few levels of
 * calls, turns and markers): past it, the stack is spared rather than a value refused.
 */
const NESTING_BOUND = 4 * MAX_DEPTH

/** Throws where `value` is among its own ancestors, or deeper than gold can be; the path is spelt only then. */
function refuseNesting(value: object, ancestors: readonly object[], path: string | (() => string)): void {
  const cycle = ancestors.includes(value)
  if (!cycle && ancestors.length <= NESTING_BOUND) return
  const where = typeof path === 'string' ? path : path()
  throw new TypeError(cycle ? `${where}: a cycle: the value contains itself` : `${where}: nested deeper than ${NESTING_BOUND} levels`)
}

/** `asCall`: the value stands where gold has a call (or a list of calls or turns), whose args, arguments or id left undefined are absent. */
function toJSON(gold: unknown, path: string, ancestors: object[], asCall: boolean): unknown {
  if (isOneOf(gold) || isOptional(gold)) {
    // A marker is a level of nesting, as it is where gold is read and as its JSON form is: a chain of them is bounded too.
    refuseNesting(gold, ancestors, path)
    // oneOf() gives it a list; a marker of another copy of the package, whose fields may differ, is refused as reading gold refuses it.
    if (isOneOf(gold) && (!Array.isArray(gold.alternatives) || gold.alternatives.length === 0)) throw new TypeError(`${path}: oneOf() needs at least one alternative`)
    ancestors.push(gold)
    if (isOneOf(gold)) countValues(gold.alternatives.length, path)
    const json = isOneOf(gold)
      ? { $oneOf: gold.alternatives.map((alt, i) => toJSON(alt, `${path}.oneOf[${i}]`, ancestors, false)) }
      : { $optional: gold.constrained ? [toJSON(gold.value, `${path}.optional`, ancestors, false)] : [] }
    ancestors.pop()
    return json
  }
  if (isSatisfies(gold) || isAsymmetricMatcher(gold) || typeof gold === 'function') throw noJsonForm(gold, path)
  // JSON has one kind of number; gold reads a float of BFCL's typed JSON as its number too.
  if (gold instanceof PyFloat) return gold.value
  // What JSON.stringify would write as null or leave out reads back as other gold: refused here, as reading such gold refuses it.
  if (gold === undefined) throw new TypeError(`${path}: expected a gold value, received undefined (use optional() for an argument that may be left out)`)
  if ((typeof gold === 'number' && !Number.isFinite(gold)) || typeof gold === 'symbol' || typeof gold === 'bigint') throw noJsonForm(gold, path)
  if (Array.isArray(gold)) {
    refuseNesting(gold, ancestors, path)
    const hole = firstHole(gold)
    if (hole !== -1) throw new TypeError(`${path}[${hole}]: expected a gold value, received a hole in the list`)
    countValues(gold.length, path)
    ancestors.push(gold)
    // `[name, args]`, its args left undefined: a call without arguments.
    const json = asCall && isTupleCall(gold) ? tupleToJSON(gold, path, ancestors) : gold.map((item, i) => toJSON(item, `${path}[${i}]`, ancestors, asCall))
    ancestors.pop()
    return json
  }
  if (isPlainObject(gold)) {
    refuseNesting(gold, ancestors, path)
    const keys = Object.keys(gold)
    // Written as it is, such an object would not read back as itself: goldFromJSON would read a
    // marker (or refuse one that holds no list), or refuse a misspelt one.
    const key = keys.length === 1 ? keys[0]! : undefined
    const marker = key === undefined ? undefined : markerKeyOf(key)
    if (marker !== undefined && (marker === key || Array.isArray(gold[key!]))) {
      const why = marker === keys[0] ? 'it would read back as a marker' : 'its key is a misspelt marker'
      throw new TypeError(`${path}: ${printValue(gold)} has no JSON form: ${why}`)
    }
    if (hasMarkerBesideOthers(gold, keys)) {
      throw new TypeError(`${path}: ${printValue(gold)} has no JSON form: a marker's key beside others would not read back`)
    }
    countValues(keys.length, path)
    ancestors.push(gold)
    const json = mapRecord(gold, (value, key) =>
      asCall && value === undefined && CALL_KEYS.includes(key) ? undefined : toJSON(value, childPath(path, key), ancestors, false),
    )
    ancestors.pop()
    return json
  }
  if (typeof gold === 'object' && gold !== null) throw noJsonForm(gold, path)
  return gold
}

/** The keys of a gold call that may be left undefined, meaning absent, as in JSON. */
const CALL_KEYS = ['args', 'arguments', 'id']

function tupleToJSON(call: readonly unknown[], path: string, ancestors: object[]): unknown[] {
  return call.length === 2 && call[1] !== undefined ? [call[0], toJSON(call[1], `${path}[1]`, ancestors, false)] : [call[0]]
}

function noJsonForm(gold: unknown, path: string): TypeError {
  return new TypeError(`${path}: ${printValue(gold)} has no JSON form; only values, oneOf() and optional() do`)
}

/**
 * The inverse of goldToJSON: `$oneOf` and `$optional` objects become oneOf() and optional().
 * Parts without either are shared with `json`, not copied. The result is checked as gold when
 * it is scored; to score gold in this form without building markers, see `goldForm: 'json'`.
 */
export function goldFromJSON(json: unknown, path = 'gold'): Gold {
  // Left over when an earlier call threw.
  at.length = 0
  inside.length = 0
  const outer = startGoldCount()
  try {
    return fromJSON(json, path) as Gold
  } catch (error) {
    throw unreadableAt(path, error, 'the gold')
  } finally {
    endGoldCount(outer)
  }
}

/** The keys from the root to the value being read, spelt into a path only when a TypeError needs one. */
const at: (string | number)[] = []
/** The lists and objects being read, outermost first: one met again inside itself is a cycle. */
const inside: object[] = []

function pathOf(root: string): string {
  return at.reduce<string>(childPath, root)
}

/** Copy-on-write: a subtree without `$oneOf` or `$optional` is returned as it is. */
function fromJSON(json: unknown, root: string): unknown {
  if (typeof json !== 'object' || json === null) return json
  refuseNesting(json, inside, () => pathOf(root))
  inside.push(json)
  const read = fromJSONObject(json, root)
  inside.pop()
  return read
}

function fromJSONObject(json: object, root: string): unknown {
  if (Array.isArray(json)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < json.length; i++) {
      at.push(i)
      // The first hole throws, so a vast sparse list is never walked.
      if (!(i in json)) throw new TypeError(`${pathOf(root)}: expected a gold value, received a hole in the list`)
      // Item by item, after the hole: a vast sparse list is a hole, not a vast one.
      countValues(1, () => pathOf(root))
      const item: unknown = json[i]
      const read = fromJSON(item, root)
      at.pop()
      if (read !== item) (copy ??= json.slice())[i] = read
    }
    return copy ?? json
  }
  const keys = Object.keys(json)
  const marker = readJsonMarker(json as Record<string, unknown>, keys, () => pathOf(root))
  if (marker === 'oneOf') return oneOfFromJSON((json as { $oneOf: unknown[] }).$oneOf, root)
  if (marker === 'optional') return optionalFromJSON((json as { $optional: unknown[] }).$optional, root)
  countValues(keys.length, () => pathOf(root))
  let copy: Record<string, unknown> | undefined
  for (const key of keys) {
    at.push(key)
    const item = (json as Record<string, unknown>)[key]
    const read = fromJSON(item, root)
    at.pop()
    if (read !== item) setOwnEntry((copy ??= { ...json }), key, read)
  }
  return copy ?? json
}

function oneOfFromJSON(alternatives: unknown[], root: string): OneOf {
  at.push('$oneOf')
  const read = fromJSON(alternatives, root) as unknown[]
  at.pop()
  return oneOfList(read === alternatives ? alternatives.slice() : read)
}

function optionalFromJSON(value: unknown[], root: string): Optional {
  // Under an index (a list's item, an alternative, an optional's value) there is nothing to leave out: said in the form written, not later as optional().
  if (typeof at[at.length - 1] !== 'string') throw misplacedJsonOptional(pathOf(root))
  at.push('$optional', 0)
  const result = value.length === 0 ? optional() : optional(fromJSON(value[0], root))
  at.pop()
  at.pop()
  return result
}
