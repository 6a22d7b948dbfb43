import { constants } from 'node:os'
import { version } from '../../package.json'
import type { CliContext } from './cli-context'
import { removeTemporaryFiles } from './interrupt'
import { didYouMean } from '../compare/nearest'
import { Notices } from './notices'
import { BelowThreshold } from './threshold'
import { BrokenPipe, Output } from './output'
import { StatusLine } from './progress'
import { terminalColors } from './terminal-colors'
import { MAIN_USAGE } from './usage'
import { oneLine, UserError } from './user-error'

type Command = (args: readonly string[], cli: CliContext) => Promise<void>

// Each command's modules are initialised only when it runs (the build keeps them in the one file): bfcl-check never sets up the scoring and reporting code.
const COMMANDS: Record<string, () => Promise<Command>> = {
  score: async () => (await import('./score-command')).scoreCommand,
  merge: async () => (await import('./merge-command')).mergeCommand,
  'bfcl-check': async () => (await import('./bfcl-check-command')).bfclCheckCommand,
  bfcl: async () => (await import('./bfcl-command')).bfclCommand,
}

const EXIT_BELOW_THRESHOLD = 1
const EXIT_USER_ERROR = 2
// As the contract has it, 1 for anything that is neither a score nor a user error; the stack trace tells a bug from a figure below its threshold.
const EXIT_BUG = 1
/** The signals that stop a run as Ctrl-C does: a service manager's or `timeout`'s SIGTERM, a closed terminal's SIGHUP. */
const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

async function run(argv: readonly string[], cli: CliContext): Promise<void> {
  const [name, ...args] = argv
  if (name === undefined) {
    process.stderr.write(MAIN_USAGE)
    process.exitCode = EXIT_USER_ERROR
    return
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (load === undefined) {
    // `toolcalls help score` and `toolcalls --help score` are `toolcalls score --help`, as git reads them; and
    // `--help` wins over whatever else the line holds: the usage of the command it names, if any, else the main one.
    const asksHelp = isHelp(name)
    if (asksHelp || args.includes('--help') || args.includes('-h')) {
      // A word after `help` names a command, which may be misspelt; an option beside it is passed over, as --help wins.
      if (name === 'help' && args[0] !== undefined && !isHelp(args[0]) && !args[0].startsWith('-') && !Object.hasOwn(COMMANDS, args[0])) throw unknown(args[0], [])
      const command = (asksHelp ? args.slice(0, 1) : args).find((arg) => Object.hasOwn(COMMANDS, arg))
      return command === undefined ? cli.out.write(MAIN_USAGE) : run([command, '--help'], cli)
    }
  }
  if (name === '--version') return cli.out.write(`${version}\n`)
  if (load === undefined) throw unknown(name, args)
  const command = await load()
  await command(args, cli)
}

function isHelp(arg: string): boolean {
  return arg === 'help' || arg === '--help' || arg === '-h'
}

/** The options toolcalls takes before a command. */
const MAIN_OPTIONS = ['--help', '--version']

/** An unknown command, or an option toolcalls does not take; `rest` is the line after it, which may name the command the option was meant for. */
function unknown(name: string, rest: readonly string[]): UserError {
  if (!name.startsWith('-')) return new UserError(`toolcalls: unknown command '${name}'${didYouMean(name, Object.keys(COMMANDS))}; see 'toolcalls --help'`)
  // `toolcalls --level arg score …`: the option is the command's, given before it.
  const command = rest.find((arg) => Object.hasOwn(COMMANDS, arg))
  if (command !== undefined) return new UserError(`toolcalls: unknown option '${name}' before the command; a command's options follow it (toolcalls ${command} … ${name})`)
  return new UserError(`toolcalls: unknown option '${name}'${didYouMean(name, MAIN_OPTIONS)}; see 'toolcalls --help'`)
}

function main(): void {
  // Without a listener, a reader of standard error that went away (`2>&1 | head -1`) would be an uncaught exception; what is left to say there is dropped.
  process.stderr.on('error', () => {})
  // A bug thrown outside the command's promise (in a stream's handler) exits as one within it does, not with Node's 1.
  process.on('uncaughtException', internalError)
  const status = new StatusLine(process.stderr)
  const cli: CliContext = {
    // Read lazily: touching process.stdin opens it.
    stdin: () => process.stdin,
    out: new Output(process.stdout),
    status,
    notices: new Notices(status),
    colors: terminalColors(process.stdout),
    interruptedNote: () => 'no report written',
  }
  for (const signal of STOPPING_SIGNALS) {
    process.on(signal, () => {
      removeTemporaryFiles()
      cli.out.flushNow()
      cli.notices.finish()
      status.print(`toolcalls: interrupted${signal === 'SIGINT' ? '' : ` by ${signal}`}; ${cli.interruptedNote()}`)
      // 128 + the signal's number, as a shell reports a command the signal ended: 130, 143, 129.
      process.exit(128 + constants.signals[signal])
    })
  }
  run(process.argv.slice(2), cli)
    .then(() => cli.out.flush())
    .catch((error: unknown) => {
      status.clear()
      if (error instanceof BrokenPipe) process.exit(0)
      // Warnings shown before a run stopped are counted as at a run's end, before the error that stopped it.
      cli.notices.finish()
      if (error instanceof BelowThreshold) {
        // The report is out whole before the verdict on it; a reader that went away does not change the verdict.
        void cli.out
          .flush()
          .catch(() => {})
          .finally(() => {
            process.stderr.write(`${error.message}\n`)
            process.exit(EXIT_BELOW_THRESHOLD)
          })
        return
      }
      // What was written before the error is still said, before the error.
      cli.out.flushNow()
      if (error instanceof UserError) {
        process.stderr.write(`${oneLine(error)}\n`)
        process.exit(EXIT_USER_ERROR)
      }
      internalError(error)
    })
}

function internalError(error: unknown): never {
  process.stderr.write(`toolcalls: internal error\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(EXIT_BUG)
}

main()
