import type { PGlite } from '@electric-sql/pglite'
import { requestOrder } from './query-metrics.server.ts'

/**
 * The embedded database runs one statement at a time, on the server's own thread. PGlite queues
 * statements first come, first served, statement by statement: under load, every round trip of a
 * request (the session, then the page's queries, then their lookups) waits behind the statements
 * of every request that arrived meanwhile, so all requests slow down together and the slowest
 * wait longest. Here the waiting statement of the request that arrived first runs first: a
 * request that has begun is finished before the ones behind it get the database, as at a
 * counter, and a newcomer waits for those before it, not for a share of everybody's turns.
 * Statements outside a request (jobs, the nightly vacuum) take their place in the line when they
 * ask. Decision record 026.
 */
export class StatementQueue {
  #busy = false
  #waiting: { order: number; run: () => void }[] = []

  /** Runs `task` when it is the turn of `order` (lower first; equal orders in arrival order). */
  run<T>(order: number, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The next turn is given after the continuations of this one have run: a request whose
      // statement just ended has asked for its next one by then, and goes first if it is oldest.
      const run = () => {
        task()
          .then(resolve, reject)
          .finally(() => setImmediate(() => this.#next()))
      }
      if (!this.#busy) {
        this.#busy = true
        run()
      } else {
        this.#waiting.push({ order, run })
      }
    })
  }

  /** How many statements wait for their turn (tests, diagnostics). */
  get waiting() {
    return this.#waiting.length
  }

  #next() {
    if (this.#waiting.length === 0) {
      this.#busy = false
      return
    }
    // A few hundred waiting at most: a scan is cheaper than keeping a heap.
    let first = 0
    for (let i = 1; i < this.#waiting.length; i++) if (this.#waiting[i]!.order < this.#waiting[first]!.order) first = i
    const [next] = this.#waiting.splice(first, 1)
    next!.run()
  }
}

/**
 * The PGlite client with its statements (query, exec, and whole transactions) taken in request
 * order through one StatementQueue. A transaction holds the queue until it ends, as it holds
 * PGlite's own lock; the statements inside it go to PGlite directly.
 */
export function inRequestOrder(client: PGlite, queue = new StatementQueue()): PGlite {
  const queued = new Set<PropertyKey>(['query', 'exec', 'transaction'])
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (typeof value !== 'function') return value
      const method = (value as (...args: unknown[]) => unknown).bind(target)
      if (!queued.has(property)) return method
      return (...args: unknown[]) => queue.run(requestOrder(), () => method(...args) as Promise<unknown>)
    },
  })
}
