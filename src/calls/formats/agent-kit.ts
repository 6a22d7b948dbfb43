import { callOfParsed } from '../arguments'
import { childPath } from '../path'
import type { ToolCall } from '../tool-call'
import { callAt, forEachItem, get, has, isList, isObject, noCalls, peek, type FormatReader } from './reader'

/**
 * Inngest's AgentKit: a message `{ type: 'tool_call', role, tools }`, each of its tools
 * `{ type: 'tool', name, input }` a call (its `input` parsed); a `tool_result` message holds none.
 * Tried before the generic message, which would read the first as an assistant's text.
 */
export const readAgentKitMessage: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if (type === 'tool_result' && has(value, 'tool')) return noCalls()
  if (type === 'tool' && has(value, 'name') && has(value, 'input')) return { call: toolCall(value, path) }
  if (type !== 'tool_call' || !has(value, 'tools')) return undefined
  const toolsPath = childPath(path, 'tools')
  const tools = get(value, 'tools', toolsPath)
  const turn: ToolCall[] = []
  if (isList(tools)) forEachItem(tools, toolsPath, context, (tool, toolPath) => turn.push(isObject(tool) ? toolCall(tool, toolPath) : context.call(tool, toolPath)))
  else turn.push(context.call(tools, toolsPath))
  return { turns: [turn] }
}

/**
 * AgentKit's `AgentResult` (what `agent.run()` gives, and each of a network's `state.results`):
 * its `output` holds the calls; its `toolCalls`, despite the name, the tools' results. A network's
 * run is read from its state's results. Tried before the readers that take `toolCalls` (the AI
 * SDK's) or `agentName` (LlamaIndex's).
 */
export const readAgentKitResult: FormatReader = (value, path, context) => {
  if (has(value, 'agentName') && has(value, 'output') && has(value, 'toolCalls')) {
    const outputPath = childPath(path, 'output')
    return { turns: context.list(get(value, 'output', outputPath), outputPath) }
  }
  if (!has(value, 'maxIter') || !has(value, 'state')) return undefined
  const state = peek(value, 'state')
  const results = isObject(state) ? peek(state, 'results') : undefined
  if (!isList(results)) return undefined
  return { turns: context.list(results, childPath(childPath(path, 'state'), 'results')) }
}

function toolCall(tool: object, path: string): ToolCall {
  return callAt(tool, 'name', childPath(path, 'name'), 'input', childPath(path, 'input'), callOfParsed)
}
