import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import pino, { type Logger } from 'pino'
import type PinoPretty from 'pino-pretty'

/*
 * The app's one logger (issue 23): pino, one JSON object per line with `level`, `time`, `msg`
 * and fields, e.g. `logger.info({ to, subject, file }, 'Mail written to the outbox')`. Text a
 * visitor typed goes into fields, never into `msg` by interpolation, and JSON encodes it: a CR
 * or LF in a property title cannot start a line of its own, so nobody forges log lines.
 * Errors go in as `{ err }`, which pino's serializer writes with type, message and stack.
 *
 * Lines written while a request is handled carry its `reqId`, read by pino's mixin from the
 * request's scope: one AsyncLocalStorage store per request (withRequestScope, called by
 * createAppRequestHandler in entry.server.tsx), which also holds the request's statement count
 * (db/query-metrics.server.ts). One store for both, so a request pays for one, as before.
 *
 * LOG_LEVEL sets the level (default info). On a terminal outside production the lines are
 * pretty-printed; anywhere else (pipes, files, CI, tests) they stay JSON.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** A LOG_LEVEL value (any case, blank for the default), or null when it names no level. */
export function parseLogLevel(value: string | undefined): LogLevel | null {
  const level = (value ?? '').trim().toLowerCase() || 'info'
  return (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : null
}

/** Where log lines go: anything with a write(line) method. Each call gets one whole line. */
export type LogDestination = { write(line: string): unknown }

/** What one request carries through all its async work. */
export type RequestScope = {
  /** On every log line written meanwhile; unset for work that is not a request's. */
  reqId: string | undefined
  /** Database statements so far (db/query-metrics.server.ts, read for Server-Timing). */
  queries: number
  /** When the request began, among all requests: its turn in the embedded database's queue. */
  order: number
}

type LogState = {
  logger: Logger
  destination: LogDestination
  requests: AsyncLocalStorage<RequestScope>
  lastOrder: number
}

// Characters that some readers take as the end of a line although JSON leaves them as they
// are (JSON escapes only U+0000–U+001F): NEL for Python's splitlines, and the Unicode line and
// paragraph separators. Escaped, a line stays one line for every reader, and parses the same.
const UNESCAPED_LINE_BREAKS = /[\u0085\u2028\u2029]/g
const escapeLineBreak = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * A pino logger with the app's format, writing to `destination`. `reqId` of the request being
 * handled (if any) is read from `requests` for every line. The app uses `logger` below; tests
 * build their own to check the format.
 */
export function createLogger(
  destination: LogDestination,
  level: LogLevel = 'info',
  requests: AsyncLocalStorage<Pick<RequestScope, 'reqId'>> = new AsyncLocalStorage(),
): Logger {
  const stream = { write: (line: string) => destination.write(line.replace(UNESCAPED_LINE_BREAKS, escapeLineBreak)) }
  return pino(
    {
      level,
      // Labels ("info") rather than pino's numbers, and ISO times: readable without a tool.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      // pino merges the fields into what this returns: a fresh object every time.
      mixin: () => {
        const reqId = requests.getStore()?.reqId
        return reqId ? { reqId } : {}
      },
    },
    stream,
  )
}

/** stdout; pretty-printed (pino-pretty, loaded only then) on a terminal outside production. */
function defaultDestination(): LogDestination {
  if (!process.stdout.isTTY || process.env.NODE_ENV === 'production') return process.stdout
  const { build } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty
  return build({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
}

// On globalThis like the database handle: the server bundle and code the tests load from source
// must write through one logger, to one destination the tests can swap.
const globalStore = globalThis as typeof globalThis & { __brokervaultLog?: LogState }

function createState(): LogState {
  const requests = new AsyncLocalStorage<RequestScope>()
  const state: LogState = { destination: defaultDestination(), requests, logger: undefined as unknown as Logger, lastOrder: 0 }
  // An invalid LOG_LEVEL stops the server at start (env.server.ts); until then, info.
  state.logger = createLogger({ write: (line) => state.destination.write(line) }, parseLogLevel(process.env.LOG_LEVEL) ?? 'info', requests)
  return state
}

const state = (globalStore.__brokervaultLog ??= createState())

/** The app's logger. */
export const logger: Logger = state.logger

/**
 * Sends every line to `destination` from now on (tests capture the log this way); returns a
 * function that puts the previous destination back.
 */
export function setLogDestination(destination: LogDestination): () => void {
  const previous = state.destination
  state.destination = destination
  return () => {
    state.destination = previous
  }
}

/** An X-Request-Id a client or proxy may set: short, and nothing that needs escaping anywhere. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** The request id to use: the incoming X-Request-Id when it is safe to echo and log, else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * Runs `task` (one request) in a scope of its own: every line logged meanwhile, awaited work
 * included, carries `reqId`, and its statements are counted apart.
 */
export function withRequestScope<T>(reqId: string | undefined, task: () => T): T {
  return state.requests.run({ reqId, queries: 0, order: nextRequestOrder() }, task)
}

/** A new place in line: for a request as it begins, or a statement outside any request. */
export function nextRequestOrder(): number {
  return ++state.lastOrder
}

/** The scope of the request being handled, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return state.requests.getStore()
}

/**
 * Runs `task` outside any request's scope: for long-lived work a request happens to start (a
 * queue's polling timers), whose later log lines and statements are not that request's.
 */
export function outsideRequestScope<T>(task: () => T): T {
  return state.requests.exit(task)
}
