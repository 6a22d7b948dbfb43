import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { looksLikeJson } from '../../src/calls/looks-like-json'

/** The rule as written: `{`, or `[` then `{`, `[`, `]` or `"`, each after any whitespace JavaScript knows. */
const RULE = /^\s*(\{|\[\s*[[{\]"])/

// The characters that decide, whitespace of every kind among them, and some that do not.
const DECIDING = ['{', '[', ']', '"', ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2028', '\ufeff', '\u3000', 'a', '_', '(', '1', "'", 'é', '\u0000']

describe('looksLikeJson', () => {
  test.each([
    ['{"name": "f"}', true],
    ['[{"name": "f"}]', true],
    ['[]', true],
    ['["f", {}]', true],
    ['[["f", {}]]', true],
    ['  \n [ {"name": "f"}]', true],
    ['\u00a0{}', true],
    ['[ \u2028"f"]', true],
    ['[f(a=1)]', false],
    ['f(a=1)', false],
    [' [f(a=1)]', false],
    ['[ f(a=1)]', false],
    ['', false],
    ['[', false],
  ])('%j: %s', (text, expected) => {
    expect(looksLikeJson(text)).toBe(expected)
  })

  test.prop([fc.array(fc.constantFrom(...DECIDING), { maxLength: 6 }).map((chars) => chars.join(''))], { numRuns: 2000 })(
    'agrees with the rule on every opening',
    (text) => {
      expect(looksLikeJson(text)).toBe(RULE.test(text))
    },
  )

  test.prop([fc.string({ unit: 'binary', maxLength: 8 })])('agrees with the rule on any text', (text) => {
    expect(looksLikeJson(text)).toBe(RULE.test(text))
  })
})
