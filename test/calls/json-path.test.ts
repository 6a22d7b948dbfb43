import { describe, expect, test } from 'vitest'
import { readJsonPath } from '../../src/calls/formats/streams/json-path'

describe('readJsonPath: the normalized paths of RFC 9535 that name one value', () => {
  test.each([
    ['$', []],
    ['$.city', ['city']],
    ['$.stops[0].name', ['stops', 0, 'name']],
    ['$._x1.été', ['_x1', 'été']],
    ["$['a key']", ['a key']],
    ['$["it\'s"]', ["it's"]],
    ["$['a\\'b\\\\c\\u00e9\\n']", ["a'b\\cé\n"]],
    ["$[ 'spaced' ][ 12 ]", ['spaced', 12]],
  ])('%s', (path, segments) => {
    expect(readJsonPath(path)).toEqual({ ok: true, segments })
  })

  test.each([
    ['city', 'expected a path beginning with $'],
    ['$.', 'expected a member name at 2'],
    ['$.1a', 'expected a member name at 2'],
    ['$[01]', 'expected a quoted name or an index at 2'],
    ['$[-1]', 'expected a quoted name or an index at 2'],
    ['$[*]', 'expected a quoted name or an index at 2'],
    ["$['open", 'the name at 2 is not closed'],
    ["$['a'", 'expected ] at 5'],
    ["$['\\x']", 'unknown escape at 3'],
    ["$['\\u12g4']", 'expected four hex digits at 5'],
    ['$[99999999999999999999]', 'index 99999999999999999999 is too large'],
    ['$x', 'expected . or [ at 1'],
  ])('%s is refused', (path, problem) => {
    expect(readJsonPath(path)).toEqual({ ok: false, problem })
  })

  test('a path deeper than the depth limit is refused, not followed', () => {
    expect(readJsonPath(`$${'.a'.repeat(300)}`)).toEqual({ ok: false, problem: 'nested deeper than 256 levels' })
  })
})
