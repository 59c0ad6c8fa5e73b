import { type MiddlewareFunction } from 'react-router'
import { describeDatabaseError, isDatabaseRefusal, isDatabaseUnavailable } from '#db/availability.server.ts'
import { ensureDatabaseReady } from '#db/client.server.ts'
import { databaseUnavailable, rethrowIfDatabaseOutage } from './database-outage.server.ts'
import { logger } from '#app/lib/logger.server.ts'

/** Under `react-router dev` nothing migrates ahead of the first request; in production it is a no-op. */
export const databaseReadyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  try {
    await ensureDatabaseReady()
  } catch (error) {
    rethrowIfDatabaseOutage(error, request)
    // Reachable but not migrated (a failing migration): no page can work, and the log says why.
    logger.error({ err: error }, 'Database not ready')
    throw databaseUnavailable(request)
  }
  return next()
}

/** The database stayed out of reach for the whole start-up window, or refused us: one line says why. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError'
}

const FIRST_RETRY_DELAY_MS = 500
const MAX_RETRY_DELAY_MS = 5_000

type WaitOptions = {
  timeoutMs: number
  sleep?: (ms: number) => Promise<void>
}

/**
 * At start: connect and migrate, retrying a database that cannot be used yet (unreachable,
 * starting, full of connections, closed to connections: isDatabaseUnavailable) with backoff
 * (0.5 s doubling, at most 5 s apart) for up to `timeoutMs`, one log line per failed attempt.
 * Databases come up after the app in many deployments; a wrong password or a missing database
 * stops it at once with one line, and a broken migration at once with its stack.
 */
export async function waitForDatabase({
  timeoutMs,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: WaitOptions) {
  const deadline = Date.now() + timeoutMs
  let delay = FIRST_RETRY_DELAY_MS
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureDatabaseReady()
      if (attempt > 1) logger.info({ attempt }, 'Database reachable')
      return
    } catch (error) {
      const reason = describeDatabaseError(error)
      // No retry fixes a wrong role or password, a missing database, a missing CONNECT privilege.
      if (isDatabaseRefusal(error)) {
        throw new DatabaseStartError(`BrokerVault cannot use the database: ${reason}. Exiting.`)
      }
      if (!isDatabaseUnavailable(error)) throw error
      const left = deadline - Date.now()
      if (left <= 0) {
        throw new DatabaseStartError(
          `BrokerVault could not reach the database within ${timeoutMs / 1000} s (DATABASE_CONNECT_TIMEOUT; last error: ${reason}). Exiting.`,
        )
      }
      const wait = Math.min(delay, left)
      logger.warn({ attempt, reason, retryInSeconds: Math.round(wait / 100) / 10 }, 'Database not reachable; retrying')
      await sleep(wait)
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)
    }
  }
}
