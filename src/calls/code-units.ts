/**
 * A text's UTF-16 code units as bytes, for the scanners: reading one is a load, where
 * `charCodeAt` dispatches on the string's representation at every call. A unit below 0x80 is
 * itself; any other is NON_ASCII, and a scanner that meets it reads the unit from the text.
 * So every text reads through one kind of array, and the scanners' loads stay monomorphic.
 * Zeros follow the text's units (CODE_UNITS_PADDING of them), so a scanner may look a few
 * units past its end.
 */
import { nodeUtil } from './node-util'

export type CodeUnits = Uint8Array

/** Stands for every unit from 0x80 up; as it is no ASCII character, it matches nothing a scanner looks for. */
export const NON_ASCII = 0x80

export const CODE_UNITS_PADDING = 8

/** Texts up to this length share one buffer; a longer one gets its own, so the shared one stays small. */
const SHARED_LENGTH_LIMIT = 1 << 16

// Node's own where found: Jest's jsdom environment (30) has no global TextEncoder.
const encoder = new (nodeUtil?.TextEncoder ?? TextEncoder)()
let shared = new Uint8Array(1024)
// Taken while a scan runs; a scan started inside it (from a callback) gets a buffer of its own.
let sharedTaken = false

/** The units of `text`; give them back with releaseCodeUnits when the scan ends. */
export function takeCodeUnits(text: string): CodeUnits {
  const length = text.length
  let units: Uint8Array
  if (!sharedTaken && length + CODE_UNITS_PADDING <= SHARED_LENGTH_LIMIT) {
    if (shared.length < length + CODE_UNITS_PADDING) shared = new Uint8Array(Math.min(SHARED_LENGTH_LIMIT, 2 * (length + CODE_UNITS_PADDING)))
    sharedTaken = true
    units = shared
    // The native encoder writes ASCII text a byte a unit, which is all a model's calls mostly are; it counts what it read and wrote.
    const { read, written } = encoder.encodeInto(text, units)
    if (read !== length || written !== length) copyUnits(text, units)
  } else {
    units = new Uint8Array(length + CODE_UNITS_PADDING)
    copyUnits(text, units)
  }
  for (let index = length; index < length + CODE_UNITS_PADDING; index++) units[index] = 0 // fill() is a call into the runtime
  return units
}

function copyUnits(text: string, units: Uint8Array): void {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    units[index] = unit < NON_ASCII ? unit : NON_ASCII
  }
}

export function releaseCodeUnits(units: CodeUnits): void {
  if (units === shared) sharedTaken = false
}
