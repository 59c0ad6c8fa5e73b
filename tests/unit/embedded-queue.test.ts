import { describe, expect, it } from 'vitest'
import { StatementQueue } from '#db/embedded-queue.server.ts'
import { requestOrder, withQueryCount } from '#db/query-metrics.server.ts'

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('the embedded database takes statements in request order', () => {
  it('runs one statement at a time, and the oldest request’s waiting statement next', async () => {
    const queue = new StatementQueue()
    const ran: string[] = []
    let running = 0
    const statement = (label: string) => async () => {
      running++
      expect(running).toBe(1)
      ran.push(label)
      await tick()
      running--
      return label
    }
    // Request 1 holds the database; requests 3, 2 and a job (5) wait; request 2 is older than 3.
    const first = queue.run(1, statement('r1 a'))
    const waiting = [queue.run(3, statement('r3 a')), queue.run(5, statement('job')), queue.run(2, statement('r2 a'))]
    expect(queue.waiting).toBe(3)
    // Request 1's second round trip, asked for when its first ends, goes before everyone.
    const second = first.then(() => queue.run(1, statement('r1 b')))
    await Promise.all([second, ...waiting])
    expect(ran).toEqual(['r1 a', 'r1 b', 'r2 a', 'r3 a', 'job'])
    expect(queue.waiting).toBe(0)
  })

  it('passes a failed statement’s error on and keeps serving the others', async () => {
    const queue = new StatementQueue()
    const failed = queue.run(1, async () => Promise.reject(new Error('syntax error')))
    const next = queue.run(2, async () => 'ok')
    await expect(failed).rejects.toThrow('syntax error')
    await expect(next).resolves.toBe('ok')
  })

  it('gives a request one place for all its statements, and anything outside a request a new one', async () => {
    const outside = requestOrder()
    const [a, b] = await withQueryCount(async () => [requestOrder(), requestOrder()])
    expect(a).toBe(b)
    expect(a).toBeGreaterThan(outside)
    expect(requestOrder()).toBeGreaterThan(a!)
  })
})
