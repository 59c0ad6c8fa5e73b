import { and, eq, inArray } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { colleagueShares } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { listMembers, lockMemberIn, memberName } from '#app/modules/agencies/members.server.ts'
import { findChangeableTask, findChangeableViewing, findVisibleTask } from '#app/modules/agenda/hand-over.server.ts'
import { getViewing } from '#app/modules/agenda/viewings.server.ts'
import { findChangeableClient, findOwnedClient, getClientNames } from '#app/modules/clients/access.server.ts'
import { findChangeableDeal, findOwnedDeal } from '#app/modules/deals/deals.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { isShareable, type AssignableKind, type ShareableKind } from './kinds.ts'

/*
 * Sharing a client (with its shortlist), a deal, a viewing or a task with named colleagues
 * (issue 26). The colleague then sees it (db/visibility.server.ts) and may work on it: add notes,
 * tasks and viewings, change its stage or details. Only its assigned member and the owner and
 * admins share it, stop sharing it, reassign or delete it.
 */

const COLUMN = {
  client: colleagueShares.clientId,
  deal: colleagueShares.dealId,
  viewing: colleagueShares.viewingId,
  task: colleagueShares.taskId,
} as const

/** The row naming one record of each kind. */
const RECORD_VALUES: Record<ShareableKind, (id: string) => Partial<typeof colleagueShares.$inferInsert>> = {
  client: (id) => ({ clientId: id }),
  deal: (id) => ({ dealId: id }),
  viewing: (id) => ({ viewingId: id }),
  task: (id) => ({ taskId: id }),
}

type Refs = { propertyId?: string | null; clientId?: string | null; dealId?: string | null }
type Shown = { id: string; title: string; refs: Refs }

/** The record as the member sees it (its name for the log), or null: foreign, unknown, not theirs to see. */
const VISIBLE: Record<ShareableKind, (scope: Scope, id: unknown) => Promise<Shown | null>> = {
  async client(scope, id) {
    const client = await findOwnedClient(scope, id)
    return client && { id: client.id, title: client.fullName, refs: { clientId: client.id } }
  },
  async deal(scope, id) {
    const deal = await findOwnedDeal(scope, id)
    return deal && { id: deal.id, title: `the deal ${deal.title}`, refs: { dealId: deal.id, clientId: deal.clientId, propertyId: deal.propertyId } }
  },
  async viewing(scope, id) {
    const viewing = await getViewing(scope, id)
    if (!viewing) return null
    const [titles, names] = await Promise.all([getPropertyTitles(scope, [viewing.propertyId]), getClientNames(scope, [viewing.clientId])])
    const title = `the viewing of ${titles.get(viewing.propertyId) ?? 'a property'} with ${names.get(viewing.clientId) ?? 'a client'}`
    return { id: viewing.id, title, refs: { propertyId: viewing.propertyId, clientId: viewing.clientId } }
  },
  async task(scope, id) {
    const task = await findVisibleTask(scope, id)
    return task && { id: task.id, title: `the task ${task.title}`, refs: { propertyId: task.propertyId, clientId: task.clientId, dealId: task.dealId } }
  },
}

/** Who the record is assigned to, if the member may manage it (in the change's transaction, locked), else null. */
const CHANGEABLE: Record<ShareableKind, (scope: Scope, id: string, tx: Transaction) => Promise<{ ownerId: string } | null>> = {
  client: findChangeableClient,
  deal: findChangeableDeal,
  viewing: findChangeableViewing,
  task: findChangeableTask,
}

export type ShareOutcome =
  | { ok: true; changed: boolean; memberName: string; title: string }
  | { ok: false; reason: 'not_found' | 'forbidden' | 'member' | 'assignee' | 'sees_all'; memberName?: string }

class Refusal extends Error {
  constructor(readonly reason: 'forbidden' | 'member' | 'assignee' | 'sees_all') {
    super(reason)
  }
}

