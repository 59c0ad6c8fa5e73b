import { afterEach, beforeAll, expect, vi } from 'vitest'
import { ensureDatabaseReady } from '#db/client.server.ts'
import { setLogDestination } from '#app/lib/logger.server.ts'
import { atLeast, LogCapture, type LogLine } from './logs.ts'

beforeAll(async () => {
  await ensureDatabaseReady()
})

// Tests fail on unexpected console.error: a test that provokes one must take it with
// `consoleErrors.splice(0)` and assert on it.
export const consoleErrors: unknown[][] = []
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args)
})

// The app's log (app/lib/logger.server.ts; the server bundle writes through the same logger)
// is kept here instead of printed. After each test every line written must be one JSON
// object, and none may be an error: a test that provokes one must take it with
// `logs.take(atLeast('error'))` (or another filter) and assert on it.
export const logs = new LogCapture()
setLogDestination(logs)

afterEach(() => {
  const unexpected = consoleErrors.splice(0)
  let errors: LogLine[]
  try {
    errors = logs.take(atLeast('error'))
  } finally {
    logs.clear()
  }
  expect(unexpected, 'unexpected console.error').toEqual([])
  expect(errors, 'unexpected error in the log').toEqual([])
})
