import { Link } from 'react-router'
import { When } from '#app/ui/broker-formats.tsx'
import { requireAuth } from '#app/http/session.server.ts'
import { forbidden } from '#app/lib/http.ts'
import { listAudit } from '#app/modules/agencies/audit.server.ts'
import { listMembers } from '#app/modules/agencies/members.server.ts'
import { PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/agency-audit'

export const meta: Route.MetaFunction = () => [{ title: 'Audit log · BrokerVault' }]

/**
 * Who created, changed, shared, exported or deleted what: owners and admins only. An agent knows
 * their agency has one and may not read it: 403, not the 404 of something they cannot see.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const entries = await listAudit(scope)
  if (!entries) forbidden()
  const names = new Map((await listMembers(scope)).map((member) => [member.userId, member.fullName || member.email]))
  return { entries: entries.map((entry) => ({ ...entry, actor: entry.actorId ? (names.get(entry.actorId) ?? 'A former member') : 'BrokerVault' })) }
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Audit log">
        <Link to="/agency" className="text-sm">
          ← Agency
        </Link>
      </PageHeader>
      <p className="mb-3 text-sm text-muted">The last 200 changes; lines are kept for one year.</p>
      {loaderData.entries.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <ol className="divide-y divide-line rounded-xl border border-line bg-surface">
          {loaderData.entries.map((entry) => (
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
    </>
  )
}
