import { and, eq, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { leadRouting, leadTakers } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { canManageMembers, isMember, listMembers, memberName } from '#app/modules/agencies/members.server.ts'
import { DEFAULT_ROUTING, ROUTING_ESCALATION_LABELS, ROUTING_MODE_LABELS, type RoutingSettings } from './routing-catalog.ts'

/*
 * The agency's routing setting and the members' "takes leads" switches
 * (docs/decisions/037-lead-routing-and-replies.md). Every member reads them on /leads; the owner
 * and admins change them. No row means the defaults, so an agency that never opened the page
 * routes round-robin with a 15-minute claim time.
 */

/** The setting as stored, or the defaults. Given a transaction: read outside any scope, by agency. */
export async function readRoutingSettings(agencyId: string, db: Transaction | ReturnType<typeof getDb> = getDb()): Promise<RoutingSettings & { lastMemberId: string | null }> {
  const [row] = await db.select().from(leadRouting).where(eq(leadRouting.agencyId, agencyId)).limit(1)
  return row
    ? { mode: row.mode, claimMinutes: row.claimMinutes, escalation: row.escalation, lastMemberId: row.lastMemberId }
    : { ...DEFAULT_ROUTING, lastMemberId: null }
}

/** The members who do not take leads (everyone else does). */
export async function readNonTakers(agencyId: string, db: Transaction | ReturnType<typeof getDb> = getDb()): Promise<Set<string>> {
  const rows = await db
    .select({ userId: leadTakers.userId })
    .from(leadTakers)
    .where(and(eq(leadTakers.agencyId, agencyId), eq(leadTakers.takesLeads, false)))
  return new Set(rows.map((row) => row.userId))
}

export type RoutingView = RoutingSettings & {
  canChange: boolean
  members: { userId: string; name: string; role: string; takesLeads: boolean }[]
}

/** What /leads shows of routing: the setting and who takes leads. */
export async function getRoutingView(scope: Scope): Promise<RoutingView> {
  const [settings, nonTakers, members] = await Promise.all([readRoutingSettings(scope.agencyId), readNonTakers(scope.agencyId), listMembers(scope)])
  return {
    mode: settings.mode,
    claimMinutes: settings.claimMinutes,
    escalation: settings.escalation,
    canChange: canManageMembers(scope),
    members: members.map((member) => ({ userId: member.userId, name: memberName(member), role: member.role, takesLeads: !nonTakers.has(member.userId) })),
  }
}

/** Saves the setting (owners and admins); false for an agent. */
export async function saveRoutingSettings(scope: Scope, value: RoutingSettings): Promise<boolean> {
  if (!canManageMembers(scope)) return false
  await getDb().transaction(async (tx) => {
    await tx
      .insert(leadRouting)
      .values({ agencyId: scope.agencyId, mode: value.mode, claimMinutes: value.claimMinutes, escalation: value.escalation })
      .onConflictDoUpdate({
        target: leadRouting.agencyId,
        set: { mode: value.mode, claimMinutes: value.claimMinutes, escalation: value.escalation, updatedAt: sql`now()` },
      })
    await recordAudit(
      scope,
      {
        action: 'lead_routing_changed',
        objectType: 'agency',
        objectId: scope.agencyId,
        summary: `Set lead routing to ${ROUTING_MODE_LABELS[value.mode].toLowerCase()}, ${value.claimMinutes} min to claim, then ${ROUTING_ESCALATION_LABELS[value.escalation].toLowerCase()}`,
      },
      tx,
    )
  })
  return true
}

export type TakerChange = 'done' | 'forbidden' | 'not_found'

/** A member's "takes leads" switch: the owner and admins for anyone, each member for themselves. */
export async function setTakesLeads(scope: Scope, userId: string, takesLeads: boolean): Promise<TakerChange> {
  if (userId !== scope.memberId && !canManageMembers(scope)) return 'forbidden'
  if (!(await isMember(scope, userId))) return 'not_found'
  await getDb()
    .insert(leadTakers)
    .values({ agencyId: scope.agencyId, userId, takesLeads })
    .onConflictDoUpdate({ target: [leadTakers.agencyId, leadTakers.userId], set: { takesLeads } })
  return 'done'
}
