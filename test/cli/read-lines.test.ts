import { describe, expect, test } from 'vitest'
import { readLineBatches, readLines } from '../../src/cli/read-lines'

async function linesOf(...chunks: (string | Buffer)[]) {
  const lines = []
  for await (const line of readLines((async function* () {
    yield* chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))
  })())) lines.push(line)
  return lines
}

describe('readLines', () => {
  test('numbers lines from 1, counting blank lines, and skips the blank ones', async () => {
    expect((await linesOf('a\n\n  \nb\n')).map(({ number, text }) => [number, text])).toEqual([[1, 'a'], [4, 'b']])
  })

  test('joins a line split across chunks, even inside a multi-byte character', async () => {
    const bytes = Buffer.from('"é"\n')
    const lines = await linesOf(bytes.subarray(0, 2), bytes.subarray(2))
    expect(lines).toEqual([{ number: 1, text: '"é"', invalidUtf8: false }])
  })

  test('drops the CR of a CRLF line end, even when it ends a chunk', async () => {
    expect((await linesOf('a\r', '\nb\r\n')).map(({ text }) => text)).toEqual(['a', 'b'])
  })

  test('drops a byte-order mark at the start', async () => {
    expect((await linesOf('\uFEFF{}\n')).map(({ text }) => text)).toEqual(['{}'])
  })

  test('reads a last line without a line end', async () => {
    expect((await linesOf('a\nb')).map(({ text }) => text)).toEqual(['a', 'b'])
  })

  test('replaces invalid UTF-8 and flags the line', async () => {
    const [line] = await linesOf(Buffer.from([0x61, 0xff, 0x62, 0x0a]))
    expect(line).toEqual({ number: 1, text: 'a\uFFFDb', invalidUtf8: true })
  })

  test('decodes each line only when its turn comes: the lines after it are still bytes', async () => {
    const chunk = Buffer.from('first\nsecond\n')
    const lines = readLines((async function* () {
      yield chunk
    })())
    expect((await lines.next()).value).toMatchObject({ text: 'first' })
    chunk.write('SECOND', 6)
    expect((await lines.next()).value).toMatchObject({ number: 2, text: 'SECOND' })
  })

  test('does not flag a U+FFFD that the file itself holds', async () => {
    const [line] = await linesOf('a\uFFFDb\n')
    expect(line!.invalidUtf8).toBe(false)
  })
})

describe('a line longer than the limit', () => {
  async function limitedLines(limit: number, ...chunks: string[]) {
    const lines = []
    for await (const line of readLines((async function* () {
      yield* chunks.map((chunk) => Buffer.from(chunk))
    })(), limit)) lines.push(line)
    return lines
  }

  test('is skipped unread and flagged, and the lines after it are read', async () => {
    const lines = await limitedLines(8, 'short\n', '0123456789', 'abcdef\n', 'next\n')
    expect(lines.map(({ number, text, tooLong }) => [number, text, tooLong ?? false])).toEqual([
      [1, 'short', false],
      [2, '', true],
      [3, 'next', false],
    ])
  })

  test('is given as soon as it passes the limit, before its end, which may never come: the reader need not wait for it', async () => {
    let chunksRead = 0
    // Endless as far as the reader can tell: it stops only so that a reader that waits for the end fails rather than hangs.
    const endless = (async function* () {
      yield Buffer.from('ok\n')
      while (chunksRead < 1000) {
        chunksRead++
        yield Buffer.from('0123456789')
      }
    })()
    const lines = readLines(endless, 25)
    expect((await lines.next()).value).toMatchObject({ number: 1, text: 'ok' })
    expect((await lines.next()).value).toEqual({ number: 2, text: '', invalidUtf8: false, tooLong: true })
    expect(chunksRead).toBe(3)
    await lines.return(undefined)
  })

  test('is given once, whether it passes the limit within a chunk or across them, and the lines after it keep their numbers', async () => {
    for (const chunks of [['ok\n0123456789abc\nnext\n'], ['ok\n01234', '56789', 'abc\nne', 'xt\n'], ['ok\n0123456789', 'abc\n', '\nnext']]) {
      const lines = await limitedLines(8, ...chunks)
      const blank = chunks.join('').includes('\n\n') ? 1 : 0
      expect(lines.map(({ number, tooLong }) => [number, tooLong ?? false]), chunks.join('|')).toEqual([
        [1, false],
        [2, true],
        [3 + blank, false],
      ])
    }
  })

  test('is flagged when it is the last line and has no line end', async () => {
    const lines = await limitedLines(4, 'ok\n', '123456789')
    expect(lines.map(({ number, tooLong }) => [number, tooLong ?? false])).toEqual([
      [1, false],
      [2, true],
    ])
  })
})

describe('readLineBatches', () => {
  test('gives the lines each chunk completes as one batch, a line split across chunks in the batch that ends it', async () => {
    const batches = []
    for await (const batch of readLineBatches((async function* () {
      yield* ['a\nb\nc', 'd\n', 'e'].map((chunk) => Buffer.from(chunk))
    })())) batches.push([...batch].map(({ number, text }) => [number, text]))
    expect(batches).toEqual([[[1, 'a'], [2, 'b']], [[3, 'cd']], [[4, 'e']]])
  })

  test('decodes each line of a batch only when it is read', async () => {
    const chunk = Buffer.from('first\nsecond\n')
    for await (const batch of readLineBatches((async function* () {
      yield chunk
    })())) {
      const lines = batch[Symbol.iterator]()
      expect(lines.next().value).toMatchObject({ text: 'first' })
      chunk.write('SECOND', 6)
      expect(lines.next().value).toMatchObject({ number: 2, text: 'SECOND' })
    }
  })
})
