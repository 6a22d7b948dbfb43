/**
 * Scratch for ranking a group of `size` candidate pairs, `rows` predictions by `cols` gold calls:
 * - `doubles`: the primary tiers, the secondary tiers, the agreements (later the
 *   benefits), and the tertiary tiers, `size` each;
 * - `counts`: the matched arguments and the matched required ones, `size` each, then the
 *   required arguments of each gold call and the arguments of each prediction.
 *
 * A typed array over 64 bytes lives outside the heap, and making, zeroing and freeing them for
 * each group cost more than ranking a small group; so one buffer is kept between groups, up to
 * KEPT_PAIRS. It is taken while in use, so a group ranked inside a predicate that itself scores
 * gets one of its own. Larger groups make arrays of their own: a large buffer kept for ever
 * would cost memory, and one large array measured slower than several.
 */
export interface RankBuffer {
  doubles: Float64Array
  counts: Uint32Array
}

/** A group of 181 x 181: about 1.4 MB of scratch kept. */
const KEPT_PAIRS = 1 << 15
/** The least made, so that small groups of different sizes share one buffer. */
const MIN_PAIRS = 1 << 8

let kept: RankBuffer | undefined

/** A buffer for a group of rows x cols, of unspecified contents; undefined past what is kept. */
export function takeRankBuffer(rows: number, cols: number): RankBuffer | undefined {
  const size = rows * cols
  if (size > KEPT_PAIRS) return undefined
  const buffer = kept
  if (buffer !== undefined && buffer.doubles.length >= 4 * size && buffer.counts.length >= 2 * size + rows + cols) {
    kept = undefined
    return buffer
  }
  const pairs = Math.max(size, MIN_PAIRS)
  // Rows and columns at most pairs + 1 each, when one side has a single call.
  return { doubles: new Float64Array(4 * pairs), counts: new Uint32Array(3 * pairs + 1) }
}

/** Hands the buffer back for the next group; the larger is kept. */
export function returnRankBuffer(buffer: RankBuffer): void {
  if (kept === undefined || kept.doubles.length < buffer.doubles.length) kept = buffer
}
