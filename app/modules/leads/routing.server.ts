import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { leadRouting, leads } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { MINUTE_MS, SECOND_MS } from '#app/lib/time.ts'
import { getAgencyPeople, type AgencyPerson } from '#app/modules/agencies/mail-context.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { sendMails } from '#app/modules/mail/outbound.server.ts'
import { recordNotifications, type NotificationInput } from '#app/modules/notifications/notifications.server.ts'
import { getAgencyPropertyAgent } from '#app/modules/properties/agency-lookup.server.ts'
import { DEFAULT_ROUTING } from './routing-catalog.ts'
import { readNonTakers } from './routing-settings.server.ts'

/*
 * Routing (docs/decisions/037-lead-routing-and-replies.md). Every lead is inserted with
 * `routed_at` null, whatever code inserts it (mail, enquiry forms, open-house sign-ins): nothing
 * special is asked of the inserting code. This sweep, run every few seconds where the background
 * jobs run (and once a minute by a pg-boss cron as a safety net), routes those leads and escalates
 * the ones whose claim time ran out. Each lead is handled in a transaction of its own with its row
 * locked (SKIP LOCKED: two sweeps never route one lead twice) and the agency's routing row locked
 * (round-robin's place moves one lead at a time). Runs outside any scope: it is the agency's work,
 * not a member's. `now` is the clock (tests pass their own).
 */

/** How often the sweep runs where the jobs run. */
export const LEAD_ROUTING_INTERVAL_MS = 2 * SECOND_MS
/** The pg-boss safety net: every minute. */
export const LEAD_ROUTING_QUEUE = 'lead-routing'
export const LEAD_ROUTING_CRON = '* * * * *'
/** Leads handled per sweep and kind; more wait for the next sweep seconds later. */
const SWEEP_BATCH = 200

export type RoutingRun = { routed: number; escalated: number }

type LeadRow = {
  id: string
  agencyId: string
  ownerId: string | null
  status: string
  propertyId: string | null
  contactName: string | null
  contactEmail: string | null
  contactPhone: string | null
  message: string
  offers: number
}

type Outcome = { notifications: NotificationInput[]; mails: MailRequest[] }

/**
 * Routes every lead not routed yet and escalates every offer that ran out; returns how many of
 * each. `only.agencyId` keeps a run to one agency (tests sharing a database with others).
 */
export async function runLeadRouting(now = new Date(), only: { agencyId?: string } = {}): Promise<RoutingRun> {
  const inAgency = only.agencyId ? eq(leads.agencyId, only.agencyId) : undefined
  let routed = 0
  let escalated = 0
  // What each agency's leads need, read once per sweep (a sweep takes seconds at most): its
  // members and who of them takes no leads. The routing setting is read under its lock.
  const agencies = new Map<string, Promise<Agency>>()
  const agencyOf = (agencyId: string) => {
    if (!agencies.has(agencyId)) agencies.set(agencyId, readAgency(agencyId))
    return agencies.get(agencyId)!
  }
  // Mails go to the queue once per sweep, after every commit they tell of.
  const mails: MailRequest[] = []
  const fresh = await getDb()
    .select({ id: leads.id, agencyId: leads.agencyId, propertyId: leads.propertyId })
    .from(leads)
    .where(and(isNull(leads.routedAt), inAgency))
    .orderBy(asc(leads.arrivedAt))
    .limit(SWEEP_BATCH)
  for (const lead of fresh) if (await inLeadTransaction(lead, now, routeLead, agencyOf, mails)) routed++
  const due = await getDb()
    .select({ id: leads.id, agencyId: leads.agencyId, propertyId: leads.propertyId })
    .from(leads)
    .where(and(isNotNull(leads.escalateAt), lte(leads.escalateAt, now), inAgency))
    .orderBy(asc(leads.escalateAt))
    .limit(SWEEP_BATCH)
  for (const lead of due) if (await inLeadTransaction(lead, now, escalateLead, agencyOf, mails)) escalated++
  if (mails.length) {
    // A queue that is away loses the mails, not the leads: the notices in the app are written
    // and the leads are in /leads.
    await sendMails(mails).catch((error: unknown) => logger.error({ mails: mails.length, reason: error instanceof Error ? error.message : String(error) }, 'Lead mails could not be queued'))
  }
  if (routed || escalated) logger.info({ routed, escalated }, 'Leads routed')
  return { routed, escalated }
}

