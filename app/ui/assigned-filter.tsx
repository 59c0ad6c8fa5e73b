import { Form } from 'react-router'
import { ErrorList } from './form.tsx'

/** What the lists of an agency of several offer (issue 26): Mine, Agency, and for owners and admins each member. */
export type AssignedFilterView = {
  value: string
  error?: string
  /** Owners and admins pick one member's records too. */
  members: { id: string; name: string }[] | null
}

/** Query parameters a new choice starts afresh from: the page, and an activity feed's cursor. */
const RESET = new Set(['assigned', 'page', 'before'])

/**
 * "Show: Mine / Agency / a member" as a plain GET form: the choice lives in the URL with the
 * list's other filters (carried along as hidden fields), so it works without JavaScript and can
 * be bookmarked. Nothing for a broker alone in their agency.
 */
export function AssignedFilter({ view, action, search }: { view: AssignedFilterView | null; action: string; search: string }) {
  if (!view) return null
  const kept = [...new URLSearchParams(search)].filter(([name]) => !RESET.has(name))
  return (
    <Form method="get" action={action} aria-label="Whose records" className="mb-4 flex flex-wrap items-end gap-2 text-sm">
      {kept.map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />)}
      <div>
        <label htmlFor="assigned" className="block text-xs font-medium text-muted">Show</label>
        <select
          key={view.value}
          id="assigned"
          name="assigned"
          defaultValue={view.value}
          aria-invalid={view.error ? true : undefined}
          aria-describedby={view.error ? 'assigned-error' : undefined}
          className="mt-1 rounded-md border border-line bg-surface px-2 py-1.5"
        >
          <option value="mine">Mine</option>
          <option value="agency">Agency</option>
          {view.members ? (
            <optgroup label="Assigned to">
              {view.members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </optgroup>
          ) : null}
        </select>
      </div>
      <button type="submit" className="rounded-md border border-line px-3 py-1.5 font-medium">Show</button>
      <ErrorList id="assigned-error" errors={view.error ? [view.error] : null} />
    </Form>
  )
}

/** A filter form's hidden field that keeps the list's Mine / Agency choice when other filters change. */
export function KeepAssigned({ search }: { search: string }) {
  const value = new URLSearchParams(search).get('assigned')
  return value ? <input type="hidden" name="assigned" value={value} /> : null
}
