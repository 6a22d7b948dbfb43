/** The outcome of one of BFCL's checks: valid, or its error type and messages. */
export type CallCheck = { valid: true } | CallFailure

export interface CallFailure {
  valid: false
  /** BFCL's name for the failure, e.g. `value_error:string`. */
  errorType: string
  readonly errors: string[]
}

export const VALID: CallCheck = Object.freeze({ valid: true })

// Messages may be written when first read: most failures (the pairs a pairing rejects) never are.
class Failure implements CallFailure {
  readonly valid = false

  constructor(
    readonly errorType: string,
    private messages: string[] | (() => string[]),
  ) {}

  get errors(): string[] {
    if (typeof this.messages === 'function') this.messages = this.messages()
    return this.messages
  }
}

/** A failure with its messages, or with a function that writes them when they are first read. */
export function failure(errorType: string, errors: string[] | (() => string[])): CallFailure {
  return new Failure(errorType, errors)
}
