import { describe, expect, it } from 'vitest'
import { checkBfclEntry, type BfclVerdict } from '../../src/bfcl/check-entry'
import { convertJavaValue } from '../../src/bfcl/java-converter'
import { PyFloat } from '../../src/calls/python-values'
import type { ToolCall } from '../../src/calls/tool-call'
import { dataEntries, dataEntry, pythonText, type DataEntry } from './data-answers'
import { javaSource, sourceAnswer } from './source-answers'

describe('convertJavaValue', () => {
  it.each([
    ['123', 'integer', 123],
    ['-123', 'integer', -123],
    ['127', 'byte', 127],
    ['123L', 'long', 123],
    ['3.14f', 'float', new PyFloat(3.14)],
    ['3e3F', 'float', new PyFloat(3000)],
    ['3.14', 'double', new PyFloat(3.14)],
    ['3.14e-2', 'double', new PyFloat(0.0314)],
    ['true', 'boolean', true],
    ['false', 'boolean', false],
    ['abc', 'String', 'abc'],
    ['123', 'any', '123'],
  ])('reads %s as a %s', (source, type, value) => {
    expect(convertJavaValue(source, type)).toStrictEqual(value)
  })

  it.each([
    ['3.14', 'float'],
    ['3.14f', 'double'],
    ['123', 'long'],
    ['1.0', 'integer'],
    ['True', 'boolean'],
    ["'a'", 'char'],
  ])('keeps %s, which is not a %s literal, as the string it was', (source, type) => {
    expect(convertJavaValue(source, type)).toBe(source)
  })

  it('reads an array with its element type', () => {
    expect(convertJavaValue('new long[]{1L, 2L}', 'Array', 'long')).toStrictEqual([1, 2])
  })

  it('keeps an array element that does not have the element type as a string', () => {
    expect(convertJavaValue('new long[]{1L, 2}', 'Array', 'long')).toStrictEqual([1, '2'])
  })

  it('reads an empty array', () => {
    expect(convertJavaValue('new int[] { }', 'Array', 'integer')).toStrictEqual([])
  })

  it('takes string elements of an array without their quotes, unlike BFCL', () => {
    expect(convertJavaValue('new String[]{"a", "b"}', 'Array', 'String')).toStrictEqual(['a', 'b'])
  })

  it('reads an ArrayList built from Arrays.asList', () => {
    expect(convertJavaValue('new ArrayList<Integer>(Arrays.asList(1, 2, 3))', 'ArrayList', 'integer')).toStrictEqual([1, 2, 3])
  })

  it('reads an ArrayList built with add calls', () => {
    expect(convertJavaValue('new ArrayList<String>() {{ add("a"); add("b"); }}', 'ArrayList', 'String')).toStrictEqual(['a', 'b'])
  })

  it('reads an empty ArrayList', () => {
    expect(convertJavaValue('new ArrayList<>()', 'ArrayList', 'String')).toStrictEqual([])
  })

  it('reads a HashMap with typed values', () => {
    expect(convertJavaValue('new HashMap<String, Object>() {{ put("a", 1); put("b", "x"); put("c", true); put("d", 2.5f); }}', 'HashMap')).toStrictEqual({
      a: 1,
      b: 'x',
      c: true,
      d: new PyFloat(2.5),
    })
  })

  it('reads an empty HashMap', () => {
    expect(convertJavaValue('new HashMap<>()', 'HashMap')).toStrictEqual({})
  })

  it('keeps a collection written otherwise (a variable name) as the string it was', () => {
    expect(convertJavaValue('userProfile', 'HashMap')).toBe('userProfile')
  })
})

/** Checks a Java entry with decoded calls: some of its parameters (`from`) cannot be written as Python keywords. */
function checkCalls(entry: DataEntry, calls: ToolCall[]): BfclVerdict {
  return checkBfclEntry({ ...entry, model_output: calls.map((call) => ({ [call.name]: call.args })) })
}

// ArrayList<any> parameters whose gold lists numbers and booleans: BFCL reads `any` elements as strings, so no answer passes.
const UNANSWERABLE = ['simple_java_36', 'simple_java_65']

