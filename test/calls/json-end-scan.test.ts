import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { JsonEndScan } from '../../src/calls/formats/streams/json-end-scan'

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

// Pieces a stream's argument text is made of, valid and broken: every state the scan keeps is reached.
const piece = fc.constantFrom('{', '}', '[', ']', '"', '\\', '\\"', 'a', '1', '-', '.5', 'e3', ' ', '\n', ',', ':', 'true', 'null', '{"a":1}', '"x"', '[1]')

describe('JsonEndScan', () => {
  test.prop([fc.array(fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('')), { maxLength: 30 })], { numRuns: 3000 })(
    'says a growing text is whole exactly when JSON.parse reads it, after every piece',
    (pieces) => {
      const scan = new JsonEndScan()
      let text = ''
      for (const added of pieces) {
        text += added
        scan.add(added)
        expect(scan.isWhole(text), JSON.stringify(text)).toBe(parses(text))
      }
    },
  )

  test.prop([fc.json(), fc.json()])('tells a whole value, and two values one after the other, which JSON.parse refuses', (first, second) => {
    const scan = new JsonEndScan()
    scan.add(first)
    expect(scan.isWhole(first)).toBe(true)
    scan.add(` ${second}`)
    expect(scan.isWhole(`${first} ${second}`)).toBe(false)
  })
})
