import { oneLine as escapeUnseen } from '../compare/print-value'
import type { StatusLine } from './progress'

/**
 * Warnings on standard error that do not stop the run (a line without a partner, invalid
 * UTF-8). Only the first few of each kind are printed; the rest are counted at the end, or
 * where an error or Ctrl-C stops the run.
 */
export class Notices {
  private readonly kinds = new Map<string, { seen: number; shown: number }>()

  constructor(private readonly status: StatusLine) {}

  /** `kind` names the warning in the final count: `lines of pred.jsonl without a gold line`. */
  warn(kind: string, message: string, shown = 5): void {
    let entry = this.kinds.get(kind)
    if (entry === undefined) this.kinds.set(kind, (entry = { seen: 0, shown }))
    entry.seen++
    // A warning may quote an input (an id, a file name): escaped, as errors are.
    if (entry.seen <= entry.shown) this.status.print(`warning: ${escapeUnseen(message)}`)
  }

  /** Invalid UTF-8 is read with replacement characters and graded as it then reads; said once per file. */
  invalidUtf8(file: string, lineNumber: number): void {
    this.warn(`lines of ${file} with invalid UTF-8`, `${file}:${lineNumber}: invalid UTF-8, read with U+FFFD replacement characters`, 1)
  }

  /** Prints how many warnings of each kind went unshown; said once, whether the run ends or stops on an error. */
  finish(): void {
    for (const [kind, { seen, shown }] of this.kinds) {
      if (seen > shown) this.status.print(`warning: ${seen - shown} more ${escapeUnseen(seen - shown === 1 ? ofOne(kind) : kind)}`)
    }
    this.kinds.clear()
  }
}

/** A kind, named in the plural of its lines (`prediction lines with …`), as one is counted: `1 more prediction line with …`. */
function ofOne(kind: string): string {
  return kind.replace(/^((?:\S+ )?)lines\b/, '$1line')
}
