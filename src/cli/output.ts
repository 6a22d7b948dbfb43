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

/** Text written to a stream in order, waiting when the reader is slower than the writer. */
export class Output {
  private failure: Error | undefined

  constructor(
    private readonly stream: Writable,
    private readonly name = 'stdout',
  ) {
    // Without a listener a broken pipe would be an uncaught exception.
    stream.on('error', (error: Error) => {
      this.failure ??= failureOf(error, name)
    })
  }

  async write(text: string): Promise<void> {
    this.check()
    if (this.stream.write(text)) return
    await new Promise<void>((resolve) => {
      const settle = () => {
        this.stream.off('drain', settle)
        this.stream.off('error', settle)
        this.stream.off('close', settle)
        resolve()
      }
      this.stream.on('drain', settle)
      this.stream.on('error', settle)
      this.stream.on('close', settle)
    })
    this.check()
  }

  private check(): void {
    if (this.failure !== undefined) throw this.failure
    if (this.stream.destroyed) throw new BrokenPipe(`${this.name} is closed`)
  }
}
