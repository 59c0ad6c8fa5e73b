import { beforeAll, describe, expect, it } from 'vitest'
import { inviteMember } from '#app/modules/agencies/invitations.server.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { listClients } from '#app/modules/clients/queries.server.ts'
import { parseClientFilters } from '#app/modules/clients/filters.ts'
import { findUser, ownerScopeOf, scopeOf, setSubscription } from '#tests/support/db.ts'
import { createPropertyVia, propertyForm } from '#tests/support/properties.ts'

/*
 * Issue 26: what members of one agency see of each other's records. Properties are the agency's
 * stock (every member sees them; the assigned agent and admins change them); clients are the
 * assigned agent's and the admins'. Another agency sees none of it.
 */

type Person = { browser: TestBrowser; email: string }
let owner: Person
let agent: Person
let stranger: Person
let ownerProperty: string
let agentProperty: string
let ownerClient: string
let agentClient: string

async function join(inviter: Person, role: 'admin' | 'agent'): Promise<Person> {
  const invitee = await signedInBroker(`New ${role}`)
  const invited = await inviteMember(await ownerScopeOf(inviter.email), { email: invitee.email, role })
  if (!invited.ok) throw new Error(`invite failed: ${invited.reason}`)
  const accepted = await invitee.browser.post(`/invite/${invited.token}`, {})
  expect(accepted.status).toBe(302)
  return invitee
}

beforeAll(async () => {
  owner = await signedInBroker('Agency Owner')
  await setSubscription(owner.email, { plan: 'advanced' })
  agent = await join(owner, 'agent')
  stranger = await signedInBroker('Other Agency')
  ownerProperty = await createPropertyVia(owner.browser, { title: 'Owner listed villa' })
  agentProperty = await createPropertyVia(agent.browser, { title: 'Agent listed flat' })
  ownerClient = await createClientVia(owner.browser, { fullName: 'Owner Client Olga' })
  agentClient = await createClientVia(agent.browser, { fullName: 'Agent Client Artur' })
})

describe('an agency of several members', () => {
  it("shows every member the agency's properties, and searches them", async () => {
    for (const person of [owner, agent]) {
      const html = await (await person.browser.get('/properties')).text()
      expect(html).toContain('Owner listed villa')
      expect(html).toContain('Agent listed flat')
      const found = await (await person.browser.get('/properties?q=villa')).text()
      expect(found).toContain('Owner listed villa')
      expect(found).not.toContain('Agent listed flat')
    }
    expect((await agent.browser.get(`/property/${ownerProperty}`)).status).toBe(200)
  })

  it("lets an agent change their own listing but not a colleague's; the owner changes both", async () => {
    const own = await agent.browser.post(`/property/${agentProperty}/edit`, propertyForm({ title: 'Agent listed flat, renovated' }))
    expect(own.status).toBe(302)
    const colleague = await agent.browser.post(`/property/${ownerProperty}/edit`, propertyForm({ title: 'Taken over' }))
    expect(colleague.status).toBe(403)
    expect((await agent.browser.get(`/property/${ownerProperty}/edit`)).status).toBe(403)
    expect(await (await owner.browser.get(`/property/${ownerProperty}`)).text()).toContain('Owner listed villa')
    const byOwner = await owner.browser.post(`/property/${agentProperty}/edit`, propertyForm({ title: 'Agent listed flat, checked' }))
    expect(byOwner.status).toBe(302)
  })

  it("keeps an agent's clients to the agent and the owner, not the other way round", async () => {
    expect((await agent.browser.get(`/client/${ownerClient}`)).status).toBe(404)
    expect((await owner.browser.get(`/client/${agentClient}`)).status).toBe(200)
    const agentList = await (await agent.browser.get('/clients')).text()
    expect(agentList).toContain('Agent Client Artur')
    expect(agentList).not.toContain('Owner Client Olga')
    const ownerList = await (await owner.browser.get('/clients')).text()
    expect(ownerList).toContain('Agent Client Artur')
    expect(ownerList).toContain('Owner Client Olga')
  })

  it('shows another agency nothing of it', async () => {
    expect((await stranger.browser.get(`/property/${ownerProperty}`)).status).toBe(404)
    expect((await stranger.browser.get(`/client/${agentClient}`)).status).toBe(404)
    const html = await (await stranger.browser.get('/properties')).text()
    expect(html).not.toContain('Owner listed villa')
  })
})

describe('a scope outside a request (scopeOfMember)', () => {
  it("is the member's scope as the session reads it, and module functions see through it what the member's pages show", async () => {
    const ownerScope = await ownerScopeOf(owner.email)
    const agentScope = await scopeOf((await findUser(agent.email)).id)
    expect(ownerScope).toMatchObject({ role: 'owner', solo: false })
    expect(agentScope).toMatchObject({ agencyId: ownerScope.agencyId, role: 'agent', solo: false })
    expect(await ownerScopeOf(stranger.email)).toMatchObject({ role: 'owner', solo: true })

    const { filters } = parseClientFilters(new URLSearchParams())
    const namesFor = async (scope: typeof ownerScope) => (await listClients(scope, filters)).items.map((client) => client.fullName)
    expect(await namesFor(agentScope)).toContain('Agent Client Artur')
    expect(await namesFor(agentScope)).not.toContain('Owner Client Olga')
    expect(await namesFor(ownerScope)).toEqual(expect.arrayContaining(['Agent Client Artur', 'Owner Client Olga']))
    expect(await namesFor(await ownerScopeOf(stranger.email))).toEqual([])
  })
})
