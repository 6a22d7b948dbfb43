/** The outcome of one of BFCL's checks: valid, or its error type and messages. */
export type CallCheck = { valid: true } | CallFailure

export interface CallFailure {
  valid: false
  /** BFCL's name for the failure, e.g. `value_error:string`. */
  errorType: string
  errors: string[]
}

export const VALID: CallCheck = Object.freeze({ valid: true })

export function failure(errorType: string, errors: string[]): CallFailure {
  return { valid: false, errorType, errors }
}
