import { and, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#db/client.server.ts'
import { auditLog, properties } from '#db/schema.ts'
import { AUDIT_PAGE_SIZE, AUDIT_RETENTION_MS, purgeOldAudit } from '#app/modules/agencies/audit.server.ts'
import { signedInBroker, signIn, signUpBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { scheduleViewingVia } from '#tests/support/agenda.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { findUser, ownerScopeOf, setSubscription } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/*
 * The audit log (issue 26): who created, changed, shared, exported or deleted what, and when —
 * written by the database in the changing statement for the agency's records (migration 0028),
 * by the modules for members, seats and exports; read on /agency/audit by owners and admins,
 * filtered in the URL and paginated; purged after a year by a daily job.
 */

const INVITE_PATH = /\/invite\/[A-Za-z0-9_-]{43}/
const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'").replace(/<!-- -->/g, '')

/** An owner on the professional plan and an agent who joined by invitation. */
async function agencyWithAgent() {
  const owner = await signedInBroker('Olga Owner')
  await setSubscription(owner.email, { plan: 'professional' })
  const { agencyId, memberId: ownerId } = await ownerScopeOf(owner.email)
  const email = uniqueEmail('agent')
  expect((await owner.browser.post('/agency', { intent: 'invite', email, role: 'agent' })).status).toBe(302)
  const [mail] = await queryRows<{ url: string }>(sql`select data->'action'->>'url' as url from pgboss.job where name = 'mail' and data->>'to' = ${email} order by created_on desc limit 1`)
  const agent = new TestBrowser()
  await signUpBroker(agent, 'Ana Agent', email)
  expect((await signIn(agent, email)).status).toBe(302)
  expect((await agent.post(INVITE_PATH.exec(mail!.url)![0], {})).status).toBe(302)
  return { owner: owner.browser, ownerId, agent, agentId: (await findUser(email)).id, agencyId }
}

const linesOf = (agencyId: string) =>
  getDb()
    .select({ actorId: auditLog.actorId, action: auditLog.action, objectType: auditLog.objectType, objectId: auditLog.objectId, summary: auditLog.summary })
    .from(auditLog)
    .where(eq(auditLog.agencyId, agencyId))
    .orderBy(desc(auditLog.createdAt))

describe('what the audit log records', () => {
  it('every create, change, share, export and delete, with who did it, on every write path', async () => {
    const { owner, ownerId, agent, agentId, agencyId } = await agencyWithAgent()
    const propertyId = await createPropertyVia(agent, { title: 'Harbour loft' })
    const clientId = await createClientVia(agent, { fullName: 'Carla Client' })
    expect((await agent.post(`/client/edit/${clientId}`, { fullName: 'Carla Cliente', email: 'carla@example.com', kind: 'buyer', stage: 'contacted' })).status).toBe(302)
    const deal = await agent.post('/deals', { intent: 'create', clientId, title: 'Harbour deal', value: '300000', currency: 'EUR', redirectTo: '' })
    expect(deal.status).toBe(302)
    await scheduleViewingVia(agent, propertyId, clientId)
    expect((await agent.post('/agenda', { intent: 'add-task', about: '', title: 'Call the notary', dueDate: '2030-06-03', dueTime: '09:00', repeat: '' })).status).toBe(302)
    expect((await agent.post('/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '7', redirectTo: '/home' })).status).toBe(302)
    // The admin side: a bulk action on the agent's listing, the list's CSV, the whole agency's export.
    expect((await owner.post(`/property/${propertyId}`, { intent: 'delete', confirm: 'yes' })).status).toBe(302)
    const csv = await owner.get('/clients/export.csv')
    expect(csv.status).toBe(200)
    expect(await csv.text()).toContain('Carla Cliente')
    const exported = await owner.post('/profile/export', {})
    expect(exported.status).toBe(200)
    await exported.arrayBuffer()

    const lines = await linesOf(agencyId)
    const by = (action: string) => lines.filter((line) => line.action === action)
    expect(by('property_created')).toEqual([expect.objectContaining({ actorId: agentId, objectId: propertyId, summary: 'Property “Harbour loft” created' })])
    expect(by('client_created')).toEqual([expect.objectContaining({ actorId: agentId, objectId: clientId, summary: 'Client “Carla Client” created' })])
    expect(by('client_changed')).toContainEqual(expect.objectContaining({ actorId: agentId, objectId: clientId, summary: 'Client “Carla Cliente” changed' }))
    expect(by('deal_created')).toEqual([expect.objectContaining({ actorId: agentId, summary: 'Deal “Harbour deal” created' })])
    expect(by('viewing_created')).toEqual([expect.objectContaining({ actorId: agentId, summary: 'Viewing of “Harbour loft” created' })])
    expect(by('task_created')).toEqual([expect.objectContaining({ actorId: agentId, summary: 'Task “Call the notary” created' })])
    expect(by('share_created')).toEqual([expect.objectContaining({ actorId: agentId, summary: 'Share link of “Harbour loft” created' })])
    expect(by('property_trashed')).toEqual([expect.objectContaining({ actorId: ownerId, objectId: propertyId, summary: 'Property “Harbour loft” moved to the trash' })])
    expect(by('list_exported')).toEqual([expect.objectContaining({ actorId: ownerId, objectType: 'export', summary: "Exported clients (the list's filters) as CSV" })])
    expect(by('data_exported')).toEqual([expect.objectContaining({ actorId: ownerId, objectType: 'export', summary: "Exported the agency's data (download)" })])
    expect(by('member_joined')).toHaveLength(1)

    // Work outside a member's scope (a job, a script) is the system's: no line.
    const before = lines.length
    await getDb().update(properties).set({ title: 'Renamed by a script' }).where(eq(properties.id, propertyId))
    expect(await linesOf(agencyId)).toHaveLength(before)
    // A change that changes nothing writes nothing either (a form saved as it was).
    const changes = async () => (await linesOf(agencyId)).filter((line) => line.action === 'client_changed').length
    const changed = await changes()
    const same = await agent.post(`/client/edit/${clientId}`, { fullName: 'Carla Cliente', email: 'carla@example.com', kind: 'buyer', stage: 'contacted' })
    expect(same.status).toBe(302)
    expect(await changes()).toBe(changed)
  })
})

describe('an import in the audit log', () => {
  it('is one line for the whole import, not one per row; the next change in the same agency has its own line again', async () => {
    const { agent, agentId, agencyId } = await agencyWithAgent()
    const csv = ['FullName,Email,Stage', ...Array.from({ length: 120 }, (_, i) => `Imported ${i},imported${i}@example.com,new`)].join('\n')
    const form = new FormData()
    form.set('file', new File([csv], 'leads.csv', { type: 'text/csv' }))
    const preview = await agent.postMultipart('/clients/import', form)
    expect(preview.status).toBe(302)
    expect((await agent.post(preview.headers.get('Location')!, { intent: 'confirm' })).status).toBe(302)
    const [imported] = await queryRows<{ n: number }>(sql`select count(*)::int as n from clients where agency_id = ${agencyId} and full_name like 'Imported %'`)
    expect(Number(imported?.n)).toBe(120)

    const clientLines = (await linesOf(agencyId)).filter((line) => line.objectType === 'client')
    expect(clientLines).toEqual([expect.objectContaining({ actorId: agentId, action: 'client_imported', summary: 'Imported 120 clients from leads.csv' })])
    await createClientVia(agent, { fullName: 'After the import' })
    expect((await linesOf(agencyId)).filter((line) => line.action === 'client_created').map((line) => line.summary)).toEqual(['Client “After the import” created'])
  })
})

describe('/agency/audit', () => {
  it('filters by member and by kind in the URL, pages of 50, refuses a bad filter with 400 by its field, and is 403 for an agent (they know the agency has one)', async () => {
    const { owner, agent, agentId, ownerId, agencyId } = await agencyWithAgent()
    await createClientVia(agent, { fullName: 'Agent Client' })
    await createPropertyVia(owner, { title: 'Owner listing' })
    // A long history: 60 lines of the owner's, newest last.
    await getDb().insert(auditLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        agencyId,
        actorId: ownerId,
        action: 'task_created',
        objectType: 'task',
        summary: `Task “Old ${i}” created`,
        createdAt: new Date(Date.now() - (120 - i) * 60_000),
      })),
    )

    const agentOnly = await text(await owner.get(`/agency/audit?member=${agentId}`))
    expect(agentOnly).toContain('Client “Agent Client” created')
    expect(agentOnly).not.toContain('Owner listing')
    expect(agentOnly).toMatch(/<option value="[0-9a-f-]{36}" selected="">Ana Agent<\/option>/)

    const propertiesOnly = await text(await owner.get('/agency/audit?kind=property'))
    expect(propertiesOnly).toContain('Property “Owner listing” created')
    expect(propertiesOnly).not.toContain('Agent Client')
    expect(propertiesOnly).not.toContain('Old 1')

    const tasks = await text(await owner.get(`/agency/audit?member=${ownerId}&kind=task`))
    expect(tasks.match(/data-testid="audit-entry"/g)).toHaveLength(AUDIT_PAGE_SIZE)
    expect(tasks).toContain('Task “Old 59” created')
    expect(tasks).toContain('Page 1 of 2')
    expect(tasks).toMatch(/href="\/agency\/audit\?member=[0-9a-f-]{36}&amp;kind=task&amp;page=2"/)
    const second = await text(await owner.get(`/agency/audit?member=${ownerId}&kind=task&page=2`))
    expect(second.match(/data-testid="audit-entry"/g)).toHaveLength(10)
    expect(second).toContain('Task “Old 0” created')
    expect(second).not.toContain('Task “Old 59” created')

    for (const [query, field, message] of [
      ['kind=spaceships', 'audit-kind-error', 'Choose a kind from the list'],
      ['member=not-a-member', 'audit-member-error', 'Choose a member from the list'],
      ['page=0', 'audit-page-error', 'Page must be 1 or more'],
    ] as const) {
      const refused = await owner.get(`/agency/audit?${query}`)
      expect(refused.status, query).toBe(400)
      expect(await text(refused)).toContain(`<ul id="${field}" class="mt-1 flex flex-col gap-0.5 text-sm text-danger"><li>${message}</li></ul>`)
    }
    expect((await agent.get('/agency/audit')).status).toBe(403)
    expect((await agent.get(`/agency/audit?member=${agentId}`)).status).toBe(403)
  })
})

describe('keeping the audit log a year', () => {
  it('the daily purge deletes lines older than a year and keeps the rest', async () => {
    const { agencyId, ownerId } = await agencyWithAgent()
    const now = Date.now()
    await getDb().insert(auditLog).values([
      { agencyId, actorId: ownerId, action: 'deal_created', objectType: 'deal', summary: 'Deal “Ancient” created', createdAt: new Date(now - AUDIT_RETENTION_MS - 86_400_000) },
      { agencyId, actorId: ownerId, action: 'deal_created', objectType: 'deal', summary: 'Deal “Just kept” created', createdAt: new Date(now - AUDIT_RETENTION_MS + 3_600_000) },
    ])
    expect(await purgeOldAudit(new Date(now))).toBeGreaterThanOrEqual(1)
    const left = await getDb()
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, agencyId), eq(auditLog.objectType, 'deal')))
    expect(left.map((line) => line.summary)).toEqual(['Deal “Just kept” created'])
    expect((await linesOf(agencyId)).some((line) => line.action === 'member_joined')).toBe(true)
  })
})
