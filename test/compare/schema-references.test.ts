import { readFileSync } from 'node:fs'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { optional } from '../../src/compare/gold-values'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

/** The reason of each argument a prediction got wrong, scored against gold that leaves every argument to the schema. */
function schemaReasons(metric: ToolCallMetric, name: string, args: Record<string, unknown>) {
  const gold = [{ name, args: Object.fromEntries(Object.keys(args).map((key) => [key, optional()])) }]
  const score = metric.score([{ name, args }], gold)
  return Object.fromEntries(score.pairs[0]!.args.filter((arg) => arg.verdict !== 'match').map((arg) => [arg.arg, arg.reason]))
}

describe('a tool schema written by pydantic, as an MCP server in Python serves it', () => {
  const tool = JSON.parse(readFileSync(new URL('../fixtures/schemas/forecast-tool.json', import.meta.url), 'utf8'))
  const metric = new ToolCallMetric({ grammar: [tool] })
  const location = { city: 'Lisbon' }

  test('an enum defined under $defs is checked where an argument refers to it', () => {
    expect(schemaReasons(metric, 'forecast', { location, unit: 'kelvin' })).toEqual({
      unit: 'expected one of the declared values "celsius", "fahrenheit", received "kelvin"',
    })
    expect(schemaReasons(metric, 'forecast', { location, unit: 'Fahrenheit' })).toEqual({})
  })

  test('a model defined under $defs is checked inside, each reason at its place in the value', () => {
    expect(schemaReasons(metric, 'forecast', { location: { city: 5 } })).toEqual({ location: 'location.city: expected a string (the declared type), received 5' })
    expect(schemaReasons(metric, 'forecast', { location: { city: 'Lisbon', country: 351 } })).toEqual({
      location: 'location.country: expected a string or a null (the declared type), received 351',
    })
  })

  test("a model's required fields and a closed object's other keys are checked inside the value", () => {
    expect(schemaReasons(metric, 'forecast', { location: { country: 'PT' } })).toEqual({ location: 'location.city: required property not given' })
    const closed = new ToolCallMetric({
      grammar: [{ name: 'f', parameters: { type: 'object', properties: { point: { type: 'object', properties: { x: { type: 'number' } }, additionalProperties: false }, scores: { type: 'object', additionalProperties: { type: 'integer' } } } } }],
    })
    expect(schemaReasons(closed, 'f', { point: { x: 1, y: 2 }, scores: { ann: 3, bob: 2.5 } })).toEqual({
      point: 'point.y: not a declared property',
      scores: 'scores.bob: expected an integer (the declared type), received 2.5',
    })
    expect(schemaReasons(closed, 'f', { point: { x: 1 }, scores: { 'a b': 1 } })).toEqual({})
  })

  test('a recursive model is checked as deep as the value goes', () => {
    const filter = (op: string, anyOf: unknown[] = []) => ({ field: 'temp', op, value: 20, any_of: anyOf })
    expect(schemaReasons(metric, 'forecast', { location, filters: [filter('gt', [filter('lt', [filter('eq')])])] })).toEqual({})
    expect(schemaReasons(metric, 'forecast', { location, filters: [filter('gt', [filter('lt', [filter('le')])])] })).toEqual({
      filters: 'filters[0].any_of[0].any_of[0].op: expected one of the declared values "eq", "lt", "gt", received "le"',
    })
  })

  test("an Optional enum's alternatives are checked in full, not by their types alone", () => {
    expect(schemaReasons(metric, 'forecast', { location, fallback_unit: null })).toEqual({})
    expect(schemaReasons(metric, 'forecast', { location, fallback_unit: 'kelvin' })).toEqual({
      fallback_unit: 'expected one of the declared values "celsius", "fahrenheit", received "kelvin"',
    })
    expect(schemaReasons(metric, 'forecast', { location, fallback_unit: 0 })).toEqual({
      fallback_unit: 'expected a string or a null (the declared type), received 0',
    })
  })

  test('a Literal is a const, an enum of one', () => {
    expect(schemaReasons(metric, 'forecast', { location, mode: 'slow' })).toEqual({ mode: 'expected one of the declared values "fast", received "slow"' })
  })

  test("a default written beside a $ref, or inside a union, lets the prediction send it where the gold leaves the argument out", () => {
    const score = metric.score(
      [{ name: 'forecast', args: { location, unit: 'celsius', fallback_unit: null, filters: [], mode: 'fast' } }],
      [{ name: 'forecast', args: { location } }],
    )
    expect(score.pairs[0]!.args.map(({ arg, verdict }) => [arg, verdict])).toEqual([
      ['location', 'match'],
      ['unit', 'omitted'],
      ['fallback_unit', 'omitted'],
      ['filters', 'omitted'],
      ['mode', 'omitted'],
    ])
    expect(score.f1).toBe(1)
  })
})