type Agency = { people: AgencyPerson[]; takers: AgencyPerson[] }

async function readAgency(agencyId: string): Promise<Agency> {
  const [people, nonTakers] = await Promise.all([getAgencyPeople(agencyId), readNonTakers(agencyId)])
  return { people, takers: people.filter((person) => !nonTakers.has(person.userId)) }
}

/** What a step knows of the agency, read before its transaction (the embedded database has one connection). */
type Known = Agency & { listingAgent: string | null }
type Step = (tx: Transaction, lead: LeadRow, now: Date, outcome: Outcome, known: Known) => Promise<boolean>
type Candidate = { id: string; agencyId: string; propertyId: string | null }

/**
 * One lead's step in its own transaction, its notices in the same commit. A lead that fails is
 * logged and left for the next sweep: it never holds up the others.
 */
async function inLeadTransaction(candidate: Candidate, now: Date, step: Step, agencyOf: (agencyId: string) => Promise<Agency>, mails: MailRequest[]): Promise<boolean> {
  try {
    const outcome: Outcome = { notifications: [], mails: [] }
    const known: Known = {
      ...(await agencyOf(candidate.agencyId)),
      listingAgent: step === routeLead ? await getAgencyPropertyAgent(candidate.agencyId, candidate.propertyId) : null,
    }
    const done = await getDb().transaction(async (tx) => {
      const [lead] = await tx
        .select({
          id: leads.id,
          agencyId: leads.agencyId,
          ownerId: leads.ownerId,
          status: leads.status,
          propertyId: leads.propertyId,
          contactName: leads.contactName,
          contactEmail: leads.contactEmail,
          contactPhone: leads.contactPhone,
          message: leads.message,
          offers: leads.offers,
          routedAt: leads.routedAt,
          escalateAt: leads.escalateAt,
        })
        .from(leads)
        .where(eq(leads.id, candidate.id))
        .for('update', { skipLocked: true })
      if (!lead) return false
      // Another sweep did it between our look and our lock.
      if (step === routeLead && lead.routedAt !== null) return false
      if (step === escalateLead && (lead.escalateAt === null || lead.escalateAt > now)) return false
      const changed = await step(tx, lead, now, outcome, known)
      await recordNotifications(tx, outcome.notifications)
      return changed
    })
    mails.push(...outcome.mails)
    return done
  } catch (error) {
    logger.error({ leadId: candidate.id, reason: error instanceof Error ? error.message : String(error) }, 'A lead could not be routed; it is tried again on the next sweep')
    return false
  }
}

/** Locks the agency's routing row (made with the defaults when missing) and reads it: one routing at a time per agency. */
async function lockRouting(tx: Transaction, agencyId: string) {
  const locked = () => tx.select().from(leadRouting).where(eq(leadRouting.agencyId, agencyId)).for('update')
  let row = (await locked())[0]
  if (!row) {
    await tx.insert(leadRouting).values({ agencyId }).onConflictDoNothing({ target: leadRouting.agencyId })
    row = (await locked())[0]
  }
  return row ? { mode: row.mode, claimMinutes: row.claimMinutes, escalation: row.escalation, lastMemberId: row.lastMemberId } : { ...DEFAULT_ROUTING, lastMemberId: null }
}

/** The taker after `afterId` in the agency's order (joining), round and round. */
export function nextTaker(takers: readonly AgencyPerson[], afterId: string | null, skip?: string | null): AgencyPerson | null {
  const pool = takers.filter((taker) => taker.userId !== skip)
  if (pool.length === 0) return null
  const at = afterId ? takers.findIndex((taker) => taker.userId === afterId) : -1
  for (let step = 1; step <= takers.length; step++) {
    const candidate = takers[(at + step + takers.length) % takers.length]
    if (candidate && candidate.userId !== skip) return candidate
  }
  return pool[0] ?? null
}

