import { fc, test } from '@fast-check/vitest'
import { format, plugins } from 'pretty-format'
import { describe, expect } from 'vitest'
import { canonicalizers } from '../../src/compare/canonicalizers'
import { differsPastWindows, NamesByDrawing, printArgName, printDrawnApart, printName, printStringsApart, printValue, valuesDrawnAlike } from '../../src/compare/print-value'

/**
 * Controls, line and paragraph separators, default ignorables but for joiners and variation
 * selectors, spaces other than the space and the Ogham mark (which is drawn), the braille blank,
 * and unpaired surrogates, written as escapes so that they show; beyond 16 bits by code point.
 */
function escapeUnseen(text: string): string {
  return text.replace(
    /[\p{Cc}\u2028\u2029\u2800]|(?![\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}])\p{Default_Ignorable_Code_Point}|(?![ \u1680])\p{Zs}|\p{Cs}/gu,
    (char) => {
      if (char.length === 2) return `\\u{${char.codePointAt(0)!.toString(16)}}`
      return char === '\n' ? '\\n' : char === '\r' ? '\\r' : char === '\t' ? '\\t' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
    },
  )
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Printed text as what a reader sees as one: each escape it holds (`\\u200b`, `\\"`), else each grapheme. */
function printedTokens(printed: string): string[] {
  const tokens: string[] = []
  const clusters = [...graphemes.segment(printed)].map(({ segment }) => segment)
  for (let i = 0; i < clusters.length; i++) {
    if (clusters[i] !== '\\' || i + 1 === clusters.length) {
      tokens.push(clusters[i]!)
      continue
    }
    const rest = clusters.slice(i + 1, i + 12).join('')
    const escape = /^(?:u\{[0-9a-f]+\}|u[0-9a-f]{4}|.)/su.exec(rest)![0]
    tokens.push(`\\${escape}`)
    i += [...graphemes.segment(escape)].length
  }
  return tokens
}

/** The longest run of whole tokens, escapes and graphemes, that fits in `end` code units. */
function wholeStart(text: string, end: number): string {
  let start = ''
  for (const token of printedTokens(text)) {
    if (start.length + token.length > end) break
    start += token
  }
  return start
}

/** What printValue prints for any object: pretty-format's one-line form, with its unseen characters escaped so that it stays one line. */
function byPrettyFormat(value: unknown): string {
  const printed = escapeUnseen(format(value, { min: true, maxDepth: 4, maxWidth: 8, plugins: [plugins.AsymmetricMatcher] }))
  return printed.length > 120 ? `${wholeStart(printed, 120)}…` : printed
}

const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"', '\\', '\n', '…', '', '\u001b[0m', '\u200b'),
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.boolean(),
  fc.constant(null),
)

describe('a string prints unlike any other', () => {
  test('a line break and a backslash before n, and quotes inside, print apart, as JSON writes them', () => {
    expect(printValue('line1\nline2')).toBe('"line1\\nline2"')
    expect(printValue('line1\\nline2')).toBe('"line1\\\\nline2"')
    expect(printValue('say "hi"')).toBe('"say \\"hi\\""')
    expect(printValue(['a"b', 'c\\d'])).toBe('["a\\"b", "c\\\\d"]')
    expect(printValue({ text: 'a\\nb' })).toBe('{"text": "a\\\\nb"}')
    expect(printStringsApart('line1\nline2', 'line1\\nline2')).toEqual(['"line1\\nline2"', '"line1\\\\nline2"'])
  })

  const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('\\', 'n', '"', '\n', 'u', '0', 'a', 'é', 'e\u0301') }))
  test.prop([text, text])('two strings that differ print differently', (a, b) => {
    fc.pre(a !== b)
    const [expected, received] = printStringsApart(a, b, 1000)
    expect(expected).not.toBe(received)
    expect(printValue(a) === printValue(b)).toBe(a.length > 60 && b.length > 60 && wholeStart(a, 60) === wholeStart(b, 60))
  })
})

