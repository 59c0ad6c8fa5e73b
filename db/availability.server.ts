/**
 * Tells a database that cannot be used right now (down, restarting, failing over, full, closed
 * to connections, network gone, pool closed) from a query that failed on its own merits (a bug,
 * a constraint). Only the first is an outage: the app answers 503 and keeps sessions, and a
 * server starting up keeps trying for DATABASE_CONNECT_TIMEOUT; the second stays a 500 that
 * someone must fix. The one table below decides for PostgreSQL's own errors (SQLSTATE).
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

/** The fields of a PostgreSQL error this module reads (postgres.js names them so; PGlite too). */
export type PostgresErrorFields = {
  code?: unknown
  /** Never translated (the protocol's V field, PostgreSQL 9.6+): ERROR, FATAL, PANIC. */
  severity?: unknown
  /** The server function that raised it; never translated either. */
  routine?: unknown
  message?: unknown
}

const isFatal = (error: PostgresErrorFields) => error.severity === 'FATAL' || error.severity === 'PANIC'

/**
 * SQLSTATEs that mean "the database cannot serve you now; the same request will work later,
 * with no change to the app". An entry with `when` counts only when that also holds. Codes from
 * the PostgreSQL error-code appendix (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 *
 * Deliberately NOT here (they stay a 500, logged with their stack):
 * - 40001 serialization_failure, 40P01 deadlock_detected: a conflict between transactions,
 *   which the code that ran them must retry or avoid; the database is fine. A 503 would hide a bug.
 * - 55P03 lock_not_available (lock_timeout, NOWAIT), 55006 object_in_use, 57014 query_canceled
 *   (statement_timeout, a cancel): about one statement, usually a slow or contended query of ours.
 * - 25P03 idle_in_transaction_session_timeout: our own transaction sat idle too long (a bug).
 * - 53000 insufficient_resources, 53100 disk_full, 53200 out_of_memory as an ERROR of one
 *   statement: a sort too big, a lock table filled by one transaction, a write on a full disk.
 *   "Try again in a moment" is not true of them; an operator has to act, and a 500 with its
 *   stack is what makes one look. As FATAL (the server could not set up or keep a session at
 *   all) they are here, below. 53400 configuration_limit_exceeded (max_prepared_transactions,
 *   replication slots…) is a setting to change, never here.
 * - 57P04 database_dropped, 3D000 invalid_catalog_name, class 28 (role, password, pg_hba): the
 *   database or the role is gone or wrong, no retry helps (at start: one line and exit at once).
 * - 55000 as anything but "not currently accepting connections": `currval` before `nextval`, a
 *   prepared transaction in the wrong state... (ERRORs of a statement), and "cannot connect to
 *   invalid database" (FATAL; a DROP DATABASE that was interrupted: it is not coming back).
 * - 58000 system_error, 58030 io_error, class XX internal_error: the server's disk or a bug.
 */
type Rule = {
  /** Why this code means "not now". */
  why: string
  /** Counts only when this also holds (for a code that also means other things). */
  when?: (error: PostgresErrorFields) => boolean
}

