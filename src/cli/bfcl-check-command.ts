import { checkedText } from './read-lines'
import { monotonicMs } from './clock'
import { BfclInputError, type BfclCheckOptions, type BfclVerdict, checkBfclEntry } from '../bfcl'
import { parseCommandArgs, usageError } from './args'
import { parseBfclLine } from './bfcl-json-line'
import type { CliContext } from './cli-context'
import { preferQuickCompiles } from './engine-tuning'
import { openInput } from './input-file'
import { lineBatchesOf } from './input-lines'
import { sayWhenTerminalInput } from './terminal-input'
import { progressText } from './progress'
import { thousands } from '../calls/thousands'
import { BFCL_CHECK_USAGE } from './usage'
import { bfclFileOf, bfclFileProblem } from './bfcl-file-line'
import { ARRAY_ON_ONE_LINE } from './json-document'
import { isListOfLines } from './episode-lines'
import { isRecord } from '../calls/plain-value'
import { lineError, UserError } from './user-error'

/** BFCL's verdict on one entry; a malformed entry (not the model's output) is a user error. */
function checkEntryAt(entry: unknown, where: string, options: BfclCheckOptions): BfclVerdict {
  try {
    return checkBfclEntry(entry, options)
  } catch (error) {
    if (error instanceof BfclInputError) throw lineError(where, entryProblem(entry, error.message))
    throw error
  }
}

const ENTRY = 'an entry { "id", "model_output", "functions", "ground_truth" }'

/** A malformed entry's problem, or what the line is instead where that tells more: a line of one of BFCL's own files, or a file written as one array. */
function entryProblem(entry: unknown, problem: string): string {
  const bfclFile = bfclFileOf(entry)
  if (bfclFile !== undefined) return bfclFileProblem(bfclFile, ENTRY)
  if (isListOfLines(entry, ['model_output', 'ground_truth'])) return `${problem}: ${ARRAY_ON_ONE_LINE}`
  // An episodes file for score: its id, rarely a BFCL one, would be faulted for naming no category.
  if (isRecord(entry) && Object.hasOwn(entry, 'pred') && Object.hasOwn(entry, 'gold') && !Object.hasOwn(entry, 'model_output')) {
    return `an episode { "id"?, "pred", "gold" }, not ${ENTRY}; 'toolcalls score EPISODES' scores episodes`
  }
  // An entry built from BFCL's question file may keep its name for the docs.
  if (isRecord(entry) && !Object.hasOwn(entry, 'functions') && Object.hasOwn(entry, 'function')) {
    return `${problem} (the entry has "function", as BFCL's question file names the docs; an entry names them "functions")`
  }
  return problem
}

/** The verdict as one JSON line, with exactly BFCL's keys. */
function verdictLine({ id, valid, error_type, errors }: BfclVerdict): string {
  return `${JSON.stringify({ id, valid, error_type, errors })}\n`
}

/** What an interrupted run leaves: the verdicts so far, which stand for no run of the whole input. */
function verdictsSoFar(checked: number): string {
  if (checked === 0) return 'no entry was checked'
  return `the verdicts stop after ${checked === 1 ? 'the first entry' : `${thousands(checked)} entries`}`
}

/** `toolcalls bfcl-check [FILE]`: one verdict line out for each entry line in, in order, as it goes. */
export async function bfclCheckCommand(args: readonly string[], cli: CliContext): Promise<void> {
  const parsed = parseCommandArgs('bfcl-check', args, { 'underscore-to-dot': { type: 'boolean' } })
  if (parsed.values.help === true) return cli.out.write(BFCL_CHECK_USAGE)
  if (parsed.positionals.length > 1) throw usageError('bfcl-check', `expected at most one FILE, received ${parsed.positionals.length}`)
  const options: BfclCheckOptions = { underscoreToDot: parsed.values['underscore-to-dot'] === true }
  const path = parsed.positionals[0] ?? '-'
  const input = await openInput(path, cli.stdin)
  sayWhenTerminalInput('bfcl-check', 'entries', path, cli)
  preferQuickCompiles(input.size)
  const started = monotonicMs()
  let checked = 0
  cli.interruptedNote = () => verdictsSoFar(checked)
  for await (const lines of lineBatchesOf(input, cli.notices)) {
    for (const line of lines) {
      const where = `${input.name}:${line.number}`
      const behind = cli.out.write(verdictLine(checkEntryAt(parseBfclLine(checkedText(line, where), where, 'model_output'), where, options)))
      checked++
      if (behind !== undefined) await behind
    }
    cli.status.update(() => progressText('checked', checked, ['entry', 'entries'], monotonicMs() - started, input.bytesRead, input.size))
  }
  cli.status.clear()
  cli.notices.finish()
  // As `score` refuses an empty corpus: an empty verdict file would pass for a run of checks.
  if (checked === 0) throw new UserError(`${input.name}: no entries to check`)
}
