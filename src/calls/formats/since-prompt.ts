import type { ToolCall } from '../tool-call'
import { addTurns, forEachItem, isObject, type Context } from './reader'

/**
 * The turns of a conversation's messages after the last prompt, `isPrompt` telling it: what an
 * agent's run added to the conversation it was given, whose earlier calls are no part of the run.
 */
export function turnsSincePrompt(messages: unknown[], path: string, context: Context, isPrompt: (message: object) => boolean): ToolCall[][] {
  const turns: ToolCall[][] = []
  forEachItem(messages, path, context, (message, messagePath) => {
    if (isObject(message) && isPrompt(message)) turns.length = 0
    else addTurns(turns, context.read(message, messagePath))
  })
  return turns
}
