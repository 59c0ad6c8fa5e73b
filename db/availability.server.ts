/**
 * Tells a database that cannot be reached (down, restarting, network gone, pool closed) from a
 * query that failed on its own merits (a bug, a constraint). Only the first is an outage: the
 * app answers 503 and keeps sessions; the second stays a 500 that someone must fix.
 */

// Socket errors from Node, and postgres.js's own codes for connections that broke or never came up.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
])

// SQLSTATE: class 08 is "connection exception"; 57P01–57P03 a server shutting down, crashed or
// still starting; 53300 no connection slot left.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

type Coded = { code?: unknown; cause?: unknown; errors?: unknown }

/** Drizzle wraps driver errors (`cause`); Node's dual-stack connect reports an AggregateError (`errors`). */
function* errorChain(error: unknown, depth = 0): Generator<Coded> {
  if (!error || typeof error !== 'object' || depth > 5) return
  const coded = error as Coded
  yield coded
  yield* errorChain(coded.cause, depth + 1)
  if (Array.isArray(coded.errors)) for (const inner of coded.errors) yield* errorChain(inner, depth + 1)
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = typeof link.code === 'string' ? link.code : ''
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true
  }
  return false
}

/** One short reason for a log line, e.g. "connect ECONNREFUSED 127.0.0.1:5433". */
export function describeDatabaseError(error: unknown): string {
  const links = [...errorChain(error)] as (Coded & { message?: unknown })[]
  const coded = links.filter((link) => typeof link.code === 'string' && link.code)
  // The innermost detail that says something: an AggregateError's own message is empty.
  const detailed = coded.find((link) => typeof link.message === 'string' && link.message)
  if (detailed) {
    const message = String(detailed.message).split('\n')[0] ?? ''
    return message.includes(String(detailed.code)) ? message : `${String(detailed.code)}: ${message}`
  }
  if (coded[0]) return String(coded[0].code)
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error)
}
