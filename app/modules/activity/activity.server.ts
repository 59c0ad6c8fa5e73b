import type { Transaction } from '#db/client.server.ts'
import { activities } from '#db/schema.ts'
import type { ActivityKind } from '#db/reference.ts'

export type ActivityInput = {
  kind: ActivityKind
  propertyId?: string | null
  clientId?: string | null
  dealId?: string | null
  shareId?: string | null
  summary: string
  data?: Record<string, unknown>
}

export type ActivityRow = ActivityInput & { ownerId: string }

/** Appends many lines, of any brokers, in one statement inside the caller's transaction. */
export async function recordActivities(tx: Transaction, rows: ActivityRow[]) {
  if (rows.length === 0) return
  await tx.insert(activities).values(
    rows.map((row) => ({
      ownerId: row.ownerId,
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

/** Appends to the broker's activity log inside the caller's transaction (same commit or none). */
export async function recordActivity(tx: Transaction, ownerId: string, input: ActivityInput) {
  await recordActivities(tx, [{ ...input, ownerId }])
}
