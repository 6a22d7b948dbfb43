/** What a dict key is to Python beyond its JSON text: a string, NaN (equal to no other NaN), or another value. */
export type KeyKind = 'string' | 'NaN' | 'other'

/** The kind of each key of one dict, by the key's JSON text. */
export type DictKeyKinds = Map<string, KeyKind>

/** The kinds of keys that are all strings: a dict's keys so far, before the first key of another kind comes. */
export function stringKeyKinds(keys: readonly string[]): DictKeyKinds {
  return new Map(keys.map((text) => [text, 'string']))
}

/**
 * Records a key of a dict being built, or says why it cannot be one: a key Python holds apart
 * from one already there that JSON writes alike (`1` and `'1'`, `True` and `'true'`, two NaNs)
 * would lose one of the two values.
 */
export function claimDictKey(kinds: DictKeyKinds, text: string, kind: KeyKind): string | undefined {
  const earlier = kinds.get(text)
  if (earlier !== undefined && (earlier !== kind || kind === 'NaN')) {
    return `keys Python holds apart are one key as JSON writes them, ${JSON.stringify(text)}`
  }
  kinds.set(text, kind)
  return undefined
}
