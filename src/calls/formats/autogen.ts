import { childPath } from '../path'
import { get, noCalls, peek, type FormatReader } from './reader'

/**
 * AutoGen's AgentChat messages as it dumps them (`model_dump()`, a Python agent's run in a corpus;
 * a `TaskResult`'s `messages`): a `ToolCallRequestEvent`'s `content` is a turn of calls
 * `{ id, name, arguments }`; the execution event with their results, and the summary message that
 * repeats the calls beside their results, end it. (Before 0.4, `ToolCallMessage` and `ToolCallResultMessage`.)
 */
export const readAutoGen: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if (type === 'ToolCallExecutionEvent' || type === 'ToolCallSummaryMessage' || type === 'ToolCallResultMessage') return noCalls()
  if (type !== 'ToolCallRequestEvent' && type !== 'ToolCallMessage') return undefined
  const contentPath = childPath(path, 'content')
  return { turns: [context.calls(get(value, 'content', contentPath), contentPath)] }
}
