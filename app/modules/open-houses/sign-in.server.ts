import { and, eq, or, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { openHouses, openHouseSignIns } from '#db/schema.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'
import { callingCodeOf, normaliseEmail, normalisePhone, singleLine } from '#app/modules/leads/contact.ts'
import { insertOpenHouseLead, refreshOpenHouseLead, type OpenHouseLeadInput } from '#app/modules/leads/open-house-leads.server.ts'
import { listPhotosOfProperties } from '#app/modules/media/queries.server.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { getPublicFacts } from '#app/modules/properties/public-facts.server.ts'
import { consumeRateLimit, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import { OPEN_HOUSE_TOKEN_PATTERN } from './open-houses.server.ts'
import {
  describeOpenHouseTimes,
  OPEN_HOUSE_SIGN_IN_WINDOW_SECONDS,
  OPEN_HOUSE_SIGN_INS_PER_HOUR,
  openHouseState,
  SIGN_IN_NAME_MAX_LENGTH,
  SignInSchema,
  signInConsentText,
  type SignInErrors,
  type SignInField,
} from './rules.ts'
import type { SignInPage, SignInValues } from './view.ts'

/*
 * The sign-in page at the door (docs/decisions/038-open-house-sign-in.md), opened by the open
 * house's token without signing in. The visitor has no scope: the page reads as the open house's
 * member in its agency (as share pages act for the link's owner), and a sign-in is written
 * naming the agency, in one transaction with its lead.
 */

type Found = { page: SignInPage; openHouseId: string; agencyId: string; propertyId: string }

async function findByToken(token: unknown, now: Date): Promise<Found | null> {
  if (typeof token !== 'string' || !OPEN_HOUSE_TOKEN_PATTERN.test(token)) return null
  const [row] = await getDb().select().from(openHouses).where(eq(openHouses.token, token)).limit(1)
  if (!row) return null
  const runner = await scopeOfMember(row.ownerId, row.agencyId)
  const property = runner ? await getProperty(runner, row.propertyId) : null
  if (!property) return null
  // What clients may see of the listing, as its share page shows it: a draft or an
  // off-market listing (or one in the trash) has no door page.
  const [facts, photos, broker] = await Promise.all([
    getPublicFacts(property.ownerId, [property.id]),
    listPhotosOfProperties(property.ownerId, [property.id]),
    loadBrokerContact({ memberId: row.ownerId, agencyId: row.agencyId }),
  ])
  const listing = facts.get(property.id)
  if (!listing || !broker) return null
  const cover = photos[0]
  return {
    openHouseId: row.id,
    agencyId: row.agencyId,
    propertyId: property.id,
    page: {
      token,
      state: openHouseState(row, now),
      when: describeOpenHouseTimes(row, row.timeZone),
      startsAt: row.startsAt,
      timeZone: row.timeZone,
      title: listing.title,
      place: [listing.street, listing.area, listing.city].filter(Boolean).join(', '),
      cover: cover ? { id: cover.id, width: cover.width, height: cover.height, caption: cover.caption, tags: cover.tags } : null,
      broker,
      // Who may contact them: the agency, else (an agency without a name) the agent.
      consentText: signInConsentText(broker.agency?.name || broker.agencyName || broker.fullName),
    },
  }
}

/** The door page, or null for an unknown token (or a listing no longer shown to clients). */
export async function getSignInPage(token: unknown, now = new Date()): Promise<SignInPage | null> {
  return (await findByToken(token, now))?.page ?? null
}

export type SignInResult =
  | { ok: true; name: string }
  | { ok: false; status: 400 | 429; errors: SignInErrors; values: SignInValues; retryAfterSeconds?: number; page: SignInPage }
  | { ok: false; status: 409; page: SignInPage }

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * A visitor signs in: refused (409) unless the open house is running; a filled honeypot is
 * thanked and dropped; at most OPEN_HOUSE_SIGN_INS_PER_HOUR per open house. The same person
 * again (the same e-mail, or the same phone number, read as E.164 in the agency's country) is
 * the same sign-in and the same lead, brought up to date. Null for an unknown token.
 */
export async function signIn(token: unknown, form: FormData, now = new Date()): Promise<SignInResult | null> {
  const found = await findByToken(token, now)
  if (!found) return null
  const { page } = found
  if (page.state !== 'running') return { ok: false, status: 409, page }
  const values: SignInValues = {
    name: text(form, 'name'),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    withAgent: text(form, 'withAgent'),
    agentName: text(form, 'agentName'),
    consent: text(form, 'consent') === 'yes',
  }
  if (text(form, 'website')) return { ok: true, name: values.name.trim() }
  const failed = (errors: SignInErrors) => ({ ok: false as const, status: 400 as const, errors, values, page })
  const parsed = SignInSchema.safeParse({ ...values, consent: values.consent ? 'yes' : '' })
  if (!parsed.success) {
    const errors: SignInErrors = {}
    for (const issue of parsed.error.issues) errors[(String(issue.path[0] ?? 'form') as SignInField)] ??= issue.message
    return failed(errors)
  }
  const input = parsed.data
  // One line each, as the database keeps names (a pasted line break is a space).
  const name = singleLine(input.name, SIGN_IN_NAME_MAX_LENGTH)
  if (!name) return failed({ name: 'Write your name.' })
  const emailNormalized = input.email ? normaliseEmail(input.email) : null
  if (input.email && !emailNormalized) return failed({ email: 'Write an e-mail address like name@example.com.' })
  const agencyPhone = page.broker.agency?.phone ?? page.broker.phone
  const phone = input.phone ? normalisePhone(input.phone, callingCodeOf(agencyPhone)) : null
  if (input.phone && !phone) return failed({ phone: 'Write a phone number with at least five digits.' })

  const allowance = await consumeRateLimit(`open-house:${found.openHouseId}`, OPEN_HOUSE_SIGN_INS_PER_HOUR, OPEN_HOUSE_SIGN_IN_WINDOW_SECONDS)
  if (!allowance.allowed) {
    return {
      ...failed({ form: `Too many sign-ins at once. Please wait ${describeRetryAfter(allowance.retryAfterSeconds)} and try again.` }),
      status: 429,
      retryAfterSeconds: allowance.retryAfterSeconds,
    }
  }

  const phoneKey = phone ? (phone.e164 ?? phone.display.replace(/\D/g, '')) : null
  const withAgent = input.withAgent === 'yes'
  const agentName = withAgent ? singleLine(input.agentName, SIGN_IN_NAME_MAX_LENGTH) : null
  const consent = input.consent ? { consentText: page.consentText, consentedAt: now } : { consentText: null, consentedAt: null }
  const lead: OpenHouseLeadInput = {
    agencyId: found.agencyId,
    propertyId: found.propertyId,
    name,
    email: input.email ?? null,
    emailNormalized,
    phone: phone?.display ?? null,
    phoneE164: phone?.e164 ?? null,
    message: `Signed in at the open house of ${page.title} (${page.when}). Working with an agent: ${withAgent ? `yes${agentName ? ` (${agentName})` : ''}` : 'no'}.`,
    ...consent,
  }

  await getDb().transaction(async (tx) => {
    // One sign-in at a time per open house: two tablets cannot make the same person twice.
    await tx.select({ id: openHouses.id }).from(openHouses).where(eq(openHouses.id, found.openHouseId)).for('update')
    const same: SQL[] = []
    if (emailNormalized) same.push(eq(openHouseSignIns.emailNormalized, emailNormalized))
    if (phoneKey) same.push(eq(openHouseSignIns.phoneKey, phoneKey))
    const candidates = await tx
      .select()
      .from(openHouseSignIns)
      .where(and(eq(openHouseSignIns.openHouseId, found.openHouseId), or(...same)))
      .orderBy(openHouseSignIns.signedInAt)
    // The same e-mail is the same person; the same phone only when one of the two gave no
    // e-mail (two people of one household may share a phone, each with their own address).
    const first =
      candidates.find((row) => emailNormalized && row.emailNormalized === emailNormalized) ??
      candidates.find((row) => phoneKey && row.phoneKey === phoneKey && (!emailNormalized || !row.emailNormalized))
    if (!first) {
      const leadId = await insertOpenHouseLead(tx, lead)
      await tx.insert(openHouseSignIns).values({
        agencyId: found.agencyId,
        openHouseId: found.openHouseId,
        leadId,
        name,
        email: lead.email,
        phone: lead.phone,
        emailNormalized,
        phoneKey,
        withAgent,
        agentName,
        ...consent,
        signedInAt: now,
      })
      return
    }
    // A contact this sign-in adds: an e-mail no other sign-in of the open house has, a phone.
    const fillsEmail = !first.emailNormalized && emailNormalized && !candidates.some((row) => row.emailNormalized === emailNormalized)
    const fillsPhone = !first.phoneKey && phoneKey
    // Their lead takes this sign-in's answers while it is open; a converted or discarded lead
    // stays as it is, still their one lead. A deleted lead (lead_id set null) is made again.
    if (first.leadId) await refreshOpenHouseLead(tx, first.leadId, lead)
    const leadId = first.leadId ?? (await insertOpenHouseLead(tx, lead))
    await tx
      .update(openHouseSignIns)
      .set({
        leadId,
        name,
        ...(fillsEmail ? { email: lead.email, emailNormalized } : {}),
        ...(fillsPhone ? { phone: lead.phone, phoneKey } : {}),
        withAgent,
        agentName,
        ...(input.consent ? consent : {}),
      })
      .where(eq(openHouseSignIns.id, first.id))
  })
  return { ok: true, name }
}
