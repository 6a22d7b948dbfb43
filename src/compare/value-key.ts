import type { Canonicalizer } from './canonicalizers'
import { canonicalOf, type GoldNode } from './gold-node'

/**
 * A value's identity under the value rules (§2), as a string: two plain values match exactly
 * when their keys are equal. Strings are canonicalised, numbers compare by value, object keys
 * are sorted. Undefined for a value that equals nothing (it holds NaN) or that is not plain data.
 */
export function valueKey(value: unknown, canonicalize: Canonicalizer): string | undefined {
  // At the top, a type letter is enough to tell a string from anything else; nested, strings are quoted.
  return typeof value === 'string' ? `s${canonicalize(value)}` : nestedKey(value, canonicalize)
}

function nestedKey(value: unknown, canonicalize: Canonicalizer): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(canonicalize(value))
    case 'number':
      // String(-0) is '0', as -0 === 0; an infinity equals itself, as compareValue finds.
      return value === value ? String(value) : undefined
    case 'boolean':
      return value ? 'true' : 'false'
    case 'object':
      break
    default:
      return undefined
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    let key = '['
    for (let i = 0; i < value.length; i++) {
      const item = nestedKey(value[i], canonicalize)
      if (item === undefined) return undefined
      key += i === 0 ? item : `,${item}`
    }
    return `${key}]`
  }
  const record = value as Record<string, unknown>
  const keys = Object.keys(record).sort()
  let key = '{'
  for (let i = 0; i < keys.length; i++) {
    const item = nestedKey(record[keys[i]!], canonicalize)
    if (item === undefined) return undefined
    key += `${i === 0 ? '' : ','}${JSON.stringify(keys[i])}:${item}`
  }
  return `${key}}`
}

/**
 * A whole call's arguments as one key, from each argument's key: two calls with equal keys
 * have the same arguments with matching values. Undefined when an argument has no key.
 */
export function argumentsKey(names: readonly string[], keys: readonly (string | undefined)[]): string | undefined {
  const order = sortedIndices(names)
  let key = ''
  for (const i of order) {
    const valueKeyOf = keys[i]
    if (valueKeyOf === undefined) return undefined
    // Lengths first, so no name or value can be mistaken for the boundary between two.
    key += `${names[i]!.length}:${names[i]}${valueKeyOf.length}:${valueKeyOf}`
  }
  return key
}

/**
 * The indices of the names in the order of the names. By insertion: a call has few arguments,
 * and Array.prototype.sort with a comparator costs several times as much on so few.
 */
function sortedIndices(names: readonly string[]): number[] {
  const order: number[] = new Array(names.length)
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!
    let at = i
    while (at > 0 && names[order[at - 1]!]! > name) {
      order[at] = order[at - 1]!
      at--
    }
    order[at] = i
  }
  return order
}

/**
 * What a gold value accepts, as keys: a list of distinct keys, or 'any'; undefined when it
 * cannot be said by keys (predicates, matchers). A list, not a Set: most values accept one key.
 */
export type AcceptedKeys = readonly string[] | 'any'

/** Past this many keys, a oneOf's repeated keys are dropped through a Set rather than by scanning. */
const SCANNED_KEYS = 16

export function acceptedKeys(node: GoldNode, canonicalize: Canonicalizer): AcceptedKeys | undefined {
  switch (node.kind) {
    case 'string':
      return [`s${canonicalOf(node, canonicalize)}`]
    case 'number':
    case 'boolean':
    case 'null':
      return [valueKey(node.raw, canonicalize)!]
    case 'list':
    case 'object': {
      if (!node.plain) return undefined
      const key = valueKey(node.raw, canonicalize)
      return key === undefined ? undefined : [key]
    }
    case 'oneOf': {
      const keys: string[] = []
      for (const alternative of node.alternatives) {
        const accepted = acceptedKeys(alternative, canonicalize)
        if (accepted === undefined || accepted === 'any') return accepted
        for (const key of accepted) keys.push(key)
      }
      return keys.length > SCANNED_KEYS ? [...new Set(keys)] : keys.filter((key, i) => keys.indexOf(key) === i)
    }
    case 'optional':
      return node.inner === undefined ? 'any' : acceptedKeys(node.inner, canonicalize)
    default:
      return undefined
  }
}
