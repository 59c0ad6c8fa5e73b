export type RetryOptions = {
  /** Extra attempts after the first one. */
  retries: number
  delayMs: number
  /** 1 keeps the delay fixed; 2 doubles it each time. */
  factor?: number
  maxDelayMs?: number
  jitterMs?: number
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Runs `task` until it succeeds or the retries are spent; the last error is rethrown. */
export async function retry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { retries, delayMs, factor = 1, maxDelayMs = Infinity, jitterMs = 0, sleep = defaultSleep } = options
  let delay = delayMs
  for (let attempt = 0; ; attempt++) {
    try {
      return await task(attempt)
    } catch (error) {
      if (attempt >= retries) throw error
      await sleep(Math.min(delay, maxDelayMs) + Math.random() * jitterMs)
      delay *= factor
    }
  }
}
