import { suspectedProxies } from './proxy-check'

/**
 * Visits each index below `length` at which a list holds an item, in order. A plain array is
 * walked as usual up to its first hole; past it, and throughout a Proxy (whose `length` and
 * `has` may say anything), only the indices its own keys name are visited. So a hole is no
 * item, and a vast length with nothing behind it costs nothing.
 */
export function forEachIndex(list: unknown[], length: number, visit: (index: number) => void): void {
  visitIndices(list, length, { visit })
}

/** What visitIndices hands each index to: an object, so that a hot caller keeps its state in fields rather than in a closure's context. */
export interface IndexVisitor {
  visit(index: number): void
}

/** forEachIndex, with a visitor object. */
export function visitIndices(list: unknown[], length: number, visitor: IndexVisitor): void {
  let index = 0
  if (!suspectedProxies.isProxy(list)) {
    while (index < length && index in list) visitor.visit(index++)
    if (index >= length) return
  }
  for (const listed of listedIndices(list, index, length)) visitor.visit(listed)
}

/**
 * A copy of a list, `copyItem` making each item's copy, visited as forEachIndex visits them.
 * `path` holds the keys from the root of the copy: each item's index is on it while the item is
 * read and copied, and the first hole's when `refuseHole` throws, so a failure names where it
 * happened. A copy never walks a vast length.
 */
export function copyListItems(
  list: unknown[],
  path: (string | number)[],
  copyItem: (item: unknown) => unknown,
  refuseHole: () => never,
): unknown[] {
  const length = list.length
  const copy: unknown[] = new Array(length)
  let next = 0
  const refuseHoleAt = (index: number): never => {
    path.push(index)
    return refuseHole()
  }
  forEachIndex(list, length, (index) => {
    if (index !== next) refuseHoleAt(next)
    path.push(index)
    copy[index] = copyItem(list[index])
    path.pop()
    next++
  })
  if (next !== length) refuseHoleAt(next)
  return copy
}

/** The indices from `from` up to `length` that the list's own keys name, ascending. */
function listedIndices(list: object, from: number, length: number): number[] {
  const indices: number[] = []
  for (const key of Object.keys(list)) {
    const index = Number(key)
    // Only canonical indices name an element: not '01', '1.5' or '-0'.
    if (Number.isInteger(index) && index >= from && index < length && String(index) === key) indices.push(index)
  }
  return indices.sort((a, b) => a - b)
}

/** The index of a list's first hole, or -1 when it has none; stops at the hole, however long the list. */
export function firstHole(list: unknown[]): number {
  for (let index = 0; index < list.length; index++) if (!(index in list)) return index
  return -1
}
