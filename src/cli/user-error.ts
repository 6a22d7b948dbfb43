import { errorMessage } from '../calls/path'
import { oneLine as escapeUnseen } from '../compare/print-value'
import { linesJoined } from './lines-joined'

/**
 * A mistake in what the user gave the command (a file, a line, an option): printed as one
 * line, without a stack trace, and the command exits with code 2.
 */
export class UserError extends Error {
  override name = 'UserError'
}

/** `gold.jsonl:14: gold[0].args.city: expected ...` */
export function lineError(where: string, message: string): UserError {
  return new UserError(`${where}: ${message}`)
}

/**
 * The message of anything thrown, on one line, its control characters escaped as the report
 * escapes the model's: a message may quote an input file (JSON.parse's does), which must not
 * drive the terminal.
 */
export function oneLine(error: unknown): string {
  return escapeUnseen(linesJoined(errorMessage(error)))
}
