import { data, type MiddlewareFunction, type ServerBuild } from 'react-router'
import { describeDatabaseError, isDatabaseUnavailable } from '#db/availability.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { NOTHING_SAVED_MESSAGE, type OutageData, UNAVAILABLE_MESSAGE } from '#app/lib/outage.ts'
import { flagNetworkError } from './nav-state.server.ts'

/*
 * A database that cannot be reached is an outage, not a bug and not a signed-out broker: every
 * page answers 503 with the same short page and `Retry-After`, sessions stay as they are, and a
 * form post says that nothing was saved (no redirect, so Back keeps what was typed).
 * docs/decisions/009-database-outage.md explains the choices.
 */

export const RETRY_AFTER_SECONDS = 5

const isWrite = (request: Pick<Request, 'method'>) => !['GET', 'HEAD'].includes(request.method.toUpperCase())

/** The 503 to throw from a loader, action or middleware. */
export function databaseUnavailable(request: Pick<Request, 'method'>) {
  const wasWrite = isWrite(request)
  const body: OutageData = { outage: true, message: wasWrite ? NOTHING_SAVED_MESSAGE : UNAVAILABLE_MESSAGE, wasWrite }
  return data(body, { status: 503 })
}

/** For the few places that catch errors themselves: an outage still becomes the 503 page. */
export function rethrowIfDatabaseOutage(error: unknown, request: Pick<Request, 'method'>) {
  if (isDatabaseUnavailable(error)) {
    logOutage(error)
    throw databaseUnavailable(request)
  }
}

// One line when an outage starts and at most one every 10 s while it lasts, not one per request.
const OUTAGE_LOG_INTERVAL_MS = 10_000
let lastOutageLogAt = 0
function logOutage(error: unknown) {
  const now = Date.now()
  if (now - lastOutageLogAt < OUTAGE_LOG_INTERVAL_MS) return
  lastOutageLogAt = now
  // An outage is expected, not a bug: the reason, no stack.
  logger.warn({ reason: describeDatabaseError(error) }, 'Database unavailable; answering 503 until it is back')
}

// Loaders, actions and middleware alike: the first argument carries request and context.
type RouteHandler = (args: never, ...rest: never[]) => unknown
type HandlerArgs = { request: Request; context: Parameters<typeof flagNetworkError>[0] }

function guard<F extends RouteHandler>(handler: F): F {
  const call = handler as unknown as (args: HandlerArgs, ...rest: unknown[]) => unknown
  const guarded = async (args: HandlerArgs, ...rest: unknown[]) => {
    try {
      return await call(args, ...rest)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      logOutage(error)
      flagNetworkError(args.context)
      throw databaseUnavailable(args.request)
    }
  }
  return guarded as unknown as F
}

/**
 * The one place where a failed database call becomes the 503 page, whichever loader, action or
 * middleware made it. React Router renders a loader's error before any middleware sees it, so
 * the build's route handlers are wrapped instead; everything else about the build is unchanged.
 */
export function withDatabaseOutagePages(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route]
      const { loader, action, middleware } = route.module
      const module = {
        ...route.module,
        ...(loader && { loader: guard(loader) }),
        ...(action && { action: guard(action) }),
        ...(middleware && { middleware: middleware.map((fn) => guard(fn)) }),
      }
      return [id, { ...route, module }]
    }),
  )
  return { ...build, routes }
}

/**
 * Every 503 says when to come back and is never stored by a cache (a CDN must not keep a share
 * page's outage). Outermost middleware, so it sees the response of any error boundary.
 */
export const outageHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next()
  if (response.status === 503) {
    if (!response.headers.has('Retry-After')) response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
    response.headers.set('Cache-Control', 'no-store')
  }
  return response
}
