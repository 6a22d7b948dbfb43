import type { Readable } from 'node:stream'
import type { CliContext } from './cli-context'

/** The keys that end what is typed at a terminal. */
export function endOfInputKeys(platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? 'Ctrl-Z then Enter' : 'Ctrl-D'
}

/**
 * The line said where standard input is a terminal, as a command reading it waits for what is
 * typed there and would seem to hang: `toolcalls score: reading episodes from standard input; end with Ctrl-D`.
 */
export function terminalInputHint(command: string, what: string, stdin: Readable & { isTTY?: boolean }, platform: NodeJS.Platform = process.platform): string | undefined {
  if (stdin.isTTY !== true) return undefined
  return `toolcalls ${command}: reading ${what} from standard input; end with ${endOfInputKeys(platform)}`
}

/** Says so on standard error where `path` is `-` and standard input a terminal. */
export function sayWhenTerminalInput(command: string, what: string, path: string, cli: CliContext): void {
  if (path !== '-') return
  const hint = terminalInputHint(command, what, cli.stdin())
  if (hint !== undefined) cli.status.print(hint)
}
