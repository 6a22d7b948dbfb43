/**
 * A text's UTF-16 code units in a typed array, for the scanners: reading one is a load, where
 * `charCodeAt` dispatches on the string's representation at every call. Zeros follow the
 * text's units (CODE_UNITS_PADDING of them), so a scanner may look a few units past its end.
 */
export type CodeUnits = Uint8Array | Uint16Array

export const CODE_UNITS_PADDING = 8

/** Texts up to this length share one buffer; a longer one gets its own, so the shared one stays small. */
const SHARED_LENGTH_LIMIT = 1 << 16

const encoder = new TextEncoder()
let shared = new Uint8Array(1024)
// Taken while a scan runs; a scan started inside it (from a callback) gets a buffer of its own.
let sharedTaken = false

/** The units of `text`; give them back with releaseCodeUnits when the scan ends. */
export function takeCodeUnits(text: string): CodeUnits {
  const length = text.length
  if (!sharedTaken && length + CODE_UNITS_PADDING <= SHARED_LENGTH_LIMIT) {
    if (shared.length < length + CODE_UNITS_PADDING) shared = new Uint8Array(Math.min(SHARED_LENGTH_LIMIT, 2 * (length + CODE_UNITS_PADDING)))
    // The native encoder writes ASCII text a byte a unit, which is all a model's calls mostly are; it counts what it read and wrote.
    const { read, written } = encoder.encodeInto(text, shared)
    if (read === length && written === length) {
      for (let index = length; index < length + CODE_UNITS_PADDING; index++) shared[index] = 0 // fill() is a call into the runtime
      sharedTaken = true
      return shared
    }
  }
  const units = new Uint16Array(length + CODE_UNITS_PADDING)
  for (let index = 0; index < length; index++) units[index] = text.charCodeAt(index)
  return units
}

export function releaseCodeUnits(units: CodeUnits): void {
  if (units === shared) sharedTaken = false
}
