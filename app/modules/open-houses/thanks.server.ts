import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import { getDb, withScope } from '#db/client.server.ts'
import { openHouses, openHouseSignIns } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { mailSignature } from '#app/modules/sharing/client-contact.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import { sharePath } from '#app/modules/sharing/share-links.ts'
import { linkListing } from './open-houses.server.ts'
import { describeOpenHouseTimes } from './rules.ts'

/*
 * The morning after an open house (docs/decisions/038-open-house-sign-in.md): at 08:00 in the
 * broker's zone the day after it, each visitor who left an e-mail and ticked the consent box is
 * thanked with the listing's share link, once. The cron only looks for open houses whose hour
 * has come; each sign-in's mail is queued under the sign-in's id (queued twice, it is queued
 * once) and then marked, so a run that dies half-way and is retried mails nobody twice.
 */

export const OPEN_HOUSE_THANKS_QUEUE = 'open-house-thanks'
/** Every 15 minutes, like the morning mails: 08:00 comes at most 15 minutes late in any zone. */
export const OPEN_HOUSE_THANKS_CRON = '*/15 * * * *'
/** Open houses one run thanks for; the next run takes the rest. */
const OPEN_HOUSES_PER_RUN = 200

export type ThanksMailer = (mail: MailRequest, options: { id: string }) => Promise<void>

/** Thanks the visitors of every open house whose morning has come. Returns the mails queued. */
export async function sendDueOpenHouseThanks({ now = new Date(), send = sendMail }: { now?: Date; send?: ThanksMailer } = {}): Promise<MailRequest[]> {
  // System-level, as the alert run is: every agency's open houses by their due time.
  const due = await getDb()
    .select()
    .from(openHouses)
    .where(and(isNull(openHouses.thanksSentAt), lte(openHouses.thanksDueAt, now)))
    .orderBy(asc(openHouses.thanksDueAt))
    .limit(OPEN_HOUSES_PER_RUN)
  const sent: MailRequest[] = []
  for (const openHouse of due) {
    const runner = await scopeOfMember(openHouse.ownerId, openHouse.agencyId)
    if (runner) {
      // In the open house's agency: a share link made now is the agency's (row-level security on).
      sent.push(...(await withScope(runner, () => thankVisitors(openHouse, runner, now, send))))
    } else {
      logger.warn({ openHouseId: openHouse.id }, 'Open house thanks skipped: its member has no agency')
    }
    await getDb().update(openHouses).set({ thanksSentAt: now }).where(eq(openHouses.id, openHouse.id))
  }
  return sent
}

type OpenHouseRow = typeof openHouses.$inferSelect
type Runner = NonNullable<Awaited<ReturnType<typeof scopeOfMember>>>

async function thankVisitors(openHouse: OpenHouseRow, runner: Runner, now: Date, send: ThanksMailer): Promise<MailRequest[]> {
  const visitors = await getDb()
    .select({ id: openHouseSignIns.id, name: openHouseSignIns.name, email: openHouseSignIns.email })
    .from(openHouseSignIns)
    .where(
      and(
        eq(openHouseSignIns.openHouseId, openHouse.id),
        isNull(openHouseSignIns.thankedAt),
        isNotNull(openHouseSignIns.emailNormalized),
        isNotNull(openHouseSignIns.consentedAt),
      ),
    )
    .orderBy(asc(openHouseSignIns.signedInAt))
  if (visitors.length === 0) return []
  const [property, broker] = await Promise.all([getProperty(runner, openHouse.propertyId), loadBrokerContact({ memberId: openHouse.ownerId, agencyId: openHouse.agencyId })])
  if (!property || !broker) return []
  const shareId = await linkListing(openHouse.agencyId, property.ownerId, property.id, openHouse.id)
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  const brokerName = broker.fullName || 'Your agent'
  const when = describeOpenHouseTimes(openHouse, openHouse.timeZone)
  const mails: MailRequest[] = []
  for (const visitor of visitors) {
    if (!visitor.email) continue
    const mail: MailRequest = {
      to: visitor.email,
      subject: `Thank you for visiting ${property.title}`,
      paragraphs: [
        `Hello ${visitor.name},`,
        `Thank you for coming to the open house of ${property.title} (${when}).`,
        shareId
          ? 'Here is the listing again, with its photos and details, to look at at your leisure or to share with someone.'
          : 'The listing is not on show just now; reply to this mail and we will tell you more.',
        `Questions, or would you like a private viewing? Reply to ${brokerName} at ${broker.email}.`,
      ],
      ...(shareId ? { action: { label: 'See the listing', url: `${appUrl}${sharePath('property', shareId)}` } } : {}),
      signature: mailSignature(broker, appUrl),
    }
    await send(mail, { id: visitor.id })
    await getDb().update(openHouseSignIns).set({ thankedAt: now }).where(and(eq(openHouseSignIns.id, visitor.id), isNull(openHouseSignIns.thankedAt)))
    mails.push(mail)
  }
  return mails
}
