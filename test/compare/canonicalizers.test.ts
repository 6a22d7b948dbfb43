import { describe, expect, test } from 'vitest'
import { canonicalizers } from '../../src/compare/canonicalizers'

describe('canonicalizers', () => {
  test('default folds case, trims, and folds runs of whitespace', () => {
    expect(canonicalizers.default('  New\t\tYORK  city ')).toBe('new york city')
  })

  test('default keeps punctuation', () => {
    expect(canonicalizers.default('San-Francisco')).not.toBe(canonicalizers.default('San Francisco'))
  })

  test('exact changes nothing', () => {
    expect(canonicalizers.exact(' Paris ')).toBe(' Paris ')
  })

  test("bfcl drops space , . / - _ * ^, lower-cases, and reads ' as \"", () => {
    expect(canonicalizers.bfcl("San Francisco, CA")).toBe('sanfranciscoca')
    expect(canonicalizers.bfcl('a.b/c-d_e*f^g')).toBe('abcdefg')
    expect(canonicalizers.bfcl("it's")).toBe('it"s')
  })

  test('bfcl turns a string of only removed characters into the empty string', () => {
    expect(canonicalizers.bfcl(' ,./-_*^')).toBe('')
  })

  test('toolName folds case and reads . and - as _', () => {
    expect(canonicalizers.toolName('Math.Factorial')).toBe(canonicalizers.toolName('math_factorial'))
    expect(canonicalizers.toolName('get-weather')).toBe('get_weather')
  })
})
