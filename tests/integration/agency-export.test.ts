import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.server.ts'
import { signedInBroker, signIn, signUpBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { findUser, ownerScopeOf, setSubscription } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { unzip } from '#tests/support/zip.ts'

/*
 * "Export my data" in an agency (issue 26, docs/decisions/034): an owner or admin exports the
 * whole agency (every member's records and profile, the members, the audit log); an agent their
 * own account, profile, activity, notes and audit lines, none of the agency's records.
 */

const INVITE_PATH = /\/invite\/[A-Za-z0-9_-]{43}/
type Tables = Record<string, Record<string, unknown>[]>

async function join(owner: TestBrowser, role: 'admin' | 'agent', fullName: string) {
  const email = uniqueEmail(role)
  expect((await owner.post('/agency', { intent: 'invite', email, role })).status).toBe(302)
  const [mail] = await queryRows<{ url: string }>(sql`select data->'action'->>'url' as url from pgboss.job where name = 'mail' and data->>'to' = ${email} order by created_on desc limit 1`)
  const browser = new TestBrowser()
  await signUpBroker(browser, fullName, email)
  expect((await signIn(browser, email)).status).toBe(302)
  expect((await browser.post(INVITE_PATH.exec(mail!.url)![0], {})).status).toBe(302)
  return { browser, email, userId: (await findUser(email)).id }
}

/** POST /profile/export as `browser`: the zip's data.json tables. */
async function exportOf(browser: TestBrowser): Promise<Tables> {
  const response = await browser.post('/profile/export', {})
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('application/zip')
  const zip = await unzip(Buffer.from(await response.arrayBuffer()))
  return (JSON.parse(zip.get('data.json')!.toString()) as { tables: Tables }).tables
}

const ids = (rows: Record<string, unknown>[] | undefined) => (rows ?? []).map((row) => String(row.id)).sort()

describe('data export by role', () => {
  it('an owner and an admin export the whole agency; an agent their own profile and activity, not the agency’s records', async () => {
    const owner = await signedInBroker('Olga Owner')
    await setSubscription(owner.email, { plan: 'professional' })
    const { agencyId, memberId: ownerId } = await ownerScopeOf(owner.email)
    const admin = await join(owner.browser, 'admin', 'Adam Admin')
    const agent = await join(owner.browser, 'agent', 'Ana Agent')
    const ownerProperty = await createPropertyVia(owner.browser, { title: 'Owner villa' })
    const agentProperty = await createPropertyVia(agent.browser, { title: 'Agent flat' })
    const ownerClient = await createClientVia(owner.browser, { fullName: 'Owner Client', email: 'oc@example.com' })
    const agentClient = await createClientVia(agent.browser, { fullName: 'Agent Client', email: 'ac@example.com' })
    expect((await agent.browser.post('/comments', { intent: 'add', subject: 'client', id: agentClient, body: 'Prefers mornings' })).status).toBe(302)

    for (const manager of [owner.browser, admin.browser]) {
      const tables = await exportOf(manager)
      expect(ids(tables.properties)).toEqual([ownerProperty, agentProperty].sort())
      expect(ids(tables.clients)).toEqual([ownerClient, agentClient].sort())
      expect(ids(tables.users)).toEqual([ownerId, admin.userId, agent.userId].sort())
      expect(tables.users!.every((row) => !('passwordHash' in row))).toBe(true)
      expect(ids(tables.profiles)).toEqual([ownerId, admin.userId, agent.userId].sort())
      expect(tables.agency_members).toHaveLength(3)
      expect(tables.agencies!.map((row) => row.id)).toEqual([agencyId])
      // The plan is the agency's: the owner's subscription, not the colleagues' own trials.
      expect(tables.user_subscriptions!.map((row) => row.userId)).toEqual([ownerId])
      const audit = tables.audit_log!.map((row) => String(row.summary))
      expect(audit).toContain('Property “Agent flat” created')
      expect(audit).toContain('Client “Owner Client” created')
      expect(tables.comments!.map((row) => row.body)).toEqual(['Prefers mornings'])
    }

    const mine = await exportOf(agent.browser)
    expect(ids(mine.users)).toEqual([agent.userId])
    expect(ids(mine.profiles)).toEqual([agent.userId])
    expect(mine.agency_members!.map((row) => row.userId)).toEqual([agent.userId])
    expect(mine.comments!.map((row) => row.body)).toEqual(['Prefers mornings'])
    const lines = mine.audit_log!
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.every((row) => row.actorId === agent.userId)).toBe(true)
    for (const table of ['properties', 'property_photos', 'clients', 'deals', 'viewings', 'tasks', 'shares', 'client_feedback', 'client_listing_items']) {
      expect(mine[table], table).toEqual([])
    }
    // Their activity names what they worked on ("Property “Agent flat” created"); nothing of
    // their colleagues' is in it.
    const whole = JSON.stringify(mine)
    for (const foreign of [owner.email, admin.email, ownerId, admin.userId, 'Owner Client', 'Owner villa']) expect(whole).not.toContain(foreign)

    // Each export is a line of the audit log, named by who asked for what.
    const owners = await exportOf(owner.browser)
    const exportsLogged = owners.audit_log!.filter((row) => row.objectType === 'export').map((row) => `${String(row.actorId)} ${String(row.summary)}`)
    expect(exportsLogged).toEqual(
      expect.arrayContaining([
        `${ownerId} Exported the agency's data (download)`,
        `${admin.userId} Exported the agency's data (download)`,
        `${agent.userId} Exported their own data (download)`,
      ]),
    )
  })
})
