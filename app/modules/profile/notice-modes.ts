import type { NoticeMode } from '#db/reference.ts'

/** The choices on /profile (docs/decisions/016-notices.md). */
export const NOTICE_MODE_LABELS: Record<NoticeMode, string> = {
  batched: 'Batched, as it happens',
  daily: 'Daily digest at 08:00',
  off: 'Off',
}
