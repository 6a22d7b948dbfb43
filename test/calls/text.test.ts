import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

describe('a string', () => {
  test('that looks like a JSON object is parsed and read', () => {
    expect(toolCalls('{"name": "search", "args": {"q": "cats"}}')).toEqual([{ name: 'search', args: { q: 'cats' } }])
  })

  test('that looks like a JSON list of objects is parsed and read', () => {
    expect(readTurns(' [{"name": "a", "args": {}}, {"name": "b", "args": {}}]')).toEqual([
      [
        { name: 'a', args: {} },
        { name: 'b', args: {} },
      ],
    ])
  })

  test('that is an empty JSON list has no calls', () => {
    expect(readTurns('[]')).toEqual([])
  })

  test("that opens as a JSON list but is Python's, as an empty list with a comment after it is, reads as Python", () => {
    expect(readTurns('[]  # no tool needed')).toEqual([])
    expect(readTurns('\f[]')).toEqual([])
    expect(new ToolCallMetric().score('[]  # no tool needed', []).f1).toBe(1)
    // Neither JSON nor Python: the reason is JSON's.
    expect(toolCalls('[] ]')[0]?.unparseable).toMatch(/^not valid JSON \(.+\)$/)
  })

  test('that is a JSON tuple is parsed and read', () => {
    expect(toolCalls('["search", {"q": "cats"}]')).toEqual([{ name: 'search', args: { q: 'cats' } }])
  })

  test('that looks like JSON but is not valid is unparseable', () => {
    expect(toolCalls('{"name": "search", ')[0]?.unparseable).toMatch(/^not valid JSON \(.+\)$/)
  })

  test('otherwise is Python call syntax, as one turn', () => {
    expect(readTurns("[get_weather(city='Paris', days=3), get_time(zone='CET')]")).toEqual([
      [
        { name: 'get_weather', args: { city: 'Paris', days: 3 } },
        { name: 'get_time', args: { zone: 'CET' } },
      ],
    ])
  })

  test('of Python that does not parse is one unparseable call with the parser’s reason', () => {
    const calls = toolCalls('[get_weather(city=]')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.unparseable).toBe(`not valid Python call syntax (at column 19: expected a value but found ']', in "[get_weather(city=]")`)
  })

  test('of Python that does not parse quotes the text around where it failed, cut where it is long', () => {
    const text = `[search(query='${'cats '.repeat(10)}', limit=10,, page=2), other(x=1)]`
    expect(toolCalls(text)[0]?.unparseable).toBe(
      `not valid Python call syntax (at column 78: expected an argument but found ',', in …"s cats cats ', limit=10,, page=2), o"…)`,
    )
  })

  test('nested in a list is read where it stands, its reason naming the path', () => {
    expect(toolCalls([{ name: 'a', args: {} }, 'get_weather(city='])[1]?.unparseable).toMatch(/^\[1\]: not valid Python call syntax/)
  })
})
