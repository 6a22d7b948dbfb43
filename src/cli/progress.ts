import { monotonicMs } from './clock'
import { thousands } from '../calls/thousands'

const MIN_INTERVAL_MS = 250
const ERASE_LINE = '\r\x1b[K'

/** What a stream needs to show a status line. */
export interface StatusStream {
  isTTY?: boolean
  write(text: string): boolean
}

/**
 * A status line on a terminal, rewritten in place a few times a second at most and erased
 * before any other text. On anything but a terminal it shows nothing.
 */
export class StatusLine {
  private shown = false
  // The first update waits too, so a short run shows no status at all.
  private lastUpdate = monotonicMs()
  readonly enabled: boolean

  constructor(private readonly stream: StatusStream) {
    this.enabled = stream.isTTY === true
  }

  /** Shows the text unless the line was updated less than a quarter of a second ago. */
  update(text: () => string): void {
    if (!this.enabled) return
    const now = monotonicMs()
    if (now - this.lastUpdate < MIN_INTERVAL_MS) return
    this.lastUpdate = now
    this.stream.write(`${ERASE_LINE}${text()}`)
    this.shown = true
  }

  clear(): void {
    if (!this.shown) return
    this.stream.write(ERASE_LINE)
    this.shown = false
  }

  /** Writes a line of its own, the status line erased first. */
  print(line: string): void {
    this.clear()
    this.stream.write(`${line}\n`)
  }
}

/** `scored 12,345 episodes (2,310/s, 41%)`; `verb` is what is done to each, `nouns` the singular and the plural. */
export function progressText(
  verb: 'scored' | 'checked',
  done: number,
  nouns: readonly [string, string],
  elapsedMs: number,
  bytesRead: number,
  totalBytes: number | undefined,
): string {
  const rate = elapsedMs > 0 ? Math.round((done * 1000) / elapsedMs) : 0
  const parts = [`${thousands(rate)}/s`]
  if (totalBytes !== undefined && totalBytes > 0) parts.push(`${Math.min(100, Math.floor((bytesRead * 100) / totalBytes))}%`)
  return `${verb} ${thousands(done)} ${done === 1 ? nouns[0] : nouns[1]} (${parts.join(', ')})`
}
