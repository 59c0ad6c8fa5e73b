import { getDb, type Transaction } from '#db/client.server.ts'
import { seesWholeAgency, type Scope } from '#db/tenancy.server.ts'
import { countOf } from '#app/lib/format.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { listMembers, lockMemberIn, memberName } from '#app/modules/agencies/members.server.ts'
import { assignTaskIn, assignViewingIn, handOpenTasksIn, handScheduledViewingsOfClientIn } from '#app/modules/agenda/hand-over.server.ts'
import { handAlertsIn } from '#app/modules/alerts/hand-over.server.ts'
import { getClientNames } from '#app/modules/clients/access.server.ts'
import { assignClientIn } from '#app/modules/clients/mutations.server.ts'
import { assignDealIn, handOpenDealsOfClientIn } from '#app/modules/deals/deals.server.ts'
import { handShortlistIn } from '#app/modules/listings/hand-over.server.ts'
import { handPropertyFilesIn } from '#app/modules/media/hand-over.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { assignPropertyIn } from '#app/modules/properties/mutations.server.ts'
import { handLinksIn } from '#app/modules/sharing/hand-over.server.ts'
import { dropShareWith } from './colleague-shares.server.ts'
import { KIND_NOUNS, type AssignableKind } from './kinds.ts'

/*
 * Reassigning records inside an agency (issue 26): one from its page, or many from a list's bulk
 * bar, always in one transaction. Owners and admins reassign; the new member must be one of the
 * agency's. What hangs on a record follows it as a broker expects (docs/decisions/034):
 * - a property: its photos, documents and links (a link's page shows the assigned agent's
 *   contact), and its open tasks that were with the previous member;
 * - a client: its shortlist, links, feedback and alerts (they are the client's), and, of what
 *   was with the previous member, the open deals (with their open tasks), the viewings still
 *   scheduled and the open tasks. Closed deals, viewings that took place and done tasks stay with
 *   who did the work; so do notes and the activity log, as written;
 * - a deal: its open tasks that were with the previous member;
 * - a viewing, a task: themselves.
 * A colleague the record was shared with who now has it assigned no longer needs the share.
 */

export type AssignResult =
  | { ok: true; assigned: number; unchanged: number; memberName: string; titles: string[] }
  | { ok: false; reason: 'forbidden' | 'member' | 'not_found' }

/** Owners and admins reassign; an agent's records are handed on by them. */
export const canReassign = (scope: Scope) => !scope.solo && seesWholeAgency(scope)

type Refs = { propertyId?: string | null; clientId?: string | null; dealId?: string | null }
type Handed = { title: string; from: string; refs: Refs }
type Hand = (tx: Transaction, scope: Scope, id: string, to: string) => Promise<Handed | null>

const HAND: Record<AssignableKind, Hand> = {
  async property(tx, scope, id, to) {
    const property = await assignPropertyIn(tx, scope, id, to)
    if (!property) return null
    if (property.from !== to) {
      await handPropertyFilesIn(tx, scope, id, to)
      await handLinksIn(tx, scope, { propertyId: id }, to)
      await handOpenTasksIn(tx, scope, { propertyId: id }, property.from, to)
    }
    return { title: property.title, from: property.from, refs: { propertyId: id } }
  },
  async client(tx, scope, id, to) {
    const client = await assignClientIn(tx, scope, id, to)
    if (!client) return null
    if (client.from !== to) {
      await handShortlistIn(tx, scope, id, to)
      await handLinksIn(tx, scope, { clientId: id }, to)
      await handAlertsIn(tx, scope, id, to)
      const dealIds = await handOpenDealsOfClientIn(tx, scope, id, client.from, to)
      await handScheduledViewingsOfClientIn(tx, scope, id, client.from, to)
      await handOpenTasksIn(tx, scope, { clientId: id }, client.from, to)
      await handOpenTasksIn(tx, scope, { dealIds }, client.from, to)
    }
    return { title: client.title, from: client.from, refs: { clientId: id } }
  },
  async deal(tx, scope, id, to) {
    const deal = await assignDealIn(tx, scope, id, to)
    if (!deal) return null
    if (deal.from !== to) await handOpenTasksIn(tx, scope, { dealIds: [id] }, deal.from, to)
    return { title: `the deal ${deal.title}`, from: deal.from, refs: { dealId: id, clientId: deal.clientId, propertyId: deal.propertyId } }
  },
  async viewing(tx, scope, id, to) {
    const viewing = await assignViewingIn(tx, scope, id, to)
    if (!viewing) return null
    // One after the other: a transaction is one connection.
    const titles = await getPropertyTitles(scope, [viewing.propertyId], tx)
    const names = await getClientNames(scope, [viewing.clientId], tx)
    const title = `the viewing of ${titles.get(viewing.propertyId) ?? 'a property'} with ${names.get(viewing.clientId) ?? 'a client'}`
    return { title, from: viewing.from, refs: { propertyId: viewing.propertyId, clientId: viewing.clientId } }
  },
  async task(tx, scope, id, to) {
    const task = await assignTaskIn(tx, scope, id, to)
    if (!task) return null
    return { title: `the task ${task.title}`, from: task.from, refs: { propertyId: task.propertyId, clientId: task.clientId, dealId: task.dealId } }
  },
}

/** Thrown inside the transaction to roll every change of the call back. */
class Refusal extends Error {
  constructor(readonly reason: 'member' | 'not_found') {
    super(reason)
  }
}

/**
 * Assigns the records (`ids`, of one kind) to the member `to`, in one transaction and in id
 * order (two bulk changes lock their rows in the same order): all of them or none. An id the
 * member may not change (another agency's, unknown, trashed) refuses the whole call
 * ('not_found'); `to` not a member of the agency is 'member'; an agent is 'forbidden'. Each
 * record that changes hands gets an activity line; the call, one audit line.
 */
export async function assignRecords(scope: Scope, kind: AssignableKind, ids: readonly string[], to: unknown): Promise<AssignResult> {
  if (!canReassign(scope)) return { ok: false, reason: 'forbidden' }
  const wanted = [...new Set(ids)].sort()
  if (wanted.length === 0 || !wanted.every((id) => isUuid(id))) return { ok: false, reason: 'not_found' }
  if (!isUuid(to)) return { ok: false, reason: 'member' }
  // Named before the transaction: the embedded database runs one statement at a time.
  const member = (await listMembers(scope)).find((m) => m.userId === to)
  if (!member) return { ok: false, reason: 'member' }
  const name = memberName(member)
  const [singular, plural] = KIND_NOUNS[kind]
  try {
    return await getDb().transaction(async (tx) => {
      if (!(await lockMemberIn(tx, scope, to))) throw new Refusal('member')
      let assigned = 0
      const titles: string[] = []
      for (const id of wanted) {
        const handed = await HAND[kind](tx, scope, id, to)
        if (!handed) throw new Refusal('not_found')
        titles.push(handed.title)
        await dropShareWith(tx, kind, id, to)
        if (handed.from === to) continue
        assigned += 1
        await recordActivity(tx, scope.memberId, { kind: 'record_assigned', ...handed.refs, summary: `Assigned ${handed.title} to ${name}`, data: { kind, from: handed.from, to } })
      }
      const what = wanted.length === 1 ? titles[0]! : countOf(wanted.length, singular, plural)
      await recordAudit(scope, { action: 'record_assigned', objectType: kind, objectId: wanted.length === 1 ? wanted[0] : null, summary: `Assigned ${what} to ${name}` }, tx)
      return { ok: true as const, assigned, unchanged: wanted.length - assigned, memberName: name, titles }
    })
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason }
    throw error
  }
}
