import { inArray } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { getAgencyIdentities } from '#app/modules/agencies/agency.server.ts'
import { userJoin } from '#app/modules/auth/accounts.server.ts'
import { profileJoin } from '#app/modules/profile/profile.server.ts'
import { composeContact } from './client-contact.ts'
import type { BrokerContact } from './share-view.ts'

/**
 * Whose contact a client's page or mail carries: the member the record is assigned to, and the
 * agency the record is in (null: the member's card alone, as on another agency's public
 * listing, whose agency row-level security does not show).
 */
export type ContactRef = { memberId: string; agencyId: string | null }

export const contactKey = (ref: ContactRef) => `${ref.memberId}:${ref.agencyId ?? ''}`

const { fullName, avatarId, agencyName, licenceNumber, phone } = profileJoin.columns

/**
 * The contacts of many (an alert run mails clients of many members): two queries whatever their
 * number — the people (account and profile in one) and the agencies. A member whose account
 * has gone has none.
 */
export async function loadBrokerContacts(refs: readonly ContactRef[]): Promise<Map<string, BrokerContact>> {
  const memberIds = [...new Set(refs.map((ref) => ref.memberId))]
  if (memberIds.length === 0) return new Map()
  const agencyIds = refs.flatMap((ref) => (ref.agencyId ? [ref.agencyId] : []))
  const [people, agencies] = await Promise.all([
    getDb()
      .select({ id: userJoin.columns.id, email: userJoin.columns.email, fullName, avatarId, agencyName, licenceNumber, phone })
      .from(userJoin.table)
      .leftJoin(profileJoin.table, profileJoin.on(userJoin.columns.id))
      .where(inArray(userJoin.columns.id, memberIds)),
    getAgencyIdentities(agencyIds),
  ])
  const byId = new Map(people.map((person) => [person.id, person]))
  const contacts = new Map<string, BrokerContact>()
  for (const ref of refs) {
    const person = byId.get(ref.memberId)
    if (!person) continue
    const agent = {
      fullName: person.fullName ?? '',
      avatarId: person.avatarId ?? null,
      agencyName: person.agencyName ?? null,
      licenceNumber: person.licenceNumber ?? null,
      phone: person.phone ?? null,
      email: person.email,
    }
    contacts.set(contactKey(ref), composeContact(agent, (ref.agencyId && agencies.get(ref.agencyId)) || null))
  }
  return contacts
}

/** One contact card: the agent's profile and sign-in e-mail, and their agency's identity. */
export async function loadBrokerContact(ref: ContactRef): Promise<BrokerContact | null> {
  return (await loadBrokerContacts([ref])).get(contactKey(ref)) ?? null
}
