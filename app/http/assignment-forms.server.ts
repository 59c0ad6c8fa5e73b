import { data, redirect, type RouterContextProvider } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { badRequest, notFound } from '#app/lib/http.ts'
import { assignRecords } from '#app/modules/assignment/assign.server.ts'
import { listSharedWith, shareWithColleague, stopSharingWithColleague, type ShareOutcome } from '#app/modules/assignment/colleague-shares.server.ts'
import { isShareable, type AssignableKind } from '#app/modules/assignment/kinds.ts'
import type { AuthState } from '#app/modules/session/sessions.server.ts'
import type { AssignmentFormError, AssignmentView } from '#app/ui/assignment-card.tsx'
import type { Team } from './team.server.ts'

/*
 * The "Assigned to" and "Share with a colleague" forms of record pages (issue 26): plain POSTs
 * to the page itself, answered with a redirect back, or a 400 with the message next to the
 * field. A record the member may not see is a 404, one they see but may not manage a 403.
 * The `-task` intents name a task of the page's list by its `taskId`.
 */

const INTENTS = ['assign', 'share-colleague', 'unshare-colleague', 'assign-task', 'share-task', 'unshare-task'] as const
type Intent = (typeof INTENTS)[number]
const isAssignmentIntent = (value: unknown): value is Intent => INTENTS.includes(value as Intent)

const forbidden = (): never => {
  throw data('Forbidden', { status: 403 })
}

const refused = (assignmentIntent: Intent, recordId: string, error: string) =>
  data({ assignmentIntent, recordId, error } satisfies AssignmentFormError, { status: 400 })

const MEMBER_MESSAGE = "Choose one of the agency's members."

/** The colleague outcome's refusal as the route answers it. */
function shareRefusal(intent: Intent, recordId: string, outcome: Extract<ShareOutcome, { ok: false }>) {
  switch (outcome.reason) {
    case 'not_found':
      return notFound()
    case 'forbidden':
      return forbidden()
    case 'member':
      return refused(intent, recordId, MEMBER_MESSAGE)
    case 'assignee':
      return refused(intent, recordId, `${outcome.memberName} is assigned to it already.`)
    case 'sees_all':
      return refused(intent, recordId, `${outcome.memberName} sees every record already: owners and admins do.`)
  }
}

/**
 * Handles an assignment or sharing form posted to a record's page (`record`: the page's own
 * record; null on a page with tasks only). Null when the intent is not one of these.
 */
export async function handleAssignmentIntent(
  context: Readonly<RouterContextProvider>,
  auth: AuthState,
  form: FormData,
  record: { kind: AssignableKind; id: string } | null,
  here: string,
) {
  const intent = form.get('intent')
  if (!isAssignmentIntent(intent)) return null
  const forTask = intent.endsWith('-task')
  const kind: AssignableKind | undefined = forTask ? 'task' : record?.kind
  const taskId = form.get('taskId')
  const id = forTask ? (typeof taskId === 'string' ? taskId : '') : record?.id
  if (!kind || id === undefined) badRequest('Unknown action.')
  const memberId = form.get('memberId')
  if (intent === 'assign' || intent === 'assign-task') {
    const result = await assignRecords(auth.scope, kind, [id], memberId)
    if (!result.ok) {
      if (result.reason === 'forbidden') forbidden()
      if (result.reason === 'not_found') notFound()
      return refused(intent, id, MEMBER_MESSAGE)
    }
    const [title = ''] = result.titles
    setFlash(context, {
      kind: result.assigned ? 'success' : 'info',
      message: result.assigned ? `Assigned ${title} to ${result.memberName}.` : `${title} is assigned to ${result.memberName} already.`,
    })
    throw redirect(here)
  }
  if (!isShareable(kind)) badRequest('A property is the agency’s stock: every member sees it.')
  const adding = intent === 'share-colleague' || intent === 'share-task'
  const outcome = adding ? await shareWithColleague(auth.scope, kind, id, memberId) : await stopSharingWithColleague(auth.scope, kind, id, memberId)
  if (!outcome.ok) return shareRefusal(intent, id, outcome)
  const message = adding
    ? outcome.changed ? `Shared ${outcome.title} with ${outcome.memberName}.` : `${outcome.title} is shared with ${outcome.memberName} already.`
    : `Stopped sharing ${outcome.title} with ${outcome.memberName}.`
  setFlash(context, { kind: outcome.changed ? 'success' : 'info', message })
  throw redirect(here)
}

/** The card of a record's page: who has it, who it is shared with, what the member may do. Null alone. */
export async function loadAssignment(team: Team | null, kind: AssignableKind, record: { id: string; ownerId: string }): Promise<AssignmentView | null> {
  if (!team) return null
  const shared = isShareable(kind) ? ((await listSharedWith(kind, [record.id])).get(record.id) ?? []) : null
  return assignmentView(team, record, shared)
}

/** The same for each task of a page's list (one query for all their shares). */
export async function loadTaskAssignments(team: Team | null, tasks: readonly { id: string; ownerId: string }[]): Promise<Record<string, AssignmentView>> {
  if (!team || tasks.length === 0) return {}
  const shared = await listSharedWith('task', tasks.map((t) => t.id))
  return Object.fromEntries(tasks.map((t) => [t.id, assignmentView(team, t, shared.get(t.id) ?? [])]))
}

function assignmentView(team: Team, record: { ownerId: string }, shared: string[] | null): AssignmentView {
  const person = (id: string) => ({ id, name: team.names[id] ?? 'A former member' })
  const canManage = team.canAssign || record.ownerId === team.me
  return {
    members: team.members.map((m) => ({ id: m.id, name: m.name })),
    assigneeId: record.ownerId,
    assigneeName: person(record.ownerId).name,
    canAssign: team.canAssign,
    sharing: shared && {
      canShare: canManage,
      sharedWith: shared.map(person),
      candidates: team.members.filter((m) => m.role === 'agent' && m.id !== record.ownerId && !shared.includes(m.id)).map((m) => ({ id: m.id, name: m.name })),
    },
  }
}
