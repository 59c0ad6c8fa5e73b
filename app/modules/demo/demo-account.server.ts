import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getEnv } from '#app/lib/env.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { findUserIdByEmail, setPassword, signUp } from '#app/modules/auth/accounts.server.ts'
import { setTrialEnd } from '#app/modules/billing/subscription.server.ts'
import { getDriver } from '#db/client.server.ts'

export const DEMO_EMAIL = 'demo@brokervault.app'
export const DEMO_TRIAL_DAYS_LEFT = 5

/**
 * The demo broker for `npm start`: on the embedded database only, or on a server when the
 * operator asks with SEED_DEMO=1. Its password is kept in DATA_DIR/demo-account.json and its
 * trial is topped up to a few days at every start, so the demo stays usable.
 */
export async function seedDemoAccountIfWanted() {
  const env = getEnv()
  if (getDriver() !== 'pglite' && !env.SEED_DEMO) return
  const password = readOrCreateDemoPassword(env.DATA_DIR)
  const trialEndDate = new Date(Date.now() + DEMO_TRIAL_DAYS_LEFT * DAY_MS - 60_000)
  const existing = await findUserIdByEmail(DEMO_EMAIL)
  if (existing) {
    await setPassword(existing, password)
    await setTrialEnd(existing, trialEndDate)
  } else {
    const created = await signUp({ fullName: 'Dana Demo', email: DEMO_EMAIL, password })
    if (!created.ok) throw new Error(`Demo account: ${created.errors.join(' ')}`)
    await setTrialEnd(created.userId, trialEndDate)
  }
  console.log(`Demo broker: ${DEMO_EMAIL} / ${password} (trial: ${DEMO_TRIAL_DAYS_LEFT} days left)`)
}

function readOrCreateDemoPassword(dataDir: string): string {
  const file = path.join(dataDir, 'demo-account.json')
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { password?: unknown }
    if (typeof saved.password === 'string' && saved.password.length >= 12) return saved.password
  } catch {
    // first start: fall through and create one
  }
  const password = `demo-${randomBytes(9).toString('base64url')}`
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify({ email: DEMO_EMAIL, password }, null, 2), { mode: 0o600 })
  return password
}
