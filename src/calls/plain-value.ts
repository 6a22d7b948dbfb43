import { MAX_DEPTH, MAX_SHARED_VALUES, TOO_MUCH_SHARED } from './limits'
import { copyListItems } from './list-indices'
import { suspectedProxies } from './proxy-check'
import { PyFloat } from './python-values'
import { atPath, childPath, describe, errorMessage, thrownAs } from './path'

export type ValueReading = { ok: true; value: unknown } | { ok: false; reason: string }

/**
 * One predicted value as safe plain data: strings, numbers (NaN too), booleans, null, arrays
 * and plain objects. Data that already is plain is returned as it is; other data is copied,
 * keeping own enumerable string keys and leaving out `undefined` properties as JSON does.
 * Anything else — a function, symbol, bigint, class instance, cycle, a getter or Proxy trap
 * that throws, nesting deeper than `MAX_DEPTH` — is refused with a reason that names the
 * path. Never throws.
 */
export function readValue(value: unknown, path: string): ValueReading {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return { ok: true, value }
  }
  const quick = quickPlain(value)
  if (quick !== NOT_QUICK) return { ok: true, value: quick }
  const copier = new PlainCopier()
  try {
    return { ok: true, value: copier.copy(value, 0) }
  } catch (error) {
    const reason = thrownAs(error, Refusal) ? error.reason : `could not be read (${errorMessage(error)})`
    return { ok: false, reason: atPath(copier.pathFrom(path), reason) }
  }
}

/**
 * A value copied as readValue copies what it cannot share, each getter read once, none skipped by the
 * quick path: the value copied, or what the copy refuses and where. What reading it throws is thrown.
 */
export function copyValue(value: unknown, path: string): ValueReading {
  const copier = new PlainCopier()
  try {
    return { ok: true, value: copier.copy(value, 0) }
  } catch (error) {
    if (!thrownAs(error, Refusal)) throw error
    return { ok: false, reason: atPath(copier.pathFrom(path), error.reason) }
  }
}

/**
 * The own value at `key` of a prediction's arguments as read (readValue's plain data, the Python
 * reader's values), or undefined when it has none: one property load, since such data never
 * holds undefined, and `hasOwn` only when the value could be inherited (a method, or
 * Object.prototype from the `__proto__` accessor).
 */
export function ownValue(record: Record<string, unknown>, key: string): unknown {
  const value = record[key]
  if (value === undefined) return undefined
  if ((typeof value === 'function' || value === Object.prototype) && !Object.hasOwn(record, key)) return undefined
  return value
}

/** An object that is not an array (nor null). */
/** A list whose every item is a string. */
export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Plain data: an object whose prototype is null or the root `Object.prototype` of any realm. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  try {
    if (Array.isArray(value)) return false
    const proto: unknown = Object.getPrototypeOf(value)
    // This realm's root first: asking Object.prototype for its prototype goes through the runtime.
    return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null
  } catch {
    return false
  }
}

export const NOT_QUICK = Symbol('not quick')
/** How deep and how large a value the quick path takes on; anything beyond goes to the careful copier. */
const QUICK_DEPTH = 32
const QUICK_NODES = 10_000

/**
 * The common case, shallow data that is already plain (as JSON.parse makes it): checked and
 * returned as it is, not copied, as gold's JSON form is shared. It gives up (NOT_QUICK) on
 * anything that a copy would change or refuse, a Proxy among them, and the careful copier then
 * copies or finds the reason.
 */
export function quickPlain(value: unknown): unknown {
  if (copyingAll) return NOT_QUICK
  // Kept and restored around the walk: a getter it runs may itself score, and so walk a value of its own.
  const outerNodesLeft = quickNodesLeft
  quickNodesLeft = QUICK_NODES
  try {
    return isQuickPlain(value, 0) ? value : NOT_QUICK
  } catch {
    return NOT_QUICK
  } finally {
    quickNodesLeft = outerNodesLeft
  }
}

/** Set while a prediction is read again with every value copied (see readingCopied). */
let copyingAll = false

/**
 * Runs `read` with the quick path off, so that every value is copied and each getter read once.
 * Shared plain data is read again when compared: a getter in it may throw, or answer otherwise, on that later read.
 */
export function readingCopied<T>(read: () => T): T {
  const outer = copyingAll
  copyingAll = true
  try {
    return read()
  } finally {
    copyingAll = outer
  }
}

