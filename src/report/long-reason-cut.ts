import { oneLine, printedTailStart, startOfPrinted } from '../compare/print-value'
import { MESSAGE_BOUNDS } from './print-bounds'

/** Of a cut reason's characters, those kept from its start; the rest are from its end, which says what was expected and received. */
const HEAD = 120

/**
 * A reason on one line, escaped, with its middle cut when longer than `shown`: `o["k-k-k…k-k"]: expected 2, received 1`.
 * Its values are cut already, so only a path through long keys of the model's makes it long.
 */
export function longReasonCut(reason: string, shown = MESSAGE_BOUNDS.reasonCharacters): string {
  if (reason.length <= shown) return oneLine(reason)
  // Neither cut falls inside an escape its values were printed with, nor inside what is drawn as one character.
  const tail = printedTailStart(reason, reason.length - (shown - HEAD))
  return `${oneLine(startOfPrinted(reason, HEAD))}…${oneLine(reason.slice(tail))}`
}
