import { noCalls, peek, type FormatReader } from './reader'

/**
 * An object tagged with a `type` that no reader above claims: a content part or an item
 * that carries no call of ours (text, reasoning, a tool result, a vendor's built-in tool).
 */
export const readTaggedItem: FormatReader = (value) => (typeof peek(value, 'type') === 'string' ? noCalls() : undefined)
