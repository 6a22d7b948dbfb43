import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { addArguments, addBlock, arrayElements, asListElements, hashMapPuts, isEmptyHashMap, putEntries } from '../../src/bfcl/java-patterns'
import { RE_ANY, RE_ANY_OR_NEWLINE, RE_SPACE, RE_WORD } from '../../src/bfcl/python-text'

// BFCL's patterns as regular expressions, which give the results the scanners must give.
const S = RE_SPACE
const W = RE_WORD
const ANY = RE_ANY
const ANY_NL = RE_ANY_OR_NEWLINE
const AS_LIST = new RegExp(`new${S}+ArrayList<${W}*>\\(Arrays\\.asList\\((${ANY}+?)\\)\\)`, 'u')
const ADD_BLOCK = new RegExp(`new${S}+ArrayList<${W}*>\\(\\)${S}*\\{\\{${S}*(${ANY_NL}+?)${S}*\\}\\}`, 'u')
const ADD = new RegExp(`add\\((${ANY}+?)\\)`, 'gu')
const ARRAY = new RegExp(`new${S}+${W}+\\[\\]${S}*\\{(${ANY}*?)\\}`, 'u')
const HASH_MAP = new RegExp(`new${S}+HashMap<${ANY_NL}*?>${S}*\\(\\)${S}*\\{${S}*\\{?${S}*(${ANY_NL}*?)${S}*\\}?${S}*\\}`, 'u')
const PUT = new RegExp(`put\\("(${ANY}*?)",${S}*(${ANY}*?)\\)`, 'gu')
const EMPTY_HASH_MAP = new RegExp(`new${S}+HashMap<${ANY}*?>${S}*\\(\\)`, 'u')

// Spaces of every kind Python knows, characters that are not spaces to it (U+FEFF), and others.
const COMMON = [' ', ' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', '\x1c', '\ufeff', 'x', '1', ',', '"', 'é', '😀']

/** Text that holds one of `heads`, among pieces of them, `pieces` of the collection and COMMON ones: up to 40 of them. */
function javaText(heads: string[], pieces: string[]): fc.Arbitrary<string> {
  const text = fc.array(fc.constantFrom(...COMMON, ...heads, ...pieces), { maxLength: 40, size: 'max' }).map((parts) => parts.join(''))
  return fc.tuple(fc.constantFrom(...heads), text, text, fc.boolean()).map(([head, before, after, lead]) => `${lead ? before : ''}${head}${after}`)
}
const runs = { numRuns: 3000 }

describe('the Java collection scanners', () => {
  test.prop([javaText(['new ArrayList<>(Arrays.asList(', 'new\tArrayList<Integer>(Arrays.asList('], [')', '))', '(', 'new'])], runs)('give the elements AS_LIST gives', (text) => {
    expect(asListElements(text)).toBe(AS_LIST.exec(text)?.[1])
  })

  test.prop([javaText(['new ArrayList<>() {{', 'new ArrayList<String>(){{ '], ['}', '}}', '{', '{{', 'add(', ')'])], runs)('give the block ADD_BLOCK gives', (text) => {
    expect(addBlock(text)).toBe(ADD_BLOCK.exec(text)?.[1])
  })

  test.prop([javaText(['add(', 'add("a"); add('], [')', '(', ';', 'add'])], runs)('give the arguments ADD finds', (text) => {
    expect(addArguments(text)).toStrictEqual(Array.from(text.matchAll(ADD), (match) => match[1]))
  })

  test.prop([javaText(['new int[]{', 'new String[] {'], ['}', '{', '[]', 'new', 'int'])], runs)('give the elements ARRAY gives', (text) => {
    expect(arrayElements(text)).toBe(ARRAY.exec(text)?.[1])
  })

  test.prop([javaText(['new HashMap<>() {{', 'new HashMap<String, Object>(){', 'new HashMap<'], ['}', '{', '>', '()', '(', ')', '<', 'put("'])], runs)('give the puts HASH_MAP gives', (text) => {
    expect(hashMapPuts(text)).toBe(HASH_MAP.exec(text)?.[1])
  })

  test.prop([javaText(['new HashMap<>()', 'new HashMap<String>', 'new HashMap<'], ['>', '()', '(', ')', '<'])], runs)('tell an empty HashMap as EMPTY_HASH_MAP does', (text) => {
    expect(isEmptyHashMap(text)).toBe(EMPTY_HASH_MAP.test(text))
  })

  test.prop([javaText(['put("', 'put("a", 1); put("'], ['",', ')', '"', 'put("', ';'])], runs)('give the entries PUT finds', (text) => {
    expect(putEntries(text)).toStrictEqual(Array.from(text.matchAll(PUT), (match) => [match[1], match[2]]))
  })

  test.each([
    ['new ArrayList<>() {{ add(1); }}', 'add(1);'],
    // Where no `}}` follows the first character, the block is the last space before `}}`.
    ['new ArrayList<>() {{ }}', ' '],
    ['new ArrayList<>() {{}}', undefined],
    ['new ArrayList<>() {{}}}', '}'],
    ['new ArrayList<>() {{ x }} y }}', 'x'],
  ])('read the block of %j as ADD_BLOCK does', (text, block) => {
    expect(addBlock(text)).toBe(block)
    expect(ADD_BLOCK.exec(text)?.[1]).toBe(block)
  })

  test.each([
    ['new HashMap<>() {{ put("a", 1); }}', 'put("a", 1);'],
    ['new HashMap<>(){}', ''],
    ['new HashMap<A<B>>() { {\n put("a", 1);\n} }', 'put("a", 1);'],
    ['new HashMap<>(){ x', undefined],
    ['new HashMap<>() x new HashMap<>() {}', ''],
  ])('read the puts of %j as HASH_MAP does', (text, puts) => {
    expect(hashMapPuts(text)).toBe(puts)
    expect(HASH_MAP.exec(text)?.[1]).toBe(puts)
  })

  test.each([
    ['put("a", 1); put("b",\n 2)', [['a', '1'], ['b', '2']]],
    ['put("a\n", 1) put("b", x) y)', [['b', 'x']]],
    ['put("a", b", c)', [['a', 'b", c']]],
    ['put("a",\n put("b", 1)', [['a', 'put("b", 1']]],
  ])('read the entries of %j as PUT does', (text, entries) => {
    expect(putEntries(text)).toStrictEqual(entries)
    expect(Array.from(text.matchAll(PUT), (match) => [match[1], match[2]])).toStrictEqual(entries)
  })
})
