import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import { CODE_UNITS_PADDING, NON_ASCII, releaseCodeUnits, takeCodeUnits } from '../../src/calls/code-units'
import { parsePythonCalls } from '../../src/bfcl/python-calls'

function unitsOf(text: string): number[] {
  const units = takeCodeUnits(text)
  try {
    return Array.from(units.subarray(0, text.length + CODE_UNITS_PADDING))
  } finally {
    releaseCodeUnits(units)
  }
}

/** The text's code units as the scanners see them: ASCII as itself, any other unit as NON_ASCII. */
function charCodes(text: string): number[] {
  return Array.from({ length: text.length }, (_, index) => Math.min(text.charCodeAt(index), NON_ASCII))
}

describe('takeCodeUnits', () => {
  test.prop([fc.string({ unit: 'binary', maxLength: 300 })])("holds the text's code units, any beyond ASCII as NON_ASCII, then zeros", (text) => {
    expect(unitsOf(text)).toEqual([...charCodes(text), ...new Array(CODE_UNITS_PADDING).fill(0)])
  })

  it('writes zeros after a shorter text where a longer one was', () => {
    unitsOf('a'.repeat(100))
    expect(unitsOf('bc')).toEqual([98, 99, ...new Array(CODE_UNITS_PADDING).fill(0)])
  })

  it('gives a scan that starts while another runs units of its own', () => {
    const outer = takeCodeUnits('outer')
    const inner = takeCodeUnits('inner')
    try {
      expect(inner).not.toBe(outer)
      expect(String.fromCharCode(...outer.subarray(0, 5))).toBe('outer')
      expect(String.fromCharCode(...inner.subarray(0, 5))).toBe('inner')
    } finally {
      releaseCodeUnits(inner)
      releaseCodeUnits(outer)
    }
  })

  it('reads a text longer than the shared buffer into units of its own', () => {
    const text = `f(x='${'y'.repeat(70_000)}')`
    expect(unitsOf(text).slice(0, 5)).toEqual(charCodes("f(x='"))
  })
})

describe('parsePythonCalls over code units', () => {
  it('reads text with characters beyond ASCII, in names and strings', () => {
    const result = parsePythonCalls("[météo(ville='Zürich', jour=2), f(x='東京')]")
    expect(result).toEqual({
      ok: true,
      calls: [
        { name: 'météo', args: { ville: 'Zürich', jour: 2 } },
        { name: 'f', args: { x: '東京' } },
      ],
    })
  })

  it('tells names apart that differ only beyond ASCII', () => {
    expect(parsePythonCalls('[é(x=1), ù(y=2), é(z=3), f(é=1, ù=2)]')).toEqual({
      ok: true,
      calls: [
        { name: 'é', args: { x: 1 } },
        { name: 'ù', args: { y: 2 } },
        { name: 'é', args: { z: 3 } },
        { name: 'f', args: { é: 1, ù: 2 } },
      ],
    })
  })

  it('reads a name with a character outside the Basic Multilingual Plane whole', () => {
    expect(parsePythonCalls('f(x\u{20000}y=1)')).toEqual({ ok: true, calls: [{ name: 'f', args: { 'x\u{20000}y': 1 } }] })
    // A mathematical italic x is an x to Python, which reads names in NFKC.
    expect(parsePythonCalls('f(x\u{1D465}y=1)')).toEqual({ ok: true, calls: [{ name: 'f', args: { xxy: 1 } }] })
  })

  it('tells a NUL character inside the text from the end of the text', () => {
    expect(parsePythonCalls('[f(x=1)]\u0000')).toMatchObject({ ok: false, reason: "at column 9: expected the end of the calls but found '\\u0000'" })
    expect(parsePythonCalls('f(x=1\u0000)')).toMatchObject({ ok: false, reason: "at column 6: expected ',' or ')' but found '\\u0000'" })
    expect(parsePythonCalls("f(x='a\u0000')")).toEqual({ ok: true, calls: [{ name: 'f', args: { x: 'a\u0000' } }] })
    expect(parsePythonCalls('f(x=')).toMatchObject({ ok: false, reason: 'at column 5: expected a value but found the end of the text' })
  })

  it('parses text again from inside readExpression without disturbing the parse that called it', () => {
    const inner: unknown[] = []
    const result = parsePythonCalls('outer(a=1, b=g.h, c=3)', {
      readExpression: () => {
        const nested = parsePythonCalls("inner_call(other_name='a much longer argument than the outer text has')")
        inner.push(nested)
        return { ok: true, value: 'read' }
      },
    })
    expect(result).toEqual({ ok: true, calls: [{ name: 'outer', args: { a: 1, b: 'read', c: 3 } }] })
    expect(inner).toEqual([{ ok: true, calls: [{ name: 'inner_call', args: { other_name: 'a much longer argument than the outer text has' } }] }])
    // The shared units are free again once the outer parse ends.
    expect(parsePythonCalls("after(k='v')")).toEqual({ ok: true, calls: [{ name: 'after', args: { k: 'v' } }] })
  })

  it('gives the shared units back when a parse fails', () => {
    expect(parsePythonCalls('f(x=').ok).toBe(false)
    const units = takeCodeUnits('abc')
    releaseCodeUnits(units)
    expect(takeCodeUnits('abc')).toBe(units)
    releaseCodeUnits(units)
  })
})
