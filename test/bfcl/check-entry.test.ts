import { describe, expect, it } from 'vitest'
import { BfclInputError, categoryOf, checkBfclEntry } from '../../src/bfcl/check-entry'
import { parseTypedJson } from '../../src/bfcl/typed-json'

const weather = { name: 'get_weather', parameters: { type: 'dict', properties: { city: { type: 'string' } }, required: ['city'] } }
const time = { name: 'get_time', parameters: { type: 'dict', properties: { zone: { type: 'string' } }, required: ['zone'] } }

function entry(id: string, model_output: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, model_output, functions: [weather, time], ground_truth: [{ get_weather: { city: ['Paris'] } }], ...extra }
}

const twoCities = [{ get_weather: { city: ['Paris'] } }, { get_weather: { city: ['Paris', 'Rome'] } }]

function errorOf(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('categoryOf', () => {
  it.each([
    ['parallel_multiple_12', 'parallel_multiple'],
    ['parallel_3', 'parallel'],
    ['multiple_40', 'multiple'],
    ['simple_java_3', 'simple_java'],
    ['simple_javascript_3', 'simple_javascript'],
    ['simple_3', 'simple_python'],
    ['simple_python_3', 'simple_python'],
    ['live_simple_0-0-0', 'live_simple'],
  ])('reads %s as %s', (id, category) => {
    expect(categoryOf(id)).toBe(category)
  })

  it('names no category for an id it does not know', () => {
    expect(categoryOf('irrelevance_3')).toBeUndefined()
  })
})

describe('the simple categories', () => {
  it('need exactly one call', () => {
    expect(checkBfclEntry(entry('simple_python_0', "[get_weather(city='Paris'), get_weather(city='Paris')]"))).toMatchObject({
      error_type: 'simple_function_checker:wrong_count',
      errors: ['Wrong number of functions.'],
    })
  })

  it('read an int beyond the double range as an int, which the value check then refuses, and 1e309 as a float', () => {
    const area = { name: 'area', parameters: { type: 'dict', properties: { base: { type: 'integer' } }, required: ['base'] } }
    const check = (base: string) => checkBfclEntry({ id: 'simple_python_0', model_output: `[area(base=${base})]`, functions: [area], ground_truth: [{ area: { base: [10] } }] })
    expect(check(`1${'0'.repeat(309)}`).error_type).toBe('value_error:others')
    expect(check('10 ** 400').error_type).toBe('value_error:others')
    expect(check('1e309').error_type).toBe('type_error:simple')
    expect(check('10').valid).toBe(true)
  })

  it("print a float too large for a double as Python's repr does, inf, and an int too large as 1e309", () => {
    const check = (factor: string, declared: object, allowed: unknown = 1.5) => {
      const scale = { name: 'scale', parameters: { type: 'dict', properties: { factor: declared }, required: ['factor'] } }
      return checkBfclEntry({ id: 'simple_python_0', model_output: `[scale(factor=${factor})]`, functions: [scale], ground_truth: [{ scale: { factor: [allowed] } }] })
    }
    expect(check('1e309', { type: 'float' }).errors).toEqual(["Invalid value for parameter 'factor': inf. Expected one of [1.5]."])
    expect(check('[-1e400, 2.5]', { type: 'array', items: { type: 'float' } }, [2.5]).errors).toEqual([
      "Invalid value for parameter 'factor': [-inf, 2.5]. Expected one of [[2.5]].",
    ])
    expect(check(`1${'0'.repeat(309)}`, { type: 'integer' }, 15).errors).toEqual(["Invalid value for parameter 'factor': 1e309. Expected one of [15]."])
  })

  it('check the call against the first doc, whatever the gold names', () => {
    const verdict = checkBfclEntry(entry('simple_python_0', "[get_time(zone='UTC')]", { ground_truth: [{ get_time: { zone: ['UTC'] } }] }))
    expect(verdict.error_type).toBe('simple_function_checker:wrong_func_name')
  })
})

describe('the multiple category', () => {
  it('needs as many calls as the gold (one)', () => {
    expect(checkBfclEntry(entry('multiple_0', '[]')).error_type).toBe('multiple_function_checker:wrong_count')
  })

  it('checks the call against the doc the gold names', () => {
    const verdict = checkBfclEntry(entry('multiple_0', "[get_time(zone='utc')]", { ground_truth: [{ get_time: { zone: ['UTC'] } }] }))
    expect(verdict.valid).toBe(true)
  })
})

describe('the parallel categories', () => {
  it('need as many calls as gold calls', () => {
    expect(checkBfclEntry(entry('parallel_0', "[get_weather(city='Paris')]", { ground_truth: twoCities })).error_type).toBe(
      'parallel_function_checker_no_order:wrong_count',
    )
  })

  it('accept calls that admit a one-to-one pairing, in an order that greedy first fit rejects', () => {
    const verdict = checkBfclEntry(entry('parallel_0', "[get_weather(city='Paris'), get_weather(city='Rome')]", { ground_truth: [twoCities[1], twoCities[0]] }))
    expect(verdict.valid).toBe(true)
  })

  it('report a gold call no call can pair with, and why each unpaired call fails it', () => {
    const verdict = checkBfclEntry(entry('parallel_0', "[get_weather(city='Rome'), get_weather(city='Oslo')]", { ground_truth: twoCities }))
    expect(verdict).toMatchObject({
      valid: false,
      error_type: 'parallel_function_checker_no_order:cannot_find_match',
      errors: [
        'Could not find a matching function among index [1] of model output for index 0 of possible answers.',
        "Model Result Index 1: value_error:string: Invalid value for parameter 'city': 'Oslo'. Expected one of ['Paris']. Case insensitive.",
      ],
    })
  })

  it('accept no calls for no gold calls', () => {
    expect(checkBfclEntry(entry('parallel_0', '', { ground_truth: [] })).valid).toBe(true)
  })
})

describe('the category', () => {
  it('is taken from the entry when given, over the id', () => {
    expect(checkBfclEntry(entry('x', '[]', { category: 'multiple' })).error_type).toBe('multiple_function_checker:wrong_count')
  })

  it('may be an older name', () => {
    expect(checkBfclEntry(entry('x', "get_weather(city='Paris')", { category: 'simple' })).valid).toBe(true)
  })
})

describe('the model output', () => {
  it('that does not decode gets ast_decoder:decoder_failed with the reason', () => {
    expect(checkBfclEntry(entry('simple_0', "Sure! [get_weather(city='Paris')]"))).toStrictEqual({
      id: 'simple_0',
      valid: false,
      error_type: 'ast_decoder:decoder_failed',
      errors: ["Invalid syntax. Failed to decode AST. at column 5: expected '(' after 'Sure' but found '!', in \"Sure! [get_weath\"…"],
    })
  })

  it('may be BFCL decoded calls', () => {
    expect(checkBfclEntry(entry('simple_0', [{ get_weather: { city: 'Paris' } }])).valid).toBe(true)
  })

  it('may be our calls, with arguments as an object', () => {
    expect(checkBfclEntry(entry('simple_0', [{ name: 'get_weather', args: { city: 'Paris' } }])).valid).toBe(true)
  })

  it('may be our calls, with arguments as JSON text read with its number types', () => {
    const verdict = checkBfclEntry({
      id: 'simple_0',
      model_output: [{ name: 'f', arguments: '{"n": 2.0}' }],
      functions: [{ name: 'f', parameters: { properties: { n: { type: 'integer' } }, required: [] } }],
      ground_truth: [{ f: { n: [2] } }],
    })
    expect(verdict.error_type).toBe('type_error:simple')
  })

  it("may be a function-calling model's calls, each `{ fname: '<JSON arguments>' }`, read with their number types", () => {
    expect(checkBfclEntry(entry('simple_0', [{ get_weather: '{"city": "Paris"}' }])).valid).toBe(true)
    const verdict = checkBfclEntry({
      id: 'simple_0',
      model_output: [{ f: '{"n": 2.0}' }],
      functions: [{ name: 'f', parameters: { properties: { n: { type: 'integer' } }, required: [] } }],
      ground_truth: [{ f: { n: [2] } }],
    })
    expect(verdict.error_type).toBe('type_error:simple')
  })

  it('of a function-calling model is a decoder failure where the arguments are no JSON, and the wrong format where they are no object', () => {
    expect(checkBfclEntry(entry('simple_0', [{ get_weather: '{"city": "Par' }]))).toMatchObject({
      error_type: 'ast_decoder:decoder_failed',
      errors: [expect.stringMatching(/^Invalid syntax\. Failed to decode AST\. model_output\[0\]\.get_weather: not valid JSON \(/)],
    })
    expect(checkBfclEntry(entry('simple_0', [{ get_weather: '["Paris"]' }]))).toMatchObject({
      error_type: 'ast_decoder:decoder_wrong_output_format',
      errors: ['Did not output in the specified format. model_output[0].get_weather: expected the arguments as a JSON object, received ["Paris"]'],
    })
  })

  it('tells a tool called `name` with JSON arguments from our call without arguments', () => {
    const named = (model_output: unknown) =>
      checkBfclEntry({
        id: 'simple_0',
        model_output,
        functions: [{ name: 'name', parameters: { properties: { first: { type: 'string' } }, required: [] } }],
        ground_truth: [{ name: { first: ['Ada', ''] } }],
      })
    expect(named([{ name: '{"first": "Ada"}' }]).valid).toBe(true)
    expect(named([{ name: 'name' }]).valid).toBe(true)
    expect(named([{ name: 'other' }]).error_type).toBe('simple_function_checker:wrong_func_name')
  })

  it('that is an unparseable call fails to decode, with its reason', () => {
    const verdict = checkBfclEntry(entry('simple_0', [{ name: '', args: {}, unparseable: 'no name' }]))
    expect(verdict).toMatchObject({ error_type: 'ast_decoder:decoder_failed', errors: ['Invalid syntax. Failed to decode AST. no name'] })
  })

  it('that is a list of something else gets ast_decoder:decoder_wrong_output_format', () => {
    expect(checkBfclEntry(entry('simple_0', ['get_weather'])).error_type).toBe('ast_decoder:decoder_wrong_output_format')
  })

  it('that is neither text nor a list gets ast_decoder:decoder_wrong_output_format', () => {
    expect(checkBfclEntry(entry('simple_0', 42)).error_type).toBe('ast_decoder:decoder_wrong_output_format')
  })

  it('that cannot be read as data gets ast_decoder:decoder_wrong_output_format, saying where and why', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    const revoked = Proxy.revocable([], {})
    revoked.revoke()
    const throwing = () => {
      throw new Error('no access')
    }
    const claimsVastLength = new Proxy(['Paris'], { get: (target, key) => (key === 'length' ? 2 ** 32 - 1 : Reflect.get(target, key)), has: () => true })
    const unreadable: Array<[unknown, RegExp]> = [
      [[{ get_weather: { city: cycle } }], /^model_output\[0\]\.get_weather\.city\.self: a cycle/],
      [[{ get_weather: { city: JSON.parse(`${'['.repeat(300)}${']'.repeat(300)}`) } }], /: nested deeper than 256 levels$/],
      [[{ name: 'get_weather', get args() { return throwing() } }], /^model_output\[0\]\.args: could not be read \(no access\)$/],
      [[{ get_weather: new Proxy({}, { ownKeys: throwing }) }], /^model_output\[0\]\.get_weather: could not be read \(no access\)$/],
      [revoked.proxy, /^model_output: could not be read \(.*revoked\)$/],
      [[{ get_weather: { city: new Array(2 ** 32 - 1) } }], /^model_output\[0\]\.get_weather\.city\[0\]: a hole in the list, where no value is$/],
      [[{ get_weather: { city: claimsVastLength } }], /^model_output\[0\]\.get_weather\.city\[1\]: a hole in the list, where no value is$/],
      // What a trap throws may be a Proxy that throws again when asked what it is.
      [[{ get_weather: new Proxy({}, { ownKeys: () => { throw new Proxy({}, { getPrototypeOf: throwing }) } }) }], /^model_output\[0\]\.get_weather: could not be read \(/],
    ]
    for (const [output, reason] of unreadable) {
      const verdict = checkBfclEntry(entry('simple_0', output))
      expect(verdict.error_type).toBe('ast_decoder:decoder_wrong_output_format')
      expect(verdict.errors[0]).toMatch(/^Did not output in the specified format\. /)
      expect(verdict.errors[0]!.replace('Did not output in the specified format. ', '')).toMatch(reason)
    }
  })

  it('that holds the same list so often that, written out, it adds more than a million values is refused, not copied 2^depth times', () => {
    // v = [v, v] 40 deep ran out of memory; 21 deep is 4 million values, copied for seconds before.
    let shared: unknown = ['Paris']
    for (let i = 0; i < 21; i++) shared = [shared, shared]
    const verdict = checkBfclEntry(entry('simple_0', [{ get_weather: { city: shared } }]))
    expect(verdict.error_type).toBe('ast_decoder:decoder_wrong_output_format')
    expect(verdict.errors[0]).toMatch(/^Did not output in the specified format\. model_output\[0\]\.get_weather\.city[[\]0-9]*: holds the same parts so many times that, written out, they add more than 1,000,000 values$/)
  })

  it('that is a Proxy holds what it lists, however it answers other reads', () => {
    const answersAnything = new Proxy({}, { get: () => 'Paris' })
    expect(checkBfclEntry(entry('simple_0', [{ get_weather: answersAnything }])).error_type).toBe('simple_function_checker:missing_required')
    const listsCity = new Proxy({ city: 'Paris' }, {})
    expect(checkBfclEntry(entry('simple_0', [{ get_weather: listsCity }])).valid).toBe(true)
  })
})

const entryWithDot = (output: string) => ({
  id: 'simple_0',
  model_output: output,
  functions: [{ name: 'math.factorial', parameters: { properties: { n: { type: 'integer' } }, required: ['n'] } }],
  ground_truth: [{ 'math.factorial': { n: [5] } }],
})

describe('dotted names', () => {

  it('are expected whole', () => {
    expect(checkBfclEntry(entryWithDot('math.factorial(n=5)')).valid).toBe(true)
  })

  it('are not found written with _ by default', () => {
    expect(checkBfclEntry(entryWithDot('math_factorial(n=5)')).error_type).toBe('simple_function_checker:wrong_func_name')
  })

  it('are expected with _ for a model that writes them so', () => {
    expect(checkBfclEntry(entryWithDot('math_factorial(n=5)'), { underscoreToDot: true }).valid).toBe(true)
  })
})

describe("checkBfclEntry's options", () => {
  const check = checkBfclEntry as (entry: unknown, options: unknown) => unknown

  it('throw a TypeError for an unknown option, suggesting the nearest, where it was ignored silently', () => {
    expect(() => check(entryWithDot('math_factorial(n=5)'), { underscore_to_dot: true })).toThrow(
      new TypeError("options.underscore_to_dot: unknown option (did you mean 'underscoreToDot'?); the options are underscoreToDot"),
    )
  })

  it('throw a TypeError for a flag that is not true or false, where a string read as false', () => {
    expect(() => check(entryWithDot('math_factorial(n=5)'), { underscoreToDot: 'true' })).toThrow(new TypeError('options.underscoreToDot: expected true or false, received "true"'))
    expect(() => check(entryWithDot('math_factorial(n=5)'), 'underscoreToDot')).toThrow(new TypeError('options: expected an object of options, received "underscoreToDot"'))
  })

  it('may be left undefined', () => {
    expect(checkBfclEntry(entryWithDot('math.factorial(n=5)'), undefined).valid).toBe(true)
    expect(checkBfclEntry(entryWithDot('math.factorial(n=5)'), { underscoreToDot: undefined }).valid).toBe(true)
  })
})

describe('a malformed entry throws a BfclInputError naming the path', () => {
  it.each([
    ['no id', { ...entry('', '[]'), id: undefined }, 'id: expected the entry\'s id, a string such as "simple_python_0", received undefined'],
    ['functions not a list', entry('simple_0', '[]', { functions: {} }), 'functions: expected a list of function docs, received {}'],
    ['ground_truth not a list', entry('simple_0', '[]', { ground_truth: {} }), 'ground_truth: expected a list of gold calls, received {}'],
    [
      'allowed values not a list',
      entry('simple_0', '[]', { ground_truth: [{ get_weather: { city: 'Paris' } }] }),
      'ground_truth[0].get_weather.city: expected a list of allowed values, received "Paris"',
    ],
    ['an unknown category', entry('simple_0', '[]', { category: 'sql' }), 'category: "sql" is not a BFCL AST category'],
    ['an id naming no category', entry('sql_1', '[]'), 'id: "sql_1" names no BFCL AST category; give one as category'],
    ['a category its id contradicts', entry('simple_0', '[]', { category: 'parallel' }), 'category: "parallel" is not the category the id "simple_0" names, simple_python'],
    [
      'a gold call naming no doc',
      entry('multiple_0', '[]', { ground_truth: [{ get_date: {} }] }),
      'ground_truth[0]: no function doc is named "get_date"',
    ],
    [
      'a type BFCL does not know',
      entry('simple_0', '[]', { functions: [{ name: 'get_weather', parameters: { properties: { city: { type: 'text' } } } }] }),
      'functions[0].parameters.properties.city.type: expected a Python type BFCL knows (string, integer, float, boolean, array, tuple, dict, any), received "text"',
    ],
    [
      'a list type whose elements it does not type',
      entry('simple_0', '[]', { functions: [{ name: 'get_weather', parameters: { properties: { days: { type: 'array' } } } }] }),
      'functions[0].parameters.properties.days.items: expected { type } for the elements of the array, received undefined',
    ],
  ])('%s', (_, malformed, message) => {
    const error = errorOf(() => checkBfclEntry(malformed))
    expect(error).toBeInstanceOf(BfclInputError)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe(message)
  })

  it('allowed values nested deeper than 256 levels (a cycle among them), or holding, written out, more than a million values, are refused, not walked', () => {
    const anyList = [{ name: 'get_weather', parameters: { properties: { city: { type: 'array', items: { type: 'any' } } } } }]
    let deep: unknown = [1]
    for (let i = 0; i < 20_000; i++) deep = [deep]
    const cycle: unknown[] = []
    cycle.push(cycle)
    let shared: unknown = [1]
    for (let i = 0; i < 40; i++) shared = [shared, shared]
    for (const [value, problem] of [
      [deep, 'nested deeper than 256 levels'],
      [cycle, 'nested deeper than 256 levels'],
      [shared, 'written out, holds more than 1,000,000 values'],
    ] as const) {
      const malformed = entry('simple_0', '[get_weather(city=[[1]])]', { functions: anyList, ground_truth: [{ get_weather: { city: [value] } }] })
      expect(() => checkBfclEntry(malformed)).toThrow(new BfclInputError('ground_truth[0].get_weather.city', problem))
    }
  })

  it('before the model output is read', () => {
    expect(() => checkBfclEntry(entry('simple_0', 42, { functions: 'none' }))).toThrow(BfclInputError)
  })
})

describe('entries read with parseTypedJson', () => {
  it('keep a gold float a float: an integer element is then a nested type error', () => {
    const line =
      '{"id": "simple_0", "model_output": "f(xs=[1, 2])", "functions": [{"name": "f", "parameters": {"properties": {"xs": {"type": "array", "items": {"type": "float"}}}, "required": []}}], "ground_truth": [{"f": {"xs": [[1.0, 2.0]]}}]}'
    expect(checkBfclEntry(parseTypedJson(line)).error_type).toBe('type_error:nested')
  })
})
