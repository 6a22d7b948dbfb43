import { types } from 'node:util'

/**
 * Visits each index below `length` at which a list holds an item, in order. A plain array is
 * walked as usual up to its first hole; past it, and throughout a Proxy (whose `length` and
 * `has` may say anything), only the indices its own keys name are visited. So a hole is no
 * item, and a vast length with nothing behind it costs nothing.
 */
export function forEachIndex(list: unknown[], length: number, visit: (index: number) => void): void {
  let index = 0
  if (!types.isProxy(list)) {
    while (index < length && index in list) visit(index++)
    if (index >= length) return
  }
  for (const listed of listedIndices(list, index, length)) visit(listed)
}

/**
 * A copy of a list, `copyItem` making each item's copy, visited as forEachIndex visits them:
 * the first hole is handed to `refuseHole`, which throws, so a copy never walks a vast length.
 */
export function copyListItems(list: unknown[], copyItem: (index: number) => unknown, refuseHole: (index: number) => never): unknown[] {
  const length = list.length
  const copy: unknown[] = new Array(length)
  let next = 0
  forEachIndex(list, length, (index) => {
    if (index !== next) refuseHole(next)
    copy[index] = copyItem(index)
    next++
  })
  if (next !== length) refuseHole(next)
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