describe("OpenAPI's schemas, as Gemini takes them", () => {
  test("OpenAPI's nullable beside a union lets null through as well", () => {
    const nullable = new ToolCallMetric({ grammar: [{ name: 'f', parameters: { type: 'object', properties: { q: { anyOf: [{ type: 'string' }, { type: 'integer' }], nullable: true } } } }] })
    expect(schemaReasons(nullable, 'f', { q: null })).toEqual({})
    expect(schemaReasons(nullable, 'f', { q: true })).toEqual({ q: 'expected a string or an integer or a null (the declared type), received true' })
  })
})

describe('schemas zod writes', () => {
  const Unit = z.enum(['celsius', 'fahrenheit']).meta({ id: 'Unit' })
  const Category = z.object({
    name: z.string(),
    get subcategories() {
      return z.array(Category).optional()
    },
  })

  test('z.toJSONSchema: a registered enum and a recursive object, under $defs', () => {
    const parameters = z.toJSONSchema(z.object({ unit: Unit.default('celsius'), tree: Category }))
    expect(JSON.stringify(parameters)).toContain('"$ref":"#/$defs/')
    const metric = new ToolCallMetric({ grammar: [{ type: 'function', name: 'classify', parameters }] })
    const tree = { name: 'a', subcategories: [{ name: 'b', subcategories: [{ name: 7 }] }] }
    expect(schemaReasons(metric, 'classify', { unit: 'kelvin', tree })).toEqual({
      unit: 'expected one of the declared values "celsius", "fahrenheit", received "kelvin"',
      tree: 'tree.subcategories[0].subcategories[0].name: expected a string (the declared type), received 7',
    })
    const leftOut = metric.score([{ name: 'classify', args: { unit: 'celsius', tree: { name: 'a' } } }], [{ name: 'classify', args: { tree: { name: 'a' } } }])
    expect(leftOut.f1).toBe(1)
  })

  test("an MCP server's listTools result, whose schemas refer to draft 7's definitions through allOf, is a grammar as it is", async () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' })
    const shape = { city: z.string(), unit: Unit.default('celsius'), tree: Category.optional() }
    server.registerTool('forecast', { inputSchema: shape }, async () => ({ content: [] }))
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
    await server.connect(serverTransport)
    const client = new Client({ name: 'agent', version: '1.0.0' })
    await client.connect(clientTransport)
    try {
      const listed = await client.listTools()
      expect(JSON.stringify(listed)).toContain('"$ref":"#/definitions/')
      const metric = new ToolCallMetric({ grammar: listed })
      expect(schemaReasons(metric, 'forecast', { city: 'Oslo', unit: 'kelvin', tree: { name: 'a', subcategories: [{ name: null }] } })).toEqual({
        unit: 'expected one of the declared values "celsius", "fahrenheit", received "kelvin"',
        tree: 'tree.subcategories[0].name: expected a string (the declared type), received null',
      })
      const score = metric.score([{ name: 'forecast', args: { city: 'Oslo', unit: 'celsius' } }], [{ name: 'forecast', args: { city: 'Oslo' } }])
      expect(score.pairs[0]!.args.map(({ verdict }) => verdict)).toEqual(['match', 'omitted'])
    } finally {
      await client.close()
    }
  })
})

describe('parameters that are a $ref to their object, as zod-to-json-schema writes them when given a name', () => {
  const parameters = {
    $ref: '#/definitions/get_weather',
    definitions: {
      get_weather: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' }, unit: { type: ['string', 'null'], enum: ['c', 'f', null] } },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
    },
    $schema: 'http://json-schema.org/draft-07/schema#',
  }

  test("the object it names types the arguments, and its required list counts (a required yet nullable argument's null is left out)", () => {
    const metric = new ToolCallMetric({ grammar: [{ type: 'function', function: { name: 'get_weather', parameters } }] })
    expect(schemaReasons(metric, 'get_weather', { city: 'Rome', days: '2', unit: 'k' })).toEqual({
      days: 'expected an integer (the declared type), received "2"',
      unit: 'expected one of the declared values "c", "f", null, received "k"',
    })
    expect(metric.score([{ name: 'get_weather', args: { city: 'Rome', unit: null } }], [{ name: 'get_weather', args: { city: 'Rome' } }]).f1).toBe(1)
  })

  test('properties written beside the $ref count too; a $ref to another document, or to no object, is refused', () => {
    const beside = { ...parameters, properties: { note: { type: 'string' } } }
    const metric = new ToolCallMetric({ grammar: [{ name: 'get_weather', input_schema: beside }] })
    expect(schemaReasons(metric, 'get_weather', { city: 5, note: 5 })).toEqual({
      city: 'expected a string (the declared type), received 5',
      note: 'expected a string (the declared type), received 5',
    })
    expect(() => new ToolCallMetric({ grammar: [{ name: 'f', parameters: { $ref: 'http://example.com/p.json' } }] })).toThrow(
      new TypeError('options.grammar[0].parameters.$ref: only references within the tool\'s schema ("#/…") are read, received "http://example.com/p.json"'),
    )
    expect(() => new ToolCallMetric({ grammar: [{ name: 'f', parameters: { $ref: '#/definitions/p', definitions: { p: 5 } } }] })).toThrow(
      new TypeError("options.grammar[0].parameters.definitions.p: expected the parameters' schema object, received 5"),
    )
  })
})

