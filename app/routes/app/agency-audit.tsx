import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import { parseQueryFields } from '#app/lib/query-fields.ts'
import { When } from '#app/ui/broker-formats.tsx'
import { requireAuth } from '#app/http/session.server.ts'
import { AUDIT_KINDS, type AuditKind } from '#app/modules/agencies/audit-kinds.ts'
import { forbidden } from '#app/lib/http.ts'
import { listAudit } from '#app/modules/agencies/audit.server.ts'
import { listMembers } from '#app/modules/agencies/members.server.ts'
import { ErrorList } from '#app/ui/form.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import { Pagination } from '#app/ui/pagination.tsx'
import type { Route } from './+types/agency-audit'

export const meta: Route.MetaFunction = () => [{ title: 'Audit log · BrokerVault' }]

const KIND_VALUES = Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]]
const AUDIT_FILTERS = {
  member: z.uuid('Choose a member from the list').optional(),
  kind: z.enum(KIND_VALUES, { error: 'Choose a kind from the list' }).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(100_000).default(1),
}

/**
 * Who created, changed, shared, exported or deleted what: owners and admins only (an agent:
 * 403). Filtered by member and by kind in the URL (?member=…&kind=…&page=…), so a filtered page
 * can be linked and works without JavaScript; a bad filter is a 400 with its message by the field.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const { values, errors } = parseQueryFields(AUDIT_FILTERS, new URL(request.url).searchParams)
  const [list, members] = await Promise.all([listAudit(scope, { actorId: values.member, kind: values.kind, page: values.page }), listMembers(scope)])
  // An agent knows their agency has one and may not read it: 403, not the 404 of the unseen.
  if (!list) forbidden()
  const names = new Map(members.map((member) => [member.userId, member.fullName || member.email]))
  return data(
    {
      ...list,
      entries: list.entries.map((entry) => ({ ...entry, actor: entry.actorId ? (names.get(entry.actorId) ?? 'A former member') : 'BrokerVault' })),
      members: members.map((member) => ({ id: member.userId, name: member.fullName || member.email })),
      filter: { member: values.member ?? '', kind: values.kind ?? '' },
      errors,
    },
    { status: Object.keys(errors).length ? 400 : 200 },
  )
}

const selectStyle = 'mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5'

export default function AuditPage({ loaderData: d }: Route.ComponentProps) {
  const filtered = Boolean(d.filter.member || d.filter.kind)
  return (
    <>
      <PageHeader title="Audit log">
        <Link to="/agency" className="text-sm">
          ← Agency
        </Link>
      </PageHeader>
      <Form method="get" action="/agency/audit" role="search" aria-label="Filter the audit log" className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="audit-member" className="block text-xs font-medium text-muted">
            Member
          </label>
          <select
            id="audit-member"
            name="member"
            defaultValue={d.filter.member}
            aria-invalid={d.errors.member ? true : undefined}
            aria-describedby={d.errors.member ? 'audit-member-error' : undefined}
            className={selectStyle}
          >
            <option value="">Every member</option>
            {d.members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
          <ErrorList id="audit-member-error" errors={d.errors.member ? [d.errors.member] : null} />
        </div>
        <div>
          <label htmlFor="audit-kind" className="block text-xs font-medium text-muted">
            Kind
          </label>
          <select
            id="audit-kind"
            name="kind"
            defaultValue={d.filter.kind}
            aria-invalid={d.errors.kind ? true : undefined}
            aria-describedby={d.errors.kind ? 'audit-kind-error' : undefined}
            className={selectStyle}
          >
            <option value="">Every kind</option>
            {KIND_VALUES.map((kind) => (
              <option key={kind} value={kind}>
                {AUDIT_KINDS[kind]}
              </option>
            ))}
          </select>
          <ErrorList id="audit-kind-error" errors={d.errors.kind ? [d.errors.kind] : null} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm">
            Filter
          </button>
          {filtered ? (
            <Link to="/agency/audit" className="self-center text-sm">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <ErrorList id="audit-page-error" errors={d.errors.page ? [d.errors.page] : null} />
      <p className="mb-3 text-sm text-muted">Newest first; lines are kept for one year.</p>
      {d.entries.length === 0 ? (
        <p>{filtered ? 'Nothing recorded for this filter.' : 'Nothing recorded yet.'}</p>
      ) : (
        <ol className="divide-y divide-line rounded-xl border border-line bg-surface">
          {d.entries.map((entry) => (
            <li key={entry.id} className="px-3 py-2 text-sm" data-testid="audit-entry">
              <p>
                <span className="font-medium">{entry.actor}</span> · {entry.summary}
              </p>
              <p className="text-muted">
                <When value={entry.createdAt} className="" /> · {entry.action}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={d.page} pageSize={d.pageSize} total={d.total} capped={d.capped} />
    </>
  )
}
