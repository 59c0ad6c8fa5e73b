import { describe, expect, it } from 'vitest'
import { isDatabaseRefusal, isDatabaseUnavailable, UNAVAILABLE_SQLSTATES } from '#db/availability.server.ts'

/** A PostgreSQL error as postgres.js reports it (fields as a real PostgreSQL 15 sent them). */
function pgError(code: string, severity: 'ERROR' | 'FATAL', message: string, routine = 'somewhere') {
  return Object.assign(new Error(message), { name: 'PostgresError', code, severity, severity_local: severity, routine })
}

/** Drizzle's wrapper around a driver error. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })

describe('the table of SQLSTATEs that mean "unavailable, try again"', () => {
  it('holds exactly these codes, each with its reason', () => {
    expect([...UNAVAILABLE_SQLSTATES.keys()].sort()).toEqual(
      ['08000', '08001', '08003', '08004', '08006', '08007', '08P01', '25006', '53000', '53100', '53200', '53300', '55000', '57P01', '57P02', '57P03', '57P05'].sort(),
    )
    for (const [code, rule] of UNAVAILABLE_SQLSTATES) expect(rule.why.length, code).toBeGreaterThan(20)
  })

  it.each([
    ['55000', 'FATAL', 'database "bv" is not currently accepting connections', 'CheckMyDatabase'],
    // A server whose lc_messages is German: the routine still says which check refused.
    ['55000', 'FATAL', 'Datenbank »bv« akzeptiert gegenwärtig keine Verbindungen', 'CheckMyDatabase'],
    ['53300', 'FATAL', 'too many connections for role "bv_app"', 'InitializeSessionUserId'],
    ['53300', 'FATAL', 'too many connections for database "bv"', 'CheckMyDatabase'],
    ['53300', 'FATAL', 'sorry, too many clients already', 'InitProcess'],
    ['53300', 'FATAL', 'remaining connection slots are reserved for non-replication superuser connections', 'InitPostgres'],
    ['53200', 'FATAL', 'out of memory', 'AllocSetAlloc'],
    ['57P01', 'FATAL', 'terminating connection due to administrator command', 'ProcessInterrupts'],
    ['57P02', 'FATAL', 'terminating connection because of crash of another server process', 'quickdie'],
    ['57P03', 'FATAL', 'the database system is starting up', 'ProcessStartupPacket'],
    ['57P03', 'FATAL', 'the database system is shutting down', 'ProcessStartupPacket'],
    ['57P05', 'FATAL', 'terminating connection due to idle-session timeout', 'ProcessInterrupts'],
    ['25006', 'ERROR', 'cannot execute INSERT in a read-only transaction', 'PreventCommandIfReadOnly'],
    ['08006', 'FATAL', 'connection failure', 'x'],
    ['08P01', 'ERROR', 'no more connections allowed (max_client_conn)', 'x'],
    ['08P01', 'ERROR', 'query_wait_timeout', 'x'],
  ] as const)('%s %s "%s" is an outage (503, retried at start)', (code, severity, message, routine) => {
    const error = pgError(code, severity, message, routine)
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true)
    expect(isDatabaseRefusal(error)).toBe(false)
  })

  it.each([
    // 55000 is raised for many things besides a database closed to connections.
    ['55000', 'ERROR', 'currval of sequence "s1" is not yet defined in this session', 'currval_oid'],
    ['55000', 'ERROR', 'lastval is not yet defined in this session', 'lastval'],
    ['40001', 'ERROR', 'could not serialize access due to concurrent update', 'x'],
    ['40P01', 'ERROR', 'deadlock detected', 'x'],
    ['55P03', 'ERROR', 'could not obtain lock on row in relation "shares"', 'x'],
    ['57014', 'ERROR', 'canceling statement due to statement timeout', 'x'],
    ['53100', 'ERROR', 'could not extend file "base/1/2": No space left on device', 'x'],
    ['53200', 'ERROR', 'out of memory', 'x'],
    ['53000', 'ERROR', 'too many dynamic shared memory segments', 'x'],
    ['53400', 'ERROR', 'maximum number of prepared transactions reached', 'x'],
    ['23505', 'ERROR', 'duplicate key value violates unique constraint', 'x'],
    ['XX000', 'ERROR', 'cache lookup failed', 'x'],
  ] as const)('%s %s "%s" is not an outage and no refusal (a 500)', (code, severity, message, routine) => {
    const error = pgError(code, severity, message, routine)
    expect(isDatabaseUnavailable(error)).toBe(false)
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false)
    expect(isDatabaseRefusal(error)).toBe(false)
  })

  it.each([
    ['55000', 'FATAL', 'cannot connect to invalid database "bv"', 'InitPostgres'],
    ['3D000', 'FATAL', 'database "bv" does not exist', 'InitPostgres'],
    ['28P01', 'FATAL', 'password authentication failed for user "bv"', 'auth_failed'],
    ['28000', 'FATAL', 'role "bv" does not exist', 'InitializeSessionUserId'],
    ['42501', 'FATAL', 'permission denied for database "bv"', 'CheckMyDatabase'],
    ['57P04', 'FATAL', 'terminating connection due to conflict with recovery', 'ProcessInterrupts'],
    ['25P03', 'FATAL', 'terminating connection due to idle-in-transaction timeout', 'ProcessInterrupts'],
  ] as const)('%s %s "%s" is a refusal: at start, one line and exit at once', (code, severity, message, routine) => {
    const error = pgError(code, severity, message, routine)
    expect(isDatabaseUnavailable(error)).toBe(false)
    expect(isDatabaseRefusal(error)).toBe(true)
    expect(isDatabaseRefusal(wrapped(error))).toBe(true)
  })

  it('counts the network and the driver failing as outages, also inside an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false)
    expect(isDatabaseRefusal(new Error('something else'))).toBe(false)
  })
})
