import { Form } from 'react-router'
import { Button, ErrorList, SubmitButton } from './form.tsx'
import { Card } from './page.tsx'

type Person = { id: string; name: string }

/**
 * Who a record is assigned to and who it is shared with, on its page in an agency of several
 * (issue 26). Built by app/http/assignment-forms.server.ts; null for a broker alone.
 */
export type AssignmentView = {
  members: Person[]
  assigneeId: string
  assigneeName: string
  /** Owners and admins: the "Assigned to" select. */
  canAssign: boolean
  /** Null: not shared with colleagues (a property is the agency's stock, seen by everyone). */
  sharing: {
    /** The assigned member, owners and admins add and remove colleagues. */
    canShare: boolean
    sharedWith: Person[]
    /** Agents it could still be shared with (owners and admins see everything already). */
    candidates: Person[]
  } | null
}

/** What a refused assignment or share form answers (400): which form, for which record, and why. */
export type AssignmentFormError = { assignmentIntent: string; recordId: string; error: string }

type Intents = { assign: string; share: string; unshare: string }
const PAGE_INTENTS: Intents = { assign: 'assign', share: 'share-colleague', unshare: 'unshare-colleague' }
export const TASK_INTENTS: Intents = { assign: 'assign-task', share: 'share-task', unshare: 'unshare-task' }

/**
 * The forms themselves: an "Assigned to" select (owners and admins) or the assignee's name, then
 * who it is shared with (each with "Stop sharing") and a "Share with a colleague" select. Plain
 * POSTs back to the page, which redirects. `hidden` names the record for forms of a list's row
 * (a task's `taskId`); `idPrefix` keeps the fields' ids apart when a page shows several.
 */
export function AssignmentForms({
  view,
  state,
  recordId,
  intents = PAGE_INTENTS,
  hidden = {},
  idPrefix = 'record',
}: {
  view: AssignmentView
  state: AssignmentFormError | null
  recordId: string
  intents?: Intents
  hidden?: Record<string, string>
  idPrefix?: string
}) {
  const errorOf = (intent: string) => (state && state.assignmentIntent === intent && state.recordId === recordId ? state.error : null)
  const fields = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
  const assignError = errorOf(intents.assign)
  const shareError = errorOf(intents.share)
  return (
    <div className="space-y-3 text-sm">
      {view.canAssign ? (
        <Form method="post" className="space-y-1" preventScrollReset>
          {fields}
          <label htmlFor={`${idPrefix}-assigned-to`} className="block font-medium">Assigned to</label>
          <div className="flex gap-2">
            <select
              id={`${idPrefix}-assigned-to`}
              name="memberId"
              required
              defaultValue={view.assigneeId}
              aria-invalid={assignError ? true : undefined}
              aria-describedby={assignError ? `${idPrefix}-assigned-to-error` : undefined}
              className="min-w-0 flex-1 rounded-md border border-line bg-surface px-2 py-1.5"
            >
              {view.members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </select>
            <SubmitButton name="intent" value={intents.assign} variant="secondary" pendingText="Saving...">Assign</SubmitButton>
          </div>
          <ErrorList id={`${idPrefix}-assigned-to-error`} errors={assignError ? [assignError] : null} />
        </Form>
      ) : (
        <p>
          <span className="text-muted">Assigned to </span>
          <span data-testid="assignee">{view.assigneeName}</span>
        </p>
      )}
      {view.sharing ? (
        <div className="space-y-2">
          {view.sharing.sharedWith.length === 0 ? (
            <p className="text-muted">Not shared with colleagues.</p>
          ) : (
            <ul aria-label="Shared with" className="space-y-1" data-testid="shared-with">
              {view.sharing.sharedWith.map((person) => (
                <li key={person.id} className="flex items-center justify-between gap-2">
                  <span>{`Shared with ${person.name}`}</span>
                  {view.sharing?.canShare ? (
                    <Form method="post" preventScrollReset>
                      {fields}
                      <input type="hidden" name="memberId" value={person.id} />
                      <Button type="submit" name="intent" value={intents.unshare} variant="secondary" className="px-2 py-1" aria-label={`Stop sharing with ${person.name}`}>
                        Stop sharing
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {view.sharing.canShare && (view.sharing.candidates.length > 0 || shareError) ? (
            <Form method="post" className="space-y-1" preventScrollReset>
              {fields}
              <label htmlFor={`${idPrefix}-share-with`} className="block font-medium">Share with a colleague</label>
              <div className="flex gap-2">
                <select
                  id={`${idPrefix}-share-with`}
                  name="memberId"
                  required
                  defaultValue=""
                  aria-invalid={shareError ? true : undefined}
                  aria-describedby={shareError ? `${idPrefix}-share-with-error` : undefined}
                  className="min-w-0 flex-1 rounded-md border border-line bg-surface px-2 py-1.5"
                >
                  <option value="" disabled>Choose a colleague</option>
                  {view.sharing.candidates.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
                </select>
                <SubmitButton name="intent" value={intents.share} variant="secondary" pendingText="Sharing...">Share</SubmitButton>
              </div>
              <ErrorList id={`${idPrefix}-share-with-error`} errors={shareError ? [shareError] : null} />
            </Form>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/** The record page's card: "Assignment", with the forms above. */
export function AssignmentCard({ view, state, recordId }: { view: AssignmentView | null; state: AssignmentFormError | null; recordId: string }) {
  if (!view) return null
  return (
    <Card title={view.sharing ? 'Assignment and sharing' : 'Assignment'}>
      <AssignmentForms view={view} state={state} recordId={recordId} />
    </Card>
  )
}

/** A list row's "Assigned to …" line, in an agency of several (nothing for a broker alone). */
export function AssigneeLine({ name, className = 'text-xs text-muted' }: { name: string | null | undefined; className?: string }) {
  return name ? <p className={className} data-testid="assignee">{`Assigned to ${name}`}</p> : null
}

/** An action's answer, when it is a refused assignment or share form. */
export function assignmentStateOf(actionData: unknown): AssignmentFormError | null {
  return actionData && typeof actionData === 'object' && 'assignmentIntent' in actionData ? (actionData as AssignmentFormError) : null
}
