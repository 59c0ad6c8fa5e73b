import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { findUserIdByEmail, setPassword, signUp } from '#app/modules/auth/accounts.server.ts'
import { setBrokerDefaults } from '#app/modules/profile/profile.server.ts'
import { PLAN_NAMES } from '#app/modules/billing/plans.ts'
import { getSubscription } from '#app/modules/billing/subscription.server.ts'
import { lockForTransaction } from '#db/advisory-lock.server.ts'
import { getDb, getDriver } from '#db/client.server.ts'
import { seedDemoPortfolio, type PortfolioSeedReport } from './demo-portfolio.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

export const DEMO_EMAIL = 'demo@brokervault.app'
export const DEMO_FULL_NAME = 'Dana Demo'

/**
 * The embedded database gets the demo broker unless SEED_DEMO=0 (test servers, a clean start);
 * a server database only when asked with SEED_DEMO=1.
 */
export function isDemoWanted(driver: 'pglite' | 'postgres', seedDemo: boolean | undefined) {
  return seedDemo ?? driver === 'pglite'
}

/**
 * The demo broker for `npm start`: on the embedded database only, or on a server when the
 * operator asks with SEED_DEMO=1. Logs one line with the credentials (and, on the start that
 * seeds the portfolio, how long that took and what it made).
 *
 * A first start on the embedded database prepares it in a child process (server.mjs), then the
 * server prepares again: both came here, and the credentials were printed twice (issue 25). The
 * child now says what it seeded, without them; the server that goes on to serve prints them once.
 */
export async function seedDemoAccountIfWanted() {
  const env = getEnv()
  if (!isDemoWanted(getDriver(), env.SEED_DEMO)) return
  const demo = await seedDemoAccount(env.DATA_DIR)
  const portfolio = demo.seeded && { seededInSeconds: Math.round(demo.seeded.ms / 100) / 10, ...demo.seeded.report }
  if (env.BROKERVAULT_PREPARE_ONLY) {
    if (portfolio) logger.info({ portfolio }, 'Demo portfolio seeded')
    return
  }
  logger.info({ email: DEMO_EMAIL, password: demo.password, plan: demo.planName, ...(portfolio && { portfolio }) }, 'Demo broker ready')
}

export type DemoAccount = {
  userId: string
  password: string
  planName: string
  /** Set on the start that (re)seeded the portfolio. */
  seeded: { ms: number; cpuMs: number; report: PortfolioSeedReport } | null
}

/**
 * Creates the demo broker (or resets its password to the saved one) and seeds its portfolio
 * unless DATA_DIR/demo-account.json records that this very account (by id, so a new database
 * is seeded again) was seeded already: a start after the first costs two small queries and no
 * portfolio work, and what the visitor deleted or changed in the demo stays that way.
 *
 * A first run cut short (a crash, Ctrl-C) has not written that record, so the next start runs
 * the seed again, and the seed adds only what is missing (see seedDemoPortfolio). Servers that
 * share a database take turns through an advisory lock.
 */
export async function seedDemoAccount(dataDir: string): Promise<DemoAccount> {
  const saved = readDemoFile(dataDir)
  const password = saved.password ?? `demo-${randomBytes(9).toString('base64url')}`
  if (!saved.password) writeDemoFile(dataDir, { email: DEMO_EMAIL, password })

  return withDemoSeedLock(async () => {
    let userId = await findUserIdByEmail(DEMO_EMAIL)
    if (userId) {
      await setPassword(userId, password)
    } else {
      const created = await signUp({ fullName: DEMO_FULL_NAME, email: DEMO_EMAIL, password })
      if (!created.ok) throw new Error(`Demo account: ${created.errors.join(' ')}`)
      userId = created.userId
      // The portfolio is in Portugal: new listings, budgets and deals start in euros and m².
      await setBrokerDefaults(userId, { defaultCurrency: 'EUR', areaUnit: 'sqm' })
    }

    let seeded: DemoAccount['seeded'] = null
    if (saved.portfolioSeededFor !== userId) {
      const started = performance.now()
      const cpu = process.cpuUsage()
      // The seed acts for the demo broker in their agency, as their requests would.
      const scope = await scopeOfMember(userId)
      if (!scope) throw new Error('Demo account: no agency')
      const report = await seedDemoPortfolio(scope)
      const cpuUsed = process.cpuUsage(cpu)
      seeded = { ms: performance.now() - started, cpuMs: (cpuUsed.user + cpuUsed.system) / 1000, report }
      writeDemoFile(dataDir, { email: DEMO_EMAIL, password, portfolioSeededFor: userId })
    }
    const subscription = await getSubscription(userId)
    return { userId, password, planName: subscription ? PLAN_NAMES[subscription.plan] : 'no', seeded }
  })
}

/**
 * On a server database, one process seeds at a time: the others wait here, then find the
 * portfolio in place. The embedded database has a single process by construction (and one
 * connection, which an open transaction would block), so it needs no lock.
 */
async function withDemoSeedLock<T>(work: () => Promise<T>): Promise<T> {
  if (getDriver() === 'pglite') return work()
  return getDb().transaction(async (tx) => {
    await lockForTransaction(tx, 'demo-seed', DEMO_EMAIL)
    return work()
  })
}

type DemoFile = { password?: string; portfolioSeededFor?: string }

function readDemoFile(dataDir: string): DemoFile {
  try {
    const saved = JSON.parse(readFileSync(path.join(dataDir, 'demo-account.json'), 'utf8')) as Record<string, unknown>
    return {
      password: typeof saved.password === 'string' && saved.password.length >= 12 ? saved.password : undefined,
      portfolioSeededFor: typeof saved.portfolioSeededFor === 'string' ? saved.portfolioSeededFor : undefined,
    }
  } catch {
    return {} // first start: the caller creates it
  }
}

function writeDemoFile(dataDir: string, content: { email: string; password: string; portfolioSeededFor?: string }) {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(path.join(dataDir, 'demo-account.json'), JSON.stringify(content, null, 2), { mode: 0o600 })
}
