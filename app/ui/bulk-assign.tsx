import { bulkAria, type BulkState } from './bulk-bar.tsx'
import { SubmitButton } from './form.tsx'

/**
 * The bulk bar's "Assign to …" for owners and admins of an agency of several (issue 26): the
 * ticked rows go to the member chosen, all in one transaction.
 */
export function BulkAssign({ formId, members, state }: { formId: string; members: { id: string; name: string }[]; state: BulkState }) {
  return (
    <div>
      <label htmlFor={`${formId}-assign`} className="block text-xs font-medium text-muted">Assign to</label>
      <div className="mt-1 flex gap-2">
        <select id={`${formId}-assign`} name="memberId" defaultValue="" {...bulkAria(formId, state, 'memberId')} className="rounded-md border border-line bg-surface px-2 py-1.5 text-sm">
          <option value="">Choose a member</option>
          {members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
        </select>
        <SubmitButton name="intent" value="bulk-assign" variant="secondary" pendingText="Saving...">Assign</SubmitButton>
      </div>
    </div>
  )
}
