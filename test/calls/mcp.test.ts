import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { readTurns, toolCalls } from '../../src/calls'

const weather = (city: string) => ({ name: 'get_weather', args: { city } })

/** A client and a server of the MCP SDK, linked in memory; every message each side sends is logged, in order. */
async function linkedPair() {
  const server = new McpServer({ name: 'weather', version: '1.0.0' })
  server.registerTool('get_weather', { description: 'The weather in a city', inputSchema: { city: z.string() } }, async ({ city }) => ({
    content: [{ type: 'text', text: `20C in ${city}` }],
  }))
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  const traffic: JSONRPCMessage[] = []
  for (const transport of [clientTransport, serverTransport]) {
    const send = transport.send.bind(transport)
    transport.send = (message, options) => {
      traffic.push(message)
      return send(message, options)
    }
  }
  await server.connect(serverTransport)
  const client = new Client({ name: 'agent', version: '1.0.0' })
  await client.connect(clientTransport)
  return { client, traffic }
}

let close: (() => Promise<void>) | undefined

afterEach(async () => {
  await close?.()
  close = undefined
})

describe('the MCP SDK, a client and a server linked in memory', () => {
  test('the traffic reads as the tools/call requests, a turn between the results sent back', async () => {
    const { client, traffic } = await linkedPair()
    close = () => client.close()
    await client.listTools()
    await Promise.all([client.callTool({ name: 'get_weather', arguments: { city: 'Paris' } }), client.callTool({ name: 'get_weather', arguments: { city: 'Rome' } })])
    await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } })
    expect(traffic.map((message) => ('method' in message ? message.method : 'result'))).toContain('tools/call')
    expect(readTurns(traffic)).toEqual([[weather('Paris'), weather('Rome')], [weather('Oslo')]])
  })

  test('a tools/call request alone, as JSON-RPC and without its envelope', () => {
    const request = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Paris' } } }
    expect(toolCalls(request)).toEqual([weather('Paris')])
    expect(toolCalls({ method: 'tools/call', params: { name: 'now' } })).toEqual([{ name: 'now', args: {} }])
  })

  test('a malformed tools/call request is unparseable at its path; other messages hold no call', () => {
    expect(toolCalls([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: 'get_weather' }])[0]?.unparseable).toBe(
      '[0].params: expected { name, arguments }, received a string',
    )
    expect(toolCalls({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } })[0]?.unparseable).toBe(
      'params.name: expected a tool name, received undefined',
    )
    expect(toolCalls([{ jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 1, result: { tools: [] } }])).toEqual([])
    // One key holding arguments is a BFCL call, even one named jsonrpc.
    expect(toolCalls({ jsonrpc: { version: 2 } })).toEqual([{ name: 'jsonrpc', args: { version: 2 } }])
  })
})

describe("MCP sampling's messages, which may hold one content block", () => {
  test('a CreateMessageResult with one tool_use block, and a sampling history, as the SDK validates them', async () => {
    const { CreateMessageResultWithToolsSchema, SamplingMessageSchema } = await import('@modelcontextprotocol/sdk/types.js')
    const toolUse = { type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } }
    const result = CreateMessageResultWithToolsSchema.parse({ role: 'assistant', model: 'm', stopReason: 'toolUse', content: toolUse })
    expect(toolCalls(result)).toEqual([weather('Paris')])
    const history = [
      { role: 'user', content: { type: 'text', text: 'Weather in Paris and Rome?' } },
      { role: 'assistant', content: toolUse },
      { role: 'user', content: { type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: '20C' }] } },
      { role: 'assistant', content: [{ ...toolUse, id: 't2', input: { city: 'Rome' } }] },
    ].map((message) => SamplingMessageSchema.parse(message))
    expect(readTurns(history)).toEqual([[weather('Paris')], [weather('Rome')]])
    expect(toolCalls({ role: 'assistant', content: { type: 'text', text: 'Done.' } })).toEqual([])
  })

  test('a result that stopped at maxTokens inside its last tool_use block has that call cut short, the others whole', async () => {
    const { CreateMessageResultWithToolsSchema } = await import('@modelcontextprotocol/sdk/types.js')
    const toolUse = (id: string, city: string) => ({ type: 'tool_use', id, name: 'get_weather', input: { city } })
    const stopped = (content: unknown) => CreateMessageResultWithToolsSchema.parse({ role: 'assistant', model: 'm', stopReason: 'maxTokens', content })
    const cut = 'content: the message stopped at maxTokens inside this call, so its input may be cut short'
    expect(toolCalls(stopped(toolUse('t1', 'Par')))).toEqual([{ name: 'get_weather', args: {}, unparseable: cut }])
    expect(toolCalls(stopped([toolUse('t1', 'Paris'), toolUse('t2', 'Ro')]))).toEqual([weather('Paris'), { name: 'get_weather', args: {}, unparseable: cut.replace('content:', 'content[1]:') }])
    // Text after the last call: the limit fell after it, so the call is whole.
    expect(toolCalls(stopped([toolUse('t1', 'Paris'), { type: 'text', text: 'Now the' }]))).toEqual([weather('Paris')])
  })
})