const routeLead: Step = async (tx, lead, now, outcome, known) => {
  const settings = await lockRouting(tx, lead.agencyId)
  const { people, takers } = known
  const timer = people.length > 1 ? new Date(now.getTime() + settings.claimMinutes * MINUTE_MS) : null
  const routed = { routedAt: now, offeredAt: now }
  if (lead.status !== 'new') {
    await tx.update(leads).set({ routedAt: now }).where(eq(leads.id, lead.id))
    return true
  }
  // Inserted already assigned (an open house run by its agent): offered to that member.
  const preset = lead.ownerId ? people.find((person) => person.userId === lead.ownerId) : undefined
  if (preset) {
    await tx.update(leads).set({ ...routed, escalateAt: timer, offers: 1 }).where(eq(leads.id, lead.id))
    tell(outcome, [preset], lead, 'offered')
    return true
  }
  if (settings.mode === 'first_to_claim' && takers.length > 1) {
    await tx.update(leads).set({ ...routed, ownerId: null, escalateAt: timer }).where(eq(leads.id, lead.id))
    tell(outcome, takers, lead, 'open')
    return true
  }
  let chosen: AgencyPerson | null = null
  let turn = false
  if (settings.mode === 'listing_agent') {
    chosen = takers.find((taker) => taker.userId === known.listingAgent) ?? null
  }
  if (!chosen) {
    chosen = nextTaker(takers, settings.lastMemberId)
    turn = true
  }
  if (!chosen) {
    // Nobody takes leads: the owner and admins have it.
    await tx.update(leads).set({ ...routed, ownerId: null, escalateAt: null, escalatedAt: now }).where(eq(leads.id, lead.id))
    tell(outcome, managersOf(people), lead, 'escalated')
    return true
  }
  if (turn) await tx.update(leadRouting).set({ lastMemberId: chosen.userId }).where(eq(leadRouting.agencyId, lead.agencyId))
  await tx.update(leads).set({ ...routed, ownerId: chosen.userId, escalateAt: timer, offers: 1 }).where(eq(leads.id, lead.id))
  tell(outcome, [chosen], lead, 'offered')
  return true
}

const escalateLead: Step = async (tx, lead, now, outcome, known) => {
  if (lead.status !== 'new') {
    await tx.update(leads).set({ escalateAt: null }).where(eq(leads.id, lead.id))
    return false
  }
  const settings = await lockRouting(tx, lead.agencyId)
  const { people, takers } = known
  const next = lead.ownerId ? nextTaker(takers, lead.ownerId, lead.ownerId) : null
  const roundDone = lead.offers >= takers.length
  if (settings.escalation === 'next_member' && settings.mode !== 'first_to_claim' && next && !roundDone) {
    await tx
      .update(leads)
      .set({ ownerId: next.userId, offeredAt: now, offers: sql`${leads.offers} + 1`, escalateAt: new Date(now.getTime() + settings.claimMinutes * MINUTE_MS) })
      .where(eq(leads.id, lead.id))
    tell(outcome, [next], lead, 'offered')
    return true
  }
  await tx.update(leads).set({ ownerId: null, escalateAt: null, escalatedAt: now }).where(eq(leads.id, lead.id))
  tell(outcome, managersOf(people), lead, 'escalated')
  return true
}

const managersOf = (people: readonly AgencyPerson[]) => people.filter((person) => person.role !== 'agent')

/** A notice in the app and a mail to each person told of the lead. */
function tell(outcome: Outcome, people: readonly AgencyPerson[], lead: LeadRow, why: 'offered' | 'open' | 'escalated') {
  const who = lead.contactName ?? lead.contactEmail ?? lead.contactPhone ?? 'someone'
  const summary =
    why === 'offered' ? `New lead for you: ${who}` : why === 'open' ? `New lead to claim: ${who}` : `Nobody claimed the lead from ${who} in time`
  const href = `/lead/${lead.id}`
  const url = `${getEnv().APP_URL}${href}`
  const lines = [
    why === 'offered'
      ? `A new lead is yours to claim: ${who}.`
      : why === 'open'
        ? `A new lead has come in: ${who}. The first to claim it has it.`
        : `Nobody claimed the lead from ${who} in time. It is now with the owner and admins of the agency: claim it or assign it.`,
  ]
  if (lead.message.trim()) lines.push(`They wrote: ${lead.message.trim().slice(0, 500)}`)
  for (const person of people) {
    outcome.notifications.push({ ownerId: person.userId, kind: 'new_lead', summary, href, detail: lead.message })
    outcome.mails.push({ to: person.email, subject: summary, paragraphs: lines, action: { label: 'Open the lead', url } })
  }
}
