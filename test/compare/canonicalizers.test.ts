import { describe, expect, test } from 'vitest'
import { canonicalizers } from '../../src/compare/canonicalizers'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

describe('canonicalizers', () => {
  test('default folds case, trims, and folds runs of whitespace', () => {
    expect(canonicalizers.default('  New\t\tYORK  city ')).toBe('new york city')
  })

  test('default reads text in NFC: a precomposed letter equals the letter and its combining accent, as they print alike', () => {
    expect(canonicalizers.default('Cafe\u0301 Zu\u0308rich')).toBe('café zürich')
    expect(canonicalizers.default('CAFE\u0301')).toBe(canonicalizers.default('caf\u00e9'))
    expect(canonicalizers.exact('cafe\u0301')).not.toBe(canonicalizers.exact('caf\u00e9'))
    // Compatibility forms are other text: NFC leaves them, unlike NFKC.
    expect(canonicalizers.default('\ufb01le')).not.toBe(canonicalizers.default('file'))
    const metric = new ToolCallMetric()
    expect(metric.score([{ name: 'book', args: { city: 'Zu\u0308rich' } }], [{ name: 'book', args: { city: 'Z\u00fcrich' } }]).f1).toBe(1)
    expect(new ToolCallMetric({ canonicalizer: 'exact' }).score([{ name: 'book', args: { city: 'Zu\u0308rich' } }], [{ name: 'book', args: { city: 'Z\u00fcrich' } }]).f1).toBe(0)
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

  test('each, called with anything but a string, throws a TypeError naming itself and what it was given', () => {
    expect(() => (canonicalizers.default as (s: unknown) => string)(5)).toThrow(new TypeError('canonicalizers.default(s): expected a string, received 5'))
    expect(() => (canonicalizers.exact as (s: unknown) => string)(null)).toThrow(new TypeError('canonicalizers.exact(s): expected a string, received null'))
    expect(() => (canonicalizers.bfcl as (s: unknown) => string)(undefined)).toThrow(/^canonicalizers\.bfcl\(s\): /)
    expect(() => (canonicalizers.toolName as (s: unknown) => string)(['a'])).toThrow(/^canonicalizers\.toolName\(s\): /)
  })

  test('each, passed as an option, compares as its name does', () => {
    const calls = [{ name: 'f', args: { city: ' PARIS ' } }]
    const gold = [{ name: 'f', args: { city: 'paris' } }]
    expect(new ToolCallMetric({ canonicalizer: canonicalizers.default }).score(calls, gold).f1).toBe(1)
    expect(new ToolCallMetric({ canonicalizer: canonicalizers.exact }).score(calls, gold).f1).toBe(0)
  })
})
