import { createServer, type IncomingMessage } from 'node:http'
import { createServer as createHttp2Server, type Http2ServerRequest } from 'node:http2'
import type { AddressInfo } from 'node:net'

export interface JsonServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string
  /** The path of each request received, in order. */
  paths: string[]
  close(): Promise<void>
}

export interface JsonServerOptions {
  /** Speak HTTP/2 without TLS, as clients that stream both ways (Bedrock's) do. */
  http2?: boolean
}

/** A body of server-sent events, each `{ event?, data }`, as streaming APIs answer; `data` is sent as JSON unless it is a string. */
export class ServerSentEvents {
  constructor(readonly events: ReadonlyArray<{ event?: string; data: unknown }>) {}

  toString(): string {
    return this.events
      .map(({ event, data }) => `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
      .join('')
  }
}

/** A body of JSON lines, one value a line, as a batch API serves its results. */
export class JsonLines {
  constructor(readonly values: readonly unknown[]) {}

  toString(): string {
    return this.values.map((value) => `${JSON.stringify(value)}\n`).join('')
  }
}

/** A loopback server that answers each request with the JSON body `answer` gives for its path, or with the events or lines it gives. */
export async function startJsonServer(
  answer: (path: string, request: IncomingMessage | Http2ServerRequest) => unknown,
  options: JsonServerOptions = {},
): Promise<JsonServer> {
  const paths: string[] = []
  const handle = (request: IncomingMessage | Http2ServerRequest, response: { writeHead(status: number, headers: Record<string, string>): unknown; end(body: string): unknown }) => {
    request.resume()
    request.on('end', () => {
      const path = request.url ?? ''
      paths.push(path)
      const body = answer(path, request)
      if (body instanceof ServerSentEvents) {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        response.end(body.toString())
        return
      }
      if (body instanceof JsonLines) {
        response.writeHead(200, { 'content-type': 'application/binary' })
        response.end(body.toString())
        return
      }
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body ?? { error: { message: `no route for ${path}` } }))
    })
  }
  const server = options.http2 === true ? createHttp2Server(handle) : createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Clients keep connections alive; close them so the server can stop (an HTTP/2 server closes its sessions itself).
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
