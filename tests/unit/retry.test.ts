import { describe, expect, it } from 'vitest'
import { retry } from '#app/lib/retry.ts'

describe('retry', () => {
  it('retries the given number of times with the given delays, then rethrows', async () => {
    const delays: number[] = []
    let calls = 0
    await expect(
      retry(
        async () => {
          calls++
          throw new Error(`fail ${calls}`)
        },
        { retries: 2, delayMs: 500, sleep: async (ms) => void delays.push(ms) },
      ),
    ).rejects.toThrow('fail 3')
    expect(calls).toBe(3)
    expect(delays).toEqual([500, 500])
  })

  it('returns the first success', async () => {
    let calls = 0
    const value = await retry(async () => (++calls < 2 ? Promise.reject(new Error('x')) : 'ok'), {
      retries: 2,
      delayMs: 1,
      sleep: async () => {},
    })
    expect(value).toBe('ok')
    expect(calls).toBe(2)
  })

  it('doubles the delay up to a cap when asked', async () => {
    const delays: number[] = []
    await retry(async () => Promise.reject(new Error('x')), {
      retries: 4,
      delayMs: 1000,
      factor: 2,
      maxDelayMs: 3000,
      sleep: async (ms) => void delays.push(ms),
    }).catch(() => {})
    expect(delays).toEqual([1000, 2000, 3000, 3000])
  })
})
