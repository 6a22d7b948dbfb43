/**
 * Letters of the Cyrillic and Greek alphabets drawn as a Latin letter is, each with that letter.
 * Written here by hand: Unicode's confusables.txt maps thousands of characters, ASCII among them
 * (`rn` for `m`, `1` for `l`), and no small, kept-up package on npm gives only letters like these.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J', Ӏ: 'I', Ԛ: 'Q', Ԝ: 'W',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ѵ: 'v',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C', Ϳ: 'J',
  α: 'a', ι: 'i', ν: 'v', ο: 'o', ρ: 'p', υ: 'u', γ: 'y', ϲ: 'c', ϳ: 'j',
}

const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g')

/**
 * A text as it is drawn: decomposed as NFKD does (so é composed or not, a ligature and its letters,
 * and ё and ë come alike), then each look-alike letter as its Latin one.
 */
export function drawnAs(text: string): string {
  return text.normalize('NFKD').replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter]!)
}
