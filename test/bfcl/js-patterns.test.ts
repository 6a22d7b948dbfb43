import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { objectPairs, twoLevelArrayLength } from '../../src/bfcl/js-patterns'
import { RE_ANY, RE_END, RE_SPACE } from '../../src/bfcl/python-text'

// BFCL's patterns as regular expressions, which give the results the scanners must give.
const S = RE_SPACE
const ANY = RE_ANY
const INNER_LIST = `\\[${ANY}*?\\]${S}*`
const ARRAY_2D = new RegExp(
  `^(?:\\[${S}*${INNER_LIST}(?:,${S}*${INNER_LIST})*\\]|new${S}+Array\\(${S}*${INNER_LIST}(?:,${S}*${INNER_LIST})*\\))`,
  'u',
)
const PAIR = new RegExp(`([^:]+):${S}*(${ANY}*?)(?:,${S}*(?=[^,]+:)|${RE_END})`, 'gu')

// Spaces of every kind Python knows, characters that are not spaces to it (U+FEFF), and others.
const COMMON = [' ', ' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', '\x1c', '\ufeff', 'a', '1', "'", '"', 'é', '😀']

/** Up to 40 of `pieces` and COMMON ones, after one of `heads` or anywhere. */
function jsText(heads: string[], pieces: string[]): fc.Arbitrary<string> {
  const text = fc.array(fc.constantFrom(...COMMON, ...pieces), { maxLength: 40, size: 'max' }).map((parts) => parts.join(''))
  return fc.tuple(fc.constantFrom('', ...heads), text).map(([head, rest]) => `${head}${rest}`)
}
/** Text shaped as an array of arrays, with its slips: lists on two lines, a missing comma or `]`. */
const twoLevelText = fc
  .tuple(
    fc.constantFrom('[', '[', 'new Array(', 'new\tArray(', 'new Array'),
    fc.array(fc.constantFrom(' ', '\t', '\n', '\u3000', '\ufeff'), { maxLength: 2 }),
    fc.array(
      fc.tuple(
        fc.constantFrom(',', ',', ', ', ' ,', '', ',\n'),
        fc.array(fc.constantFrom('1', ' ', ',', ']', '[', '\n', 'a', ']', '1', ','), { maxLength: 4 }),
        fc.array(fc.constantFrom(' ', '\t', '\n', '\u3000'), { maxLength: 2 }),
      ),
      { maxLength: 8 },
    ),
    fc.constantFrom('close', 'close', 'close', '', ']]', ' close', ')]'),
    fc.array(fc.constantFrom(...COMMON, ']', ','), { maxLength: 5 }),
  )
  .map(([head, spaces, lists, end, rest]) => {
    const written = lists.map(([comma, inner, after], index) => `${index === 0 ? '' : comma}[${inner.join('')}]${after.join('')}`)
    return `${head}${spaces.join('')}${written.join('')}${end.replace('close', head.startsWith('[') ? ']' : ')')}${rest.join('')}`
  })
const runs = { numRuns: 3000 }

function referenceLength(code: string): number {
  return ARRAY_2D.exec(code)?.[0].length ?? -1
}

function referencePairs(text: string): [string | undefined, string | undefined][] {
  return Array.from(text.matchAll(PAIR), (match) => [match[1], match[2]])
}

describe('the JavaScript array of arrays scanner', () => {
  // At most 8 lists, or single characters: the reference takes time exponential in the lists.
  test.prop([fc.oneof(twoLevelText, jsText(['[', '[[', 'new Array(', 'new Array( ['], ['[', ']', ',', ')']))], runs)('matches as much as ARRAY_2D', (code) => {
    expect(twoLevelArrayLength(code)).toBe(referenceLength(code))
  })

  test.each([
    ['[[1, 2], [3]]', 13],
    ['[ [1] ,\n [2] ] x', 14],
    ['new Array([1], [2, 3])', 22],
    // Each inner list ends at the first `]` after which the rest matches.
    ['[[1], [2]] ], [3]]', 10],
    ['[[1]], [2]]', 5],
    ['[[1\n], [2]]', -1],
    ['[[],[],[]', -1],
    ['[1, 2]', -1],
  ])('reads %j as ARRAY_2D does', (code, length) => {
    expect(twoLevelArrayLength(code)).toBe(length)
    expect(referenceLength(code)).toBe(length)
  })
})

describe('the JavaScript object pairs scanner', () => {
  test.prop([jsText(['a: ', "'k': [1, 2], b:"], [':', ',', ', ', '{', '}', '[', ']', 'key'])], runs)('finds the pairs PAIR finds', (text) => {
    expect(objectPairs(text)).toStrictEqual(referencePairs(text))
  })

  test.each([
    ['a: 1, b: [2, 3], c: x', [['a', '1'], ['b', '[2, 3]'], ['c', 'x']]],
    ['a: 1, 2, b: 3', [['a', '1, 2'], ['b', '3']]],
    // Where a colon follows the spaces after a comma at once, the last space is the next key.
    ['a: 1,  :2', [['a', '1'], [' ', '2']]],
    ['a: 1,:2', [['a', '1,:2']]],
    // A value does not reach past a line feed: the key that follows starts after the colon.
    ['a: 1\nb: 2', [[' 1\nb', '2']]],
    ['a: 1\n', [['a', '1']]],
    ['aaaa', []],
  ])('reads %j as PAIR does', (text, pairs) => {
    expect(objectPairs(text)).toStrictEqual(pairs)
    expect(referencePairs(text)).toStrictEqual(pairs)
  })
})