describe('printValue prints a list as pretty-format does', () => {
  test.prop([fc.array(scalar, { maxLength: 12 })])('a list of scalars', (list) => {
    expect(printValue(list)).toBe(byPrettyFormat(list))
  })

  test.prop([fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string(), scalar), fc.constant(undefined)), { maxLength: 10 })])(
    'a list holding lists, objects or undefined',
    (list) => {
      expect(printValue(list)).toBe(byPrettyFormat(list))
    },
  )

  test.each([
    ['a hole', [1, , 3]],
    ['a list longer than eight', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    ['exactly eight', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['a long string inside', ['x'.repeat(200)]],
    ['a subclass', Object.assign(new (class Items extends Array {})(), { 0: 1, 1: 2 })],
    ['a list with toJSON', Object.assign([1, 2], { toJSON: () => 'as JSON' })],
  ])('%s', (_, list) => {
    expect(printValue(list)).toBe(byPrettyFormat(list))
  })

  test('a list whose items cannot be read prints as its kind', () => {
    const list = new Proxy([1, 2], {
      get(target, key) {
        if (key === '0') throw new Error('trap')
        return Reflect.get(target, key)
      },
    })
    expect(printValue(list)).toBe('object')
  })
})

describe('printValue keeps to one line', () => {
  test('control, zero-width and direction characters print as escapes, so that model output cannot drive the terminal or hide', () => {
    expect(printValue('\u001b[31mRED\u0007')).toBe('"\\u001b[31mRED\\u0007"')
    expect(printValue('Lisbon\u200b')).toBe('"Lisbon\\u200b"')
    expect(printValue('abc\u202edcba\tx')).toBe('"abc\\u202edcba\\tx"')
    expect(printValue('bob\u2067evil\u2069')).toBe('"bob\\u2067evil\\u2069"')
  })

  test('spaces other than the space, the soft hyphen and an unpaired surrogate print as escapes, so that strings that differ look different', () => {
    expect(printValue('10\u00a0km')).toBe('"10\\u00a0km"')
    expect(printValue('co\u00adop\u2009x\u3000y')).toBe('"co\\u00adop\\u2009x\\u3000y"')
    expect(printValue('a\ud800b\udc00')).toBe('"a\\ud800b\\udc00"')
    expect(printValue('😀')).toBe('"😀"')
  })

  test('fillers and tag characters, which show as nothing or as a blank, print as escapes, those beyond 16 bits by their code point', () => {
    // Tags can carry a hidden "ign" after a word; a Hangul filler and the braille blank show as spaces.
    expect(printValue('Paris\u{E0069}\u{E0067}\u{E006E}')).toBe('"Paris\\u{e0069}\\u{e0067}\\u{e006e}"')
    expect(printValue('서울\u3164')).toBe('"서울\\u3164"')
    expect(printValue('東京\u2800タワー')).toBe('"東京\\u2800タワー"')
    expect(printValue('a\u034fb\u180ec\u2060d')).toBe('"a\\u034fb\\u180ec\\u2060d"')
  })

  test('joiners and variation selectors, which spell emoji, Persian words and the variants of ideographs, print as they are', () => {
    expect(printValue('Team 👩\u200d💻 ❤\ufe0f')).toBe('"Team 👩\u200d💻 ❤\ufe0f"')
    // The flags of England and Wales are tag sequences; tags after a black flag that spell no flag still print as escapes.
    const [england, wales] = ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}']
    expect(printValue(`${england} v ${wales}`)).toBe(`"${england} v ${wales}"`)
    expect(printValue('\u{1F3F4}\u{E0069}\u{E0067}\u{E006E}\u{E007F}')).toBe('"\u{1F3F4}\\u{e0069}\\u{e0067}\\u{e006e}\\u{e007f}"')
    expect(printValue('می\u200cخواهم')).toBe('"می\u200cخواهم"')
    expect(printValue('葛\u{E0100}城')).toBe('"葛\u{E0100}城"')
  })

  test('a joiner with nothing beyond ASCII beside it, which joins nothing drawn, prints as its escape', () => {
    expect(printValue('delete\u200d_all')).toBe('"delete\\u200d_all"')
    expect(printValue('\u200cab\u200c')).toBe('"\\u200cab\\u200c"')
    // Nor beside another joiner, or a character that is itself escaped.
    expect(printValue('a\u200d\u200db')).toBe('"a\\u200d\\u200db"')
    expect(printValue('a\u200b\u200db')).toBe('"a\\u200b\\u200db"')
  })

  test('a value cut to its length is never cut inside an escape, which would read as other text, nor inside a flag', () => {
    expect(printValue([`${'a'.repeat(116)}\u200b\u200b`])).toBe(`["${'a'.repeat(116)}…`)
    expect(printValue([`${'a'.repeat(117)}\\\\`])).toBe(`["${'a'.repeat(117)}…`)
    expect(printValue([`${'a'.repeat(117)}🇯🇵`])).toBe(`["${'a'.repeat(117)}…`)
    // An escaped backslash is whole; what follows it is plain text.
    expect(printValue([`${'a'.repeat(114)}\\u1234`])).toBe(`["${'a'.repeat(114)}\\\\u1…`)
  })

  test('a string with line breaks prints them as escapes', () => {
    expect(printValue('line1\nline2\r\n')).toBe('"line1\\nline2\\r\\n"')
  })
})

