import { describe, expect, test } from 'vitest'
import { joinById, type Keyed } from '../../src/cli/join-by-id'

type Id = string | number | undefined

/** Records with these ids, whose values say their side and position; reads are logged. */
async function* records(side: string, ids: Id[], log: string[] = []): AsyncGenerator<Keyed<string>> {
  for (const [i, id] of ids.entries()) {
    log.push(`${side}${i}`)
    yield { id, value: `${side}${i}` }
  }
}

async function pairs(left: Id[], right: Id[]): Promise<string[]> {
  const out: string[] = []
  for await (const { left: l, right: r } of joinById(records('L', left), records('R', right))) out.push(`${l ?? '-'}:${r ?? '-'}`)
  return out
}

describe('joinById', () => {
  test('pairs records with the same id, whatever their order', async () => {
    expect(await pairs(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual(expect.arrayContaining(['L0:R1', 'L1:R2', 'L2:R0']))
  })

  test('pairs by position when a record has no id', async () => {
    expect(await pairs([undefined, 'b'], ['a', 'b'])).toEqual(['L0:R0', 'L1:R1'])
  })

  test("pairs a record that could not be read by position until a later record gives its partner's id, which takes it", async () => {
    const unread = async function* (ids: Id[]): AsyncGenerator<Keyed<string>> {
      for (const [i, id] of ids.entries()) yield { id, value: `L${i}`, unread: id === undefined }
    }
    const out = async (left: Id[], right: Id[]) => {
      const joined: string[] = []
      for await (const { left: l, right: r } of joinById(unread(left), records('R', right))) joined.push(`${l ?? '-'}:${r ?? '-'}`)
      return joined.sort()
    }
    // The unread L1 took R1 ('b') by position; L2 gives 'b' and takes it back; R2 ('a') is left.
    expect(await out(['c', undefined, 'b'], ['c', 'b', 'a'])).toEqual(['-:R2', 'L0:R0', 'L1:-', 'L2:R1'])
    // In the same order, no later record claims its partner: the position holds.
    expect(await out(['c', undefined, 'a'], ['c', 'b', 'a'])).toEqual(['L0:R0', 'L1:R1', 'L2:R2'])
    // A stream of no ids, such as prose among id-less answers, pairs by position throughout.
    expect(await out([undefined, undefined], ['a', 'b'])).toEqual(['L0:R0', 'L1:R1'])
    expect(await out([undefined, undefined], [undefined, undefined])).toEqual(['L0:R0', 'L1:R1'])
  })

  test('gives records without a partner alone, once the other side has ended', async () => {
    expect((await pairs(['a', 'x'], ['a', 'b', 'c'])).sort()).toEqual(['-:R1', '-:R2', 'L0:R0', 'L1:-'])
  })

  test('prefers a partner by id to a partner by position', async () => {
    expect(await pairs(['a', 'b'], ['b', undefined])).toEqual(['L1:R0', '-:R1', 'L0:-'])
  })

  test('pairs a number id with the same id as a string', async () => {
    expect(await pairs([1], ['1'])).toEqual(['L0:R0'])
  })

  test('holds nothing when both sides list the same ids in the same order', async () => {
    const log: string[] = []
    const joined = joinById(records('L', ['a', 'b', 'c'], log), records('R', ['a', 'b', 'c'], log))
    const seen: string[] = []
    for await (const { left } of joined) seen.push(`${left} after ${log.join(' ')}`)
    // Each pair comes out before the next records are read.
    expect(seen).toEqual(['L0 after L0 R0', 'L1 after L0 R0 L1 R1', 'L2 after L0 R0 L1 R1 L2 R2'])
  })

  test('pairs the records that share an id first with first', async () => {
    expect(await pairs(['a', 'a'], ['b', 'a', 'a'])).toEqual(['L0:R1', 'L1:R2', '-:R0'])
  })

  test('takes waiting records of one id in order, and gives those left over in order once the other side ends', async () => {
    expect(await pairs(['a', 'a', 'a', 'a', 'b'], ['b', 'c', 'a', 'a', 'd'])).toEqual(['L0:R2', 'L1:R3', 'L4:R0', 'L2:-', 'L3:-', '-:R1', '-:R4'])
  })
})
