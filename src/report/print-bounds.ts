/**
 * How much of a Score its text shows. A failure message is bounded, so that a vast score still
 * reads in a terminal; a snapshot is whole, so that every change to the score changes it.
 */
export interface PrintBounds {
  /** Wrong pairs, arguments of one pair, and unmatched calls of each side listed before the rest are counted. */
  listed: number
  /** Exactly matched pairs listed, one line each, before the rest are counted. */
  exactLines: number
  /** Characters of a value printed on one line before it is cut; a call takes twice as many. */
  lineCharacters: number
  /** Levels of a value printed on one line before a level is shown as `[Object]`. */
  depth: number
  /** Items of a list, or entries of an object, printed on one line before `…`. */
  width: number
  /** Characters of a string in a nested diff, of a tool's or argument's name of the model's, shown before it is cut. */
  stringCharacters: number
  /** Characters of an argument's name shown before it is cut. */
  argNameCharacters: number
  /** Lines of a nested diff shown before the rest are counted. */
  diffLines: number
  /** Characters of a reason shown before its middle is cut. */
  reasonCharacters: number
  /**
   * Whether a nested diff shows every line, or only its changes with a few lines around them, as
   * the runners' own diffs do unless run with `--expand`.
   */
  expandDiffs: boolean
  /** Whether a nested diff names plain objects and lists (`Object {`, `Array [`), as Jest's diffs do; Vitest's leave the names out. */
  printBasicPrototype: boolean
  /** Values up to this long, written as JSON, are diffed; longer ones are printed on one line each side, as a diff's cost grows with the product of their lengths. */
  diffableSize: number
  /** Decimals of a count or a weight, which may be fractional. */
  countDecimals: number
  /** Arguments of an exact pair listed with the gold they matched where it is other data (a string the canonicalizer makes alike); the rest are counted. */
  acceptedListed: number
  /**
   * Whether the gold a value matched is shown beside it where the gold is a matcher or a marker (`oneOf`,
   * `expect.any(String)`), not data: a snapshot shows it, as it changes wherever the score does; a message
   * only data, as a matcher accepting a value is no news.
   */
  acceptedMatchers: boolean
}

/** The bounds of a failure message. */
export const MESSAGE_BOUNDS: PrintBounds = Object.freeze({
  listed: 50,
  exactLines: 50,
  lineCharacters: 100,
  depth: 6,
  width: 20,
  stringCharacters: 100,
  argNameCharacters: 60,
  diffLines: 100,
  reasonCharacters: 400,
  expandDiffs: false,
  printBasicPrototype: true,
  diffableSize: 20_000,
  countDecimals: 4,
  acceptedListed: 3,
  acceptedMatchers: false,
})

/** No bounds: a snapshot, which must differ wherever two scores do. */
export const WHOLE: PrintBounds = Object.freeze({
  listed: Infinity,
  exactLines: Infinity,
  lineCharacters: Infinity,
  depth: Infinity,
  width: Infinity,
  stringCharacters: Infinity,
  argNameCharacters: Infinity,
  diffLines: Infinity,
  reasonCharacters: Infinity,
  // Every line, whatever a run's flags: a snapshot must read the same in every run.
  expandDiffs: true,
  // Named, as pretty-format names them unless told otherwise; the serializer follows the snapshot's own setting.
  printBasicPrototype: true,
  diffableSize: Infinity,
  countDecimals: Infinity,
  acceptedListed: Infinity,
  acceptedMatchers: true,
})

/** The bounds of a failure message of a run with `--expand` (Jest's `this.expand`): nested diffs shown whole where they fit. */
export const EXPANDED_MESSAGE_BOUNDS: PrintBounds = Object.freeze({ ...MESSAGE_BOUNDS, expandDiffs: true })
