import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { healthStatus, rawExchange, type RawExchange } from '#tests/support/raw-http.ts'
import { rawNoise, rawRequestBytes, rawRequestShape } from '#tests/support/raw-requests.ts'
import { projectDatabaseEnv, type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'

/*
 * Issue 23: one request must never stop the server. `node server.mjs` on the build gets
 * thousands of raw TCP requests (request lines, Host headers, header sets and byte strings no
 * fetch client would send, pipelined several to a connection); after every batch it must still
 * answer /healthz, and it may never have answered 5xx. Fixed seeds; `FUZZ_SEED=random` explores.
 */

const BATCHES = 8
const REQUESTS_PER_BATCH = 260
const CONNECTIONS_AT_ONCE = 24
const seedOf = (batch: number) => (process.env.FUZZ_SEED === 'random' ? Date.now() + batch : Number(process.env.FUZZ_SEED ?? 23_000) + batch)

async function inParallel<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await run(items[index] as T)
      }
    }),
  )
  return results
}

describe('raw-socket fuzz of node server.mjs', () => {
  let server: ServerProcess
  let port: number

  beforeAll(async () => {
    server = await startServerProcess(projectDatabaseEnv())
    await server.waitUntilHealthy()
    port = Number(new URL(server.url).port)
  }, 90_000)

  afterAll(async () => {
    await server?.dispose()
  })

  it(`answers ${BATCHES * REQUESTS_PER_BATCH} raw requests without a 5xx and stays up after every batch`, async () => {
    let exitedWith: unknown = null
    void server.exited.then((exit) => (exitedWith = exit))
    let sent = 0
    for (let batch = 0; batch < BATCHES; batch++) {
      const seed = seedOf(batch)
      const payloads: Buffer[] = fc
        .sample(
          fc.oneof(
            { weight: 6, arbitrary: rawRequestShape(port).map((shape) => Buffer.from(rawRequestBytes(shape), 'utf8')) },
            // Pipelining: two or three requests in one write.
            { weight: 2, arbitrary: fc.array(rawRequestShape(port), { minLength: 2, maxLength: 3 }).map((shapes) => Buffer.from(shapes.map(rawRequestBytes).join(''), 'utf8')) },
            { weight: 1, arbitrary: rawNoise },
          ),
          { seed, numRuns: REQUESTS_PER_BATCH },
        )
      const exchanges: RawExchange[] = await inParallel(payloads, CONNECTIONS_AT_ONCE, (bytes) => rawExchange(port, bytes, 3_000))
      sent += payloads.length
      const failing = exchanges
        .map((exchange, index) => ({ exchange, request: payloads[index]?.toString('latin1').slice(0, 300) }))
        .filter(({ exchange }) => exchange.statuses.some((status) => status >= 500))
      expect(failing.map(({ request, exchange }) => ({ request, statuses: exchange.statuses })), `seed ${seed}`).toEqual([])
      expect(exitedWith, `the server exited during batch ${batch} (seed ${seed})`).toBeNull()
      expect(await healthStatus(port), `/healthz after batch ${batch} (seed ${seed})`).toBe(200)
    }
    expect(sent).toBeGreaterThanOrEqual(2_000)
    // Refusals are answers, not failures: nothing reached the error log.
    expect(server.logs().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
    expect(server.stackTraces()).toEqual([])
  }, 240_000)
})
