import { describe, expect, it } from 'vitest'
import { checkBfclEntry } from '../../src/bfcl/check-entry'
import { dataEntry } from './data-answers'
import { mutationCases } from './mutation-cases'

describe('answers to real entries changed in one way', () => {
  it.each(mutationCases().map((c) => [c.id, c.change, c] as const))('%s, %s: gets the error type BFCL gives', (_, __, mutation) => {
    const verdict = checkBfclEntry({ ...dataEntry(mutation.id), model_output: mutation.output })
    expect(verdict.error_type).toBe(mutation.expected)
    expect(verdict.valid).toBe(mutation.expected === null)
  })
})
