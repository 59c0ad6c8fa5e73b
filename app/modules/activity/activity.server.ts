import type { Transaction } from '#db/client.server.ts'
import { activities } from '#db/schema.ts'
import type { ActivityKind } from '#db/reference.ts'
import { recordNotifications, type NotificationInput } from '#app/modules/notifications/notifications.server.ts'

export type ActivityInput = {
  kind: ActivityKind
  propertyId?: string | null
  clientId?: string | null
  dealId?: string | null
  shareId?: string | null
  summary: string
  data?: Record<string, unknown>
}

/**
 * `agencyId`: whose line it is, when the writer knows better than the member's first agency
 * (a job's line about a record of a given agency); else the scope's, or the member's first.
 */
export type ActivityRow = ActivityInput & { ownerId: string; agencyId?: string }

/**
 * Appends many lines, of any brokers, in one statement inside the caller's transaction. Lines
 * of what a client did (feedback on a shortlist, on a viewing) also notify the broker, in the
 * same transaction (docs/decisions/033-notifications-drag-and-profile-sections.md).
 */
export async function recordActivities(tx: Transaction, rows: ActivityRow[]) {
  if (rows.length === 0) return
  await recordNotifications(tx, rows.flatMap((row) => notificationOf(row) ?? []))
  await tx.insert(activities).values(
    rows.map((row) => ({
      ownerId: row.ownerId,
      ...(row.agencyId ? { agencyId: row.agencyId } : {}),
      kind: row.kind,
      propertyId: row.propertyId ?? null,
      clientId: row.clientId ?? null,
      dealId: row.dealId ?? null,
      shareId: row.shareId ?? null,
      summary: row.summary,
      data: row.data ?? {},
    })),
  )
}

/**
 * Appends to the broker's activity log inside the caller's transaction (same commit or none).
 * By the author's id, not a Scope: a client's feedback on a share page (no member acting) is
 * logged for the share's owner the same way.
 */
export async function recordActivity(tx: Transaction, ownerId: string, input: ActivityInput) {
  await recordActivities(tx, [{ ...input, ownerId }])
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The notification an activity line brings, for the kinds a client's action writes; else null. */
function notificationOf(row: ActivityRow): NotificationInput | null {
  const base = { ownerId: row.ownerId, summary: row.summary, detail: text(row.data?.comment) }
  if (row.kind === 'client_feedback' && row.clientId) {
    return { ...base, kind: 'client_feedback', href: `/client/${row.clientId}/listing` }
  }
  if (row.kind === 'viewing_feedback') {
    const viewingId = text(row.data?.viewingId)
    return { ...base, kind: 'viewing_feedback', href: viewingId ? `/viewing/${viewingId}` : '/agenda' }
  }
  return null
}
