import type { Canonicalizer } from './canonicalizers'
import { childPath, readingAt } from '../calls/path'
import { didYouMean, nearest } from './nearest'
import { takesNullForLeftOut, type ValueSchema } from './value-schema'
import { printValue } from './print-value'
import { isRecord } from '../calls/plain-value'
import { isSchemaObject, parametersSchema } from './parameters-schema'
import { readNameList, ToolSchemaReader } from './schema-reader'

/** What is known of one argument: its importance and, from a tool schema, its declared shape. */
export interface ArgSpec {
  importance: number
  schema?: ValueSchema
  /** Whether a predicted null counts as left out: the schema requires the argument yet lets it be null. */
  nullLeavesOut?: boolean
}

/** What is known of one tool. `declared` is true when it comes from a tool schema. */
export interface ToolSpec {
  name: string
  importance: number
  args: ReadonlyMap<string, ArgSpec>
  required: readonly string[]
  declared: boolean
  /** Whether some argument declares a default, by which a predicted argument may be left out. */
  defaults: boolean
}

/** Tools by canonical name. A tool or argument it does not list weighs 1 and is not type-checked. */
export interface Grammar {
  tools: ReadonlyMap<string, ToolSpec>
  /** Whether some importance is not a whole number (then counts are summed exactly). */
  fractional: boolean
  /**
   * Whether pairs are ranked in millionths: some importance is not whole, or a tool weighs 0,
   * whose exact pairs rank below any weighed tool's and above a wrong pair.
   */
  rankedFinely: boolean
}

export const EMPTY_GRAMMAR: Grammar = { tools: new Map(), fractional: false, rankedFinely: false }

function grammarOf(tools: ReadonlyMap<string, ToolSpec>): Grammar {
  let fractional = false
  let weighsNothing = false
  for (const tool of tools.values()) {
    if (!Number.isInteger(tool.importance)) fractional = true
    if (tool.importance === 0) weighsNothing = true
    for (const arg of tool.args.values()) if (!Number.isInteger(arg.importance)) fractional = true
  }
  return { tools, fractional, rankedFinely: fractional || weighsNothing }
}

export function toolWeight(grammar: Grammar, canonicalName: string): number {
  return grammar.tools.get(canonicalName)?.importance ?? 1
}

/** The largest importance: sums of weights up to it stay far from overflowing, and pairs' ranks, in millionths of a weight, exact. */
export const MAX_IMPORTANCE = 1_000_000

function readImportance(value: unknown, path: string): number {
  if (value === undefined) return 1
  if (typeof value !== 'number' || !(value >= 0 && value <= MAX_IMPORTANCE)) {
    throw new TypeError(`${path}: expected a number from 0 to ${MAX_IMPORTANCE}, received ${printValue(value)}`)
  }
  return value
}

const PARAMETERS_KEYS = ['parameters', 'input_schema', 'inputSchema', 'parametersJsonSchema', 'schema']

/** The keys of a tool schema that the grader reads, where it names no parameters. */
const TOOL_KEYS_READ = ['importance', ...PARAMETERS_KEYS]

/**
 * Keys that are near one the grader reads, yet mean something else: real tools' (MCP's and the
 * AI SDK's `outputSchema`) and JSON Schema's own (`maxProperties`, `propertyNames`), which a
 * parameters schema without `properties` may well have.
 */
const KEYS_OF_THEIR_OWN = new Set([
  'outputSchema',
  'output_schema',
  ...['$defs', '$schema', '$comment', 'definitions', 'dependentRequired', 'dependentSchemas', 'dependencies'],
  ...['maxProperties', 'minProperties', 'patternProperties', 'additionalProperties', 'propertyNames', 'unevaluatedProperties'],
])

/**
 * Throws for a key of a tool or property schema that misspells one the grader reads: a schema
 * takes keys of any name, so an `importnace` would be passed over, weighing 1, and a `paramters`
 * would leave every argument unchecked. Only keys near one the object lacks are refused.
 */
function refuseMisspeltKey(object: Record<string, unknown>, path: string, wanted: readonly string[], what: string): void {
  // Where every key read is given, no key is compared.
  const missing = wanted.filter((key) => object[key] === undefined)
  if (missing.length === 0) return
  for (const key of Object.keys(object)) {
    if (wanted.includes(key) || KEYS_OF_THEIR_OWN.has(key) || nearest(key, missing) === undefined) continue
    throw new TypeError(`${childPath(path, key)}: unknown key${didYouMean(key, missing)}; ${what}`)
  }
}

