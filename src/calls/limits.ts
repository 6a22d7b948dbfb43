import { thousands } from './thousands'

/** Deepest nesting of a predicted value that is read; deeper values make the call unparseable. */
export const MAX_DEPTH = 256

/**
 * How many values a predicted value may gain, written out, from holding the same object in
 * several places: `v = [v, v]` nested 30 deep is 30 objects but a billion values to every walk
 * that writes or compares it as a tree (JSON.stringify, value keys, the failure message).
 */
export const MAX_SHARED_VALUES = 1_000_000

/** Why a value past MAX_SHARED_VALUES is refused, as every copier of predicted values says it. */
export const TOO_MUCH_SHARED = `holds the same parts so many times that, written out, they add more than ${thousands(MAX_SHARED_VALUES)} values`

/**
 * How many list items a trajectory's reading takes in all. A list held in several places is read
 * wherever it stands, so `v = [v, v]` nested 40 deep would be a trillion calls; no agent's run nears this.
 */
export const MAX_LIST_ITEMS = 1_000_000

/**
 * How many candidate pairs of a predicted and a gold call the pairing weighs. Its tables grow with
 * predicted calls × gold calls, so a model that floods calls (120,000 against 1,000 gold calls) would
 * take gigabytes: predictions past the bound (at least as many as the gold calls) are left unpaired.
 */
export const MAX_CANDIDATE_PAIRS = 4_000_000