describe('references the grader cannot follow are the author\'s TypeError, naming where', () => {
  const grammar = (properties: Record<string, unknown>, defs: Record<string, unknown> = {}) => [
    { name: 'f', parameters: { type: 'object', properties, $defs: defs } },
  ]
  const at = 'options.grammar[0].parameters'

  test('a reference to another document, or to an anchor, is refused: nothing is fetched', () => {
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: 'https://example.com/unit.json' } }) })).toThrow(
      new TypeError(`${at}.properties.a.$ref: only references within the tool's schema ("#/…") are read, received "https://example.com/unit.json"`),
    )
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#unit' } }) })).toThrow(/\.a\.\$ref: only references within/)
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: 5 } }) })).toThrow(
      new TypeError(`${at}.properties.a.$ref: expected a reference such as "#/$defs/Name", received 5`),
    )
  })

  test('a pointer to nothing names the step where it lost its way; what it finds is read at its own path', () => {
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#/$defs/Unti' } }, { Unit: { type: 'string' } }) })).toThrow(
      new TypeError(`${at}.properties.a.$ref: "#/$defs/Unti" points to nothing in the tool's schema (no "Unti" in ${at}.$defs)`),
    )
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#/$defs/Unit' } }, { Unit: { type: 'strng' } }) })).toThrow(
      new TypeError(`${at}.$defs.Unit.type: unknown type "strng" (did you mean 'string'?)`),
    )
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#/$defs/%E0%A4%A' } }) })).toThrow(/is no valid URI fragment/)
    // A key is not looked up on Object.prototype.
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#/$defs/constructor' } }) })).toThrow(/points to nothing/)
  })

  test("a value's required list or other properties' schema that is neither is refused at its path", () => {
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { type: 'object', required: 'x' } }) })).toThrow(
      new TypeError(`${at}.properties.a.required: expected a list of property names, received "x"`),
    )
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { additionalProperties: 'no' } }) })).toThrow(
      new TypeError(`${at}.properties.a.additionalProperties: expected a schema object or a boolean, received "no"`),
    )
  })

  test('a schema that applies itself again to the same value is refused; recursion through items or properties is not', () => {
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#/$defs/A' } }, { A: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/A' }] } }) })).toThrow(
      new TypeError(`${at}.$defs.A: the schema applies to its own value again through anyOf, oneOf, allOf or $ref, so no value could be checked against it`),
    )
    // The loop closes where the reader meets it last: A's union reaches B first inside C's items, then again as itself.
    const defs = { A: { anyOf: [{ $ref: '#/$defs/B' }, { $ref: '#/$defs/C' }] }, B: { items: { $ref: '#/$defs/C' } }, C: { allOf: [{ $ref: '#/$defs/A' }] } }
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#/$defs/A' } }, defs) })).toThrow(/the schema applies to its own value again/)
    const tree = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Tree' } } } }
    expect(() => new ToolCallMetric({ grammar: grammar({ a: { $ref: '#/$defs/Tree' } }, { Tree: tree }) })).not.toThrow()
  })

  test('pointers follow JSON Pointer: escaped ~ and /, percent-encoding, list indices, and # for the whole schema', () => {
    const metric = new ToolCallMetric({
      grammar: grammar(
        { a: { $ref: '#/$defs/a~1b~0c' }, b: { $ref: '#/$defs/with%20space' }, c: { $ref: '#/$defs/list/1' }, self: { $ref: '#' } },
        { 'a/b~c': { type: 'integer' }, 'with space': { type: 'boolean' }, list: [{ type: 'string' }, { type: 'null' }] },
      ),
    })
    expect(schemaReasons(metric, 'f', { a: 'x', b: 'x', c: 'x', self: { a: 1.5 } })).toEqual({
      a: 'expected an integer (the declared type), received "x"',
      b: 'expected a boolean (the declared type), received "x"',
      c: 'expected a null (the declared type), received "x"',
      self: 'self.a: expected an integer (the declared type), received 1.5',
    })
  })
})

