import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { BrokenPipe, Output } from '../../src/cli/output'

/** A stream that records each write it is given; with `hold`, it takes no write until `release` is called. */
function recordingStream(options: { hold?: boolean } = {}) {
  const writes: string[] = []
  const held: Array<() => void> = []
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString())
      if (options.hold) held.push(done)
      else done()
    },
  })
  return { stream, writes, release: () => held.splice(0).forEach((done) => done()) }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('Output', () => {
  test('passes the small writes of one turn of the event loop to the stream as one write', async () => {
    const { stream, writes } = recordingStream()
    const out = new Output(stream)
    out.write('a\n')
    out.write('b\n')
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toEqual(['a\nb\n'])
  })

  test('passes on at once what flush is asked for', async () => {
    const { stream, writes } = recordingStream()
    const out = new Output(stream)
    out.write('a\n')
    await out.flush()
    expect(writes).toEqual(['a\n'])
  })

  test('has the next write wait while the stream holds more than it can take', async () => {
    const { stream, writes, release } = recordingStream({ hold: true })
    const out = new Output(stream)
    out.write('x'.repeat(1 << 16))
    let written = false
    const waiting = out.write('after\n')?.then(() => (written = true))
    expect(waiting).toBeDefined()
    await nextTurn()
    expect(written).toBe(false)
    release()
    await waiting
    await out.flush()
    expect(writes.join('')).toBe(`${'x'.repeat(1 << 16)}after\n`)
  })

  test('stops with BrokenPipe once the reader has gone away', async () => {
    const { stream } = recordingStream()
    const out = new Output(stream)
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
    expect(() => out.write('a\n')).toThrow(BrokenPipe)
  })
})
