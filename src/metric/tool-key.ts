/** Names remembered before the memory starts again, so names from untrusted output cannot grow it without bound. */
const REMEMBERED_NAMES = 4096

const keys = new Map<string, string>()

/**
 * A tool name as the engine keeps property keys. A name read from data is a fresh string each
 * time, and storing an entry under it makes V8 search its whole string table for the key; the
 * few names a corpus uses are found sooner in a map of their own.
 */
export function toolKey(name: string): string {
  let key = keys.get(name)
  if (key === undefined) {
    if (keys.size === REMEMBERED_NAMES) keys.clear()
    key = name
    // The key an object keeps for the name is the engine's own copy of it; the first key for-in gives is the own one.
    for (const own in { [name]: 0 }) {
      key = own
      break
    }
    keys.set(name, key)
  }
  return key
}
