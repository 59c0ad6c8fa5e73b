import net from 'node:net'

/**
 * A TCP proxy in front of a real server (Postgres here) that a test can cut and restore: cut()
 * drops every open connection and stops listening, so new ones are refused, as when the
 * database host goes away; start() listens again on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null
  private readonly sockets = new Set<net.Socket>()

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.once('close', () => this.sockets.delete(socket))
        // A cut resets both ends; the errors that follow are the point, not a failure.
        socket.on('error', () => {})
      }
      client.pipe(upstream).pipe(client)
      client.once('close', () => upstream.destroy())
      upstream.once('close', () => client.destroy())
    })
    this.server = server
    return new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
  }

  async cut(): Promise<void> {
    const server = this.server
    this.server = null
    for (const socket of this.sockets) socket.destroy()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