/** The keys that wrap a tool's schema: OpenAI Chat's `function`, Bedrock Converse's `toolSpec`. */
const WRAPPER_KEYS = ['function', 'toolSpec'] as const

/** The parameters object of one tool schema in any dialect we read, with its name and importance. */
function unwrapToolSchema(tool: Record<string, unknown>, path: string) {
  const wrapperKey = WRAPPER_KEYS.find((key) => isRecord(tool[key]))
  const fn = wrapperKey === undefined ? undefined : (tool[wrapperKey] as Record<string, unknown>)
  const source = fn ?? tool
  const sourcePath = fn ? `${path}.${wrapperKey}` : path
  // OpenAI and BFCL say `parameters`, Anthropic `input_schema`, the AI SDK and MCP `inputSchema`, Gemini `parametersJsonSchema`, LangChain's tools `schema`.
  const parametersKey = PARAMETERS_KEYS.find((key) => source[key] !== undefined)
  refuseMisspeltKey(source, sourcePath, parametersKey === undefined ? TOOL_KEYS_READ : ['importance'], "a tool schema's importance weighs its calls, and its parameters type its arguments")
  if (fn !== undefined) refuseMisspeltKey(tool, path, ['importance'], "a tool schema's importance weighs its calls")
  let parametersPath = `${sourcePath}.${parametersKey ?? 'parameters'}`
  let given = parametersKey === undefined ? undefined : source[parametersKey]
  // Bedrock holds the JSON Schema in `inputSchema.json`.
  if (wrapperKey === 'toolSpec' && isRecord(given) && Object.hasOwn(given, 'json')) {
    given = given.json
    parametersPath += '.json'
  }
  const parameters = parametersSchema(given, parametersPath)
  if (typeof source.name !== 'string' || source.name === '') {
    // A wrapper that is no object (undefined too, as a tool imported under a wrong name is) leaves a tool without a name: the wrapper is what is wrong.
    const wrapper = fn === undefined ? WRAPPER_KEYS.find((key) => Object.hasOwn(tool, key)) : undefined
    if (wrapper !== undefined) throw new TypeError(`${path}.${wrapper}: expected an object with the tool's name and parameters, received ${printValue(tool[wrapper])}`)
    throw new TypeError(`${sourcePath}.name: expected the tool's name, received ${printValue(source.name)}`)
  }
  // The function's own importance, else its wrapper's; `null` is no importance, and named where it is.
  const importance =
    fn !== undefined && fn.importance === undefined
      ? readImportance(tool.importance, `${path}.importance`)
      : readImportance(source.importance, `${sourcePath}.importance`)
  return { name: source.name, parameters, parametersPath, importance }
}

/** One tool of an AI SDK tool set, named by its key. */
function unwrapToolSetEntry(name: string, tool: Record<string, unknown>, path: string) {
  const parametersPath = `${path}.inputSchema`
  refuseMisspeltKey(tool, path, ['importance', 'inputSchema'], "a tool's importance weighs its calls, and its inputSchema types its arguments")
  return { name, parameters: parametersSchema(tool.inputSchema, parametersPath), parametersPath, importance: readImportance(tool.importance, `${path}.importance`) }
}

/**
 * An AI SDK tool set (`{ get_weather: tool({ inputSchema }) }`): tools by name, some with an
 * input schema of their own. `{ tools: { ... } }` is the weights form, unless its one tool's
 * input schema is a schema object (zod's, or the AI SDK's), not a weight entry.
 */
function isToolSet(input: unknown): input is Record<string, Record<string, unknown>> {
  if (!isRecord(input)) return false
  const keys = Object.keys(input)
  if (keys.length === 1 && keys[0] === 'tools') return isRecord(input.tools) && isSchemaObject(input.tools.inputSchema)
  const entries = Object.values(input)
  return entries.every(isRecord) && entries.some((entry) => Object.hasOwn(entry as object, 'inputSchema'))
}

/**
 * A provider's built-in tool beside the functions (OpenAI's `{ type: 'web_search' }`, Gemini's
 * `{ googleSearch: {} }`, Bedrock's `{ cachePoint: {} }`): it declares no function of the agent's. Told by what it lacks and
 * holds, so that a function schema with a misspelt key is still refused.
 */
function isBuiltInTool(tool: Record<string, unknown>): boolean {
  if (tool.name !== undefined || tool.function !== undefined || tool.toolSpec !== undefined || tool.importance !== undefined) return false
  if (PARAMETERS_KEYS.some((key) => tool[key] !== undefined)) return false
  if (typeof tool.type === 'string') return tool.type !== 'function'
  // Gemini configures each built-in tool with an object (`mcpServers` with a list).
  const keys = Object.keys(tool)
  return keys.length > 0 && keys.every((key) => typeof tool[key] === 'object' && tool[key] !== null)
}

