import { childPath } from '../path'
import { get, isList, peek, type FormatReader } from './reader'

/** A container of a conversation, `{ messages: [...] }` (LangGraph state, an AI SDK response). */
export const readConversation: FormatReader = (value, path, context) => {
  if (!isList(peek(value, 'messages'))) return undefined
  const messagesPath = childPath(path, 'messages')
  return { turns: context.list(get(value, 'messages', messagesPath), messagesPath) }
}
