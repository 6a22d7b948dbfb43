import { atPath, childPath, describe } from '../path'
import { unparseableCall, type ToolCall } from '../tool-call'
import { callAt, get, has, isList, isObject, noCalls, peek, Unreadable, type Context, type FormatReader } from './reader'

/**
 * A message of Gemini's Live API (`LiveServerMessage`, from `session.receive()` or the
 * `onmessage` of `ai.live.connect`): a `toolCall` lists the calls the model asks for, a turn of
 * its own, as the client answers them before the model goes on; the rest hold none. Its
 * `toolCall` has `functionCalls`, a Part's server-side `toolCall` (`{ id, toolType, args }`)
 * has not, and is left to the parts' reader. The class's getters (`text`, `data`) warn, and
 * are not read.
 */
export const readGeminiLive: FormatReader = (value, path, context) => {
  const toolCall = peek(value, 'toolCall')
  if (isObject(toolCall) && has(toolCall, 'functionCalls')) return { turns: [functionCalls(toolCall, childPath(path, 'toolCall'), context)] }
  // The model's text and audio, and its built-in tools' work: its function calls come in a `toolCall` message.
  return has(value, 'serverContent') ? noCalls() : undefined
}

/** The other fields of a Live server message; each holds an object (a dump of every field, null). */
const NOTICE_FIELDS = new Set([
  'setupComplete',
  'usageMetadata',
  'goAway',
  'sessionResumptionUpdate',
  'voiceActivity',
  'voiceActivityDetectionSignal',
  // The calls it names stay: the model made them, withdrawn because the user spoke over it, not because they were wrong.
  'toolCallCancellation',
])

/**
 * A Live server message without `toolCall` or `serverContent` (every key one of its fields), or
 * a client's message that holds no call. Tried just before BFCL's one-key objects, which it would otherwise be read as
 * (`{ goAway: { timeLeft } }`, a call to `goAway`); such an object pays for its first key only.
 */
export const readGeminiLiveNotice: FormatReader = (value) => (isNotice(value) || isClientMessage(value) ? noCalls() : undefined)

/**
 * The fields of the client's Live messages that a two-way transcript holds beside the server's,
 * each told by the fields of its own object, so that a tool named so with other arguments is still
 * a call: `{ clientContent: { turns, turnComplete } }`, `{ realtimeInput: { text } }`. (`setup`
 * is left to BFCL's form: a tool of that name is too likely.)
 */
const CLIENT_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['clientContent', new Set(['turns', 'turnComplete'])],
  ['realtimeInput', new Set(['mediaChunks', 'audio', 'audioStreamEnd', 'video', 'text', 'activityStart', 'activityEnd'])],
])

function isClientMessage(value: object): boolean {
  try {
    let fields: ReadonlySet<string> | undefined
    for (const key in value) {
      if (fields !== undefined) return false
      fields = CLIENT_FIELDS.get(key)
      if (fields === undefined) return false
      const message: unknown = (value as Record<string, unknown>)[key]
      if (!isObject(message) || isList(message)) return false
      let keys = 0
      for (const field in message) {
        if (!fields.has(field)) return false
        keys++
      }
      if (keys === 0) return false
    }
    return fields !== undefined
  } catch {
    return false
  }
}

function isNotice(value: object): boolean {
  try {
    let keys = 0
    // for-in, which allocates no key list, as the quick reading of our own form does.
    for (const key in value) {
      if (!NOTICE_FIELDS.has(key)) return false
      const field: unknown = (value as Record<string, unknown>)[key]
      if (typeof field !== 'object') return false
      keys++
    }
    return keys > 0
  } catch {
    return false
  }
}

function functionCalls(toolCall: object, path: string, context: Context): ToolCall[] {
  const listPath = childPath(path, 'functionCalls')
  const list = get(toolCall, 'functionCalls', listPath)
  if (list === undefined || list === null) return []
  if (!isList(list)) return [unparseableCall(atPath(listPath, `expected a list of function calls, received ${describe(list)}`))]
  const calls: ToolCall[] = []
  // Counted: one list in many messages would otherwise be read in full wherever it stands.
  context.indices(list, listPath, (index) => calls.push(functionCall(list, index, childPath(listPath, index))))
  return calls
}

/** A `FunctionCall` `{ id, name, args }`; one that cannot be read is unparseable where it stands, its siblings still read. */
function functionCall(list: unknown[], index: number, path: string): ToolCall {
  try {
    const call = get(list, index, path)
    if (!isObject(call) || isList(call)) return unparseableCall(atPath(path, `expected a function call, received ${describe(call)}`))
    return callAt(call, 'name', childPath(path, 'name'), 'args', childPath(path, 'args'))
  } catch (error) {
    if (error instanceof Unreadable) return unparseableCall(error.message)
    throw error
  }
}