/** The tools one entry of a list of tool schemas declares: one, Gemini's declarations, or none for a built-in tool. */
function readListedTool(tool: unknown, at: string): ToolSpec[] {
  const declarations = isRecord(tool) ? tool.functionDeclarations ?? tool.function_declarations : undefined
  if (declarations !== undefined && !Array.isArray(declarations)) {
    const key = (tool as Record<string, unknown>).functionDeclarations === undefined ? 'function_declarations' : 'functionDeclarations'
    throw new TypeError(`${at}.${key}: expected a list of function declarations, received ${printValue(declarations)}`)
  }
  if (Array.isArray(declarations)) {
    const specs: ToolSpec[] = []
    for (let j = 0; j < declarations.length; j++) specs.push(readToolSchema(declarations[j], `${at}.functionDeclarations[${j}]`))
    return specs
  }
  if (isRecord(tool) && tool.type === 'namespace') return readNamespace(tool, at)
  if (isRecord(tool) && isBuiltInTool(tool)) return []
  return [readToolSchema(tool, at)]
}

/** A Responses namespace tool: its functions, each named within it (`crm.search`), as a call to one names it. */
function readNamespace(namespace: Record<string, unknown>, at: string): ToolSpec[] {
  if (typeof namespace.name !== 'string' || namespace.name === '') throw new TypeError(`${at}.name: expected the namespace's name, received ${printValue(namespace.name)}`)
  if (!Array.isArray(namespace.tools)) throw new TypeError(`${at}.tools: expected a list of function tools, received ${printValue(namespace.tools)}`)
  const specs: ToolSpec[] = []
  for (let i = 0; i < namespace.tools.length; i++) {
    const tool: unknown = namespace.tools[i]
    // A custom tool's free-form input has no arguments to declare.
    if (isRecord(tool) && tool.type === 'custom') continue
    if (isRecord(tool) && tool.type === 'namespace') throw new TypeError(`${at}.tools[${i}]: a namespace holds function and custom tools, not another namespace`)
    const spec = readToolSchema(tool, `${at}.tools[${i}]`)
    specs.push({ ...spec, name: `${namespace.name}.${spec.name}` })
  }
  return specs
}

function readToolSchema(tool: unknown, path: string): ToolSpec {
  if (!isRecord(tool)) throw new TypeError(`${path}: expected a tool schema object, received ${printValue(tool)}`)
  return readParameters(unwrapToolSchema(tool, path))
}

function readParameters({ name, parameters, parametersPath, importance }: ReturnType<typeof unwrapToolSchema>): ToolSpec {
  const args = new Map<string, ArgSpec>()
  const required: string[] = []
  if (parameters !== undefined && parameters !== null) {
    if (!isRecord(parameters)) {
      throw new TypeError(`${parametersPath}: expected a JSON Schema object, received ${printValue(parameters)}`)
    }
    const reader = new ToolSchemaReader(parameters, parametersPath)
    // A `$ref` at the top names the object that holds the properties; those written beside it count too.
    for (const { schema: object, path: objectPath } of reader.parameterObjects()) {
      refuseMisspeltKey(object, objectPath, ['properties', 'required'], 'the properties type the arguments, and required names those that must be given')
      const properties = object.properties ?? {}
      if (!isRecord(properties)) {
        throw new TypeError(`${objectPath}.properties: expected an object, received ${printValue(properties)}`)
      }
      for (const arg of Object.keys(properties)) {
        if (args.has(arg)) continue
        const argPath = childPath(`${objectPath}.properties`, arg)
        const property = properties[arg]
        const schema = reader.argument(property, argPath)
        if (isRecord(property)) refuseMisspeltKey(property, argPath, ['importance'], "a property's importance weighs its argument")
        args.set(arg, { importance: readImportance((property as Record<string, unknown>).importance, `${argPath}.importance`), schema })
      }
      if (object.required !== undefined) {
        for (const arg of readNameList(object.required, `${objectPath}.required`, 'an argument name', 'argument names')) if (!required.includes(arg)) required.push(arg)
      }
    }
  }
  for (const arg of required) {
    const spec = args.get(arg)
    // Required yet nullable is how OpenAI's strict mode writes an optional argument: null is the model leaving it out.
    if (spec?.schema !== undefined && takesNullForLeftOut(spec.schema)) args.set(arg, { ...spec, nullLeavesOut: true })
  }
  const defaults = [...args.values()].some((arg) => arg.schema?.default !== undefined || arg.nullLeavesOut === true)
  return { name, importance, args, required, declared: true, defaults }
}

