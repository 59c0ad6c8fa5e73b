import { AsyncResource } from 'node:async_hooks'
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite'
import type postgres from 'postgres'
import { bindToScope, CLEAR_SCOPE_SQL, currentScope, SCOPE_SETTINGS_SQL, scopeSettingsParams } from './tenancy.server.ts'

/*
 * How a scope reaches Postgres on each driver (docs/decisions/034-agencies-and-tenancy.md).
 *
 * A server: the scoped work gets a pooled connection of its own, set to the app's role and the
 * scope when taken and cleared when given back. Statements stay autocommit, so an expected
 * error a module catches (a unique violation shown as a field message) does not poison the rest
 * of the request as it would inside one long transaction.
 *
 * Embedded: one connection serves everybody, so nothing may stay set on it. Each statement of
 * scoped work runs in a transaction of its own that sets the scope locally first.
 */

type Reserved = postgres.ReservedSql<Record<string, never>>

/** A server connection set to the scope; `close` clears it and gives it back to the pool. */
export async function reserveScopedConnection(client: postgres.Sql<Record<string, never>>, scope: Parameters<typeof scopeSettingsParams>[0]) {
  const reserved = await client.reserve()
  try {
    await reserved.unsafe(SCOPE_SETTINGS_SQL, scopeSettingsParams(scope, false))
  } catch (error) {
    reserved.release()
    throw error
  }
  return {
    connection: withTransactions(reserved, client),
    close: async () => {
      try {
        await reserved.unsafe(CLEAR_SCOPE_SQL)
      } catch {
        // A connection in a failed transaction: end it, then clear (a broken one is closed by the pool).
        await reserved.unsafe('rollback').catch(() => undefined)
        await reserved.unsafe(CLEAR_SCOPE_SQL).catch(() => undefined)
      } finally {
        reserved.release()
      }
    },
  }
}

/**
 * postgres.js gives a reserved connection no `begin`; drizzle's transactions need one. Here
 * transactions on the connection take turns (two at once on one connection would share a
 * BEGIN), and nested ones are savepoints.
 */
function withTransactions(reserved: Reserved, pool: postgres.Sql<Record<string, never>>): Reserved {
  let turn: Promise<unknown> = Promise.resolve()
  let savepoints = 0
  const savepoint = async <T>(work: (sql: Reserved) => Promise<T>): Promise<T> => {
    const name = `scoped_sp_${++savepoints}`
    await reserved.unsafe(`savepoint ${name}`)
    try {
      const result = await work(inTransaction)
      await reserved.unsafe(`release savepoint ${name}`)
      return result
    } catch (error) {
      await reserved.unsafe(`rollback to savepoint ${name}`)
      throw error
    }
  }
  const inTransaction: Reserved = new Proxy(reserved, {
    get: (target, property) => (property === 'savepoint' ? savepoint : property === 'options' ? pool.options : Reflect.get(target, property)),
  })
  const begin = <T>(...args: unknown[]): Promise<T> => {
    const work = args.at(-1) as (sql: Reserved) => Promise<T>
    const run = async () => {
      await reserved.unsafe('begin')
      try {
        const result = await work(inTransaction)
        await reserved.unsafe('commit')
        return result
      } catch (error) {
        await reserved.unsafe('rollback')
        throw error
      }
    }
    const result = turn.then(run, run)
    turn = result.catch(() => undefined)
    return result
  }
  return new Proxy(reserved, {
    get: (target, property) => {
      if (property === 'begin') return begin
      // drizzle reads the type parsers from `options`, which a reserved connection does not carry.
      if (property === 'options') return pool.options
      return Reflect.get(target, property)
    },
  })
}

/**
 * The embedded client, with every statement of scoped work (and every transaction it opens) run
 * in a transaction that sets the scope first. The scope is read when the statement is asked for,
 * before it waits for its turn, so it is always the asking request's.
 * PGlite calls a transaction's callback from its own queue, outside the asking request's async
 * context: the callback is bound to that context first, so the code inside a transaction still
 * knows its scope (visibleTo, changeableBy) as the statements' settings do.
 */
export function scopedStatements(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (typeof value !== 'function') return value
      if (property !== 'query' && property !== 'exec' && property !== 'transaction') return (value as (...args: unknown[]) => unknown).bind(target)
      return (...args: unknown[]) => {
        const scope = currentScope()
        if (property === 'transaction') args[0] = AsyncResource.bind(args[0] as (t: PGliteTransaction) => Promise<unknown>)
        const method = (value as (...a: unknown[]) => Promise<unknown>).bind(target)
        if (!scope) return method(...args)
        // The transaction's own work runs when PGlite's queue gets to it: in the asking scope still.
        const work = property === 'transaction' ? bindToScope(args[0] as (t: PGliteTransaction) => Promise<unknown>) : null
        return target.transaction(async (tx: PGliteTransaction) => {
          await tx.query(SCOPE_SETTINGS_SQL, scopeSettingsParams(scope, true))
          if (work) return work(tx)
          if (property === 'exec') return tx.exec(args[0] as string, args[1] as never)
          return tx.query(args[0] as string, args[1] as unknown[], args[2] as never)
        })
      }
    },
  })
}
