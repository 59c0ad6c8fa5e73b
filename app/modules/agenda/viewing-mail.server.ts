import { and, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { viewings } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { getTimeZone } from '#app/modules/profile/profile.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import { mailSignature } from '#app/modules/sharing/client-contact.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import { describeWhen } from './format.ts'
import { invitationIcs } from './ics.ts'
import type { Scope } from '#db/tenancy.server.ts'

export type ViewingMailKind = 'request' | 'cancel' | 'feedback'

export const feedbackPath = (token: string) => `/viewing-feedback/${token}`


/**
 * Tells the client about a viewing as it now stands (read after the commit): an invitation or
 * its update with the .ics (METHOD:REQUEST), a cancellation (METHOD:CANCEL), or the feedback
 * link once done. Queued through the mail job. False when the client has no e-mail address.
 */
export async function mailViewingChange(scope: Scope, viewingId: string, kind: ViewingMailKind): Promise<boolean> {
  const [viewing] = await getDb()
    .select()
    .from(viewings)
    .where(and(eq(viewings.id, viewingId), eq(viewings.ownerId, scope.memberId)))
    .limit(1)
  if (!viewing) return false
  // The agent the viewing is assigned to speaks, with their agency's identity under the words.
  const [client, property, broker, timeZone] = await Promise.all([
    findOwnedClient(scope, viewing.clientId),
    findOwnedProperty(scope, viewing.propertyId),
    loadBrokerContact({ memberId: viewing.ownerId, agencyId: viewing.agencyId }),
    getTimeZone(scope.memberId),
  ])
  if (!client?.email || !property || !broker) return false
  const brokerName = broker.fullName || 'Your broker'
  const brokerEmail = broker.email
  const when = describeWhen(viewing.startsAt, timeZone)
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  const mail: MailRequest = { to: client.email, subject: '', paragraphs: [], signature: mailSignature(broker, appUrl) }
  if (kind === 'feedback') {
    if (!viewing.feedbackToken) return false
    mail.subject = `How was your viewing of ${property.title}?`
    mail.paragraphs = [
      `Hello ${client.fullName},`,
      `Thank you for visiting ${property.title} on ${when}. ${brokerName} would like to know what you thought: it takes a minute, no account needed.`,
      `Questions? Reply to ${brokerName} at ${brokerEmail}.`,
    ]
    mail.action = { label: 'Rate the viewing', url: `${appUrl}${feedbackPath(viewing.feedbackToken)}` }
  } else {
    const cancelled = kind === 'cancel'
    const changed = viewing.sequence > 0
    mail.subject = `${cancelled ? 'Viewing canceled' : changed ? 'Viewing updated' : 'Viewing invitation'}: ${property.title}, ${when}`
    mail.paragraphs = [
      `Hello ${client.fullName},`,
      cancelled
        ? `${brokerName} has canceled the viewing of ${property.title} on ${when}. The attached file removes it from your calendar.`
        : `${brokerName} ${changed ? 'has changed' : 'invites you to'} the viewing of ${property.title}.`,
      ...(cancelled ? [] : [`When: ${when}, ${viewing.durationMinutes} minutes\nWhere: ${viewing.place}`, 'Open the attached file to add it to your calendar.']),
      `Questions? Reply to ${brokerName} at ${brokerEmail}.`,
    ]
    const ics = invitationIcs(
      {
        viewingId: viewing.id,
        sequence: viewing.sequence,
        startsAt: viewing.startsAt,
        durationMinutes: viewing.durationMinutes,
        summary: `Viewing: ${property.title}`,
        place: viewing.place,
        description: `Viewing of ${property.title} with ${brokerName} (${brokerEmail}).`,
        organizer: { name: brokerName, email: brokerEmail },
        attendee: { name: client.fullName, email: client.email },
      },
      kind,
    )
    const method = cancelled ? 'CANCEL' : 'REQUEST'
    mail.attachments = [{ filename: cancelled ? 'cancel.ics' : 'invite.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics }]
  }
  await sendMail(mail)
  return true
}
