import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb, queryRows, withScope } from '#db/client.server.ts'
import { receiveMail } from '#app/modules/leads/receive-mail.server.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { ownerScopeOf } from '#tests/support/db.ts'

/*
 * Issue 27: another agency never sees a lead. Row-level security on leads and lead_inboxes
 * (migration 0029), proven with raw SQL in each agency's scope, on both drivers; the pages'
 * 404s are in leads-inbound-http.test.ts.
 */

const message = (subject: string) =>
  Buffer.from([`From: Lia <lia.${randomUUID()}@example.com>`, 'To: someone@example.com', `Subject: ${subject}`, '', 'Name: Lia\nMessage: hello', ''].join('\r\n'))

let a: Awaited<ReturnType<typeof ownerScopeOf>>
let b: Awaited<ReturnType<typeof ownerScopeOf>>
let bLead: string

beforeAll(async () => {
  const ownerA = await signedInBroker('Tenancy A')
  const ownerB = await signedInBroker('Tenancy B')
  // Opening /leads makes each agency's inbound address.
  expect((await ownerA.browser.get('/leads')).status).toBe(200)
  expect((await ownerB.browser.get('/leads')).status).toBe(200)
  a = await ownerScopeOf(ownerA.email)
  b = await ownerScopeOf(ownerB.email)
  await receiveMail(message('For A'), [a.agencyId])
  const received = await receiveMail(message('For B'), [b.agencyId])
  const outcome = received.outcomes[0]
  if (outcome?.status !== 'created') throw new Error('no lead for B')
  bLead = outcome.leadId
})

const agenciesIn = (table: 'leads' | 'lead_inboxes') => queryRows<{ agency_id: string }>(sql`select distinct agency_id::text from ${sql.identifier(table)}`)

describe('leads under row-level security', () => {
  it("shows each agency only its own leads and inbound address, raw select without a filter", async () => {
    for (const table of ['leads', 'lead_inboxes'] as const) {
      const everywhere = (await agenciesIn(table)).map((row) => row.agency_id)
      expect(everywhere, table).toEqual(expect.arrayContaining([a.agencyId, b.agencyId]))
      expect((await withScope(a, () => agenciesIn(table))).map((row) => row.agency_id), table).toEqual([a.agencyId])
      expect((await withScope(b, () => agenciesIn(table))).map((row) => row.agency_id), table).toEqual([b.agencyId])
    }
  })

  it("cannot read, change or delete agency B's lead from agency A's scope", async () => {
    expect(await withScope(a, () => queryRows(sql`select id from leads where id = ${bLead}`))).toEqual([])
    expect(await withScope(a, () => queryRows(sql`update leads set status = 'discarded', discarded_at = now() where id = ${bLead} returning id`))).toEqual([])
    expect(await withScope(a, () => queryRows(sql`delete from leads where id = ${bLead} returning id`))).toEqual([])
    const [row] = await queryRows<{ status: string }>(sql`select status::text from leads where id = ${bLead}`)
    expect(row?.status).toBe('new')
  })

  it("cannot file a lead into agency B or take over B's address from agency A's scope", async () => {
    const refusal = (work: () => Promise<unknown>) =>
      withScope(a, work).then(
        () => null,
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
    expect(await refusal(() => getDb().execute(sql`insert into leads (agency_id, source, message) values (${b.agencyId}, 'manual', 'planted')`))).toMatch(/row-level security/)
    expect(await refusal(() => getDb().execute(sql`update leads set agency_id = ${b.agencyId} where agency_id = ${a.agencyId}`))).toMatch(/row-level security/)
    expect(await withScope(a, () => queryRows(sql`update lead_inboxes set token = 'aaaaaaaaaaaaaaaa' where agency_id = ${b.agencyId} returning 1`))).toEqual([])
  })

  it('keeps the limits in the database: one-line headers, E.164 phones, bounded text, a status with its time', async () => {
    const attempt = (values: ReturnType<typeof sql>) =>
      getDb()
        .execute(sql`insert into leads (agency_id, source, message, mail_digest, mail_subject, phone_e164, raw_message, status) values ${values}`)
        .then(
          () => 'stored',
          (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
        )
    const digest = () => randomUUID().replace(/-/g, '').repeat(2)
    expect(await attempt(sql`(${a.agencyId}, 'email', 'ok', ${digest()}, ${'Hi\r\nBcc: x@example.com'}, null, null, 'new')`)).toMatch(/check constraint/)
    expect(await attempt(sql`(${a.agencyId}, 'email', 'ok', ${digest()}, 'Hi', '912345678', null, 'new')`)).toMatch(/check constraint/)
    expect(await attempt(sql`(${a.agencyId}, 'email', ${'x'.repeat(20_001)}, ${digest()}, 'Hi', null, null, 'new')`)).toMatch(/check constraint/)
    expect(await attempt(sql`(${a.agencyId}, 'email', 'ok', ${digest()}, 'Hi', null, ${'x'.repeat(262_145)}, 'new')`)).toMatch(/check constraint/)
    expect(await attempt(sql`(${a.agencyId}, 'email', 'ok', ${digest()}, 'Hi', null, null, 'discarded')`)).toMatch(/check constraint/)
    expect(await attempt(sql`(${a.agencyId}, 'email', 'ok', null, 'Hi', null, null, 'new')`)).toMatch(/check constraint/)
    expect(await attempt(sql`(${a.agencyId}, 'email', 'ok', ${digest()}, 'Hi', '+351912345678', null, 'new')`)).toBe('stored')
  })
})
