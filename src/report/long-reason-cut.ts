import { isLowSurrogate, startOf } from '../calls/text-excerpt'
import { oneLine } from '../compare/print-value'

/** Characters of a reason shown: its values are cut already, so only a path through long keys of the model's makes it longer. */
const SHOWN = 400
/** Of those, the characters kept from its start; the rest are from its end, which says what was expected and received. */
const HEAD = 120

/** A reason on one line, escaped, with its middle cut when long: `o["k-k-k…k-k"]: expected 2, received 1`. */
export function longReasonCut(reason: string): string {
  if (reason.length <= SHOWN) return oneLine(reason)
  // Neither cut falls between the halves of a surrogate pair, which would print as two lone halves.
  let tail = reason.length - (SHOWN - HEAD)
  if (isLowSurrogate(reason.charCodeAt(tail))) tail++
  return `${oneLine(startOf(reason, HEAD))}…${oneLine(reason.slice(tail))}`
}
