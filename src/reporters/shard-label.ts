/** A shard as the runners print it: index/count, 1-based (`--shard=1/2`). */
export function shardLabel(index: number, count: number): string {
  return `${index}/${count}`
}

/** The index and count of a label `i/n` with 1 ≤ i ≤ n, written as the runners write them; undefined for anything else. */
export function parseShardLabel(value: unknown): { index: number; count: number } | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value)
  if (match === null) return undefined
  const index = Number(match[1])
  const count = Number(match[2])
  return index <= count && Number.isSafeInteger(count) ? { index, count } : undefined
}
