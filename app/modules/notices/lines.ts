import { wallClock } from '#app/lib/zoned-time.ts'
import type { FeedbackReaction } from '#db/reference.ts'

/** How much of a comment a notice quotes. */
export const QUOTE_MAX_CHARACTERS = 140

/** The first ~140 characters of a comment on one line, with an ellipsis when cut. */
export function quote(comment: string): string {
  const flat = comment.replace(/\s+/g, ' ').trim()
  if (flat.length <= QUOTE_MAX_CHARACTERS) return flat
  return `${flat.slice(0, QUOTE_MAX_CHARACTERS).trimEnd()}…`
}

const VERBS: Record<FeedbackReaction, string> = { interested: 'Interested in', not_for_me: 'Not for me:' }

/** "Ana: Interested in Sea view flat; 'Can we visit on Friday?'" */
export function feedbackLine(who: string, title: string, reaction: FeedbackReaction | null, comment: string): string {
  const said = reaction ? `${VERBS[reaction]} ${title}` : `Comment on ${title}`
  const quoted = comment.trim() ? `; '${quote(comment)}'` : ''
  return `${who}: ${said}${quoted}`
}

export type LocalClock = { date: string; hour: number; minute: number }

/** The wall clock in `timeZone` at `now`: the local date (YYYY-MM-DD), hour and minute. */
export function localClock(now: Date, timeZone: string): LocalClock {
  const { date, hour, minute } = wallClock(now, timeZone)
  return { date, hour, minute }
}

/** The digest hour, local time. */
export const DIGEST_HOUR = 8

/**
 * The local date whose digest is due at `now`, or null: due once the broker's clock has passed
 * 08:00 and no digest has gone out for that local date yet.
 */
export function dueDigestDay(now: Date, timeZone: string, lastDigestOn: string | null): string | null {
  let clock: LocalClock
  try {
    clock = localClock(now, timeZone)
  } catch {
    clock = localClock(now, 'UTC')
  }
  if (clock.hour < DIGEST_HOUR) return null
  if (lastDigestOn !== null && lastDigestOn >= clock.date) return null
  return clock.date
}
