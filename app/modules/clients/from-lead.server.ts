import { and, eq, or, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient, liveClient } from './access.server.ts'
import { visibleTo } from '#db/visibility.server.ts'

/*
 * A lead becomes a client, or joins one the broker already has
 * (docs/decisions/037-lead-routing-and-replies.md). The leads module asks; this module writes its
 * own table. The client keeps where the lead came from (`source`) and the consent the person gave
 * (its wording and time), as the lead kept them.
 */

export type LeadContact = {
  fullName: string
  email: string | null
  phone: string | null
  source: string
  notes: string
  consentText: string | null
  consentedAt: Date | null
}

const MAX_NAME = 120
const MAX_NOTES = 10_000
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A new client of the scope's member from a lead, in the caller's transaction; its id. */
export async function createClientFromLeadIn(tx: Transaction, scope: Scope, contact: LeadContact): Promise<string> {
  const consent = contact.consentText && contact.consentedAt ? { consentText: contact.consentText, consentedAt: contact.consentedAt } : {}
  const [row] = await tx
    .insert(clients)
    .values({
      ownerId: scope.memberId,
      fullName: clip(contact.fullName, MAX_NAME),
      email: contact.email,
      phone: contact.phone ? clip(contact.phone, 40) : null,
      source: clip(contact.source, 120),
      notes: clip(contact.notes, MAX_NOTES),
      ...consent,
    })
    .returning({ id: clients.id })
  if (!row) throw new Error('insert returned no row')
  await recordActivity(tx, scope.memberId, { kind: 'client_created', clientId: row.id, summary: `Added client ${clip(contact.fullName, MAX_NAME)} from a lead` })
  return row.id
}

/**
 * Joins a lead to a client the scope sees: what the client lacks (e-mail, phone, source, consent)
 * is taken from the lead; nothing the broker typed is overwritten. Null when the client is not
 * one the scope sees (or is in the trash).
 */
export async function mergeLeadIntoClientIn(tx: Transaction, scope: Scope, clientId: string, contact: LeadContact): Promise<{ id: string; fullName: string } | null> {
  const client = await findOwnedClient(scope, clientId, tx)
  if (!client) return null
  const hasConsent = Boolean(contact.consentText && contact.consentedAt)
  await tx
    .update(clients)
    .set({
      email: sql`coalesce(${clients.email}, ${contact.email})`,
      phone: sql`coalesce(${clients.phone}, ${contact.phone ? clip(contact.phone, 40) : null})`,
      source: sql`coalesce(nullif(${clients.source}, ''), ${clip(contact.source, 120)})`,
      ...(hasConsent
        ? {
            consentText: sql`case when ${clients.consentText} is null then ${contact.consentText} else ${clients.consentText} end`,
            consentedAt: sql`case when ${clients.consentText} is null then ${contact.consentedAt?.toISOString() ?? null}::timestamptz else ${clients.consentedAt} end`,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(clients.id, client.id))
  await recordActivity(tx, scope.memberId, { kind: 'client_updated', clientId: client.id, summary: `Joined a lead to client ${client.fullName}` })
  return { id: client.id, fullName: client.fullName }
}

export type ClientCandidate = { id: string; fullName: string; email: string | null; phone: string | null }

/**
 * The scope's live clients who may be the lead's person: the same e-mail (without case), or a
 * phone whose digits end with the lead's last eight digits (the caller compares the numbers
 * read in full). At most 20.
 */
export async function findClientCandidates(scope: Scope, contact: { email: string | null; phoneDigits: string | null }): Promise<ClientCandidate[]> {
  const tests = []
  if (contact.email) tests.push(sql`lower(${clients.email}) = ${contact.email.toLowerCase()}`)
  const tail = contact.phoneDigits?.replace(/\D/g, '').slice(-8)
  if (tail && tail.length >= 6) tests.push(sql`regexp_replace(coalesce(${clients.phone}, ''), '[^0-9]', '', 'g') like ${`%${tail}`}`)
  if (tests.length === 0) return []
  return getDb()
    .select({ id: clients.id, fullName: clients.fullName, email: clients.email, phone: clients.phone })
    .from(clients)
    .where(and(visibleTo(clients, scope), liveClient, or(...tests)))
    .orderBy(clients.fullName, clients.id)
    .limit(20)
}
