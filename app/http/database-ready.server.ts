import { data, type MiddlewareFunction } from 'react-router'
import { ensureDatabaseReady } from '#db/client.server.ts'

/** Under `react-router dev` nothing migrates ahead of the first request; in production it is a no-op. */
export const databaseReadyMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  try {
    await ensureDatabaseReady()
  } catch (error) {
    console.error('Database not ready', error)
    throw data('The service is temporarily unavailable. Please try again shortly.', { status: 503 })
  }
  return next()
}
