/**
 * The Python reader's cache of names read in one parse (keyword names recur across parallel
 * calls): slot pairs of a name and where in the text it was read. One set of slots serves
 * every parse in turn, emptied when the parse ends so that it keeps no text alive; made for
 * each parse, they were a tenth of what a parse allocates.
 */
export type NameSlots = (string | number | undefined)[]

/** Names the cache holds at once; each is found by its hash. */
export const NAME_SLOT_COUNT = 16

const shared: NameSlots = new Array<string | number | undefined>(2 * NAME_SLOT_COUNT).fill(undefined)
// Taken while a parse runs; a parse started inside it (from a callback) gets slots of its own.
let sharedTaken = false

export function takeNameSlots(): NameSlots {
  if (sharedTaken) return new Array<string | number | undefined>(2 * NAME_SLOT_COUNT).fill(undefined)
  sharedTaken = true
  return shared
}

/** Gives the slots back, emptied of the names (slices of the text) they hold. */
export function releaseNameSlots(slots: NameSlots): void {
  if (slots !== shared) return
  for (let slot = 0; slot < 2 * NAME_SLOT_COUNT; slot += 2) slots[slot] = undefined
  sharedTaken = false
}
