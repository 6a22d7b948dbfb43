import type { ToolCall } from '../tool-call'
import { forEachItem, isObject, type Context, type Reading } from './reader'

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

/** Adds a reading's turns after `turns`; a call alone is a turn. */
export function addTurns(turns: ToolCall[][], reading: Reading): void {
  if ('call' in reading) turns.push([reading.call])
  // One at a time: spread, a reading of many turns would overflow the stack.
  else for (const turn of reading.turns) turns.push(turn)
}
