import { callOf } from '../arguments'
import { childPath } from '../path'
import { callAt, get, isList, noCalls, partOfTurn, peek, ranByProvider, type FormatReader } from './reader'

/** The parts of a request to the model: the prompt, the tools' returns, a retry asked for. */
const REQUEST_PARTS = new Set(['system-prompt', 'user-prompt', 'tool-return', 'retry-prompt'])

/**
 * Pydantic AI's messages as it dumps them (`ModelMessagesTypeAdapter`, `result.all_messages_json()`),
 * a run's record in a corpus of a Python agent: a `{ kind: 'response', parts }` message is a turn, its
 * `{ part_kind: 'tool-call', tool_name, args }` parts the calls (`args` a dict or JSON text); a
 * `request` ends the turn; a built-in tool the provider ran (`builtin-tool-call`) is no call.
 */
export const readPydanticAi: FormatReader = (value, path, context) => {
  const partKind = peek(value, 'part_kind')
  if (typeof partKind === 'string') {
    if (partKind === 'tool-call') return { call: callAt(value, 'tool_name', childPath(path, 'tool_name'), 'args', childPath(path, 'args'), callOf) }
    if (partKind === 'builtin-tool-call' || partKind === 'builtin-tool-return') return ranByProvider()
    return REQUEST_PARTS.has(partKind) ? noCalls() : partOfTurn()
  }
  const kind = peek(value, 'kind')
  if ((kind !== 'request' && kind !== 'response') || !isList(peek(value, 'parts'))) return undefined
  if (kind === 'request') return noCalls()
  const partsPath = childPath(path, 'parts')
  return { turns: [context.turn(get(value, 'parts', partsPath), partsPath)] }
}
