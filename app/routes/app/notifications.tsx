import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { plural } from '#app/lib/format.ts'
import { markAllNotificationsRead, showNotifications } from '#app/modules/notifications/notifications.server.ts'
import type { NotificationKind } from '#db/reference.ts'
import { When } from '#app/ui/broker-formats.tsx'
import { Button } from '#app/ui/form.tsx'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/notifications'

export const meta: Route.MetaFunction = () => [{ title: 'Notifications · BrokerVault' }]

const KIND_LABELS: Record<NotificationKind, string> = {
  client_feedback: 'Client feedback',
  viewing_feedback: 'Viewing feedback',
  alert_sent: 'Alert e-mail sent',
  export_ready: 'Data export',
  new_lead: 'Lead',
}

/** ?page=N (1 when absent or not a whole number). */
function pageOf(request: Request) {
  const page = Number(new URL(request.url).searchParams.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/**
 * Shows a page of notifications and marks the unread ones of it read (seen is read); the header's
 * count, read with the session before this ran, is lowered by `markedRead` (routes/app/layout.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, unreadNotifications } = requireAuth(context)
  const page = pageOf(request)
  const shown = await showNotifications(user.id, page)
  return {
    page,
    items: shown.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
    hasOlder: shown.hasOlder,
    markedRead: shown.markedRead,
    // Unread ones on other pages (older than this one): "Mark all as read" clears them.
    unreadElsewhere: Math.max(0, unreadNotifications - shown.markedRead),
  }
}

const NotificationsActionSchema = z.object({ intent: z.literal('mark-all-read') })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireAuth(context)
  parseIntentForm(await readForm(request), NotificationsActionSchema)
  const marked = await markAllNotificationsRead(user.id)
  setFlash(context, { kind: 'success', message: marked ? `Marked ${marked} ${plural(marked, 'notification', 'notifications')} as read.` : 'Everything was read already.' })
  throw redirect('/notifications')
}

export default function NotificationsPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Notifications">
        {d.unreadElsewhere > 0 ? (
          <Form method="post">
            <Button type="submit" name="intent" value="mark-all-read" variant="secondary">
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </PageHeader>
      {d.items.length === 0 ? (
        <EmptyState title={d.page === 1 ? 'No notifications yet' : 'No older notifications'}>
          <p>
            Clients&apos; reactions and comments on your shortlists, feedback after viewings, alert e-mails sent to clients and
            data exports ready to download show here.
          </p>
          {d.page > 1 ? <Link to="/notifications">Newest notifications</Link> : null}
        </EmptyState>
      ) : (
        <ol aria-label="Notifications" className="divide-y divide-line rounded-xl border border-line bg-surface">
          {d.items.map((item) => (
            <li key={item.id} data-unread={item.unread || undefined} className={`flex gap-3 p-4 ${item.unread ? 'bg-brand-soft' : ''}`}>
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium text-muted">
                  {KIND_LABELS[item.kind]}
                  {item.unread ? <span className="ml-2 rounded bg-brand px-1.5 py-0.5 text-brand-ink">New</span> : null}
                </p>
                <p className="mt-1">
                  <Link to={item.href}>{item.summary}</Link>
                </p>
                {item.detail ? <p className="mt-1 text-sm text-muted">{`“${item.detail}”`}</p> : null}
                <p className="mt-1 text-xs">
                  <When value={item.createdAt} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {d.page > 1 || d.hasOlder ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between text-sm">
          {d.page > 1 ? <Link to={d.page === 2 ? '/notifications' : `/notifications?page=${d.page - 1}`} rel="prev">← Newer</Link> : <span />}
          {d.hasOlder ? <Link to={`/notifications?page=${d.page + 1}`} rel="next">Older →</Link> : <span />}
        </nav>
      ) : null}
    </>
  )
}
