import { expect, it } from 'vitest'
import { BODY_MIN_BYTES_PER_SECOND, ServerTimeoutsSchema, serverTimeoutsMs } from '#app/lib/env.server.ts'
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '#app/lib/time.ts'
import { GUARD_FAILURE_RESET_MS, REDIRECT_COUNTERS_RESET_MS } from '#app/modules/navigation/nav-state.ts'
import {
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
  SESSION_WRITE_RETRY_DELAY_MS,
} from '#app/modules/session/sessions.server.ts'
import { CHALLENGE_TTL_MS } from '#app/modules/two-factor/challenges.server.ts'
import { TOTP_PERIOD_SECONDS } from '#app/modules/two-factor/totp.server.ts'
import { TOAST_DEFAULT_DURATION_MS, OFFLINE_TOAST_DURATION_MS, ONLINE_TOAST_DURATION_MS, UNDO_TOAST_DURATION_MS } from '#app/ui/toast-region.tsx'
import { PENDING_DELAY_MS } from '#app/ui/pending-indicator.tsx'

// Every duration pinned to its value in plain numbers, so a unit slip cannot hide.
it('durations have the values their names promise', () => {
  expect(SECOND_MS).toBe(1_000)
  expect(MINUTE_MS).toBe(60_000)
  expect(HOUR_MS).toBe(3_600_000)
  expect(DAY_MS).toBe(86_400_000)
  expect(SESSION_TTL_MS).toBe(30 * 86_400_000)
  expect(SESSION_TOUCH_INTERVAL_MS).toBe(300_000)
  expect(SESSION_WRITE_RETRY_DELAY_MS).toBe(500)
  expect(GUARD_FAILURE_RESET_MS).toBe(30_000)
  expect(REDIRECT_COUNTERS_RESET_MS).toBe(300_000)
  expect(TOAST_DEFAULT_DURATION_MS).toBe(5_000)
  expect(OFFLINE_TOAST_DURATION_MS).toBe(5_000)
  expect(ONLINE_TOAST_DURATION_MS).toBe(3_000)
  expect(UNDO_TOAST_DURATION_MS).toBe(10_000)
  expect(PENDING_DELAY_MS).toBe(400)
  expect(CHALLENGE_TTL_MS).toBe(300_000)
  expect(TOTP_PERIOD_SECONDS).toBe(30)
})

it('the server timeouts are seconds: shutdown 25, database connect 60, headers 20, request 600, body 30', () => {
  expect(serverTimeoutsMs(ServerTimeoutsSchema.parse({}))).toEqual({
    shutdownMs: 25_000,
    databaseConnectMs: 60_000,
    headersMs: 20_000,
    requestMs: 600_000,
    bodyIdleMs: 30_000,
  })
  expect(
    serverTimeoutsMs(
      ServerTimeoutsSchema.parse({ SHUTDOWN_TIMEOUT: '2.5', DATABASE_CONNECT_TIMEOUT: '90', HEADERS_TIMEOUT: '5', REQUEST_TIMEOUT: '120', BODY_TIMEOUT: '0.5' }),
    ),
  ).toEqual({ shutdownMs: 2_500, databaseConnectMs: 90_000, headersMs: 5_000, requestMs: 120_000, bodyIdleMs: 500 })
  expect(ServerTimeoutsSchema.safeParse({ SHUTDOWN_TIMEOUT: '0' }).success).toBe(false)
  expect(ServerTimeoutsSchema.safeParse({ DATABASE_CONNECT_TIMEOUT: '25ms' }).success).toBe(false)
  expect(ServerTimeoutsSchema.safeParse({ BODY_TIMEOUT: '-1' }).success).toBe(false)
  expect(BODY_MIN_BYTES_PER_SECOND).toBe(1024)
})
