import type { Writable } from 'node:stream'
import { UserError } from './user-error'

/** The reader of standard output went away (`toolcalls bfcl-check f | head -1`): stop quietly. */
export class BrokenPipe extends Error {
  override name = 'BrokenPipe'
}

function failureOf(error: Error & { code?: string }, name: string): Error {
  if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return new BrokenPipe(error.message)
  return new UserError(`${name}: cannot write (${error.message})`)
}

/** Text is passed on in chunks of about this many characters, not a write per line. */
const CHUNK_CHARACTERS = 1 << 16

/**
 * Text written to a stream in order, waiting when the reader is slower than the writer. Small
 * writes are gathered and passed on together: once a chunk is full, or as soon as the program
 * waits for anything else (more input), so output still follows input as it goes.
 */
export class Output {
  private failure: Error | undefined
  // Written, not yet passed on to the stream.
  private pending = ''
  private flushQueued = false
  // Set while the stream holds more than it can take; settles once it has drained.
  private drained: Promise<void> | undefined

  constructor(
    private readonly stream: Writable,
    private readonly name = 'stdout',
  ) {
    // Without a listener a broken pipe would be an uncaught exception.
    stream.on('error', (error: Error) => {
      this.failure ??= failureOf(error, name)
    })
  }

  /** Writes the text; returns a promise, to wait on, only when the stream has more than it can take. */
  write(text: string): Promise<void> | undefined {
    if (this.drained !== undefined) return this.writeWhenDrained(text)
    this.check()
    this.gather(text)
    return undefined
  }

  private async writeWhenDrained(text: string): Promise<void> {
    while (this.drained !== undefined) await this.drained
    this.check()
    this.gather(text)
  }

  private gather(text: string): void {
    this.pending += text
    if (this.pending.length >= CHUNK_CHARACTERS) {
      this.passOn()
    } else if (!this.flushQueued) {
      this.flushQueued = true
      setImmediate(() => {
        this.flushQueued = false
        this.passOn()
      })
    }
  }

  /** Passes on everything written so far and waits until the stream has taken it. */
  async flush(): Promise<void> {
    this.passOn()
    if (this.drained !== undefined) await this.drained
    this.check()
  }

  /** Passes on everything written so far without waiting: the last thing before the process exits. */
  flushNow(): void {
    if (this.failure === undefined && !this.stream.destroyed) this.passOn()
  }

  private passOn(): void {
    if (this.pending === '') return
    const text = this.pending
    this.pending = ''
    if (this.stream.destroyed || this.stream.write(text) || this.drained !== undefined) return
    this.drained = new Promise<void>((resolve) => {
      const settle = () => {
        this.stream.off('drain', settle)
        this.stream.off('error', settle)
        this.stream.off('close', settle)
        this.drained = undefined
        resolve()
      }
      this.stream.on('drain', settle)
      this.stream.on('error', settle)
      this.stream.on('close', settle)
    })
  }

  private check(): void {
    if (this.failure !== undefined) throw this.failure
    if (this.stream.destroyed) throw new BrokenPipe(`${this.name} is closed`)
  }
}
