import type { Readable } from 'node:stream'
import type { Colors } from '../report/colors'
import type { Notices } from './notices'
import type { Output } from './output'
import type { StatusLine } from './progress'

/** What a command reads from and writes to, besides the files it is given. */
export interface CliContext {
  stdin: () => Readable
  out: Output
  /** Progress on standard error, when it is a terminal. */
  status: StatusLine
  notices: Notices
  /** Colours for standard output. */
  colors: Colors
  /** What an interrupted run has left behind, said after `interrupted;`. */
  interruptedNote: () => string
}
