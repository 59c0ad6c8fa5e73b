import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres, PostgresJsDatabase, PostgresJsSession } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { readDatabaseConfig } from './config.server.ts'
import {
  CHANGE_NOTICES_SETTING,
  listenOnEmbedded,
  listenOnServer,
  routeNotice,
  type ChangeHandlers,
  type ChangeSubscription,
} from './change-notifications.server.ts'
import { inRequestOrder } from './embedded-queue.server.ts'
import { countQuery } from './query-metrics.server.ts'
import { EMBEDDED_POSTGRES_SETTINGS } from './pglite-folder.server.ts'
import * as schema from './schema.ts'
import { reserveScopedConnection, scopedStatements } from './scoped-connection.server.ts'
import { currentScope, outsideScope, runInScope, scopedDatabase, type Scope } from './tenancy.server.ts'

/** One query-builder type for both drivers; code never needs to know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

const CONNECT_TIMEOUT_SECONDS = 10

// Counts statements per request (Server-Timing), so a list page's query count can be checked.
const logger = { logQuery: countQuery }

type Handle = {
  db: Database
  driver: 'postgres' | 'pglite'
  /** Where the job queue connects: its own pool on a server, this very database when embedded. */
  jobQueueConnection: { connectionString: string } | { executeSql: RawSql }
  migrate: () => Promise<void>
  /**
   * VACUUM (ANALYZE) where nothing else does: the embedded database runs PostgreSQL without its
   * autovacuum. Returns whether it ran (a server's autovacuum keeps its own tables).
   */
  vacuum: () => Promise<boolean>
  /** LISTEN on a channel (see change-notifications.server.ts); closed with the database. */
  listen: (channel: string, handlers: ChangeHandlers) => ChangeSubscription
  /** What scoped work runs on (db/scoped-connection.server.ts): a connection of its own, or nothing extra. */
  openScope: (scope: Scope) => Promise<{ db?: Database; close: () => Promise<void> }>
  close: () => Promise<void>
}

/** Plain SQL with $1… parameters, or several statements without parameters (a library's DDL). */
export type RawSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

// Kept on globalThis so the app bundle and test code that imports the source share one
// connection (PGlite allows a single process per data folder and takes seconds to open).
const globalStore = globalThis as typeof globalThis & {
  __brokervaultDb?: Handle
  __brokervaultReady?: Promise<void>
}

function openDatabase(): Handle {
  const config = readDatabaseConfig()
  const migrationsFolder = path.resolve(process.cwd(), 'drizzle')
  if (config.kind === 'postgres') {
    // A server that does not answer fails a request after CONNECT_TIMEOUT_SECONDS (a 503 page)
    // instead of postgres.js's 30 s default, during which the visitor sees nothing at all.
    const client = postgres(config.url, {
      max: 10,
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      connection: CHANGE_NOTICES_SETTING,
      onnotice: routeNotice,
    })
    const subscriptions = new Set<ChangeSubscription>()
    const db = drizzlePostgres({ client, schema, logger }) as unknown as Database
    return {
      db,
      driver: 'postgres',
      jobQueueConnection: { connectionString: config.url },
      migrate: async () => {
        const { migrate } = await import('drizzle-orm/postgres-js/migrator')
        // Several app servers (or test workers) may start at once: one migrates, the others wait.
        const lock = await client.reserve()
        try {
          await lock`select pg_advisory_lock(4242001)`
          await migrate(db as never, { migrationsFolder })
        } finally {
          await lock`select pg_advisory_unlock(4242001)`
          lock.release()
        }
      },
      vacuum: async () => false,
      listen: (channel, handlers) => remembered(subscriptions, listenOnServer(config.url, channel, handlers)),
      openScope: async (scope) => {
        const { connection, close } = await reserveScopedConnection(client as never, scope)
        return { db: onConnection(db, connection), close }
      },
      close: async () => {
        await closeAll(subscriptions)
        await client.end({ timeout: 5 })
      },
    }
  }
  const dataDir = config.dataDir
  if (!dataDir.includes('://')) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true })
  // unaccent: migration 0006 builds search and place matching on it (a server has it in contrib).
  // Statements take turns in the order their requests arrived (embedded-queue.server.ts).
  // Scoped work sets its scope per statement (scoped-connection.server.ts); the job queue's own
  // statements use the plain client: its tables are no agency's.
  const client = inRequestOrder(new PGlite(dataDir, { extensions: { unaccent }, postgresqlconf: EMBEDDED_POSTGRES_SETTINGS }))
  const db = drizzlePglite({ client: scopedStatements(client), schema, logger }) as unknown as Database
  const subscriptions = new Set<ChangeSubscription>()
  const executeSql: RawSql = async (text, values) => {
    if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows }
    const results = await client.exec(text)
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] }
  }
  return {
    db,
    driver: 'pglite',
    jobQueueConnection: { executeSql },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator')
      await migrate(db as never, { migrationsFolder })
    },
    vacuum: async () => {
      await client.exec('vacuum (analyze)')
      return true
    },
    listen: (channel, handlers) => remembered(subscriptions, listenOnEmbedded(client, channel, handlers)),
    openScope: async () => ({ close: async () => undefined }),
    close: async () => {
      await closeAll(subscriptions)
      await client.close()
    },
  }
}