function readWeightsEntry(name: string, entry: unknown, path: string): ToolSpec {
  if (!isRecord(entry)) throw new TypeError(`${path}: expected { importance?, args? }, received ${printValue(entry)}`)
  for (const key of Object.keys(entry)) {
    if (key !== 'importance' && key !== 'args') {
      throw new TypeError(`${childPath(path, key)}: unknown key${didYouMean(key, ['importance', 'args'])}; a tool's entry takes importance and args`)
    }
  }
  const args = new Map<string, ArgSpec>()
  if (entry.args !== undefined) {
    if (!isRecord(entry.args)) throw new TypeError(`${path}.args: expected an object of arguments, received ${printValue(entry.args)}`)
    for (const arg of Object.keys(entry.args)) {
      const argPath = childPath(`${path}.args`, arg)
      const argEntry = entry.args[arg]
      if (!isRecord(argEntry)) throw new TypeError(`${argPath}: expected { importance }, received ${printValue(argEntry)}`)
      // A misspelt key would leave the argument's weight at 1, silently.
      for (const key of Object.keys(argEntry)) {
        if (key !== 'importance') throw new TypeError(`${childPath(argPath, key)}: unknown key${didYouMean(key, ['importance'])}; an argument's entry takes importance`)
      }
      args.set(arg, { importance: readImportance(argEntry.importance, `${argPath}.importance`) })
    }
  }
  return { name, importance: readImportance(entry.importance, `${path}.importance`), args, required: [], declared: false, defaults: false }
}

/**
 * Reads a grammar: `{ tools: { name: { importance, args: { a: { importance } } } } }`, a
 * list of tool schemas (OpenAI Chat and Responses, Anthropic, Gemini, MCP, BFCL docs), or an
 * AI SDK tool set, whose tools, properties and functions may carry an `importance`. Throws a
 * TypeError naming the path.
 */
export function readGrammar(input: unknown, nameCanonicalizer: Canonicalizer, path = 'grammar'): Grammar {
  // A getter or trap of the grammar's own that throws is named by its path, by whoever reads it (an episode's grammar too).
  return readingAt(path, () => readGrammarAt(input, nameCanonicalizer, path))
}

function readGrammarAt(input: unknown, nameCanonicalizer: Canonicalizer, path: string): Grammar {
  const tools = new Map<string, ToolSpec>()
  const add = (spec: ToolSpec, at: string) => {
    const key = nameCanonicalizer(spec.name)
    const earlier = tools.get(key)
    if (earlier !== undefined) {
      // Two spellings the name canonicalizer folds together are one tool to grading: said so, as neither is written twice.
      const folded = earlier.name === spec.name ? '' : ` (as ${JSON.stringify(earlier.name)}: the name canonicalizer makes the two alike)`
      throw new TypeError(`${at}: the tool ${JSON.stringify(spec.name)} is described twice${folded}`)
    }
    tools.set(key, spec)
  }
  const schemas = Array.isArray(input) ? input : isRecord(input) && Array.isArray(input.tools) ? input.tools : undefined
  if (schemas !== undefined) {
    const base = Array.isArray(input) ? path : `${path}.tools`
    // Index loops, not forEach: a hole is refused as no schema, at once, not skipped through.
    for (let i = 0; i < schemas.length; i++) {
      const at = `${base}[${i}]`
      for (const spec of readingAt(at, () => readListedTool(schemas[i], at))) add(spec, at)
    }
    return grammarOf(tools)
  }
  if (isToolSet(input)) {
    for (const name of Object.keys(input)) {
      const at = childPath(path, name)
      add(readingAt(at, () => readParameters(unwrapToolSetEntry(name, input[name]!, at))), at)
    }
    return grammarOf(tools)
  }
  // Keys first, so that a misspelt `tools` is named as such rather than as a grammar without tools.
  if (isRecord(input)) {
    for (const key of Object.keys(input)) {
      if (key !== 'tools') throw new TypeError(`${childPath(path, key)}: unknown key${didYouMean(key, ['tools'])}; a grammar is { tools: { name: { importance, args } } } or a list of tool schemas`)
    }
  }
  if (!isRecord(input) || !isRecord(input.tools)) {
    throw new TypeError(`${path}: expected { tools: { name: { importance, args } } } or a list of tool schemas, received ${printValue(input)}`)
  }
  for (const name of Object.keys(input.tools)) {
    const at = childPath(`${path}.tools`, name)
    const entries = input.tools
    add(readingAt(at, () => readWeightsEntry(name, entries[name], at)), at)
  }
  return grammarOf(tools)
}
