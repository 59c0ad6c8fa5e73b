import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
  createRequestHandler,
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type ServerBuild,
} from 'react-router'
import { closeDatabase } from '#db/client.server.ts'
import { embeddedDatabaseIsNew } from '#db/pglite-folder.server.ts'
import { startJobWorkersInBackground, stopJobWorkers } from '#app/jobs/lifecycle.server.ts'
import { startInboundSmtpIfConfigured, stopInboundSmtp } from '#app/jobs/inbound-smtp.server.ts'
import { seedDemoAccountIfWanted } from '#app/modules/demo/demo-account.server.ts'
import { clientAddressContext, resolveClientAddress } from '#app/lib/client-address.server.ts'
import { BODY_MIN_BYTES_PER_SECOND, getEnv, serverTimeoutsMs } from '#app/lib/env.server.ts'
import { logger, requestIdFrom, withRequestScope } from '#app/lib/logger.server.ts'
import { NonceContext } from '#app/lib/nonce.tsx'
import { contentSecurityPolicy } from '#app/http/security-headers.server.ts'
import { isCrossSiteRequest, withoutOriginIfExempt } from '#app/http/cross-site.server.ts'
import { createActionLookup, screenRequest } from '#app/http/request-boundary.server.ts'
import { withDatabaseOutagePages } from '#app/http/database-outage.server.ts'
import { waitForDatabase } from '#app/http/database-ready.server.ts'
import { deferAppScripts } from '#app/http/defer-app-scripts.server.ts'
import { closeAfterAnswer, createNodeRequestListener, type NodeMiddleware } from '#app/http/node-listener.server.ts'
import { serveOpenPhotoFromMemory } from '#app/http/photo-files.server.ts'
import { answerFromShareCache, answerShareAtNode } from '#app/http/share-page-cache.server.ts'
import { answerWebsiteAtNode } from '#app/http/website-cache.server.ts'
import { settleShareViews } from '#app/modules/sharing/share-views.server.ts'

/** For the tests: share views are counted after the page is answered (share-views.server.ts). */
export { settleShareViews }

/** For server.mjs: its early 413 ends the connection as the edge's own early answers do. */
export { closeAfterAnswer }

/** For server.mjs: a first start on the embedded database prepares it in a child process. */
export { embeddedDatabaseIsNew }

/** For server.mjs and worker.mjs (`build.entry.module.logger`): the app's one logger. */
export { logger }

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = randomBytes(16).toString('base64')
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, getEnv().isProduction))
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(deferAppScripts())), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ err: error }, 'Rendering failed after the page started streaming')
        },
      },
    )
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // The router's own refusals (404, 405) are answers, not failures: one log line per hostile
  // request would bury the real errors.
  if (isRouteErrorResponse(error) && error.status < 500) return
  logger.error({ err: error }, 'Request failed')
}

// The functions below are for server.mjs and the tests, which reach them through the server
// build (`build.entry.module`) so that both use the very same context objects and database.

/** Per-request context: the client's address, for rate limits. */
export function getLoadContext(request: Request, client?: { address?: string }) {
  const context = new RouterContextProvider()
  context.set(clientAddressContext, resolveClientAddress(request, client?.address, getEnv().TRUST_PROXY))
  return context
}

/**
 * The app's fetch handler. Each request gets an id (a safe incoming X-Request-Id, else a new
 * one): every line logged while it is handled carries it as `reqId`, and the response returns
 * it as X-Request-Id. Cross-site writes are refused here with 403, before React Router's
 * own origin check (which would answer 400) and before any action runs; the paths exempt from
 * that (one-click unsubscribe, Stripe's webhook) reach the router without Origin. Then the request
 * boundary: undecodable addresses, wrong methods and bodies that are not forms are refused,
 * and control characters leave the query string (docs/decisions/008-request-boundary.md).
 */
export function createAppRequestHandler(build: ServerBuild, mode?: string, { shareCacheAnsweredEarlier = false } = {}) {
  const handle = createRequestHandler(withDatabaseOutagePages(build), mode)
  const hasAction = createActionLookup(build)
  const fromShareCache = shareCacheAnsweredEarlier ? async () => null : answerFromShareCache
  const answer = async (request: Request, client?: { address?: string }) => {
    if (isCrossSiteRequest(request, getEnv().APP_URL)) {
      return new Response('Cross-site request refused.', {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      })
    }
    const screened = screenRequest(withoutOriginIfExempt(request), hasAction)
    if (screened instanceof Response) return screened
    return (await fromShareCache(screened)) ?? handle(screened, getLoadContext(screened, client))
  }
  return async (request: Request, client?: { address?: string }) => {
    const reqId = requestIdFrom(request.headers.get('X-Request-Id'))
    return withHeader(await withRequestScope(reqId, () => answer(request, client)), 'X-Request-Id', reqId)
  }
}

