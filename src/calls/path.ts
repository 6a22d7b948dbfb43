import { withoutLoneSurrogates } from './surrogates'
import { nameExcerpt, nameForEscaping } from './text-excerpt'

/** A name written bare, in a path as beside a value; any other is quoted. */
export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** The path of a field or element inside the value at `path` (`tool_calls[0].function`). */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  if (IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`
  return `${path}[${JSON.stringify(key)}]`
}

/** A reason prefixed with where it applies; the input itself has the empty path. */
export function atPath(path: string, reason: string): string {
  return path === '' ? reason : `${path}: ${reason}`
}

/** Whether a thrown value is one of ours: a model's Proxy thrown by its own trap may throw again when asked its prototype. */
export function thrownAs<T>(error: unknown, kind: abstract new (...args: never[]) => T): error is T {
  try {
    return error instanceof kind
  } catch {
    return false
  }
}

/** A thrown value as `String` writes it (`Error: boom`), or what errorMessage reads of one that throws on being written. */
export function thrownText(error: unknown): string {
  try {
    return String(error)
  } catch {
    return errorMessage(error)
  }
}

/** What a thrown value says, without ever throwing itself, and with no half of an emoji that a cut of the input left in it. */
export function errorMessage(error: unknown): string {
  try {
    return withoutLoneSurrogates(error instanceof Error ? String(error.message) : String(error))
  } catch {
    return 'unknown error'
  }
}

/**
 * What reading an author's value at `path` threw (gold, options), as a TypeError naming the path:
 * one of ours names it already; one the value threw itself (a getter, a Proxy trap) is named by it.
 */
export function unreadableAt(path: string, error: unknown, whole = 'the value'): TypeError {
  if (error instanceof TypeError && (path === '' || error.message.startsWith(path))) return error
  return new TypeError(`${path === '' ? whole : path}: could not be read (${errorMessage(error)})`)
}

/** Runs a reading of an author's input (options, a grammar), an error that its own getters or traps throw named by `path`, as gold's are. */
export function readingAt<T>(path: string, read: () => T): T {
  try {
    return read()
  } catch (error) {
    throw unreadableAt(path, error)
  }
}

/** A short description of a value for a reason (`an object with keys foo, bar`); never throws. */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'undefined':
      return 'undefined'
    case 'string':
      return value === '' ? 'an empty string' : 'a string'
    case 'object':
      return describeObject(value)
    default:
      return `a ${typeof value}`
  }
}

const LISTED_KEYS = 5

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) return 'an array'
    const proto: unknown = Object.getPrototypeOf(value)
    if (proto !== null && Object.getPrototypeOf(proto) !== null) return `an instance of ${className(proto)}`
    const type: unknown = (value as { type?: unknown }).type
    // The model's `type`, however long, quoted as its names are: its start.
    if (typeof type === 'string') return `an object of type ${JSON.stringify(nameForEscaping(type))}`
    const keys = Object.keys(value)
    if (keys.length === 0) return 'an empty object'
    const listed = keys.slice(0, LISTED_KEYS).map(nameExcerpt).join(', ')
    return `an object with keys ${listed}${keys.length > LISTED_KEYS ? ', …' : ''}`
  } catch (error) {
    return `an unreadable object (${errorMessage(error)})`
  }
}

function className(proto: unknown): string {
  const name: unknown = (proto as { constructor?: { name?: unknown } }).constructor?.name
  if (typeof name === 'string' && name !== '') return name
  // A generator's object has no constructor of its own, but its tag (`AsyncGenerator`).
  const tag: unknown = (proto as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag]
  return typeof tag === 'string' && tag !== '' ? tag : 'a class'
}

/**
 * A path that is spelled out only when a message needs it: walking a large value then costs
 * one small object a level instead of a string built (and mostly thrown away) at every key.
 */
export type LazyPath = string | { readonly parent: LazyPath; readonly key: string | number }

/**
 * The path of a walk that will name nothing: its children are itself, so a walk passing it
 * builds no path at all. A walk that meets something to name is made again with a real path.
 */
export const UNNAMED: LazyPath = Object.freeze({ parent: '', key: '' })

export function lazyChild(parent: LazyPath, key: string | number): LazyPath {
  return parent === UNNAMED ? UNNAMED : { parent, key }
}

export function spellPath(path: LazyPath): string {
  if (typeof path === 'string') return path
  const keys: (string | number)[] = []
  let at: LazyPath = path
  while (typeof at !== 'string') {
    keys.push(at.key)
    at = at.parent
  }
  let spelled = at
  for (let i = keys.length - 1; i >= 0; i--) spelled = childPath(spelled, keys[i]!)
  return spelled
}
