import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { linesJoined } from '../../src/cli/lines-joined'

const spaceAndBreaks = fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '\r', '\u00a0', '\u2028', 'a', 'b'), maxLength: 40 })

describe('linesJoined', () => {
  test.prop([spaceAndBreaks], { numRuns: 2000 })('makes each run of white space that holds a line break one space, as the pattern of a break with space either side does', (text) => {
    expect(linesJoined(text)).toBe(text.replace(/\s*\n\s*/g, ' '))
  })

  test('keeps a vast run of spaces that holds no line break as it is', () => {
    const text = `a${' '.repeat(500_000)}b\n  c`
    expect(linesJoined(text)).toBe(`a${' '.repeat(500_000)}b c`)
  })
})
