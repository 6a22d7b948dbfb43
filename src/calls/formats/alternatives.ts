import { wrapsOneMessage } from './chat-response'
import { has, isList, isObject, peek } from './reader'

/**
 * The `index` of a Chat Completions choice (`{ index, message, finish_reason }`) or a Gemini
 * candidate (`{ index, content, finishReason }`, the API leaving out an index of 0), or
 * undefined for anything else. Choices listed 0, 1, … are one request's alternatives (`n` > 1,
 * `candidateCount`), of which the first is read, as it is from the whole response; choices
 * collected one a turn are each numbered 0. Never throws.
 */
export function choiceIndex(item: unknown): number | undefined {
  if (!isObject(item) || isList(item) || has(item, 'role')) return undefined
  const index = peek(item, 'index')
  if (index !== undefined && typeof index !== 'number') return undefined
  const isChoice = wrapsOneMessage(item)
  const isCandidate = !isChoice && isObject(peek(item, 'content')) && has(item, 'finishReason') && !has(item, 'author')
  return isChoice || isCandidate ? (index ?? 0) : undefined
}
