import { errorMessage } from '../calls/path'
import { isRecord } from '../calls/plain-value'
import { printValue } from './print-value'

// The AI SDK marks its schemas (`jsonSchema()`, `zodSchema()`) with this registered symbol.
const AI_SDK_SCHEMA = Symbol.for('vercel.ai.schema')

/** A schema object of a library (a Standard Schema such as zod's, or the AI SDK's), rather than JSON Schema or a weight entry. */
export function isSchemaObject(value: unknown): boolean {
  return isRecord(value) && (AI_SDK_SCHEMA in value || isRecord(value['~standard']))
}

/** The schema an AI SDK `lazySchema()` makes when asked (the SDK's provider tools give theirs so). */
function lazilyMade(make: () => unknown, path: string): unknown {
  let made: unknown
  try {
    made = make()
  } catch (error) {
    throw new TypeError(`${path}: the lazy schema could not be made (${errorMessage(error)})`)
  }
  if (!isRecord(made) || typeof made.then === 'function') {
    throw new TypeError(`${path}: expected a function to make a schema object, as the AI SDK's lazySchema() does; it gave ${printValue(made)}`)
  }
  return made
}

/**
 * A tool's parameters as JSON Schema: a JSON Schema object as it is, an AI SDK lazy schema's, a Standard JSON Schema
 * (zod 4, ArkType, Valibot) written out for the input it takes, or an AI SDK schema's own.
 * Throws a TypeError naming `path` for a schema that cannot be written out.
 */
export function parametersSchema(parameters: unknown, path: string): unknown {
  if (typeof parameters === 'function') return parametersSchema(lazilyMade(parameters as () => unknown, path), path)
  if (!isRecord(parameters)) return parameters
  if (AI_SDK_SCHEMA in parameters) {
    let written: unknown
    try {
      // A getter: `zodSchema()` writes the JSON Schema when it is first asked for.
      written = parameters.jsonSchema
    } catch (error) {
      throw new TypeError(`${path}: the schema could not be written as JSON Schema (${errorMessage(error)})`)
    }
    if (!isRecord(written) || typeof written.then === 'function') {
      throw new TypeError(`${path}: expected an AI SDK schema holding its JSON Schema, received one whose jsonSchema is not an object`)
    }
    return written
  }
  const standard = parameters['~standard']
  if (!isRecord(standard)) return parameters
  const writer = isRecord(standard.jsonSchema) ? standard.jsonSchema : undefined
  if (typeof writer?.input !== 'function') {
    const vendor = typeof standard.vendor === 'string' ? `${standard.vendor} ` : ''
    // LangChain's string tools (`DynamicTool`) hold a zod 3 schema of their own.
    const langChain = path.endsWith('.schema') ? "; for a LangChain tool, convertToOpenAITool(tool) from '@langchain/core/utils/function_calling' writes it" : ''
    throw new TypeError(`${path}: a ${vendor}schema that cannot write itself as JSON Schema (zod 4 can); give its JSON Schema instead${langChain}`)
  }
  let written: unknown
  try {
    written = writer.input({ target: 'draft-2020-12' })
  } catch (error) {
    throw new TypeError(`${path}: the schema could not be written as JSON Schema (${errorMessage(error)})`)
  }
  if (!isRecord(written) || typeof written.then === 'function') {
    throw new TypeError(`${path}: the schema wrote no JSON Schema object (its ~standard.jsonSchema.input gave ${printValue(written)})`)
  }
  return written
}
