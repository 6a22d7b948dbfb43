/**
 * Characters drawn as another is, each with that one: letters of the Cyrillic and Greek alphabets
 * drawn as Latin ones; kanji drawn as katakana and a wave dash as the tilde a full-width one
 * decomposes to (`コ一ヒ一` for `コーヒー`, `10時〜12時` for `10時～12時`); and the Arabic letters
 * and digits that Persian writes in its own code points, drawn alike in most of their forms.
 * Written here by hand: Unicode's confusables.txt maps thousands of characters, ASCII among them
 * (`rn` for `m`, `1` for `l`), and no small, kept-up package on npm gives only characters like these.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J', Ӏ: 'I', Ԛ: 'Q', Ԝ: 'W',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ѵ: 'v',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C', Ϳ: 'J',
  α: 'a', ι: 'i', ν: 'v', ο: 'o', ρ: 'p', υ: 'u', γ: 'y', ϲ: 'c', ϳ: 'j',
  // Kanji and hiragana drawn as katakana (NFKD has already parted a voiced kana from its mark)
  一: 'ー', 口: 'ロ', 力: 'カ', 工: 'エ', 夕: 'タ', 卜: 'ト', 八: 'ハ', 二: 'ニ', へ: 'ヘ',
  '〜': '~',
  // Persian's yeh, keheh, heh and digits, for Arabic's
  ی: 'ي', ى: 'ي', ک: 'ك', ە: 'ه', ہ: 'ه',
  '۰': '٠', '۱': '١', '۲': '٢', '۳': '٣', '۴': '٤', '۵': '٥', '۶': '٦', '۷': '٧', '۸': '٨', '۹': '٩',
}

const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g')

/** Joiners and variation selectors, which change how neighbouring characters are drawn but are not drawn themselves. */
const JOINERS_AND_SELECTORS = /[\u200c\u200d\ufe00-\ufe0f]|\udb40[\udd00-\uddef]/g

/**
 * A text as it is drawn: decomposed as NFKD does (so é composed or not, a ligature and its letters,
 * and ё and ë come alike), without joiners and variation selectors, then each look-alike as the
 * character it is drawn as.
 */
export function drawnAs(text: string): string {
  return text.normalize('NFKD').replace(JOINERS_AND_SELECTORS, '').replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter]!)
}
