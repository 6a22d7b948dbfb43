import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { readTurns } from '../../src/calls/read'
import { readGold } from '../../src/compare/gold-calls'
import { oneOf, oneOfList, optional } from '../../src/compare/gold-values'
import { comparedRanks, type GroupRanks, hashedRanks } from '../../src/match/group-ranks'
import type { RankBuffer } from '../../src/match/rank-buffer'
import { type Level, resolveMatchOptions } from '../../src/match/options'
import { callSet } from '../../src/match/pair-calls'
import { PairingContext } from '../../src/match/pairing-context'

const scalar = fc.constantFrom('a', 'A ', 'b', 1, 1.0, 2, -0, Infinity, -Infinity, true, null)
// Lists and objects from small alphabets, so that equal ones are common; keys in either order, and items that read
// alike once printed ('1' and 1, 'true' and true, [1, 2] and [12]).
const nestedItem = fc.constantFrom('a', 'A ', '1', 'true', 'null', '', 'a,b', 1, 2, 12, -0, Infinity, true, false, null)
const nested = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nestedItem,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('k', 'l', 'kl', ''), tie('value'), { maxKeys: 3 }),
  ),
})).value
const plain = fc.oneof(scalar, fc.array(nested, { maxLength: 3 }), fc.dictionary(fc.constantFrom('k', 'l'), nested, { maxKeys: 2 }))
// oneOfList, as the JSON form builds it: one alternative may be a list, which oneOf() given one list refuses.
const goldValue = fc.oneof(
  plain,
  fc.array(plain, { minLength: 1, maxLength: 3 }).map((alternatives) => oneOfList(alternatives)),
  // Long enough that repeated alternatives are dropped another way.
  fc.array(plain, { minLength: 17, maxLength: 24 }).map((alternatives) => oneOfList(alternatives)),
  plain.map((value) => optional(value)),
  fc.constant(optional()),
)
const argNames = fc.constantFrom('x', 'y', 'z')
const goldCall = fc.record({ name: fc.constant('f'), args: fc.dictionary(argNames, goldValue, { maxKeys: 3 }) })
const predCall = fc.record({
  name: fc.constant('f'),
  args: fc.dictionary(argNames, fc.oneof(plain, fc.constant(NaN), fc.constant([NaN]), fc.constant({ k: NaN })), { maxKeys: 3 }),
})
const grammar = fc.constantFrom(undefined, { tools: { f: { importance: 2, args: { x: { importance: 3 } } } } })

function contextFor(pred: unknown[], gold: unknown[], level: Level, g: unknown) {
  const options = resolveMatchOptions({ level, grammar: g as never })
  const goldTurns = readGold(gold)
  return new PairingContext(options, callSet(readTurns(pred), options.canonicalizeName), callSet(goldTurns, options.canonicalizeName))
}

/** A buffer as a previous group left it: nothing in it may count. */
function usedBuffer(rows: number, cols: number): RankBuffer {
  const size = rows * cols
  return { doubles: new Float64Array(4 * size).fill(7), counts: new Uint32Array(2 * size + rows + cols).fill(7) }
}

describe('ranking a group by keys', () => {
  test.prop([fc.array(predCall, { minLength: 1, maxLength: 12 }), fc.array(goldCall, { minLength: 1, maxLength: 12 }), fc.constantFrom<Level>('call', 'arg'), grammar])(
    'gives the tiers that comparing each pair gives',
    (pred, gold, level, g) => {
      const ctx = contextFor(pred, gold, level, g)
      const preds = pred.map((_, i) => i)
      const golds = gold.map((_, j) => j)
      const hashed = hashedRanks(ctx, preds, golds, usedBuffer(preds.length, golds.length))
      expect(hashed).toBeDefined()
      const compared = comparedRanks(ctx, preds, golds)
      const tiers = ({ primary, secondary, tertiary }: GroupRanks) => [Array.from(primary), Array.from(secondary), tertiary && Array.from(tertiary)]
      expect(tiers(hashed!)).toEqual(tiers(compared))
      expect(tiers(hashedRanks(ctx, preds, golds)!)).toEqual(tiers(compared))
    },
  )

  test('at arg level, counts against a pair the optional gold arguments its prediction gives, as comparing the pair does', () => {
    const gold = [
      { name: 'f', args: { x: optional(1), y: 1 } },
      { name: 'f', args: { y: 2 } },
    ]
    const ctx = contextFor([{ name: 'f', args: { x: 5, y: 1 } }, { name: 'f', args: { y: 1 } }], gold, 'arg', undefined)
    const hashed = hashedRanks(ctx, [0, 1], [0, 1], usedBuffer(2, 2))!
    const compared = comparedRanks(ctx, [0, 1], [0, 1])
    expect(Array.from(hashed.tertiary!)).toEqual(Array.from(compared.tertiary!))
    // Against the first gold call, the prediction that gives x is ranked below the one that leaves it out.
    expect(hashed.tertiary![0]).toBeLessThan(hashed.tertiary![2]!)
  })

  test('finds an infinity equal to itself, as comparing the pair does', () => {
    const ctx = contextFor([{ name: 'f', args: { x: -Infinity } }, { name: 'f', args: {} }], [{ name: 'f', args: { x: -Infinity } }], 'call', undefined)
    const hashed = hashedRanks(ctx, [0, 1], [0])
    expect(Array.from(hashed!.primary)).toEqual(Array.from(comparedRanks(ctx, [0, 1], [0]).primary))
  })

  const predicate = { asymmetricMatch: () => true }
  test.prop([
    fc.array(predCall, { minLength: 1, maxLength: 4 }),
    // A matcher whose own fields are plain data too: its fields are no value it accepts.
    fc.constantFrom(predicate, [predicate], { k: [predicate] }, [expect.stringContaining('a')], oneOf('a', predicate), oneOf(1, [predicate])),
  ])('steps aside for predicates, where keys cannot say what is accepted, wherever they stand in the value', (pred, x) => {
    const ctx = contextFor(pred, [{ name: 'f', args: { x } }], 'call', undefined)
    expect(hashedRanks(ctx, pred.map((_, i) => i), [0], usedBuffer(pred.length, 1))).toBeUndefined()
  })
})
