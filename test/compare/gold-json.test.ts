import { expect as jestExpect } from 'expect'
import { describe, expect, test } from 'vitest'
import { goldFromJSON, goldToJSON } from '../../src/compare/gold-json'
import { isOneOf, isOptional, oneOf, optional, satisfies } from '../../src/compare/gold-values'

describe('gold as JSON', () => {
  test('oneOf and optional become $oneOf and $optional', () => {
    const gold = [{ name: 'f', args: { unit: oneOf('c', 'f'), days: optional(3), note: optional() } }]
    expect(goldToJSON(gold)).toEqual([
      { name: 'f', args: { unit: { $oneOf: ['c', 'f'] }, days: { $optional: [3] }, note: { $optional: [] } } },
    ])
  })

  test('goldFromJSON inverts goldToJSON', () => {
    const gold = [{ name: 'f', args: { unit: optional(oneOf('c', 'f')), list: [1, { a: oneOf(1, 2) }] } }]
    const back = goldFromJSON(JSON.parse(JSON.stringify(goldToJSON(gold)))) as typeof gold
    const unit = back[0]!.args.unit
    expect(isOptional(unit) && isOneOf(unit.value) && unit.value.alternatives).toEqual(['c', 'f'])
    expect(goldToJSON(back)).toEqual(goldToJSON(gold))
  })

  test('predicates and matchers have no JSON form and say where they are', () => {
    expect(() => goldToJSON([{ name: 'f', args: { x: satisfies(() => true, 'any') } }])).toThrow(/^gold\[0\]\.args\.x: /)
    expect(() => goldToJSON({ x: jestExpect.any(String) })).toThrow(TypeError)
  })

  test('a malformed $oneOf throws a TypeError naming the path', () => {
    expect(() => goldFromJSON([{ name: 'f', args: { x: { $oneOf: [] } } }])).toThrow(/gold\[0\]\.args\.x\.\$oneOf: expected a non-empty list/)
    expect(() => goldFromJSON({ x: { $optional: [1, 2] } })).toThrow(/gold\.x\.\$optional: expected \[\] or \[value\]/)
  })
})
