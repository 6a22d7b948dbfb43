import { evaluate, oneOf, optional } from 'expect-toolcalls'
import { describe, expect, test } from 'vitest'
import { travelAgent } from './travel-agent'

describe('the travel agent', () => {
  test('asks for the weather and hotels in one turn', () => {
    expect(travelAgent('What is the weather in Lisbon for 3 days? Find me a cheap hotel for 2 nights.')).toMatchToolCalls([
      { name: 'search_hotels', args: { city: 'lisbon', nights: 2, max_price: oneOf(80, 100, 120) } },
      { name: 'get_weather', args: { city: 'Lisbon', days: optional(3) } },
    ])
  })

  test('calls the weather tool whatever else it does', () => {
    expect(travelAgent('Weather in Oslo, and a hotel')).toHaveCalledTool('get_weather', { city: 'Oslo' })
  })

  test('books no hotel when none was asked for', () => {
    expect(travelAgent('Weather in Oslo')).not.toHaveCalledTool('search_hotels')
  })

  test('makes no call when it does not know where to go', () => {
    expect(travelAgent('Weather tomorrow?')).toMatchToolCalls([])
  })

  test('takes the city as written, whatever its case', () => {
    expect(travelAgent('Weather in New York')).toMatchToolCalls([{ name: 'get_weather', args: { city: expect.stringMatching(/new york/i) } }])
  })

  test('keeps the conversation fields next to the calls', () => {
    expect({ request: 'Weather in Rome', reply: travelAgent('Weather in Rome') }).toEqual({
      request: expect.any(String),
      reply: expect.toMatchToolCalls([{ name: 'get_weather', args: { city: 'Rome' } }]),
    })
  })

  test('scores at least 0.8 over a small corpus', () => {
    const report = evaluate([
      { pred: travelAgent('Weather in Paris'), gold: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      { pred: travelAgent('A hotel in Rome for 3 nights'), gold: [{ name: 'search_hotels', args: { city: 'Rome', nights: 3, max_price: 300 } }] },
      { pred: travelAgent('Weather in Oslo for 2 days'), gold: [{ name: 'get_weather', args: { city: 'Oslo', days: 2 } }] },
    ])
    expect(report).toScoreAtLeast(0.8)
  })
})