/** Sets a header; a response whose headers are immutable (Response.redirect, fetch) is copied first. */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value)
    return response
  } catch {
    const headers = new Headers(response.headers)
    headers.set(name, value)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/**
 * For server.mjs: a Node request listener around the app's handler. The request is built inside
 * its error handling, on APP_URL's origin, with body timeouts (docs/decisions/026-request-edge.md).
 */
export function createAppNodeListener(build: ServerBuild, mode?: string) {
  const env = getEnv()
  const { bodyIdleMs } = serverTimeoutsMs(env)
  const listener = createNodeRequestListener(createAppRequestHandler(build, mode, { shareCacheAnsweredEarlier: true }), {
    appOrigin: new URL(env.APP_URL).origin,
    timeouts: { bodyIdleMs, bodyMinBytesPerSecond: BODY_MIN_BYTES_PER_SECOND },
    // A share page in memory is answered before a Fetch Request is built (docs/decisions/027).
    // So is an agency website's page (docs/decisions/036-enquiries-and-website.md).
    answerEarly: async (req, res) => (await answerShareAtNode(req, res)) || (await answerWebsiteAtNode(req, res)),
    logger,
  })
  // A shared photo's tagged file goes out like a static file, before static files and the app
  // (docs/decisions/028-public-immutable-photos.md); anything else goes on as before.
  return (req: IncomingMessage, res: ServerResponse, beforeApp?: NodeMiddleware) =>
    listener(req, res, (req, res, next) => serveOpenPhotoFromMemory(req, res, () => (beforeApp ? beforeApp(req, res, next) : next())))
}

/**
 * Validates configuration, waits for the database (DATABASE_CONNECT_TIMEOUT) and migrates it,
 * and seeds the demo account where wanted. Throws DatabaseStartError when the wait ends.
 */
export async function prepareServer() {
  const env = getEnv()
  // Uploads spool here while a request runs; a crash mid-upload can leave some behind.
  await rm(path.resolve(env.DATA_DIR, 'tmp', 'uploads'), { recursive: true, force: true })
  await waitForDatabase({ timeoutMs: serverTimeoutsMs(env).databaseConnectMs })
  await seedDemoAccountIfWanted()
  if (env.JOBS_IN_PROCESS) {
    startJobWorkersInBackground()
    await startInboundSmtpIfConfigured()
  }
}

/**
 * `npm run worker`: the background jobs in a process of their own (run the app servers with
 * JOBS_IN_PROCESS=0 then). The embedded database belongs to one process, so it needs a server.
 */
export async function prepareWorker() {
  const env = getEnv()
  if (!env.DATABASE_URL) {
    throw new Error(
      'Invalid configuration: a separate worker needs DATABASE_URL (a PostgreSQL server). On the embedded database the jobs run inside `npm start`.',
    )
  }
  await waitForDatabase({ timeoutMs: serverTimeoutsMs(env).databaseConnectMs })
  startJobWorkersInBackground()
  await startInboundSmtpIfConfigured()
}

/** What server.mjs needs from the configuration, in milliseconds. */
export function getServerTimeoutsMs() {
  return serverTimeoutsMs(getEnv())
}

/** Shutdown, after the last request: running jobs get a few seconds, then the database closes. */
export async function closeServerResources() {
  try {
    await settleShareViews()
    await stopInboundSmtp()
    await stopJobWorkers(JOB_SHUTDOWN_MS)
  } finally {
    await closeDatabase()
  }
}
const JOB_SHUTDOWN_MS = 10_000

/**
 * For scripts/bench-alerts.mjs: the client-alerts job as the worker runs it, and the job queue
 * (started before the clock, as a running server has it).
 */
export { runClientAlerts } from '#app/modules/alerts/run.server.ts'
export { getJobQueue } from '#db/job-queue.server.ts'
/** For scripts/bench/inbound-child.mjs: inbound mail read and filed, then the routing sweep (docs/decisions/037). */
export { receiveMail } from '#app/modules/leads/receive-mail.server.ts'
export { runLeadRouting } from '#app/modules/leads/routing.server.ts'