export const UNAVAILABLE_SQLSTATES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  // Class 08, connection exception: the connection never came up or broke; a new one later may not.
  ['08000', { why: 'connection_exception: the connection failed, no more said' }],
  ['08003', { why: 'connection_does_not_exist: the session is already gone' }],
  ['08006', { why: 'connection_failure: the connection broke mid-way' }],
  ['08001', { why: 'sqlclient_unable_to_establish_sqlconnection: the client could not connect (also sent by poolers)' }],
  ['08004', { why: 'sqlserver_rejected_establishment_of_sqlconnection: the server or a pooler turned the connection away' }],
  [
    '08007',
    { why: 'transaction_resolution_unknown: the connection broke during COMMIT; the same as a socket reset mid-commit, an outage too' },
  ],
  [
    '08P01',
    {
      why: 'protocol_violation: PgBouncer sends this code for its own refusals (max_client_conn, query_wait_timeout, server login retry); the server itself only for a broken client',
    },
  ],

  // Class 53, insufficient resources.
  [
    '53300',
    {
      why: "too_many_connections (FATAL at connect): max_connections ('sorry, too many clients already'), the reserved slots, or a role's or a database's CONNECTION LIMIT; slots free up as other sessions end",
    },
  ],
  ['53000', { why: 'insufficient_resources, only as FATAL: the server could not set up or keep a session at all', when: isFatal }],
  ['53100', { why: 'disk_full, only as FATAL: the server could not set up or keep a session at all', when: isFatal }],
  ['53200', { why: 'out_of_memory, only as FATAL: no memory for a session at all (a busy server); a new one later may work', when: isFatal }],

  // Class 55, object not in prerequisite state: only a database closed to connections.
  [
    '55000',
    {
      why: 'object_not_in_prerequisite_state, only as the FATAL "database … is not currently accepting connections" (ALTER DATABASE … ALLOW_CONNECTIONS false: maintenance, or just before a DROP)',
      // Raised in CheckMyDatabase (postinit.c, PostgreSQL 9 to 17; the routine name is never
      // translated). The English message is checked too, for a server that renames the function;
      // the message alone would miss a server whose lc_messages is not English.
      when: (error) =>
        isFatal(error) &&
        (error.routine === 'CheckMyDatabase' || /is not currently accepting connections/.test(String(error.message ?? ''))),
    },
  ],

  // Class 57, operator intervention: the server going down, crashed, or coming up.
  ['57P01', { why: 'admin_shutdown: a smart or fast shutdown, or pg_terminate_backend (a restart, a failover, DROP … WITH (FORCE))' }],
  ['57P02', { why: 'crash_shutdown: another backend crashed and the server is resetting; back in seconds' }],
  [
    '57P03',
    { why: 'cannot_connect_now: the server is starting up, shutting down, in crash recovery, or a standby not yet open for connections' },
  ],
  ['57P05', { why: 'idle_session_timeout: the server ended a pooled connection that sat idle; nothing about the request' }],

  // Class 25, invalid transaction state: the one member that is about the server, not the transaction.
  [
    '25006',
    {
      why: 'read_only_sql_transaction: a write reached a server that is read-only now (a standby after a failover, before the address moves; default_transaction_read_only set for maintenance). The app opens no read-only transaction itself, so it is never our bug',
    },
  ],
])

type Coded = PostgresErrorFields & { cause?: unknown; errors?: unknown }

/** Drizzle wraps driver errors (`cause`); Node's dual-stack connect reports an AggregateError (`errors`). */
function* errorChain(error: unknown, depth = 0): Generator<Coded> {
  if (!error || typeof error !== 'object' || depth > 5) return
  const coded = error as Coded
  yield coded
  yield* errorChain(coded.cause, depth + 1)
  if (Array.isArray(coded.errors)) for (const inner of coded.errors) yield* errorChain(inner, depth + 1)
}

const codeOf = (link: Coded) => (typeof link.code === 'string' ? link.code : '')

/** Whether one error (not its causes) is a PostgreSQL SQLSTATE of the table above. */
export function isUnavailableSqlState(error: PostgresErrorFields): boolean {
  const rule = UNAVAILABLE_SQLSTATES.get(typeof error.code === 'string' ? error.code : '')
  return Boolean(rule && (!rule.when || rule.when(error)))
}

/** The database cannot be used now and may be later: a 503 while serving, a retry at start. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (UNREACHABLE_CODES.has(codeOf(link)) || isUnavailableSqlState(link)) return true
  }
  return false
}

/**
 * The server refused the session for good (a FATAL that is not in the table): a wrong role or
 * password, no pg_hba entry, no such database, no CONNECT privilege, an invalid database. At
 * start no retry helps, so the server stops at once with one line, not a stack.
 */
export function isDatabaseRefusal(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return false
  for (const link of errorChain(error)) {
    const code = codeOf(link)
    if (/^(28|3D)/.test(code) || (isFatal(link) && /^[0-9A-Z]{5}$/.test(code))) return true
  }
  return false
}

/** One short reason for a log line, e.g. "connect ECONNREFUSED 127.0.0.1:5433". */
export function describeDatabaseError(error: unknown): string {
  const links = [...errorChain(error)]
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
