import net from 'node:net'

export type RawExchange = {
  /** Every byte the server sent before it closed the socket or the wait ended. */
  received: Buffer
  /** Status codes of every response in `received` (pipelined requests get several). */
  statuses: number[]
  /** How the exchange ended: the server closed or reset, its answer went quiet, or the wait ran out. */
  ending: 'closed' | 'reset' | 'quiet' | 'timeout'
}

const STATUS_LINE = /HTTP\/1\.[01] (\d{3})/g

export function statusesOf(received: Buffer): number[] {
  return [...received.toString('latin1').matchAll(STATUS_LINE)].map((match) => Number(match[1]))
}

// Once an answer has begun, this much silence means it is complete (keep-alive leaves the socket open).
const QUIET_AFTER_ANSWER_MS = 250

/**
 * Writes `bytes` to a fresh TCP connection as they are (no client library in between to
 * normalise them) and collects the answer until the server closes, the answer goes quiet, or
 * `waitMs` ends. The socket is not half-closed: Node aborts the requests of a client that does.
 */
export function rawExchange(port: number, bytes: Buffer | string, waitMs = 5_000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = net.connect({ port, host: '127.0.0.1' })
    let settled = false
    const finish = (ending: RawExchange['ending']) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(quiet)
      socket.destroy()
      const received = Buffer.concat(chunks)
      resolve({ received, statuses: statusesOf(received), ending })
    }
    const timer = setTimeout(() => finish('timeout'), waitMs)
    let quiet: NodeJS.Timeout | undefined
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      clearTimeout(quiet)
      quiet = setTimeout(() => finish('quiet'), QUIET_AFTER_ANSWER_MS)
    })
    socket.on('end', () => finish('closed'))
    socket.on('close', () => finish('closed'))
    socket.on('error', () => finish('reset'))
    socket.once('connect', () => socket.write(bytes))
  })
}

/** One plain GET of `/healthz` over a fresh socket: the server's pulse. */
export async function healthStatus(port: number): Promise<number | null> {
  const exchange = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
  return exchange.statuses[0] ?? null
}
