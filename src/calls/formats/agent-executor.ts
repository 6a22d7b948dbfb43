import { callOf } from '../arguments'
import { childPath } from '../path'
import type { ToolCall } from '../tool-call'
import { callAt, forEachItem, get, has, isList, isObject, peek, type FormatReader } from './reader'

/**
 * LangChain's `AgentExecutor` (`langchain/agents`, `@langchain/classic`): its output with
 * `returnIntermediateSteps`, `{ output, intermediateSteps }`, and a step `{ action, observation }`,
 * its action `{ tool, toolInput }` the call (its input the value LangChain parsed, or a ReAct
 * agent's text, read as JSON). In the output, the steps of one model message are one turn: a tool
 * calling agent logs the message with its first action, the others of that message with an empty
 * `messageLog`; a step without one, a ReAct agent's, is a turn alone.
 */
export const readAgentExecutor: FormatReader = (value, path, context) => {
  if (has(value, 'action') && has(value, 'observation')) {
    const action = peek(value, 'action')
    return isObject(action) && has(action, 'tool') ? { call: actionCall(action, childPath(path, 'action')) } : undefined
  }
  if (!has(value, 'intermediateSteps') || !has(value, 'output')) return undefined
  const stepsPath = childPath(path, 'intermediateSteps')
  const steps = get(value, 'intermediateSteps', stepsPath)
  if (!isList(steps)) return undefined
  const turns: ToolCall[][] = []
  forEachItem(steps, stepsPath, context, (step, stepPath) => {
    const action = isObject(step) ? peek(step, 'action') : undefined
    if (!isObject(action)) {
      turns.push([context.call(step, stepPath)])
      return
    }
    const call = actionCall(action, childPath(stepPath, 'action'))
    if (turns.length > 0 && continuesMessage(action)) turns[turns.length - 1]!.push(call)
    else turns.push([call])
  })
  return { turns }
}

function actionCall(action: object, path: string): ToolCall {
  return callAt(action, 'tool', childPath(path, 'tool'), 'toolInput', childPath(path, 'toolInput'), callOf)
}

/** An action of the model message before it: logged with an empty `messageLog`. */
function continuesMessage(action: object): boolean {
  const log = peek(action, 'messageLog')
  return isList(log) && peek(log, 'length') === 0
}