/** How many more values the walk under way may look at; a variable, so no budget object is made for every call read. */
let quickNodesLeft = QUICK_NODES

function isQuickPlain(value: unknown, depth: number): boolean {
  // Each `typeof x === '...'` compiles to a type check; a switch on typeof first builds the type's name.
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return true
  if (typeof value !== 'object') return false
  // A Proxy may answer reads of keys it does not list: only a copy pins down what it holds.
  if (depth >= QUICK_DEPTH || --quickNodesLeft < 0 || suspectedProxies.isProxy(value)) return false
  if (Array.isArray(value)) {
    // A subclass or another realm's array is copied into a plain one.
    if (Object.getPrototypeOf(value) !== Array.prototype) return false
    for (let index = 0; index < value.length; index++) {
      // A hole reads as undefined, which the careful copier refuses with its path.
      if (!isQuickPlain(value[index], depth + 1)) return false
    }
    return true
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false
  const record = value as Record<string, unknown>
  // for-in allocates no key list; an inherited key it also visits is only checked, never kept.
  for (const key in record) {
    const item = record[key]
    // An undefined property is left out of a copy, as JSON leaves it out.
    if (item === undefined || !isQuickPlain(item, depth + 1)) return false
  }
  return true
}

class Refusal {
  constructor(readonly reason: string) {}
}

class PlainCopier {
  /** The keys from the root to the value being copied; on a failure, where it happened. */
  private readonly keys: (string | number)[] = []
  private readonly ancestors: object[] = []
  /** Each object copied so far, the depth it was copied at and its count of values written out, so shared values are copied once. */
  private readonly copies = new Map<object, { copy: unknown; depth: number; size: number }>()
  /** Values visited, written out: each shared object counts again wherever it is met again. */
  private written = 0
  /** What sharing added to `written`: a tree adds nothing, a value that holds itself over and over adds up to 2^depth. */
  private sharedWritten = 0

  pathFrom(path: string): string {
    return this.keys.reduce<string>(childPath, path)
  }

  copy(value: unknown, depth: number): unknown {
    this.written++
    switch (typeof value) {
      case 'string':
      case 'number':
      case 'boolean':
        return value
      case 'object':
        return value === null ? null : this.copyObject(value, depth)
      default:
        throw new Refusal(`expected JSON-like data, received ${describe(value)}`)
    }
  }

  private copyObject(value: object, depth: number): unknown {
    // A float read from Python text or typed JSON (BFCL) is a number to everyone else.
    if (value instanceof PyFloat) return value.value
    const earlier = this.copies.get(value)
    // A copy made at the same depth or deeper fits the depth limit here too.
    if (earlier !== undefined && depth <= earlier.depth) {
      // Met again, it is written out again: the values under it count once more.
      this.written += earlier.size - 1
      this.sharedWritten += earlier.size
      if (this.sharedWritten > MAX_SHARED_VALUES) {
        throw new Refusal(TOO_MUCH_SHARED)
      }
      return earlier.copy
    }
    if (this.ancestors.includes(value)) throw new Refusal('a cycle: the value contains itself')
    if (depth >= MAX_DEPTH) throw new Refusal(`nested deeper than ${MAX_DEPTH} levels`)
    const writtenBefore = this.written - 1
    this.ancestors.push(value)
    const copy = Array.isArray(value) ? this.copyArray(value, depth) : this.copyRecord(value, depth)
    this.ancestors.pop()
    this.copies.set(value, { copy, depth, size: this.written - writtenBefore })
    return copy
  }

  private copyArray(value: unknown[], depth: number): unknown[] {
    return copyListItems(
      value,
      this.keys,
      (item) => this.copy(item, depth + 1),
      () => {
        throw new Refusal('expected JSON-like data, received a hole in the list')
      },
    )
  }

  private copyRecord(value: object, depth: number): Record<string, unknown> {
    if (!isPlainObject(value)) throw new Refusal(`expected JSON-like data, received ${describe(value)}`)
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      this.keys.push(key)
      const item: unknown = (value as Record<string, unknown>)[key]
      if (item !== undefined) {
        const itemCopy = this.copy(item, depth + 1)
        // Assigning `__proto__` would set the prototype; define it as an own property instead.
        if (key === '__proto__') {
          Object.defineProperty(copy, key, { value: itemCopy, enumerable: true, writable: true, configurable: true })
        } else {
          copy[key] = itemCopy
        }
      }
      this.keys.pop()
    }
    return copy
  }
}