describe('printStringsApart', () => {
  const prefix = 'SELECT id, name FROM users WHERE status = 1 ORDER BY created_at DESC LIMIT '

  test('short strings print whole', () => {
    expect(printStringsApart('Paris', 'Lyon')).toEqual(['"Paris"', '"Lyon"'])
  })

  test('long strings are cut around where they first differ, so the difference shows', () => {
    expect(printStringsApart(`${prefix}100`, `${prefix}10`)).toEqual([
      '"…OM users WHERE status = 1 ORDER BY created_at DESC LIMIT 100"',
      '"…OM users WHERE status = 1 ORDER BY created_at DESC LIMIT 10"',
    ])
    const rest = ' OFFSET 5 AND MORE TEXT AFTER'
    expect(printStringsApart(`${prefix}100${rest}`, `${prefix}200${rest}`, 30)).toEqual(['"…_at DESC LIMIT 100 OFFSET 5 AN…"', '"…_at DESC LIMIT 200 OFFSET 5 AN…"'])
  })

  test('strings drawn alike, an accent composed or not, print the characters beyond ASCII where they differ as escapes', () => {
    expect(printStringsApart('Café', 'Cafe\u0301')).toEqual(['"Caf\\u00e9"', '"Cafe\\u0301"'])
    expect(printStringsApart('ﬁle', 'file')).toEqual(['"\\ufb01le"', '"file"'])
    expect(printStringsApart('Café', 'Cafe')).toEqual(['"Café"', '"Cafe"'])
  })

  test('strings that differ by a Cyrillic or Greek letter drawn like a Latin one print that letter as its escape', () => {
    expect(printStringsApart('get_weather', 'get_we\u0430ther')).toEqual(['"get_weather"', '"get_we\\u0430ther"'])
    expect(printStringsApart('Lisbon', 'Lisb\u03bfn')).toEqual(['"Lisbon"', '"Lisb\\u03bfn"'])
    // A Latin M in a Cyrillic word: only the letters that differ are escaped, and ASCII is drawn as itself.
    expect(printStringsApart('Москва', 'Mосква')).toEqual(['"\\u041cосква"', '"Mосква"'])
    // Accented alike: ё and ë.
    expect(printStringsApart('Fëdor', 'F\u0451dor')).toEqual(['"F\\u00ebdor"', '"F\\u0451dor"'])
  })

  test('strings drawn alike keep the text around their difference readable: Japanese with a kana composed or not', () => {
    // が as one character against か and the combining voiced mark.
    const composed = '東京駅から新宿駅までの行き方を教えてください。できれば電車がいいです。'
    const decomposed = composed.replace('が', 'か\u3099')
    expect(printStringsApart(composed, decomposed)).toEqual(['"東京駅から新宿駅までの行き方を教えてください。できれば電車\\u304cいいです。"', '"東京駅から新宿駅までの行き方を教えてください。できれば電車\\u304b\\u3099いいです。"'])
    // Cut around the difference, only the difference escaped.
    const [gold, pred] = printStringsApart(`${'あ'.repeat(80)}${composed}`, `${'あ'.repeat(80)}${decomposed}`)
    expect(gold).toMatch(/^"…[^\\]*電車\\u304cいいです。"$/)
    expect(pred).toMatch(/^"…[^\\]*電車\\u304b\\u3099いいです。"$/)
  })

  test('the escaped part of strings drawn alike takes in a mark that follows it and never half of a surrogate pair', () => {
    // The ligature's letters share their ending with the ligature's word, and the shared ending begins with a mark.
    expect(printStringsApart('ﬁ\u0301x', 'fi\u0301x')).toEqual(['"\\ufb01\\u0301x"', '"fi\\u0301x"'])
    // Mathematical bold and italic a, drawn as a, share their high surrogate: each is escaped whole, by its code point.
    expect(printStringsApart('x\u{1D41A}y', 'x\u{1D44E}y')).toEqual(['"x\\u{1d41a}y"', '"x\\u{1d44e}y"'])
    // Mathematical italic o and the Cyrillic modifier letter o, drawn as o, share their low surrogate.
    expect(printStringsApart('x\u{1D45C}y', 'x\u{1E05C}y')).toEqual(['"x\\u{1d45c}y"', '"x\\u{1e05c}y"'])
  })

  test('strings that differ only in a joiner or a variation selector are drawn alike, and print it as its escape', () => {
    expect(printStringsApart('می\u200cخواهم', 'میخواهم')).toEqual(['"می\\u200cخواهم"', '"میخواهم"'])
    expect(printStringsApart('❤\ufe0f', '❤')).toEqual(['"❤\\ufe0f"', '"❤"'])
  })

  test('kanji drawn as katakana, a wave dash for a full-width tilde, and Persian letters and digits for Arabic ones are drawn alike', () => {
    // From the first difference to the last, every character beyond ASCII is escaped.
    expect(printStringsApart('コーヒー', 'コ一ヒ一')).toEqual(['"コ\\u30fc\\u30d2\\u30fc"', '"コ\\u4e00\\u30d2\\u4e00"'])
    expect(printStringsApart('10時～12時', '10時〜12時')).toEqual(['"10時\\uff5e12時"', '"10時\\u301c12時"'])
    expect(printStringsApart('كتاب', 'کتاب')).toEqual(['"\\u0643تاب"', '"\\u06a9تاب"'])
    expect(printStringsApart('+98 ۹۱۲', '+98 ٩١٢')).toEqual(['"+98 \\u06f9\\u06f1\\u06f2"', '"+98 \\u0669\\u0661\\u0662"'])
    // Hiragana and katakana he, with or without the voiced mark, are drawn alike; ka and its kanji look-alike 力 too.
    expect(valuesDrawnAlike('べんとう', 'ベんとう')).toBe(true)
    expect(valuesDrawnAlike('カロリー', '力口リー')).toBe(true)
    expect(valuesDrawnAlike('東京', '京都')).toBe(false)
  })

  test('long strings are cut around their difference without parting a flag or an emoji from its skin tone', () => {
    const flags = '🇯🇵🇰🇷'
    const gold = `${flags}${'い'.repeat(53)}Y`
    const [expected, received] = printStringsApart(gold, `${gold.slice(0, -1)}X`)
    expect(expected).toBe(`"…🇰🇷${'い'.repeat(53)}Y"`)
    expect(received).toBe(`"…🇰🇷${'い'.repeat(53)}X"`)
  })

  test('long strings that differ under a heap of accents, or after a run of flags, print apart, the flags paired as written', () => {
    const accents = '\u0301'.repeat(80)
    const [a, b] = printStringsApart(`a${accents}`, `b${accents}`)
    expect(a).not.toBe(b)
    expect(a).toMatch(/^"a\u0301+…"$/)
    const flags = '🇺🇸'.repeat(40)
    expect(printStringsApart(`${flags}a`, `${flags}b`)).toEqual([`"…${'🇺🇸'.repeat(14)}a"`, `"…${'🇺🇸'.repeat(14)}b"`])
  })

  test('strings a reader can tell apart print as they are', () => {
    expect(printStringsApart('Zurich', 'Zürich')).toEqual(['"Zurich"', '"Zürich"'])
    expect(printStringsApart('Киев', 'Москва')).toEqual(['"Киев"', '"Москва"'])
    expect(printStringsApart('Москва', 'Москвы')).toEqual(['"Москва"', '"Москвы"'])
    expect(printStringsApart('Αθήνα', 'Athens')).toEqual(['"Αθήνα"', '"Athens"'])
  })

  test('where the strings differ in length and end alike, both windows end on the same text', () => {
    const body = (word: string) => Array.from({ length: 60 }, (_, i) => `Line ${i}: the quick brown fox jumps over the ${i === 30 ? word : 'lazy'} dog.`).join('\n')
    const [expected, received] = printStringsApart(body('lazy'), body('sleepy'), 60)
    const [before, after] = expected.split('lazy')
    expect(received).toBe(`${before}sleepy${after}`)
    expect(after).toMatch(/…"$/)
  })

  test('where the strings differ again past the windows, both windows end at the same line and column, so a line both share prints alike', () => {
    const code = Array.from({ length: 40 }, (_, i) => `line ${i}: const v${i} = compute(${i});`).join('\n')
    const changed = code.replace('compute(5)', 'compute(50)').replace('compute(35)', 'compuet(35)')
    const [expected, received] = printStringsApart(code, changed, 100)
    const lastLine = (printed: string) => printed.slice(printed.lastIndexOf('\\n'))
    expect(lastLine(received)).toBe(lastLine(expected))
    expect(expected).toMatch(/…"$/)
    expect(differsPastWindows(code, changed, 100)).toBe(true)
    expect(differsPastWindows(code, code.replace('compute(5)', 'compute(50)'), 100)).toBe(false)
  })

  test('a window never splits a surrogate pair', () => {
    const [expected, received] = printStringsApart(`${'😀'.repeat(40)}a`, `${'😀'.repeat(40)}b`, 20)
    for (const printed of [expected, received]) expect(printed).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
    expect(expected.endsWith('a"')).toBe(true)
  })

  test('a difference near the start keeps the start and cuts the end', () => {
    expect(printStringsApart(`A${prefix}`, `B${prefix}`, 10)).toEqual(['"ASELECT id…"', '"BSELECT id…"'])
  })

  test.prop([fc.string({ minLength: 1 }), fc.string(), fc.string(), fc.integer({ min: 10, max: 80 })])(
    'both windows hold where the strings first differ',
    (common, a, b, width) => {
      fc.pre(a !== b && a[0] !== b[0])
      const [printedA, printedB] = printStringsApart(common.repeat(5) + a, common.repeat(5) + b, width)
      expect(printedA).not.toBe(printedB)
    },
  )
})

describe('printStringsApart with the canonical form the score compared by', () => {
  const story = (end: string) => `Then runs far away into the forest to hide from the ${end}`
  const lower = canonicalizers.default

  test('passes over differences the canonicalizer reads alike, to the one that made the strings differ', () => {
    const [gold, pred] = printStringsApart(`The Quick Brown Fox. ${story('hunters')}`, `the quick brown fox. ${story('farmers')}`, 60, lower)
    expect(gold).toContain('hunters')
    expect(pred).toContain('farmers')
    expect(differsPastWindows(`The Quick Brown Fox. ${story('hunters')}`, `the quick brown fox. ${story('farmers')}`, 60, lower)).toBe(false)
    // Without it, the windows stay on the first raw difference, and the rest is said to differ further on.
    expect(printStringsApart(`The Quick Brown Fox. ${story('hunters')}`, `the quick brown fox. ${story('farmers')}`, 60)[0]).toMatch(/^"The Quick/)
    expect(differsPastWindows(`The Quick Brown Fox. ${story('hunters')}`, `the quick brown fox. ${story('farmers')}`, 60)).toBe(true)
  })

  test('lines the windows up where characters the canonicalizer drops shift one string against the other', () => {
    const gold = `New York, N.Y. - ${'a'.repeat(80)} 10001`
    const pred = `new york ny ${'a'.repeat(80)} 10002`
    const [printedGold, printedPred] = printStringsApart(gold, pred, 30, canonicalizers.bfcl)
    expect(printedGold).toMatch(/10001"$/)
    expect(printedPred).toMatch(/10002"$/)
    expect(printedGold.length - printedGold.indexOf('10001')).toBe(printedPred.length - printedPred.indexOf('10002'))
  })

  test('says a string differs further on only where the canonicalizer reads the rest apart', () => {
    const gold = `${'x'.repeat(100)}A fox hides${' and sleeps'.repeat(10)} there`
    expect(differsPastWindows(gold, `${'x'.repeat(100)}A cat hides${' AND SLEEPS'.repeat(10)} there`, 40, lower)).toBe(false)
    expect(differsPastWindows(gold, `${'x'.repeat(100)}A cat hides${' and sleeps'.repeat(10)} where`, 40, lower)).toBe(true)
  })

  test('cuts strings of over 20,000 characters together at their first raw difference, as finding the other would canonicalize them many times over', () => {
    const long = (first: string, length: number, last: string) => `${first}${'y'.repeat(length)}${last}`
    expect(printStringsApart(long('A', 9_990, 'x'), long('a', 9_990, 'z'), 30, lower)[0]).toMatch(/^"…y+x"$/)
    expect(printStringsApart(long('A', 10_000, 'x'), long('a', 10_000, 'z'), 30, lower)[0]).toMatch(/^"Ay+…"$/)
  })

  test('where a prefix is read unlike the whole (NFC, a final sigma), the difference found is checked, and else the raw one shown', () => {
    // A prefix ending between an e and its accent is no prefix of the composed text: halving may stop there, on one side only.
    const gold = `${'caf\u00e9 '.repeat(18)}X${' z'.repeat(70)}`
    const pred = `${'cafe\u0301 '.repeat(18)}Y${' z'.repeat(70)}`
    const [printedGold, printedPred] = printStringsApart(gold, pred, 60, lower)
    expect(printedGold.includes('X') === printedPred.includes('Y')).toBe(true)
    if (!printedGold.includes('X')) expect([printedGold, printedPred]).toEqual(printStringsApart(gold, pred, 60))
  })

  test('lines the windows up past spaces the canonicalizer trims, where one text reads as the start of the other', () => {
    const [printedGold, printedPred] = printStringsApart(`${'x'.repeat(70)} Hello world and more words`, `${'x'.repeat(70)} hello world`, 40, lower)
    expect(printedGold.indexOf('Hello world')).toBe(printedPred.indexOf('hello world'))
  })

  test('a rest that differs only in what the canonicalizer reads alike, though the windows end at places apart, does not differ further on', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`)
    expect(differsPastWindows(`intro text here X ${words.join('  ')}`, `intro text here Y ${words.join(' ')}`, 60, lower)).toBe(false)
    expect(differsPastWindows(`intro text here X ${words.join('  ')}`, `intro text here Y ${words.join(' ')} w40`, 60, lower)).toBe(true)
  })

  test('falls back to the raw first difference where the canonicalizer throws or reads a prefix unlike the whole', () => {
    const gold = `Ab${'c'.repeat(100)}d`
    const pred = `ab${'c'.repeat(100)}e`
    const raw = printStringsApart(gold, pred, 30)
    expect(printStringsApart(gold, pred, 30, () => { throw new Error('no') })).toEqual(raw)
    // Reads a text by its length alone: no prefix of one is a prefix of the other's form.
    expect(printStringsApart(gold, pred, 30, (s) => String(s.length % 7))).toEqual(raw)
  })

  test.prop([fc.stringMatching(/^[a-c ]{30,40}$/), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), fc.stringMatching(/^[a-c]{1,3}$/), fc.stringMatching(/^[d-f]{1,3}$/)])(
    'both windows hold the difference the default canonicalizer does not read alike',
    (before, changed, differing, other) => {
      // The same text but for the case of its letters and the length of its runs of spaces, from the first character on.
      const beforeAlike = [...before].map((c, i) => (!changed[i] ? c : c === ' ' ? '  ' : c.toUpperCase())).join('')
      const tail = 'z'.repeat(70)
      const [gold, pred] = printStringsApart(`X${before}${differing}${tail}`, `x${beforeAlike}${other}${tail}`, 20, lower)
      expect(gold).toContain(differing)
      expect(pred).toContain(other)
    },
  )
})

describe('a long string or name is cut at a whole character', () => {
  const emojiAtTheCut = `${'a'.repeat(59)}😀${'b'.repeat(80)}`

  test('printValue keeps or drops an emoji at its cut, never half of it', () => {
    expect(printValue(emojiAtTheCut)).toBe(`"${'a'.repeat(59)}…"`)
    expect(printValue([emojiAtTheCut.slice(1), emojiAtTheCut])).not.toMatch(/\\ud83d/)
  })

  test('printArgName cuts a long name in its middle, before or after an emoji it would part', () => {
    expect(printArgName(`${'a'.repeat(39)}😀${'b'.repeat(80)}`)).toBe(`"${'a'.repeat(39)}…${'b'.repeat(20)}"`)
    expect(printArgName(`${'a'.repeat(80)}😀${'b'.repeat(19)}`)).toBe(`"${'a'.repeat(41)}…${'b'.repeat(19)}"`)
  })
})

describe('a name drawn like one beside it prints in escapes', () => {
  test('a tool name with a Cyrillic а beside its Latin twin, and that twin', () => {
    expect(printName('get_we\u0430ther', ['search', 'get_weather'])).toBe('get_we\\u0430ther')
    expect(printName('get_weather', ['get_we\u0430ther'])).toBe('get_weather')
    expect(printName('\u0441\u043e\u0440\u0443', ['copy'])).toBe('\\u0441\\u043e\\u0440\\u0443')
  })

  test('a name alone, beside itself, or beside names that look otherwise, prints as it is', () => {
    expect(printName('get_we\u0430ther')).toBe('get_we\u0430ther')
    expect(printName('get_we\u0430ther', ['get_we\u0430ther', 'get_wheather'])).toBe('get_we\u0430ther')
    expect(printName('zürich', ['zurich'])).toBe('zürich')
  })

  test("a name cut or stripped of a lone surrogate by its excerpt has the letters drawn alike escaped where they show", () => {
    const strip = (name: string) => name.replace(/[\ud800-\udfff]/g, '')
    expect(printName('get_\ud800w\u0435ather', ['get_\ud800weather'], strip)).toBe('get_w\\u0435ather')
    const cut = (name: string) => `${name.slice(0, 8)}…`
    expect(printName('get_w\u0435ather_in_the_city', ['get_weather_in_the_city'], cut)).toBe('get_w\\u0435at…')
  })

  test('names kept by how they are drawn answer as a list of them does', () => {
    const names = new NamesByDrawing(['search', 'get_weather', '\u041c\u043e\u0441\u043a\u0432\u0430', 'get_weather'])
    expect(printName('get_we\u0430ther', names)).toBe('get_we\\u0430ther')
    expect(printName('M\u043e\u0441\u043a\u0432\u0430', names)).toBe('M\u043e\u0441\u043a\u0432\u0430')
    expect(printName('\u041c\u043e\u0441\u043a\u0432\u0430', new NamesByDrawing(['M\u043e\u0441\u043a\u0432\u0430']))).toBe('\\u041c\u043e\u0441\u043a\u0432\u0430')
    expect(printName('get_weather', names)).toBe('get_weather')
    expect(printName('s\u00e9arch', names)).toBe('s\u00e9arch')
  })

  test('a long name is cut before it is escaped, its … kept', () => {
    const long = `${'a'.repeat(100)}\u0430bc`
    expect(printName(long, [`${'a'.repeat(101)}bc`], (name) => `${name.slice(0, 101)}…`)).toBe(`${'a'.repeat(100)}\\u0430…`)
  })

  test('an argument name, quoted as it is not an identifier, and cut when long', () => {
    expect(printArgName('\u0441ity', ['city'])).toBe('"\\u0441ity"')
    expect(printArgName('\u0441ity')).toBe('"\u0441ity"')
    expect(printArgName('city', ['\u0441ity'])).toBe('city')
    expect(printArgName(`\u0441${'x'.repeat(80)}`, [`c${'x'.repeat(80)}`])).toBe(`"\\u0441${'x'.repeat(39)}…${'x'.repeat(20)}"`)
    expect(printArgName(`${'x'.repeat(80)}\u0441`, [`${'x'.repeat(80)}c`])).toBe(`"${'x'.repeat(40)}…${'x'.repeat(19)}\\u0441"`)
  })

  test('a long argument name that a middle cut would print as a sibling is cut around where the two differ', () => {
    const name = (middle: string) => `shipping_address_of_the_customer_for_order_${middle}_when_it_differs_from_default`
    const siblings = [name('billing'), name('mailing'), 'id']
    expect(printArgName(name('billing'))).toBe(printArgName(name('mailing')))
    expect(printArgName(name('billing'), undefined, 60, siblings)).toContain('billing')
    expect(printArgName(name('mailing'), undefined, 60, siblings)).toContain('mailing')
    // No sibling alike: cut in the middle still.
    expect(printArgName(name('billing'), undefined, 60, ['id'])).toBe(printArgName(name('billing')))
  })

  test('a long argument name is cut in its middle, so that names apart only at their end print apart', () => {
    const prefix = 'temperature_reading_of_the_outdoor_sensor_'.repeat(2)
    expect(printArgName(`${prefix}in_celsius`)).toBe(`${prefix.slice(0, 40)}…${`${prefix}in_celsius`.slice(-20)}`)
    expect(printArgName(`${prefix}in_celsius`)).not.toBe(printArgName(`${prefix}in_fahrenheit`))
    expect(printArgName('x'.repeat(60))).toBe('x'.repeat(60))
  })
})

describe('valuesDrawnAlike and printDrawnApart', () => {
  test('two different strings drawn alike print in escapes; any other pair of values is not drawn alike', () => {
    expect(valuesDrawnAlike('Lisb\u043en', 'Lisbon')).toBe(true)
    expect(printDrawnApart('Lisb\u043en', 'Lisbon')).toBe('"Lisb\\u043en"')
    expect(valuesDrawnAlike('Z\u00fcrich', 'Zurich')).toBe(false)
    expect(valuesDrawnAlike('Lisbon', 'Lisbon')).toBe(false)
    expect(valuesDrawnAlike(['Lisb\u043en'], ['Lisbon'])).toBe(false)
    expect(printDrawnApart(`${'x'.repeat(70)}\u0430`, `${'x'.repeat(70)}a`)).toBe(`"${'x'.repeat(60)}…"`)
    expect(printDrawnApart(`\u0430${'x'.repeat(70)}`, `a${'x'.repeat(70)}`)).toBe(`"\\u0430${'x'.repeat(59)}…"`)
  })
})
