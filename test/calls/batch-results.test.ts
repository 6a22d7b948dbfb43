import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { anthropicMessage, anthropicToolUse, parisAndRome } from './paris-and-rome'
import { JsonLines, startJsonServer, type JsonServer } from './servers/json-server'

const chatToolCall = (city: string) => ({ id: `call_${city}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } })

const chatCompletion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-test',
  choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [chatToolCall('Paris'), chatToolCall('Rome')] }, finish_reason: 'tool_calls' }],
}

const responsesResponse = {
  id: 'resp_1',
  object: 'response',
  status: 'completed',
  output: [
    { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
    { type: 'function_call', id: 'fc_2', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}', status: 'completed' },
  ],
}

const openAILine = (customId: string, body: unknown, statusCode = 200) => ({
  id: `batch_req_${customId}`,
  custom_id: customId,
  response: { status_code: statusCode, request_id: 'req_1', body },
  error: null,
})


const weatherPart = (city: string) => ({ functionCall: { name: 'get_weather', args: { city } } })

const geminiResponse = {
  candidates: [{ content: { role: 'model', parts: [weatherPart('Paris'), weatherPart('Rome')] }, finishReason: 'STOP', index: 0 }],
  modelVersion: 'gemini-test',
}

const reasonOf = (input: unknown) => toolCalls(input)[0]?.unparseable

describe('OpenAI Batch API output lines', () => {
  test('reads the body of a line as the Chat Completions response it is', () => {
    expect(readTurns(openAILine('q1', chatCompletion))).toEqual([parisAndRome])
  })

  test('reads the body of a line as the Responses API response it is', () => {
    expect(readTurns(openAILine('q1', responsesResponse))).toEqual([parisAndRome])
  })

  test("reads Mistral's batch output, of the same shape", () => {
    const body = { id: 'cmpl-1', object: 'chat.completion', model: 'mistral-test', choices: [{ index: 0, message: { role: 'assistant', content: '', tool_calls: [chatToolCall('Paris')] }, finish_reason: 'tool_calls' }] }
    expect(toolCalls({ id: 'batch-1', custom_id: '0', response: { status_code: 200, body }, error: null })).toEqual([parisAndRome[0]])
  })

  test('names a call that cannot be read by its path inside response.body', () => {
    const body = { ...chatCompletion, choices: [{ index: 0, message: { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_weather', arguments: '{"city":' } }] }, finish_reason: 'tool_calls' }] }
    expect(reasonOf(openAILine('q1', body))).toMatch(/^response\.body\.choices\[0\]\.message\.tool_calls\[0\]\.function\.arguments: not valid JSON/)
  })

  test('a line with an error is one unparseable call saying the request failed, and why', () => {
    const line = { id: 'batch_req_1', custom_id: 'q1', response: null, error: { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' } }
    expect(readTurns(line)).toEqual([
      [{ name: '', args: {}, unparseable: 'error: the request failed (batch_expired: This request could not be executed before the completion window expired.)' }],
    ])
  })

  test('a line whose status is not 200 is one unparseable call with the message of its body', () => {
    const body = { error: { message: "Invalid value for 'model'.", type: 'invalid_request_error', param: 'model', code: null } }
    expect(reasonOf(openAILine('q1', body, 400))).toBe("response.status_code: the request failed with status 400 (invalid_request_error: Invalid value for 'model'.)")
  })

  test('a line kept without its status whose body is an error is the failed request it is, not a call to a tool named error', () => {
    const body = { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }
    expect(reasonOf({ custom_id: 'q1', response: { body } })).toBe('response.body: the request failed (rate_limit_exceeded: Rate limit reached)')
    // Without its status, a body that is a response is still read as one.
    expect(toolCalls({ custom_id: 'q1', response: { body: chatCompletion } })).toEqual(parisAndRome)
  })

  test("a failed request's long message is cut, on one line", () => {
    const line = { custom_id: 'q1', response: null, error: { code: 'server_error', message: `first line\n${'x'.repeat(500)}` } }
    expect(reasonOf(line)).toBe(`error: the request failed (server_error: first line ${'x'.repeat(200 - 'server_error: first line '.length)}…)`)
  })

  test('a line with neither a response nor an error is unparseable at its response', () => {
    expect(reasonOf({ custom_id: 'q1', response: null, error: null })).toBe('response: expected a response or an error, received null')
  })

  test('each line read from a list is a turn of its own, a failed one too', () => {
    const failed = { custom_id: 'q2', response: null, error: { code: 'x', message: 'm' } }
    const turns = readTurns([openAILine('q1', chatCompletion), failed, openAILine('q3', responsesResponse)])
    expect(turns.map((turn) => turn.length)).toEqual([2, 1, 2])
    expect(turns[1]![0]!.unparseable).toBe('[1].error: the request failed (x: m)')
  })
})

describe('Anthropic Message Batches results', () => {
  const succeeded = (customId: string) => ({ custom_id: customId, result: { type: 'succeeded', message: anthropicMessage } })

  test('reads the message of a succeeded result', () => {
    expect(readTurns(succeeded('q1'))).toEqual([parisAndRome])
  })

  test('names a call that cannot be read by its path inside result.message', () => {
    const message = { ...anthropicMessage, content: [{ type: 'tool_use', id: 't', input: {} }] }
    expect(reasonOf({ custom_id: 'q1', result: { type: 'succeeded', message } })).toBe('result.message.content[0].name: expected a tool name, received undefined')
  })

  test('an errored result is one unparseable call with the error it holds', () => {
    const result = { type: 'errored', error: { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } } }
    expect(readTurns({ custom_id: 'q1', result })).toEqual([
      [{ name: '', args: {}, unparseable: 'result: the request was errored (invalid_request_error: max_tokens: Field required)' }],
    ])
  })

  test('a canceled result is one unparseable call', () => {
    expect(reasonOf({ custom_id: 'q1', result: { type: 'canceled' } })).toBe('result: the request was canceled before it was processed')
  })

  test('an expired result is one unparseable call', () => {
    expect(reasonOf({ custom_id: 'q1', result: { type: 'expired' } })).toBe('result: the request expired before it was processed')
  })

  test('a result of another type is unparseable, naming the types expected', () => {
    expect(reasonOf({ custom_id: 'q1', result: { type: 'pending' } })).toBe('result.type: expected a result succeeded, errored, canceled or expired, received "pending"')
  })
})

describe('Gemini batch mode and Vertex AI batch prediction output', () => {
  test('reads the response of a Gemini batch line', () => {
    expect(readTurns({ key: 'request-1', response: geminiResponse })).toEqual([parisAndRome])
  })

  test('a Gemini batch line with an error is one unparseable call with its status and message', () => {
    const line = { key: 'request-1', error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } }
    expect(reasonOf(line)).toBe('error: the request failed (INVALID_ARGUMENT: Request contains an invalid argument.)')
  })

  test('reads the response of a Vertex AI line whose status is empty', () => {
    const line = { status: '', processed_time: '2025-01-01T00:00:00.000+00:00', request: { contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] }, response: geminiResponse }
    expect(readTurns(line)).toEqual([parisAndRome])
  })

  test('a Vertex AI line with a status is one unparseable call saying why', () => {
    const line = { status: 'Bad Request: {"error": {"code": 400, "message": "Invalid JSON payload"}}', processed_time: '2025-01-01T00:00:00.000+00:00', request: { contents: [] } }
    expect(reasonOf(line)).toBe('status: the request failed (Bad Request: {"error": {"code": 400, "message": "Invalid JSON payload"}})')
  })

  test('names a call that cannot be read by its path inside response', () => {
    const response = { candidates: [{ content: { role: 'model', parts: [{ functionCall: { args: {} } }] }, finishReason: 'STOP' }] }
    expect(reasonOf({ key: 'k', response })).toBe('response.candidates[0].content.parts[0].functionCall.name: expected a tool name, received undefined')
  })
})

describe('what is no batch result line', () => {
  test('an object with a custom_id but neither response, error nor a typed result is not read as one', () => {
    expect(reasonOf({ custom_id: 'q1', body: chatCompletion })).toBe('expected a tool call, a message or a model response, received an object with keys custom_id, body')
    expect(reasonOf({ custom_id: 'q1', result: 'done' })).toBe('expected a tool call, a message or a model response, received an object with keys custom_id, result')
  })

  test('a key and a response beside a third key is not a Gemini line', () => {
    expect(reasonOf({ key: 'k', response: geminiResponse, note: 'x' })).toBe('expected a tool call, a message or a model response, received an object with keys key, response, note')
  })

  test('a key alone holding arguments is still a BFCL call to a tool named key', () => {
    expect(toolCalls({ key: { a: 1 } })).toEqual([{ name: 'key', args: { a: 1 } }])
  })

  test('a request without a response or a status is not a Vertex AI line', () => {
    expect(reasonOf({ request: {}, answer: {} })).toBe('expected a tool call, a message or a model response, received an object with keys request, answer')
  })

  test('a key and a request beside a response, an error or a status is not called a request line', () => {
    for (const third of [{ response: geminiResponse }, { error: { code: 400, message: 'bad' } }, { status: '' }]) {
      expect(reasonOf({ key: 'k', request: { contents: [] }, ...third })).toMatch(/^expected a tool call, a message or a model response/)
    }
  })

  test('an error that cannot be read is named as such, not taken for no error', () => {
    const line = {
      custom_id: 'q1',
      response: null,
      get error(): unknown {
        throw new Error('boom')
      },
    }
    expect(reasonOf(line)).toBe('error: could not be read (boom)')
  })

  test('a response that cannot be read is an unparseable call naming its path, never a throw', () => {
    const line = {
      custom_id: 'q1',
      error: null,
      get response(): unknown {
        throw new Error('boom')
      },
    }
    expect(reasonOf(line)).toBe('response: could not be read (boom)')
  })
})

describe('the Anthropic SDK’s batches.results() against a loopback server', () => {
  let server: JsonServer
  let client: Anthropic
  const results = [
    { custom_id: 'q2', result: { type: 'succeeded', message: { ...anthropicMessage, content: [anthropicToolUse('toolu_3', 'Rome')] } } },
    { custom_id: 'q1', result: { type: 'succeeded', message: anthropicMessage } },
    { custom_id: 'q3', result: { type: 'errored', error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } },
    { custom_id: 'q4', result: { type: 'expired' } },
  ]

  beforeAll(async () => {
    server = await startJsonServer((path) => {
      if (path === '/v1/messages/batches/msgbatch_1/results') return new JsonLines(results)
      if (path.startsWith('/v1/messages/batches/msgbatch_1')) {
        return { id: 'msgbatch_1', type: 'message_batch', processing_status: 'ended', results_url: `${server.url}/v1/messages/batches/msgbatch_1/results` }
      }
      return undefined
    })
    client = new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 })
  })

  afterAll(() => server.close())

  test('reads each result the SDK yields by its custom_id', async () => {
    const read = new Map<string, unknown>()
    for await (const result of await client.messages.batches.results('msgbatch_1')) read.set(result.custom_id, readTurns(result))
    expect(read).toEqual(
      new Map<string, unknown>([
        ['q2', [[parisAndRome[1]]]],
        ['q1', [parisAndRome]],
        ['q3', [[{ name: '', args: {}, unparseable: 'result: the request was errored (overloaded_error: Overloaded)' }]]],
        ['q4', [[{ name: '', args: {}, unparseable: 'result: the request expired before it was processed' }]]],
      ]),
    )
    expect(server.paths).toEqual(['/v1/messages/batches/msgbatch_1', '/v1/messages/batches/msgbatch_1/results'])
  })
})

describe("a line of a batch's input, mixed into its results", () => {
  const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }]
  const history = [
    { role: 'user', content: 'Weather in Paris?' },
    { role: 'assistant', content: null, tool_calls: [chatToolCall('Paris')] },
    { role: 'tool', tool_call_id: 'call_Paris', content: 'sunny' },
  ]

  test('is one unparseable call saying it is a request, not a result', () => {
    const openAI = { custom_id: 'q1', method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-test', messages: history, tools } }
    const mistral = { custom_id: 'q1', body: { max_tokens: 100, messages: history } }
    const anthropic = { custom_id: 'q1', params: { model: 'claude-test', max_tokens: 1024, messages: [{ role: 'user', content: 'Weather in Paris?' }] } }
    const gemini = { key: 'q1', request: { contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }] } }
    const said = (kind: string) => `a batch request line (${kind}), not a result: the batch's input, where its output was expected`
    expect(reasonOf(openAI)).toBe(said("OpenAI's { custom_id, method, url, body }"))
    expect(reasonOf(mistral)).toBe(said("Mistral's { custom_id, body }"))
    expect(reasonOf(anthropic)).toBe(said("Anthropic's { custom_id, params }"))
    expect(reasonOf(gemini)).toBe(said("Gemini's { key, request }"))
    expect(readTurns(openAI)).toHaveLength(1)
  })
})