describe('the simple_java entries', () => {
  const entries = dataEntries('simple_java')

  it('accept the first allowed values written as Java source', () => {
    const failures = entries
      .filter((entry) => !UNANSWERABLE.includes(entry.id))
      .map((entry) => ({ id: entry.id, verdict: checkCalls(entry, sourceAnswer(entry, javaSource)) }))
      .filter(({ verdict }) => !verdict.valid)
    expect(failures).toStrictEqual([])
  })

  it.each(UNANSWERABLE)('%s refuses its first allowed values, as BFCL does', (id) => {
    const entry = dataEntry(id)
    expect(checkCalls(entry, sourceAnswer(entry, javaSource)).error_type).toBe('value_error:list/tuple')
  })

  it('accept the answer as Python call text', () => {
    const entry = dataEntry('simple_java_0')
    expect(checkBfclEntry({ ...entry, model_output: pythonText(sourceAnswer(entry, javaSource)) }).valid).toBe(true)
  })
})

describe('Java mutations', () => {
  function mutated(id: string, param: string, value: unknown): BfclVerdict {
    const entry = dataEntry(id)
    const [call] = sourceAnswer(entry, javaSource)
    return checkCalls(entry, [{ name: call!.name, args: { ...call!.args, [param]: value } }])
  }

  it('refuse a value that is not a string of Java source', () => {
    expect(mutated('simple_java_1', 'useShortName', true).error_type).toBe('type_error:java')
  })

  it('refuse a boolean written True', () => {
    expect(mutated('simple_java_1', 'useShortName', 'True').error_type).toBe('type_error:simple')
  })

  it('refuse a long written without L', () => {
    expect(mutated('simple_java_25', 'id', '42').error_type).toBe('type_error:simple')
  })

  it('refuse an integer written as a double', () => {
    expect(mutated('simple_java_24', 'ids', 'new ArrayList<Integer>(Arrays.asList(101, 102, 103.0))').error_type).toBe('type_error:nested')
  })

  it('refuse another string', () => {
    expect(mutated('simple_java_0', 'controller', 'mapControler').error_type).toBe('value_error:string')
  })

  it('refuse array elements in another order', () => {
    expect(mutated('simple_java_90', 'args', 'new String[]{"-p", "-v"}').error_type).toBe('value_error:list/tuple')
  })

  it('refuse a HashMap with another key', () => {
    expect(mutated('simple_java_1', 'params', 'new HashMap<String, Object>() {{ put("limit", 50); put("schema", "public"); }}').error_type).toBe(
      'value_error:dict_key',
    )
  })

  it('read simple_java_64, whose gold gives a dict key a bare string, as that one allowed value', () => {
    expect(mutated('simple_java_64', 'meta', 'new HashMap<String, String>() {{ put("format", "epoch_millis"); }}').valid).toBe(true)
    expect(mutated('simple_java_64', 'meta', 'new HashMap<>()').error_type).toBe('value_error:dict_key')
  })
})

// Each took seconds or more while BFCL's patterns were run by backtracking; a grade must never wait on a model's text.
describe('Java values that backtracking patterns read slowly', () => {
  function mutated(id: string, param: string, value: string): BfclVerdict {
    const entry = dataEntry(id)
    const [call] = sourceAnswer(entry, javaSource)
    return checkCalls(entry, [{ name: call!.name, args: { ...call!.args, [param]: value } }])
  }

  it.each([
    ['a HashMap body that never closes', 'simple_java_1', 'params', `new HashMap<>(){${' '.repeat(200)}`, 'value_error:dict_key'],
    ['an add block that never closes', 'simple_java_24', 'ids', `new ArrayList<>() {{${' '.repeat(4000)}x`, 'value_error:list/tuple'],
    ['Arrays.asList opened again and again', 'simple_java_24', 'ids', 'new ArrayList<>(Arrays.asList('.repeat(8000), 'type_error:simple'],
    ['add blocks opened again and again', 'simple_java_24', 'ids', 'new ArrayList<>() {{ '.repeat(8000), 'value_error:list/tuple'],
    ['add( again and again', 'simple_java_24', 'ids', `new ArrayList<>() {{ ${'add('.repeat(8000)} }}`, 'value_error:list/tuple'],
    ['arrays opened again and again', 'simple_java_90', 'args', 'new int[]{'.repeat(8000), 'type_error:simple'],
    ['HashMap type arguments opened again and again', 'simple_java_1', 'params', 'new HashMap<'.repeat(8000), 'type_error:simple'],
    ['put(" again and again', 'simple_java_1', 'params', `new HashMap<>() {{ ${'put("'.repeat(8000)} }}`, 'value_error:dict_key'],
  ])('grade %s', (_, id, param, value, error) => {
    expect(mutated(id, param, value)).toMatchObject({ valid: false, error_type: error })
  })
})

