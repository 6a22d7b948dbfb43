import { callOfParsed } from '../arguments'
import { atPath, childPath } from '../path'
import { unparseableCall } from '../tool-call'
import { callAt, get, noCalls, partOfTurn, peek, type FormatReader } from './reader'
import { isStrandsAgentResult, STRANDS_AGENT_RESULT_IS, STRANDS_AGENT_RESULT_PASS } from './no-trajectory'

/** Strands' events (`beforeToolCallEvent`, `messageAddedEvent`, …): camel case, as no other SDK's types are. */
const EVENT_TYPE = /^[a-z][A-Za-z]*Event$/
/** Its content blocks' types, as instances give them (`textBlock`, `reasoningBlock`, …); their JSON is Bedrock's. */
const BLOCK_TYPE = /^[a-z][A-Za-z]*Block$/

/**
 * Strands Agents: a message's blocks as instances, `{ type: 'toolUseBlock', name, input }` a call (its
 * `input` parsed), a `toolResultBlock` ending the turn; and the events of `agent.stream()`, collected,
 * of which `modelMessageEvent`'s message holds the model's calls. The other events repeat them (the
 * message added, each block, each tool call before and after it ran) or hold none, and are passed over.
 * An agent's result holds its answer alone: no trajectory, it says what to pass.
 */
export const readStrands: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if (typeof type !== 'string') return undefined
  if (type === 'toolUseBlock') return { call: callAt(value, 'name', childPath(path, 'name'), 'input', childPath(path, 'input'), callOfParsed) }
  if (type === 'toolResultBlock') return noCalls()
  if (type === 'modelMessageEvent') {
    const messagePath = childPath(path, 'message')
    return context.read(get(value, 'message', messagePath), messagePath)
  }
  if (EVENT_TYPE.test(type)) return noCalls()
  if (isStrandsAgentResult(value)) return { call: unparseableCall(atPath(path, `expected a trajectory, received ${STRANDS_AGENT_RESULT_IS} (${STRANDS_AGENT_RESULT_PASS})`)) }
  return BLOCK_TYPE.test(type) ? partOfTurn() : undefined
}
