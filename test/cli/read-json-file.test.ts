import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { readJsonFile } from '../../src/cli/input-file'
import { UserError } from '../../src/cli/user-error'

/** Standard input that yields these chunks. */
function stdinOf(chunks: ReadonlyArray<string | Buffer>): () => Readable {
  const stream = Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)))
  return () => stream
}

describe('readJsonFile from standard input', () => {
  test('reads JSON split across chunks, a character split between two of them included', async () => {
    const bytes = Buffer.from('\uFEFF{"tools": ["café"]}')
    const cut = bytes.indexOf(0xa9) // the second byte of é
    expect(await readJsonFile('-', stdinOf([bytes.subarray(0, cut), bytes.subarray(cut)]))).toEqual({ tools: ['café'] })
  })

  test('reads a text of exactly the limit', async () => {
    expect(await readJsonFile('-', stdinOf(['[1, ', '2]']), 6)).toEqual([1, 2])
  })

  test('a text past the limit is a UserError naming stdin, and a stream that never ends is read no further', async () => {
    const endless = Readable.from(
      (function* () {
        yield Buffer.from('[1]')
        for (;;) yield Buffer.from('    ')
      })(),
    )
    const reading = readJsonFile('-', () => endless, 1000)
    await expect(reading).rejects.toThrow(UserError)
    await expect(reading).rejects.toThrow(/^stdin: larger than 1000 bytes, the largest JSON file read whole$/)
    expect(endless.destroyed).toBe(true)
  })
})
