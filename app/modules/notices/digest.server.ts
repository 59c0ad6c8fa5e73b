import { getDb } from '#db/client.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { getUserEmail } from '#app/modules/auth/accounts.server.ts'
import { getClientNames } from '#app/modules/clients/access.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { claimDigestDay, listDailyDigestProfiles } from '#app/modules/profile/profile.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { takeUnnotifiedFeedback, type PendingFeedback } from '#app/modules/sharing/feedback.server.ts'
import { countViewsSince, type ShareViewCount } from '#app/modules/sharing/share-views.server.ts'
import { describeFeedback, NOTICE_LOOKBACK_MS } from './feedback-notices.server.ts'
import { dueDigestDay } from './lines.ts'
import { countOf } from '#app/lib/format.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

export const DIGEST_QUEUE = 'feedback-digest'
/** Every 15 minutes: a broker's 08:00 comes at most 15 minutes late, whatever the zone's offset. */
export const DIGEST_CRON = '*/15 * * * *'

type Mailer = (mail: MailRequest) => Promise<void>

/**
 * The daily digest of every broker whose local clock has passed 08:00 and who has not had
 * today's: feedback not yet reported from the last day and the views of each link. Claimed per
 * broker and local date in the same transaction that marks the feedback notified, so it goes
 * out once a day however many workers run; mailed only when there is something to say.
 * Returns the mails queued.
 */
export async function sendDueDigests({ now = new Date(), send = sendMail }: { now?: Date; send?: Mailer } = {}): Promise<MailRequest[]> {
  const sent: MailRequest[] = []
  for (const profile of await listDailyDigestProfiles()) {
    const day = dueDigestDay(now, profile.timeZone, profile.lastDigestOn)
    if (!day) continue
    const since = new Date(now.getTime() - NOTICE_LOOKBACK_MS)
    const claimed = await getDb().transaction(async (tx) => {
      if (!(await claimDigestDay(tx, profile.id, day))) return null
      return takeUnnotifiedFeedback(tx, profile.id, { since, now })
    })
    if (!claimed) continue
    const views = await countViewsSince(profile.id, since.toISOString().slice(0, 10))
    if (claimed.length === 0 && views.length === 0) continue
    const to = await getUserEmail(profile.id)
    if (!to) continue
    // A job acting for one broker: their scope in their first agency (scopeOfMember), so the names
    // are read as their pages read them. The feedback itself is theirs across agencies (by owner).
    const scope = await scopeOfMember(profile.id)
    if (!scope) continue
    const mail = await composeDigest(scope, to, claimed, views)
    await send(mail)
    sent.push(mail)
  }
  return sent
}

async function composeDigest(scope: Scope, to: string, feedback: PendingFeedback[], views: ShareViewCount[]): Promise<MailRequest> {
  const appUrl = getEnv().APP_URL
  const { clientName, line } = await describeFeedback(scope, feedback)
  const paragraphs = ['Your BrokerVault digest: what clients did with your links in the last day.']
  const byClient = new Map<string, PendingFeedback[]>()
  for (const row of feedback) byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row])
  for (const [clientId, rows] of byClient) {
    paragraphs.push(`Feedback from ${clientName(clientId)} (${appUrl}/client/${clientId}/listing):\n${rows.map(line).join('\n')}`)
  }
  if (views.length > 0) {
    const labels = await viewLabels(scope, views)
    const total = views.reduce((sum, v) => sum + v.views, 0)
    paragraphs.push(
      `Share link views (${total}):\n${views.map((v) => `${labels.get(v.shareId)}: ${countOf(v.views, 'view', 'views')}`).join('\n')}`,
    )
  }
  paragraphs.push('You get this digest at 08:00 in your time zone. Change this on your profile.')
  const subject = feedback.length > 0 ? `Your daily digest: feedback from ${[...byClient.keys()].map(clientName).join(', ')}` : 'Your daily digest: share link views'
  return { to, subject, paragraphs, action: { label: 'Open your share links', url: `${appUrl}/shares` } }
}

/** "Shortlist of Marta Silva" or the property's title, per link. */
async function viewLabels(scope: Scope, views: ShareViewCount[]) {
  const [titles, clientNames] = await Promise.all([
    getPropertyTitles(scope, views.map((v) => v.propertyId)),
    getClientNames(scope, views.map((v) => v.clientId)),
  ])
  const label = (v: ShareViewCount) =>
    v.clientId ? `Shortlist of ${clientNames.get(v.clientId) ?? 'a client'}` : (titles.get(v.propertyId ?? '') ?? 'A property')
  return new Map(views.map((v) => [v.shareId, label(v)]))
}
