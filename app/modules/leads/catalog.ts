import type { LeadSource, LeadStatus } from '#db/reference.ts'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#app/lib/time.ts'

/** The inbox's views: what is still to do (new and claimed) by default. */
export const LEAD_VIEWS = ['open', 'new', 'claimed', 'converted', 'discarded', 'all'] as const
export type LeadView = (typeof LEAD_VIEWS)[number]

/** How the inbox names things (a plain module: the pages import it). */
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  enquiry_form: 'Enquiry form',
  website: 'Website',
  open_house: 'Open house',
  email: 'E-mail',
  manual: 'Added by hand',
}

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  claimed: 'Claimed',
  converted: 'Converted',
  discarded: 'Discarded',
}

export const LEAD_VIEW_LABELS: Record<LeadView, string> = {
  open: 'Open',
  new: 'New',
  claimed: 'Claimed',
  converted: 'Converted',
  discarded: 'Spam',
  all: 'All',
}

/** Time since a lead arrived, as the inbox shows it: "just now", "12 min", "3 h", "2 d". */
export function leadAge(arrivedAt: Date | string, now: Date | number): string {
  const ms = new Date(now).getTime() - new Date(arrivedAt).getTime()
  if (!Number.isFinite(ms) || ms < MINUTE_MS) return 'just now'
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min`
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)} h`
  return `${Math.floor(ms / DAY_MS)} d`
}

/** Speed to lead as /leads shows it: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const minutes = Math.round(s / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}
