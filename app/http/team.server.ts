import { data } from 'react-router'
import { isUuid } from '#app/lib/ids.ts'
import { listMembers, memberName } from '#app/modules/agencies/members.server.ts'
import { canReassign } from '#app/modules/assignment/assign.server.ts'
import type { AuthState } from '#app/modules/session/sessions.server.ts'
import type { Role } from '#db/tenancy.server.ts'
import type { AssignedFilterView } from '#app/ui/assigned-filter.tsx'

/*
 * The agency's people as pages of an agency of several show them (issue 26): who a record is
 * assigned to, "Mine" and "Agency" on the lists, the "Assigned to" and "Share with a colleague"
 * forms. A broker alone in their agency gets null everywhere here, and their pages show nothing new.
 */

export type TeamMember = { id: string; name: string; role: Role }
export type Team = {
  members: TeamMember[]
  /** Member id → name, for the lists' "assigned to" lines. */
  names: Record<string, string>
  /** The signed-in member. */
  me: string
  /** Owners and admins reassign records (and pick any member's records on a list). */
  canAssign: boolean
}

/** The team of the session's agency, or null when the member is alone in it. */
export async function loadTeam(auth: AuthState): Promise<Team | null> {
  if (auth.scope.solo) return null
  const members = (await listMembers(auth.scope)).map((m) => ({ id: m.userId, name: memberName(m), role: m.role }))
  // Removed from under the session (the count was read with it): alone after all.
  if (members.length <= 1) return null
  return {
    members,
    names: Object.fromEntries(members.map((m) => [m.id, m.name])),
    me: auth.scope.memberId,
    canAssign: canReassign(auth.scope),
  }
}

/** The lists with a "Mine / Agency" choice, and what each shows when the URL says nothing. */
export type AssignedList = 'properties' | 'clients' | 'deals' | 'agenda'

/** The query parameter: `mine`, `agency`, or (for owners and admins) a member's id. */
export const ASSIGNED_PARAM = 'assigned'

export type AssignedFilter = {
  /** What the choice shows: 'mine', 'agency' or a member id. */
  value: string
  /** The member whose records the list is narrowed to; undefined: everything the member sees. */
  assignedTo?: string
  /** A choice the URL made that is not one to make (400 with the message next to the field). */
  error?: string
}

/**
 * "Mine" or "Agency" (or one member, for owners and admins) from the URL, with the list's
 * default: the agency's stock for properties; clients, deals and the agenda are an agent's own
 * and the whole agency for owners and admins. Null without a team: no choice to make.
 */
export function readAssignedFilter(url: URL, team: Team | null, list: AssignedList): AssignedFilter | null {
  if (!team) return null
  const agent = !team.canAssign
  const fallback = list === 'properties' || !agent ? 'agency' : 'mine'
  const asked = url.searchParams.get(ASSIGNED_PARAM) ?? ''
  const choice = asked === '' ? fallback : asked
  if (choice === 'mine') return { value: 'mine', assignedTo: team.me }
  if (choice === 'agency') return { value: 'agency' }
  if (!agent && isUuid(choice) && team.members.some((m) => m.id === choice)) return { value: choice, assignedTo: choice }
  const error = agent ? 'Choose Mine or Agency.' : "Choose Mine, Agency or one of the agency's members."
  return { ...readAssignedFilter(new URL(url.pathname, url.origin), team, list)!, error }
}

/** The "Show" form's view of the filter (null alone). */
export function assignedFilterView(team: Team | null, filter: AssignedFilter | null): AssignedFilterView | null {
  if (!team || !filter) return null
  return { value: filter.value, error: filter.error, members: team.canAssign ? team.members.map(({ id, name }) => ({ id, name })) : null }
}

/** What a list page needs of the team: the names on its rows and whether "Assign to …" is offered. */
export function teamForList(team: Team | null) {
  return team ? { names: team.names, canAssign: team.canAssign, members: team.members.map(({ id, name }) => ({ id, name })) } : null
}

/**
 * The "Show" choice for a list's download (CSV, vCard), as the list reads it: the export link
 * carries the list's query. Ticked rows (`ids`) are the selection itself: no choice narrows them.
 * A choice the list would refuse is a 400 here too.
 */
export async function assignedToForExport(auth: AuthState, url: URL, list: AssignedList, hasSelection: boolean): Promise<string | undefined> {
  if (hasSelection) return undefined
  const filter = readAssignedFilter(url, await loadTeam(auth), list)
  if (filter?.error) throw data(filter.error, { status: 400 })
  return filter?.assignedTo
}
