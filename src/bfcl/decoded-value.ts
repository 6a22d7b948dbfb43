import { MAX_DEPTH, MAX_SHARED_VALUES, TOO_MUCH_SHARED } from '../calls/limits'
import { copyListItems } from '../calls/list-indices'
import { knownProxies } from '../calls/proxy-check'
import { atPath, childPath, errorMessage, thrownAs } from '../calls/path'
import { PyCall, PyFloat, PyTuple, setEntry } from '../calls/python-values'

export type DecodedReading = { ok: true; value: unknown } | { ok: false; reason: string }

/**
 * A model output given as decoded calls, copied into data the checker reads safely: lists and
 * plain objects (a Proxy's too) are copied, each value read once; anything else is kept as it
 * is, for the checks to judge. What cannot be copied — a cycle, nesting deeper than MAX_DEPTH,
 * a hole in a list, a getter or Proxy trap that throws — is a reason naming the path. Never throws.
 */
export function copyDecodedValue(value: unknown, path: string): DecodedReading {
  const copier = new DecodedCopier()
  try {
    return { ok: true, value: copier.copy(value, 0) }
  } catch (error) {
    const reason = thrownAs(error, Refusal) ? error.reason : `could not be read (${errorMessage(error)})`
    return { ok: false, reason: atPath(copier.keys.reduce<string>(childPath, path), reason) }
  }
}

class Refusal {
  constructor(readonly reason: string) {}
}

class DecodedCopier {
  /** The keys from the root to the value being copied; on a failure, where it happened. */
  readonly keys: (string | number)[] = []
  private readonly ancestors: object[] = []
  /** How many values each object copied so far wrote out, so that one met again counts again. */
  private readonly sizes = new Map<object, number>()
  /** Values visited, written out. */
  private written = 0
  /** What sharing added to `written`: a tree adds nothing, a value that holds itself over and over adds up to 2^depth. */
  private sharedWritten = 0
  /** Set while an object met again is copied again: its parts are counted once, with it. */
  private repeating = false

  copy(value: unknown, depth: number): unknown {
    this.written++
    if (typeof value !== 'object' || value === null) return value
    // The checker's own values, as the Python reader makes them.
    if (value instanceof PyFloat || value instanceof PyTuple || value instanceof PyCall) return value
    const isList = Array.isArray(value)
    if (!isList && !isRecordLike(value)) return value
    if (this.ancestors.includes(value)) throw new Refusal('a cycle: the value contains itself')
    if (depth >= MAX_DEPTH) throw new Refusal(`nested deeper than ${MAX_DEPTH} levels`)
    // Copied again wherever it stands, as the checks read a tree: met again, it counts again, and past a bound it is refused.
    const earlier = this.sizes.get(value)
    const repeat = earlier !== undefined && !this.repeating
    if (repeat) {
      this.sharedWritten += earlier
      if (this.sharedWritten > MAX_SHARED_VALUES) {
        throw new Refusal(TOO_MUCH_SHARED)
      }
      this.repeating = true
    }
    const writtenBefore = this.written - 1
    this.ancestors.push(value)
    const copy = isList ? this.copyList(value, depth) : this.copyRecord(value as Record<string, unknown>, depth)
    this.ancestors.pop()
    if (repeat) this.repeating = false
    if (earlier === undefined) this.sizes.set(value, this.written - writtenBefore)
    return copy
  }

  private copyList(list: unknown[], depth: number): unknown[] {
    return copyListItems(
      list,
      this.keys,
      (item) => this.copy(item, depth + 1),
      () => {
        throw new Refusal('a hole in the list, where no value is')
      },
    )
  }

  private copyRecord(record: Record<string, unknown>, depth: number): Record<string, unknown> {
    const copy: Record<string, unknown> = Object.getPrototypeOf(record) === null ? Object.create(null) : {}
    for (const key of Object.keys(record)) {
      this.keys.push(key)
      setEntry(copy, key, this.copy(record[key], depth + 1))
      this.keys.pop()
    }
    return copy
  }
}

/** A plain object, or a Proxy as far as the runtime tells, which could answer a later read otherwise than this one. */
function isRecordLike(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null || knownProxies.isProxy(value)
}
