/** A record with the id it gives, if any. */
export interface Keyed<T> {
  id: string | number | undefined
  value: T
  /**
   * A record of the left stream that could not be read, so whether it gave an id is not known:
   * it pairs with the right record at its position only until a later left record gives that one's id.
   */
  unread?: boolean
}

/** Two records that belong together, or one that has no partner. */
export type Joined<L, R> = { left: L; right: R } | { left: L; right?: undefined } | { left?: undefined; right: R }

/** The records waiting under one id, oldest first; taken by index, as `shift()` moves the rest each time. */
interface Queue<T> {
  readonly records: (T | undefined)[]
  head: number
}

class Waiting<T> {
  private readonly byId = new Map<string, Queue<T>>()

  add(id: string, value: T): void {
    const queue = this.byId.get(id)
    if (queue === undefined) this.byId.set(id, { records: [value], head: 0 })
    else queue.records.push(value)
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  take(id: string): T | undefined {
    const queue = this.byId.get(id)
    if (queue === undefined) return undefined
    const value = queue.records[queue.head]
    queue.records[queue.head++] = undefined
    if (queue.head === queue.records.length) this.byId.delete(id)
    return value
  }

  *drain(): Generator<T> {
    for (const queue of this.byId.values()) {
      for (let i = queue.head; i < queue.records.length; i++) yield queue.records[i] as T
    }
    this.byId.clear()
  }
}

async function nextOf<T>(records: AsyncIterator<T>, done: boolean): Promise<T | undefined> {
  if (done) return undefined
  const next = await records.next()
  return next.done === true ? undefined : next.value
}

const keyOf = (id: string | number): string => String(id)

/**
 * Pairs the records of two streams read side by side. Records whose ids agree pair up, first
 * with first; the n-th records of the two streams pair by position when either gives no id
 * (and the other has no partner by id already waiting). A left record that could not be read
 * holds the right record at its position only until a later left record gives that one's id,
 * which then takes it. When both streams list the same ids in the same order nothing waits,
 * so memory stays flat: only records that arrive out of order, or unread, are held. A record
 * left without a partner comes out alone once the other stream ends.
 */
export async function* joinById<L, R>(left: AsyncIterable<Keyed<L>>, right: AsyncIterable<Keyed<R>>): AsyncGenerator<Joined<L, R>> {
  const leftRecords = left[Symbol.asyncIterator]()
  const rightRecords = right[Symbol.asyncIterator]()
  const waitingLeft = new Waiting<L>()
  const waitingRight = new Waiting<R>()
  // Each unread left record with the right record at its position, by the right one's id.
  const held = new Waiting<{ left: L; right: R }>()
  let leftDone = false
  let rightDone = false
  try {
    while (!leftDone || !rightDone) {
      const [l, r]: [Keyed<L> | undefined, Keyed<R> | undefined] = await Promise.all([nextOf(leftRecords, leftDone), nextOf(rightRecords, rightDone)])
      leftDone ||= l === undefined
      rightDone ||= r === undefined
      const leftKey = l?.id === undefined ? undefined : keyOf(l.id)
      const rightKey = r?.id === undefined ? undefined : keyOf(r.id)
      if (l !== undefined && r !== undefined) {
        const nothingWaits =
          (leftKey === undefined || (!waitingRight.has(leftKey) && !held.has(leftKey))) && (rightKey === undefined || !waitingLeft.has(rightKey))
        if (nothingWaits && l.unread === true && rightKey !== undefined) {
          held.add(rightKey, { left: l.value, right: r.value })
          continue
        }
        if (nothingWaits && (leftKey === undefined || rightKey === undefined || leftKey === rightKey)) {
          yield { left: l.value, right: r.value }
          continue
        }
      }
      if (l !== undefined) {
        const released = leftKey === undefined ? undefined : held.take(leftKey)
        const partner = released !== undefined || leftKey === undefined ? undefined : waitingRight.take(leftKey)
        if (released !== undefined) {
          // An unread record had taken this one's partner by position: it gives it up, and stands alone.
          yield { left: l.value, right: released.right }
          yield { left: released.left }
        } else if (partner !== undefined) yield { left: l.value, right: partner }
        else if (leftKey === undefined || rightDone) yield { left: l.value }
        else waitingLeft.add(leftKey, l.value)
      }
      if (r !== undefined) {
        const partner = rightKey === undefined ? undefined : waitingLeft.take(rightKey)
        if (partner !== undefined) yield { left: partner, right: r.value }
        else if (rightKey === undefined || leftDone) yield { right: r.value }
        else waitingRight.add(rightKey, r.value)
      }
      if (rightDone) for (const value of waitingLeft.drain()) yield { left: value }
      if (leftDone) {
        for (const pair of held.drain()) yield pair
        for (const value of waitingRight.drain()) yield { right: value }
      }
    }
  } finally {
    await Promise.all([leftRecords.return?.(), rightRecords.return?.()])
  }
}
