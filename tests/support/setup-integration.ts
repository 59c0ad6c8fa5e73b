import { afterEach, beforeAll, expect, vi } from 'vitest'
import { ensureDatabaseReady } from '#db/client.server.ts'

beforeAll(async () => {
  await ensureDatabaseReady()
})

// Tests fail on unexpected console.error: a test that provokes one must take it with
// `consoleErrors.splice(0)` and assert on it.
export const consoleErrors: unknown[][] = []
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args)
})
afterEach(() => {
  const unexpected = consoleErrors.splice(0)
  expect(unexpected, 'unexpected console.error').toEqual([])
})
