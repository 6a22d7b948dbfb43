import { parseArgs } from 'node:util'
import { didYouMean } from '../compare/nearest'
import { oneLine, UserError } from './user-error'

export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** What the value is, said where it is missing: `the report's path (…)`. */
  value?: string
  /** The value is a number: `-1` after the option is its value, which the option's own check refuses, not another option. */
  number?: boolean
}

/** Options that another command names otherwise, by the command that takes the other: each command's threshold. */
const COUNTERPARTS: Record<string, string> = { 'min-f1': 'min-accuracy', 'min-accuracy': 'min-f1' }

/** ` (did you mean '--min-accuracy'?)` for an unknown option: its counterpart where the command takes that, else the nearest known one. */
function suggestedOption(name: string, known: readonly string[]): string {
  const counterpart = Object.hasOwn(COUNTERPARTS, name) ? COUNTERPARTS[name]! : undefined
  if (counterpart !== undefined && known.includes(counterpart)) return ` (did you mean '--${counterpart}'?)`
  return didYouMean(name, known, '--')
}

/** A value written as a negative number: `-1`, `-0.5`, `-.5`. */
const NEGATIVE_NUMBER = /^-(?:\d|\.\d)/

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
}

const HELP: Record<string, OptionSpec> = { help: { type: 'boolean', short: 'h' } }

/** A user error about the command line, prefixed with the command it concerns. */
export function usageError(command: string, message: string): UserError {
  return new UserError(`toolcalls ${command}: ${message}; see 'toolcalls ${command} --help'`)
}

/**
 * Parses a subcommand's arguments; every command takes `--help`, which wins over the rest. An
 * unknown option is a user error that suggests the nearest known one.
 */
export function parseCommandArgs(command: string, args: readonly string[], options: Record<string, OptionSpec>): ParsedArgs {
  // --help wins over any mistake beside it, as in git and npm: one who asks for help is shown it, not an error.
  const end = args.indexOf('--')
  if ((end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h')) return { values: { help: true }, positionals: [] }
  const all = { ...HELP, ...options }
  const known = Object.keys(all)
  // A lenient pass finds unknown options by name, which the strict pass reports without a suggestion.
  const { tokens } = parseArgs({ args: [...args], options: all, strict: false, allowPositionals: true, tokens: true })
  // Negative numbers given to a number option, joined to it (`--worst=-1`) for the strict pass, which would take them for options.
  const strictArgs: (string | undefined)[] = [...args]
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    if (!Object.hasOwn(all, token.name)) throw usageError(command, `unknown option '${token.rawName}'${suggestedOption(token.name, known)}`)
    // Worded here as the command's other errors are, where the strict pass would word them as Node does.
    const option = `--${token.name}`
    if (all[token.name]!.type === 'boolean') {
      if (token.value !== undefined) throw usageError(command, `${option} takes no value, received '${token.value}'`)
    } else if (token.value === undefined) {
      const what = all[token.name]!.value
      throw usageError(command, `${option}: expected a value${what === undefined ? '' : `, ${what}`}`)
    } else if (!token.inlineValue && all[token.name]!.number === true && NEGATIVE_NUMBER.test(token.value)) {
      strictArgs[token.index] = `${option}=${token.value}`
      strictArgs[token.index + 1] = undefined
    } else if (!token.inlineValue && token.value.startsWith('-') && token.value !== '-') {
      // A number option's value never begins with '-': how to give one that does would lead nowhere.
      const asValue = all[token.name]!.number === true ? '' : ` (write ${option}=${token.value} if that is the value)`
      throw usageError(command, `${option}: expected a value, received the option-like '${token.value}'${asValue}`)
    }
  }
  try {
    const { values, positionals } = parseArgs({ args: strictArgs.filter((arg) => arg !== undefined), options: all, strict: true, allowPositionals: true })
    // An empty value is most often a variable that was not set (`--json "$OUT"`): named as such, not as a path that is not there.
    for (const [name, value] of Object.entries(values)) if (value === '') throw usageError(command, `--${name}: expected a value, received an empty string`)
    return { values: values as ParsedArgs['values'], positionals }
  } catch (error) {
    if (error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      throw usageError(command, oneLine(error))
    }
    throw error
  }
}

export function stringOption(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.values[name]
  return typeof value === 'string' ? value : undefined
}

export function requiredOption(command: string, parsed: ParsedArgs, name: string): string {
  const value = stringOption(parsed, name)
  if (value === undefined || value === '') throw usageError(command, `--${name} is required`)
  return value
}

/** The value of an option that takes one of a few words. */
export function choiceOption<T extends string>(command: string, parsed: ParsedArgs, name: string, allowed: readonly T[], fallback: T): T {
  const value = stringOption(parsed, name)
  if (value === undefined) return fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
  const expected = allowed.map((word) => `'${word}'`).join(', ')
  throw usageError(command, `--${name}: expected one of ${expected}, received '${value}'${didYouMean(value, allowed)}`)
}

export function countOption(command: string, parsed: ParsedArgs, name: string, fallback: number): number {
  const value = stringOption(parsed, name)
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw usageError(command, `--${name}: expected a whole number >= 0, received '${value}'`)
  return Number(value)
}
