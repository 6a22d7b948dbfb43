import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { searchForward } from '../../src/bfcl/text-scan'

describe('searchForward', () => {
  test.prop([fc.string({ unit: fc.constantFrom('a', 'b', ')'), maxLength: 30 }), fc.array(fc.nat({ max: 32 }), { maxLength: 20 })], { numRuns: 2000 })(
    'answers as the search it remembers, asked from any places in any order',
    (text, places) => {
      const search = (from: number): number => text.indexOf(')', from)
      const remembering = searchForward(search)
      expect(places.map(remembering)).toStrictEqual(places.map(search))
    },
  )
})
