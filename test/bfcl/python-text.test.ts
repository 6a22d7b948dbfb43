import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { RE_SPACE, isPythonSpace, pyStrip } from '../../src/bfcl/python-text'

// str.strip() as it was written, which the loop must give.
const LEADING_SPACE = new RegExp(`^${RE_SPACE}+`, 'u')
const TRAILING_SPACE = new RegExp(`${RE_SPACE}+$`, 'u')

// Python's spaces, and characters that are spaces to JavaScript's `\s` or look like spaces, but not to Python.
const CHARACTERS = [' ', '\t', '\n', '\r', '\x0b', '\x0c', '\x1c', '\x1f', '\u0085', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000']
const NOT_PYTHON_SPACES = ['\ufeff', '\u180e', '\u200b', 'a', '1', 'é', '😀', '\ud800']

describe('pyStrip', () => {
  it('tells every code unit a space as RE_SPACE does', () => {
    const space = new RegExp(`^${RE_SPACE}$`, 'u')
    const differing: number[] = []
    for (let code = 0; code <= 0xffff; code++) if (isPythonSpace(code) !== space.test(String.fromCharCode(code))) differing.push(code)
    expect(differing).toStrictEqual([])
  })

  it.each([
    ['  a b \n', 'a b'],
    ['\u3000\x1c a\u0085', 'a'],
    ['\ufeff a \ufeff', '\ufeff a \ufeff'],
    [' \t\n ', ''],
    ['', ''],
  ])('strips %j to %j', (text, stripped) => {
    expect(pyStrip(text)).toBe(stripped)
  })

  test.prop([fc.array(fc.constantFrom(...CHARACTERS, ...NOT_PYTHON_SPACES), { maxLength: 40, size: 'max' }).map((chars) => chars.join(''))], { numRuns: 3000 })(
    'strips what the leading and trailing space patterns remove',
    (text) => {
      expect(pyStrip(text)).toBe(text.replace(LEADING_SPACE, '').replace(TRAILING_SPACE, ''))
    },
  )
})
