import { describe, expect, it } from 'vitest'
import { excerptAt, nameExcerpt } from '../../src/calls/text-excerpt'

describe('excerptAt', () => {
  it('quotes a short text whole', () => {
    expect(excerptAt("f(a='x", 4)).toBe(`"f(a='x"`)
  })

  it('cuts a long text on both sides, with the cut marked outside the quotes', () => {
    const text = `${'a'.repeat(50)}!${'b'.repeat(50)}`
    expect(excerptAt(text, 50)).toBe(`…"${'a'.repeat(24)}!${'b'.repeat(11)}"…`)
  })

  it('keeps line breaks and controls escaped, on one line', () => {
    expect(excerptAt('f(a=1,\n  b=\u001b)', 11)).toBe('"f(a=1,\\n  b=\\u001b)"')
  })

  it('never splits a surrogate pair at either cut', () => {
    const emoji = '\u{1F600}'
    // The cut before would fall between the halves of the first emoji, the cut after between those of the last.
    const text = `x${emoji}${'a'.repeat(23)}!${'b'.repeat(10)}${emoji}y`
    const excerpt = excerptAt(text, text.indexOf('!'))
    expect(excerpt).toBe(`…"${'a'.repeat(23)}!${'b'.repeat(10)}"…`)
    expect(excerpt).not.toMatch(/\\ud/)
  })
})

describe('nameExcerpt', () => {
  it('quotes a name of up to 100 characters whole', () => {
    expect(nameExcerpt('x'.repeat(100))).toBe('x'.repeat(100))
  })

  it('cuts a longer one after 100 characters, never between the halves of a surrogate pair', () => {
    expect(nameExcerpt('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`)
    expect(nameExcerpt(`${'x'.repeat(99)}\u{1F600}y`)).toBe(`${'x'.repeat(99)}…`)
  })
})
