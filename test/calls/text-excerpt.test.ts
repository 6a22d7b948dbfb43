import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { excerptAt, nameExcerpt, startOf } from '../../src/calls/text-excerpt'

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

describe('startOf', () => {
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const clusters = (text: string) => [...graphemes.segment(text)].map(({ segment }) => segment)

  it('never parts a flag, an emoji from its skin tone or the others it joins, a letter from its accent, or a Hangul syllable', () => {
    // Japan and Korea, cut inside the second flag: never Pakistan 🇵🇰 and a stray letter.
    expect(startOf('🇯🇵🇰🇷', 6)).toBe('🇯🇵')
    expect(startOf('ok 👍🏽', 5)).toBe('ok ')
    expect(startOf('a 👩\u200d💻 b', 5)).toBe('a ')
    expect(startOf('cafe\u0301', 4)).toBe('caf')
    // 한 decomposed, as macOS types it: not 하 and a lone ᆫ.
    expect(startOf('\u1112\u1161\u11ab', 2)).toBe('')
    expect(startOf('plain text', 5)).toBe('plain')
    // CR LF is one cluster too.
    expect(startOf('a\r\nb', 2)).toBe('a')
  })

  it('keeps a run of flags paired as written, however far the cut is from where the run begins', () => {
    const flags = '🇺🇸'.repeat(40)
    // 130 units: 32 flags and one regional indicator; never a 🇸🇺 read across the pairs.
    expect(startOf(flags, 130)).toBe('🇺🇸'.repeat(32))
    expect(excerptAt(`${flags}!`, flags.length)).toBe(`…"${'🇺🇸'.repeat(6)}!"`)
  })

  it('cuts inside a cluster too long to keep whole, a letter under a heap of accents, rather than cut it all away', () => {
    const heaped = `a${'\u0301'.repeat(200)}`
    expect(startOf(heaped, 60)).toBe(heaped.slice(0, 60))
    expect(excerptAt(heaped, 100)).toBe(JSON.stringify(heaped.slice(76, 112)).replace(/^/, '…').replace(/$/, '…'))
  })

  it('ends on a cluster whole, the longest start that fits, for any text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', 'e\u0301', '🇯', '🇵', '👍', '🏽', '\u200d', '\u1112', '\u1161', '\u11ab', '\ud83d', '\r', '\n'), maxLength: 30 })
    fc.assert(
      fc.property(text, fc.nat(40), (text, end) => {
        const start = startOf(text, end)
        let whole = ''
        for (const cluster of clusters(text)) {
          if (whole.length + cluster.length > end) break
          whole += cluster
        }
        expect(start).toBe(whole)
      }),
    )
  })
})

describe('excerptAt keeps clusters whole', () => {
  it('at either cut', () => {
    const text = `🇯🇵${'a'.repeat(22)}!${'b'.repeat(10)}🇰🇷y`
    expect(excerptAt(text, text.indexOf('!'))).toBe(`…"${'a'.repeat(22)}!${'b'.repeat(10)}"…`)
  })
})
