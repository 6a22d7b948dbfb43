/**
 * `list` with `item` added at its end, or a new list made with the item when there is none yet
 * or it is empty: a first push onto `[]` makes room for seventeen items, and lists such as a
 * turn's calls mostly hold one. For lists of objects only: one function that lists of numbers
 * shared too would see every kind of element at its `push`.
 */
export function withItem<T extends object>(list: T[] | undefined, item: T): T[] {
  if (list === undefined || list.length === 0) return [item]
  list.push(item)
  return list
}
