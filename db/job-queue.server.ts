import PgBoss from 'pg-boss'
import { sql } from 'drizzle-orm'
import { logger, outsideRequestScope } from '#app/lib/logger.server.ts'
import { getJobQueueConnection, type Transaction } from './client.server.ts'

/**
 * Durable background jobs on pg-boss (docs/decisions/012-jobs-and-mail.md): jobs are rows in
 * the `pgboss` schema of the app's own database, so they survive restarts; workers take them
 * with SKIP LOCKED, so with several app servers each job runs once; failed jobs come back with
 * exponential backoff; cron schedules are kept in the database and fire once across servers.
 * On a server pg-boss has its own small pool; on the embedded database it shares PGlite.
 */
const SCHEMA = 'pgboss'
const ERROR_LOG_INTERVAL_MS = 30_000

const globalStore = globalThis as typeof globalThis & { __brokervaultJobs?: Promise<PgBoss> }

function createQueue(): PgBoss {
  const connection = getJobQueueConnection()
  const common = { schema: SCHEMA, application_name: 'brokervault-jobs', max: 4 }
  const boss =
    'connectionString' in connection
      ? new PgBoss({ ...common, connectionString: connection.connectionString })
      : new PgBoss({ ...common, db: { executeSql: (text, values) => connection.executeSql(text, values) } })
  // A database outage surfaces here (every poll fails); pg-boss keeps polling and recovers on
  // its own, so one line per 30 s says so instead of one per poll.
  let lastLoggedAt = 0
  boss.on('error', (error) => {
    if (Date.now() - lastLoggedAt < ERROR_LOG_INTERVAL_MS) return
    lastLoggedAt = Date.now()
    logger.error({ reason: error.message }, 'Job queue error; pg-boss retries')
  })
  return boss
}

/**
 * The started queue (created and migrated on first use, once per process). The first use may
 * be a request's (a server that only sends, JOBS_IN_PROCESS=0): the queue's timers run outside
 * its scope, so their log lines and statements are not that request's.
 */
export function getJobQueue(): Promise<PgBoss> {
  globalStore.__brokervaultJobs ??= outsideRequestScope(() =>
    createQueue()
      .start()
      .catch((error: unknown) => {
        globalStore.__brokervaultJobs = undefined
        throw error
      }),
  )
  return globalStore.__brokervaultJobs
}

export type QueueOptions = Omit<PgBoss.Queue, 'name'>
const createdQueues = new Map<string, Promise<void>>()

/**
 * The started queue with the named job queue created (idempotent in the database, once per
 * process here). Retry and expiry live on the queue, so every sender gets the same policy.
 */
export async function getQueue(name: string, options: QueueOptions = {}): Promise<PgBoss> {
  const boss = await getJobQueue()
  let created = createdQueues.get(name)
  if (!created) {
    created = boss.createQueue(name, { name, ...options })
    createdQueues.set(name, created)
    created.catch(() => createdQueues.delete(name))
  }
  await created
  return boss
}

/**
 * Stops fetching, lets running jobs finish for up to `timeoutMs`, and closes the queue's
 * connections. A job cut at the timeout is retried by the next worker (its row is still active
 * until it expires), so nothing is lost.
 */
export async function stopJobQueue(timeoutMs = 10_000) {
  const started = globalStore.__brokervaultJobs
  globalStore.__brokervaultJobs = undefined
  createdQueues.clear()
  if (!started) return
  const boss = await started.catch(() => null)
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs })
}

/**
 * Deletes every job of queue `name` with one of these singleton keys, waiting, running, done or
 * archived, in the caller's transaction (the queue's tables live in the app's database): for
 * data that must not outlive what it names. Nothing to do while pg-boss has not made its tables.
 */
export async function deleteJobsByKey(tx: Transaction, name: string, keys: readonly string[]) {
  if (keys.length === 0) return
  const found = (await tx.execute(sql`select to_regclass(${`${SCHEMA}.job`}) is not null as "exists"`)) as unknown
  const rows = (Array.isArray(found) ? found : ((found as { rows?: unknown[] }).rows ?? [])) as { exists: boolean }[]
  if (!rows[0]?.exists) return
  const keyList = sql.join(keys.map((key) => sql`${key}`), sql`, `)
  for (const table of ['job', 'archive']) {
    await tx.execute(sql`delete from ${sql.identifier(SCHEMA)}.${sql.identifier(table)} where name = ${name} and singleton_key in (${keyList})`)
  }
}

export type { PgBoss }

/**
 * Deletes every job, waiting or done, whose data mentions one of these values (an account's id
 * or e-mail address), in the caller's transaction: a deleted account leaves no mail, link or
 * export job behind. A scan of the job tables, which only an account deletion needs.
 */
export async function deleteJobsMentioning(tx: Transaction, values: readonly string[]) {
  const needles = values.filter((value) => value.length >= 6)
  if (needles.length === 0) return
  const found = (await tx.execute(sql`select to_regclass(${`${SCHEMA}.job`}) is not null as "exists"`)) as unknown
  const rows = (Array.isArray(found) ? found : ((found as { rows?: unknown[] }).rows ?? [])) as { exists: boolean }[]
  if (!rows[0]?.exists) return
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  const anyPattern = sql.join(patterns.map((p) => sql`${p}`), sql`, `)
  for (const table of ['job', 'archive']) {
    await tx.execute(sql`delete from ${sql.identifier(SCHEMA)}.${sql.identifier(table)} where data::text ilike any (array[${anyPattern}])`)
  }
}