async function change(scope: Scope, kind: ShareableKind, recordId: unknown, memberId: unknown, adding: boolean): Promise<ShareOutcome> {
  const record = await VISIBLE[kind](scope, recordId)
  if (!record) return { ok: false, reason: 'not_found' }
  const member = isUuid(memberId) ? (await listMembers(scope)).find((m) => m.userId === memberId) : undefined
  if (!member) return { ok: false, reason: 'member' }
  const name = memberName(member)
  try {
    return await getDb().transaction(async (tx) => {
      const current = await CHANGEABLE[kind](scope, record.id, tx)
      if (!current) throw new Refusal('forbidden')
      const column = COLUMN[kind]
      let changed: boolean
      if (adding) {
        if (current.ownerId === member.userId) throw new Refusal('assignee')
        // Owners and admins see every record already: a share would change nothing for them.
        if (member.role !== 'agent') throw new Refusal('sees_all')
        if (!(await lockMemberIn(tx, scope, member.userId))) throw new Refusal('member')
        const inserted = await tx
          .insert(colleagueShares)
          .values({ memberId: member.userId, sharedBy: scope.memberId, ...RECORD_VALUES[kind](record.id) })
          // Shared already: nothing to add (the partial unique indexes say so).
          .onConflictDoNothing()
          .returning({ id: colleagueShares.id })
        changed = inserted.length > 0
      } else {
        const removed = await tx
          .delete(colleagueShares)
          .where(and(eq(column, record.id), eq(colleagueShares.memberId, member.userId)))
          .returning({ id: colleagueShares.id })
        changed = removed.length > 0
      }
      if (changed) {
        const summary = adding ? `Shared ${record.title} with ${name}` : `Stopped sharing ${record.title} with ${name}`
        await recordActivity(tx, scope.memberId, { kind: adding ? 'record_shared' : 'record_unshared', ...record.refs, summary, data: { kind, memberId: member.userId } })
        await recordAudit(scope, { action: adding ? 'record_shared' : 'record_unshared', objectType: kind, objectId: record.id, summary }, tx)
      }
      return { ok: true as const, changed, memberName: name, title: record.title }
    })
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, memberName: name }
    throw error
  }
}

/**
 * Shares the record with a colleague (a member of the agency, not the one it is assigned to):
 * by its assigned member or an owner or admin ('forbidden' for a colleague it is shared with).
 * Sharing twice changes nothing.
 */
export function shareWithColleague(scope: Scope, kind: ShareableKind, recordId: unknown, memberId: unknown) {
  return change(scope, kind, recordId, memberId, true)
}

/** Stops sharing the record with the colleague: they no longer see it (unless it is theirs otherwise). */
export function stopSharingWithColleague(scope: Scope, kind: ShareableKind, recordId: unknown, memberId: unknown) {
  return change(scope, kind, recordId, memberId, false)
}

/** Who each of these records (of one kind) is shared with: record id → member ids. One query. */
export async function listSharedWith(kind: ShareableKind, recordIds: readonly string[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(recordIds.filter((id) => isUuid(id)))]
  const found = new Map<string, string[]>()
  if (ids.length === 0) return found
  const column = COLUMN[kind]
  // Row-level security keeps this to the agency; the pages asking have found the records visible.
  const rows = await getDb()
    .select({ recordId: column, memberId: colleagueShares.memberId })
    .from(colleagueShares)
    .where(inArray(column, ids))
    .orderBy(colleagueShares.createdAt)
  for (const row of rows) if (row.recordId) found.set(row.recordId, [...(found.get(row.recordId) ?? []), row.memberId])
  return found
}

/** In an assignment's transaction: a record now assigned to a colleague it was shared with needs no share for them. */
export async function dropShareWith(tx: Transaction, kind: AssignableKind, recordId: string, memberId: string) {
  if (!isShareable(kind)) return
  await tx.delete(colleagueShares).where(and(eq(COLUMN[kind], recordId), eq(colleagueShares.memberId, memberId)))
}
