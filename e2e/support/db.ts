import { test as base } from '@playwright/test'
import postgres from 'postgres'
import { E2E_DATABASE_URL } from './env.ts'

/**
 * Direct SQL for states the UI cannot make quickly (an expired trial). It talks to the same
 * database as the app server; every statement is scoped to one test broker's e-mail.
 */
export class E2EDatabase {
  readonly sql: postgres.Sql

  constructor(url = E2E_DATABASE_URL) {
    this.sql = postgres(url, { max: 1, onnotice: () => {} })
  }

  /** Puts the broker back on the free trial, ended yesterday. */
  async expireTrial(email: string) {
    const rows = await this.sql`
      update user_subscriptions
         set plan = 'free_trial', trial_end_date = now() - interval '1 day'
       where user_id = (select id from users where lower(email) = lower(${email}))
      returning user_id`
    if (rows.count !== 1) throw new Error(`expireTrial: no subscription for ${email}`)
  }

  /** Puts the broker on a plan, as a purchase would (a paid plan has no trial end). */
  async setPlan(email: string, plan: 'free_trial' | 'starter' | 'advanced' | 'professional') {
    const rows = await this.sql`
      update user_subscriptions
         set plan = ${plan}::subscription_plan
       where user_id = (select id from users where lower(email) = lower(${email}))
      returning user_id`
    if (rows.count !== 1) throw new Error(`setPlan: no subscription for ${email}`)
  }

  async getPlan(email: string): Promise<string | null> {
    const [row] = await this.sql<{ plan: string }[]>`
      select s.plan from user_subscriptions s join users u on u.id = s.user_id
       where lower(u.email) = lower(${email})`
    return row?.plan ?? null
  }

  async countSessions(email: string): Promise<number> {
    const [row] = await this.sql<{ count: number }[]>`
      select count(*)::int as count from user_sessions s join users u on u.id = s.user_id
       where lower(u.email) = lower(${email})`
    return row?.count ?? 0
  }

  /** Ends every session of the broker, as a sign-out elsewhere (or an expiry) would. */
  async endSessions(email: string) {
    await this.sql`
      delete from user_sessions
       where user_id = (select id from users where lower(email) = lower(${email}))`
  }

  /**
   * Makes `memberEmail` a member of the agency `ownerEmail` owns, as an accepted invitation does
   * (e2e/agency.spec.ts takes that way through the UI): their own empty agency of one goes, so
   * their next request works in the owner's agency.
   */
  async joinAgency(ownerEmail: string, memberEmail: string, role: 'admin' | 'agent') {
    await this.sql.begin(async (sql) => {
      const [agency] = await sql<{ agency_id: string }[]>`
        select m.agency_id from agency_members m join users u on u.id = m.user_id
         where lower(u.email) = lower(${ownerEmail}) and m.role = 'owner' order by m.joined_at limit 1`
      const [member] = await sql<{ id: string }[]>`select id from users where lower(email) = lower(${memberEmail})`
      if (!agency || !member) throw new Error(`joinAgency: no agency for ${ownerEmail} or no user ${memberEmail}`)
      await sql`delete from agencies where id in (select agency_id from agency_members where user_id = ${member.id} and role = 'owner')`
      await sql`insert into agency_members (agency_id, user_id, role) values (${agency.agency_id}, ${member.id}, ${role})`
    })
  }

  close() {
    return this.sql.end({ timeout: 5 })
  }
}

/** `test` with `db`: one connection per worker, closed in the worker's teardown. */
export const test = base.extend<object, { db: E2EDatabase }>({
  db: [
    // Playwright's fixture callback is `provide`, not `use`: react-hooks would take it for React's `use`.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const db = new E2EDatabase()
      try {
        await provide(db)
      } finally {
        await db.close()
      }
    },
    { scope: 'worker' },
  ],
})
