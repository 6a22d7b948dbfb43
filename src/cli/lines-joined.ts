const SPACE_RUN = /\s+/g

// Runs are matched whole: a pattern of the break with optional space either side would try every
// start of a long run that holds no break, in turn, for time quadratic in its length.
/** Text on one line: each run of white space that holds a line break becomes one space. */
export function linesJoined(text: string): string {
  return text.replace(SPACE_RUN, (run) => (run.includes('\n') ? ' ' : run))
}
