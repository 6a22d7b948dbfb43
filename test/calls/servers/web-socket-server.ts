import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'

export interface WebSocketServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash, as an SDK's base URL. */
  url: string
  close(): Promise<void>
}

/**
 * A loopback WebSocket server that, once the client sends its first message (the Live API's
 * setup), sends it each of `messages` as JSON in a text frame. Just enough of RFC 6455 for
 * that: what the client sends is not decoded. Written here as `ws`, which the SDK brings, is no
 * dependency of this package's.
 */
export async function startWebSocketServer(messages: readonly unknown[]): Promise<WebSocketServer> {
  const sockets = new Set<Duplex>()
  const server = createServer((_request, response) => response.writeHead(426).end())
  server.on('upgrade', (request, socket) => {
    sockets.add(socket)
    const key = String(request.headers['sec-websocket-key'])
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64')
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`)
    socket.once('data', () => {
      for (const message of messages) socket.write(textFrame(JSON.stringify(message)))
    })
    socket.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A final, unmasked text frame, as a server sends one. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  const length = payload.length
  const header =
    length < 126
      ? Buffer.from([0x81, length])
      : length < 65536
        ? Buffer.from([0x81, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 127]), bigEndian64(length)])
  return Buffer.concat([header, payload])
}

function bigEndian64(value: number): Buffer {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64BE(BigInt(value))
  return bytes
}