/**
 * The query builder on one reserved connection, sharing the pool's dialect and schema: drizzle()
 * would rebuild the relational schema (about a millisecond) for every scoped request.
 */
function onConnection(base: Database, connection: unknown): Database {
  const internals = base as unknown as {
    dialect: ConstructorParameters<typeof PostgresJsSession>[1]
    _: { schema: never; fullSchema: never; tableNamesMap: never }
  }
  const relational = { schema: internals._.schema, fullSchema: internals._.fullSchema, tableNamesMap: internals._.tableNamesMap }
  const session = new PostgresJsSession(connection as never, internals.dialect, relational, { logger })
  return new PostgresJsDatabase(internals.dialect, session as never, relational) as unknown as Database
}

function remembered(subscriptions: Set<ChangeSubscription>, subscription: ChangeSubscription): ChangeSubscription {
  subscriptions.add(subscription)
  return {
    close: async () => {
      subscriptions.delete(subscription)
      await subscription.close()
    },
  }
}

async function closeAll(subscriptions: Set<ChangeSubscription>) {
  const open = [...subscriptions]
  subscriptions.clear()
  await Promise.all(open.map((subscription) => subscription.close()))
}

function handle(): Handle {
  globalStore.__brokervaultDb ??= openDatabase()
  return globalStore.__brokervaultDb
}

/**
 * The query builder: inside `withScope`, the scope's transaction (row-level security on);
 * elsewhere the database itself. Call `ensureDatabaseReady()` once before the first query.
 */
export function getDb(): Database {
  return scopedDatabase() ?? handle().db
}

/**
 * Runs `work` confined by Postgres to the scope's agency: every query `getDb()` gives inside it
 * runs as the app's role with the scope set, so row-level security hides other agencies' rows
 * whatever the query's own filter says (db/tenancy.server.ts).
 */
export function withScope<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
  return runInScope(scope, () => handle().openScope(scope), work)
}

/**
 * For work a request leaves running after it has answered (a download streamed as the client
 * reads it): call this while answering, then each call of what it returns runs its work in that
 * request's scope again, on a connection of its own (the request's own is given back when it
 * answers). Outside a scope, the work runs as it is.
 */
export function inScopeLater(): <T>(work: () => Promise<T>) => Promise<T> {
  const scope = currentScope()
  return (work) => outsideScope(() => (scope ? withScope(scope, work) : work()))
}

export function getJobQueueConnection() {
  return handle().jobQueueConnection
}

/**
 * The nightly upkeep autovacuum does on a server: dead rows reclaimed, visibility maps set (so
 * capped counts stay index-only scans), statistics fresh. True when it ran (embedded only).
 */
export function vacuumEmbeddedDatabase(): Promise<boolean> {
  return handle().vacuum()
}

/** Hears a channel's NOTIFYs until closed, or until the database is closed. */
export function listenForChanges(channel: string, handlers: ChangeHandlers): ChangeSubscription {
  return handle().listen(channel, handlers)
}

export function getDriver() {
  return handle().driver
}

/** Runs pending migrations once per process; later calls return the same promise. */
export function ensureDatabaseReady(): Promise<void> {
  globalStore.__brokervaultReady ??= handle()
    .migrate()
    .catch((error: unknown) => {
      globalStore.__brokervaultReady = undefined
      throw error
    })
  return globalStore.__brokervaultReady
}

export async function closeDatabase() {
  const current = globalStore.__brokervaultDb
  globalStore.__brokervaultDb = undefined
  globalStore.__brokervaultReady = undefined
  await current?.close()
}

/** `db.execute` answers an array on postgres.js and `{ rows }` on PGlite; this evens it out. */
export async function queryRows<Row extends Record<string, unknown>>(query: SQL, executor: Database | Transaction = getDb()): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown
  if (Array.isArray(result)) return result as Row[]
  return ((result as { rows?: Row[] }).rows ?? []) as Row[]
}

export async function pingDatabase(): Promise<boolean> {
  try {
    await queryRows(sql`select 1 as ok`)
    return true
  } catch {
    return false
  }
}
