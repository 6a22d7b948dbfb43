import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

// Written from what Genkit 1.42 gives (a model defined with `ai.defineModel`, its tool run by `ai.generate`):
// the package is not installed here, as it would bring a tree of its own to the lockfile.

const request = (ref: string, city: string) => ({ toolRequest: { name: 'get_weather', ref, input: { city } } })
const response = (ref: string, city: string) => ({ toolResponse: { name: 'get_weather', ref, output: `20C in ${city}` } })

/** `response.messages` after a run of two steps: the prompt, the model's requests, the tools' responses, its answer. */
const messages = [
  { role: 'user', content: [{ text: 'Weather?' }] },
  { role: 'model', content: [request('c1', 'Paris'), request('c2', 'Rome')] },
  { role: 'tool', content: [response('c1', 'Paris'), response('c2', 'Rome')] },
  { role: 'model', content: [{ text: 'Warm.' }] },
]

describe('Genkit', () => {
  test("reads a run's messages as the calls of their toolRequest parts, a turn per model message", () => {
    expect(readTurns(messages)).toEqual([parisAndRome])
    expect(readTurns([...messages, { role: 'model', content: [request('c3', 'Oslo')] }])).toEqual([parisAndRome, [{ name: 'get_weather', args: { city: 'Oslo' } }]])
  })

  test("reads a response's message, and its toolRequests, as returnToolRequests leaves them", () => {
    const message = messages[1]!
    expect(readTurns({ message, finishReason: 'stop', usage: {}, custom: {} })).toEqual([parisAndRome])
    expect(readTurns(message.content)).toEqual([parisAndRome])
  })

  test('a request without input is a call without arguments; input given as text, arguments the model encoded twice, is unparseable', () => {
    expect(toolCalls({ toolRequest: { name: 'now', ref: 'c1' } })).toEqual([{ name: 'now', args: {} }])
    expect(toolCalls({ toolRequest: { name: 'get_weather', input: '{"city":"Paris"}' } })).toEqual([
      { name: 'get_weather', args: {}, unparseable: 'toolRequest.input: expected an object of arguments, received a string' },
    ])
  })

  test('a toolResponse part holds no call and ends the turn', () => {
    expect(readTurns([request('c1', 'Paris'), response('c1', 'Paris'), request('c2', 'Rome')])).toEqual([[parisAndRome[0]], [parisAndRome[1]]])
  })
})
