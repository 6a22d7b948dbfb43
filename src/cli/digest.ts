import { createHash } from 'node:crypto'

/**
 * What tells a JSON value from others whatever its file: the SHA-256 of its JSON text as
 * `JSON.stringify` writes it, so that a copy, or the same file reached by another path or
 * written with other whitespace, gives the same digest.
 */
export function jsonDigest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex')
}
