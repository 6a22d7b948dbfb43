import { childPath } from '../path'
import { callAt, get, has, isList, isObject, noCalls, partOfTurn, peek, type FormatReader } from './reader'

/**
 * The members of a Converse content block that hold no call, each with what tells it from a
 * BFCL call of one key to a tool of that name (`image(source='cat.jpg')` would be one).
 */
const OTHER_MEMBERS: ReadonlyArray<readonly [member: string, isBlock: (body: object) => boolean]> = [
  ['reasoningContent', (body) => isObject(peek(body, 'reasoningText')) || has(body, 'redactedContent')],
  ['image', hasSource],
  ['document', hasSource],
  ['video', hasSource],
  ['audio', hasSource],
  ['cachePoint', (body) => peek(body, 'type') === 'default'],
  ['guardContent', (body) => isObject(peek(body, 'text')) || isObject(peek(body, 'image'))],
  ['citationsContent', (body) => isList(peek(body, 'citations'))],
  ['searchResult', (body) => isList(peek(body, 'content')) && has(body, 'title')],
  ['toolAddition', (body) => isObject(peek(body, 'tool'))],
  ['toolRemoval', (body) => isObject(peek(body, 'tool'))],
]

/** Media blocks name their bytes or their place in S3 in an object. */
function hasSource(body: object): boolean {
  return isObject(peek(body, 'source'))
}

/**
 * Amazon Bedrock's Converse API (`@aws-sdk/client-bedrock-runtime`): a `ConverseResponse` (its
 * `output.message`), and content blocks `{ toolUse: { toolUseId, name, input } }`. A
 * `toolResult` block ends a turn; a server tool's `toolUse`, reasoning, media and the other
 * blocks are the model's own and end none. Messages `{ role, content }` are read as messages.
 */
export const readBedrock: FormatReader = (value, path, context) => {
  const output = peek(value, 'output')
  if (isObject(output) && has(value, 'stopReason')) {
    const messagePath = childPath(childPath(path, 'output'), 'message')
    return context.read(get(output, 'message', messagePath), messagePath)
  }
  if (has(value, 'type') || has(value, 'role')) return undefined
  const toolUse = peek(value, 'toolUse')
  if (isObject(toolUse) && has(toolUse, 'toolUseId')) {
    if (peek(toolUse, 'type') === 'server_tool_use') return partOfTurn()
    const toolUsePath = childPath(path, 'toolUse')
    const namePath = childPath(toolUsePath, 'name')
    const inputPath = childPath(toolUsePath, 'input')
    return { call: callAt(toolUse, 'name', namePath, 'input', inputPath) }
  }
  const toolResult = peek(value, 'toolResult')
  if (isObject(toolResult) && has(toolResult, 'toolUseId')) return noCalls()
  for (const [member, isBlock] of OTHER_MEMBERS) {
    const block = peek(value, member)
    if (isObject(block) && isBlock(block)) return partOfTurn()
  }
  return undefined
}
