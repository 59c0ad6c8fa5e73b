import { getDb } from '#db/client.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { safeTimeZone, wallClock } from '#app/lib/zoned-time.ts'
import { getUserEmail } from '#app/modules/auth/accounts.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { claimAgendaMailDay, listAgendaMailProfiles } from '#app/modules/profile/profile.server.ts'
import { listAgenda, type AgendaItem } from './agenda.server.ts'
import { countOf } from '#app/lib/format.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

export const AGENDA_MAIL_QUEUE = 'agenda-morning-mail'
/** Every 15 minutes, like the feedback digest: 08:00 comes at most 15 minutes late in any zone. */
export const AGENDA_MAIL_CRON = '*/15 * * * *'
export const AGENDA_MAIL_HOUR = 8

type Mailer = (mail: MailRequest) => Promise<void>

/** The local date whose morning mail is due at `now`, or null: from 08:00 local, once per local date. */
export function dueAgendaDay(now: Date, timeZone: string, lastSentOn: string | null): string | null {
  const clock = wallClock(now, safeTimeZone(timeZone))
  if (clock.hour < AGENDA_MAIL_HOUR) return null
  if (lastSentOn !== null && lastSentOn >= clock.date) return null
  return clock.date
}

/**
 * The 08:00 mail of every broker whose local clock has passed 08:00 and who has not had
 * today's: the day's viewings and open tasks (and overdue tasks). The day is claimed per broker
 * in a transaction before anything is read, so it goes once however many workers run; nothing
 * is mailed on a day with nothing in it. Returns the mails queued.
 */
export async function sendDueAgendaMails({ now = new Date(), send = sendMail }: { now?: Date; send?: Mailer } = {}): Promise<MailRequest[]> {
  const sent: MailRequest[] = []
  for (const profile of await listAgendaMailProfiles()) {
    const day = dueAgendaDay(now, profile.timeZone, profile.lastAgendaMailOn)
    if (!day) continue
    const claimed = await getDb().transaction((tx) => claimAgendaMailDay(tx, profile.id, day))
    if (!claimed) continue
    // A job acting for one broker: their day as their agenda page shows it in their first agency
    // (scopeOfMember); for a broker alone there (most), their own rows, as before agencies.
    const scope = await scopeOfMember(profile.id)
    if (!scope) continue
    const agenda = await listAgenda(scope, profile.timeZone, now, 1)
    const items = agenda.flatMap((d) => d.items)
    if (items.length === 0) continue
    const to = await getUserEmail(profile.id)
    if (!to) continue
    const mail = composeAgendaMail(to, day, items)
    await send(mail)
    sent.push(mail)
  }
  return sent
}

function line(item: AgendaItem) {
  if (item.kind === 'viewing') return `${item.time} Viewing: ${item.propertyTitle} with ${item.clientName} (${item.durationMinutes} min, ${item.place})`
  return `${item.overdue ? 'Overdue' : item.time} Task: ${item.title}${item.subject ? ` (${item.subject.label})` : ''}`
}

function composeAgendaMail(to: string, day: string, items: AgendaItem[]): MailRequest {
  const viewingsToday = items.filter((i) => i.kind === 'viewing')
  const tasksToday = items.filter((i) => i.kind === 'task')
  const paragraphs = [`Your agenda for ${day}.`]
  if (viewingsToday.length) paragraphs.push(`Viewings (${viewingsToday.length}):\n${viewingsToday.map(line).join('\n')}`)
  if (tasksToday.length) paragraphs.push(`Tasks (${tasksToday.length}):\n${tasksToday.map(line).join('\n')}`)
  paragraphs.push('You get this mail at 08:00 in your time zone on days with viewings or tasks.')
  const counts = [viewingsToday.length && countOf(viewingsToday.length, 'viewing', 'viewings'), tasksToday.length && countOf(tasksToday.length, 'task', 'tasks')].filter(Boolean)
  return { to, subject: `Today: ${counts.join(', ')}`, paragraphs, action: { label: 'Open your agenda', url: `${getEnv().APP_URL}/agenda` } }
}
