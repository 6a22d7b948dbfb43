import { version } from '../../package.json'
import { bfclCheckCommand } from './bfcl-check-command'
import { bfclCommand } from './bfcl-command'
import type { CliContext } from './cli-context'
import { removeTemporaryFiles } from './interrupt'
import { mergeCommand } from './merge-command'
import { didYouMean } from '../match/nearest'
import { Notices } from './notices'
import { BrokenPipe, Output } from './output'
import { StatusLine } from './progress'
import { scoreCommand } from './score-command'
import { terminalColors } from './terminal-colors'
import { MAIN_USAGE } from './usage'
import { oneLine, UserError } from './user-error'

type Command = (args: readonly string[], cli: CliContext) => Promise<void>

const COMMANDS: Record<string, Command> = {
  score: scoreCommand,
  merge: mergeCommand,
  'bfcl-check': bfclCheckCommand,
  bfcl: bfclCommand,
}

const EXIT_USER_ERROR = 2
const EXIT_BUG = 1
const EXIT_INTERRUPTED = 130

async function run(argv: readonly string[], cli: CliContext): Promise<void> {
  const [name, ...args] = argv
  if (name === undefined) {
    process.stderr.write(MAIN_USAGE)
    process.exitCode = EXIT_USER_ERROR
    return
  }
  if (name === '--help' || name === '-h' || name === 'help') return cli.out.write(MAIN_USAGE)
  if (name === '--version') return cli.out.write(`${version}\n`)
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (command === undefined) {
    const what = name.startsWith('-') ? 'option' : 'command'
    throw new UserError(`toolcalls: unknown ${what} '${name}'${didYouMean(name, Object.keys(COMMANDS))}; see 'toolcalls --help'`)
  }
  await command(args, cli)
}

function main(): void {
  const status = new StatusLine(process.stderr)
  const cli: CliContext = {
    // Read lazily: touching process.stdin opens it.
    stdin: () => process.stdin,
    out: new Output(process.stdout),
    status,
    notices: new Notices(status),
    colors: terminalColors(process.stdout),
  }
  process.on('SIGINT', () => {
    removeTemporaryFiles()
    status.print('toolcalls: interrupted; no report written')
    process.exit(EXIT_INTERRUPTED)
  })
  run(process.argv.slice(2), cli).catch((error: unknown) => {
    status.clear()
    if (error instanceof BrokenPipe) process.exit(0)
    if (error instanceof UserError) {
      process.stderr.write(`${oneLine(error)}\n`)
      process.exit(EXIT_USER_ERROR)
    }
    process.stderr.write(`toolcalls: internal error\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(EXIT_BUG)
  })
}

main()
