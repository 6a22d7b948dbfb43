import { atPath, childPath, errorMessage } from '../path'
import { unparseableCall } from '../tool-call'
import { isStreamedRun, isStreamedRunOver, UNFINISHED_STREAMED_RUN_IS, UNFINISHED_STREAMED_RUN_PASS } from './no-trajectory'
import { get, has, isList, partOfTurn, peek, type FormatReader } from './reader'

/**
 * The OpenAI Agents SDK (`@openai/agents`): a run's result, read from its `newItems` (the
 * tool results between the model's responses end its turns; its `output` would read as one
 * response), a run item `{ type: '…_item', rawItem }`, read as the protocol item it wraps, and
 * a streamed run's events. A `tool_approval_item` is no call: it asks leave for a call that is
 * among the items already. A streamed run's result before the run is over holds only what came so
 * far: no trajectory, it says to await it. One that failed reads as what came, and a call saying why.
 */
export const readOpenAIAgents: FormatReader = (value, path, context) => {
  if (isList(peek(value, 'newItems'))) {
    const streamed = isStreamedRun(value)
    if (streamed && !isStreamedRunOver(value)) return { call: unparseableCall(atPath(path, `expected a trajectory, received ${UNFINISHED_STREAMED_RUN_IS} (${UNFINISHED_STREAMED_RUN_PASS})`)) }
    const itemsPath = childPath(path, 'newItems')
    const turns = context.list(get(value, 'newItems', itemsPath), itemsPath)
    const error = streamed ? peek(value, 'error') : undefined
    if (error !== undefined && error !== null) turns.push([unparseableCall(atPath(childPath(path, 'error'), `the run failed (${errorMessage(error)})`))])
    return { turns }
  }
  const type = peek(value, 'type')
  // A streamed run's events: a run item's event reads as the item; the model's raw events repeat what the items hold.
  if (type === 'run_item_stream_event') {
    const itemPath = childPath(path, 'item')
    return context.read(get(value, 'item', itemPath), itemPath)
  }
  if (type === 'raw_model_stream_event' || type === 'agent_updated_stream_event') return partOfTurn()
  if (typeof type !== 'string' || !type.endsWith('_item') || !has(value, 'rawItem')) return undefined
  if (type === 'tool_approval_item') return partOfTurn()
  const rawItemPath = childPath(path, 'rawItem')
  return context.read(get(value, 'rawItem', rawItemPath), rawItemPath)
}