describe('checking stays whole and bounded, however the schema is drawn', () => {
  const grammar = (a: unknown, $defs: Record<string, unknown> = {}, required: string[] = []) => [{ name: 'f', parameters: { type: 'object', properties: { a }, $defs, required } }]
  const exact = (a: unknown, $defs?: Record<string, unknown>, required?: string[]) => new ToolCallMetric({ canonicalizer: 'exact', grammar: grammar(a, $defs, required) })

  test('a declared list or object, in an enum or a const, is matched item by item', () => {
    expect(schemaReasons(exact({ const: { x: 1 } }), 'f', { a: { x: 1 } })).toEqual({})
    expect(schemaReasons(exact({ const: { x: 1 } }), 'f', { a: { x: 1, y: 2 } })).toEqual({ a: 'expected one of the declared values {"x": 1}, received {"x": 1, "y": 2}' })
    expect(schemaReasons(exact({ enum: [[1, 2], 'x'] }), 'f', { a: [1, 2] })).toEqual({})
    expect(schemaReasons(exact({ enum: [[1, 2]] }), 'f', { a: [2, 1] })).toEqual({ a: 'expected one of the declared values [1, 2], received [2, 1]' })
  })

  test('a vast enum is named by its first values and its size', () => {
    const values = Array.from({ length: 1000 }, (_, i) => `v${i}`)
    const reason = schemaReasons(exact({ enum: values }), 'f', { a: 'w' }).a!
    expect(reason).toMatch(/^expected one of the declared values "v0", "v1", .*"v19", … \(1000 in all\), received "w"$/)
  })

  test('boolean schemas: true takes any value, false none', () => {
    expect(schemaReasons(exact({ anyOf: [false, { type: 'string' }] }), 'f', { a: 5 })).toEqual({ a: 'expected a string (the declared type), received 5' })
    expect(schemaReasons(exact({ type: 'object', properties: { b: false } }), 'f', { a: { b: 1 } })).toEqual({ a: 'a.b: expected no value (the schema allows none), received 1' })
    expect(schemaReasons(exact({ $ref: '#/$defs/Any' }, { Any: true }), 'f', { a: [{}] })).toEqual({})
    expect(schemaReasons(exact({ $ref: '#/$defs/None' }, { None: false }), 'f', { a: 'x' })).toEqual({ a: 'expected no value (the schema allows none), received "x"' })
  })

  test('a diamond of definitions, each an anyOf of the next twice, is read and checked once a part, right or wrong', () => {
    const $defs: Record<string, unknown> = { d30: { type: 'string' } }
    for (let i = 0; i < 30; i++) $defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] }
    // With `a` required, reading asks whether null leaves it out: the diamond is walked then too.
    const metric = exact({ $ref: '#/$defs/d0' }, $defs, ['a'])
    expect(schemaReasons(metric, 'f', { a: 'ok' })).toEqual({})
    expect(schemaReasons(metric, 'f', { a: 5 })).toEqual({ a: 'expected a string (the declared type), received 5' })
  })

  test('a wrong value deep in a recursive union is checked once a level', () => {
    const metric = exact({ $ref: '#/$defs/T' }, { T: { anyOf: [{ type: 'array', items: { $ref: '#/$defs/T' } }, { type: 'string' }] } })
    let value: unknown = 5
    for (let i = 0; i < 200; i++) value = [value]
    expect(schemaReasons(metric, 'f', { a: value }).a).toMatch(/^a(\[0\]){200}: expected an array or a string \(the declared type\), received 5$/)
  })

  test('a value as deep as values may be, through chains of definitions at every level, is checked or said to be too deep, never a crash', () => {
    const chain = (length: number, step: (next: string) => unknown) => {
      const $defs: Record<string, unknown> = { [`c${length}`]: { type: 'array', items: { $ref: '#/$defs/c0' } } }
      for (let i = 0; i < length; i++) $defs[`c${i}`] = step(`#/$defs/c${i + 1}`)
      return $defs
    }
    let value: unknown = []
    for (let i = 0; i < 250; i++) value = [value]
    // Bare references are followed without a step each.
    expect(schemaReasons(exact({ $ref: '#/$defs/c0' }, chain(12, ($ref) => ({ $ref }))), 'f', { a: value })).toEqual({})
    const unions = exact({ $ref: '#/$defs/c0' }, chain(100, ($ref) => ({ anyOf: [{ type: 'null' }, { $ref }] })))
    const reason = schemaReasons(unions, 'f', { a: value }).a
    expect(reason === undefined || reason === 'nested too deep in the declared schema to be checked').toBe(true)
  })
})
