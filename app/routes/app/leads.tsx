import { Form, Link } from 'react-router'
import { readForm } from '#app/http/form-body.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_VIEW_LABELS, LEAD_VIEWS, leadAge, type LeadView } from '#app/modules/leads/catalog.ts'
import { getInbox } from '#app/modules/leads/inboxes.server.ts'
import { listLeads } from '#app/modules/leads/leads.server.ts'
import { getRoutingView } from '#app/modules/leads/routing-settings.server.ts'
import { speedToLeadThisWeek } from '#app/modules/leads/speed.server.ts'
import { useFormats } from '#app/ui/broker-formats.tsx'
import { Button } from '#app/ui/form.tsx'
import { LeadRoutingCard, SpeedToLeadCard } from '#app/ui/lead-routing.tsx'
import { Card, EmptyState, PageHeader } from '#app/ui/page.tsx'
import { handleLeadsAction, type LeadsActionData } from './leads-actions.server.ts'
import type { Route } from './+types/leads'

export const meta: Route.MetaFunction = () => [{ title: 'Leads · BrokerVault' }]

const isView = (value: string | null): value is LeadView => LEAD_VIEWS.includes(value as LeadView)

function pageOf(url: URL) {
  const page = Number(url.searchParams.get('page'))
  return Number.isInteger(page) && page > 1 ? page : 1
}

/** The agency's leads, newest first (docs/decisions/035-leads-inbound-mail.md); owners and admins also see the inbound address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const url = new URL(request.url)
  const requested = url.searchParams.get('view')
  const view: LeadView = isView(requested) ? requested : 'open'
  const page = pageOf(url)
  const [list, inbox, routing, speed] = await Promise.all([
    listLeads(scope, view, page),
    getInbox(scope),
    getRoutingView(scope),
    speedToLeadThisWeek(scope, user.timeZone),
  ])
  const now = Date.now()
  return {
    routing: scope.solo ? null : routing,
    me: scope.memberId,
    speed,
    view,
    page,
    hasMore: list.hasMore,
    items: list.items.map((item) => ({ ...item, arrivedAt: item.arrivedAt.toISOString(), age: leadAge(item.arrivedAt, now) })),
    inbox: inbox ? { address: inbox.address } : null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  return handleLeadsAction(context, scope, await readForm(request))
}

const viewHref = (view: LeadView, page = 1) => {
  const query = new URLSearchParams()
  if (view !== 'open') query.set('view', view)
  if (page > 1) query.set('page', String(page))
  const search = query.toString()
  return search ? `/leads?${search}` : '/leads'
}

export default function LeadsPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const formats = useFormats()
  const failed = actionData as LeadsActionData | undefined
  return (
    <>
      <PageHeader title="Leads">
        <Link to="/leads/templates" className="text-sm">
          Reply templates
        </Link>
      </PageHeader>
      {d.inbox ? <InboundAddress address={d.inbox.address} /> : null}
      <nav aria-label="Lead views" className="mb-4 flex flex-wrap gap-1 text-sm">
        {LEAD_VIEWS.map((view) => (
          <Link
            key={view}
            to={viewHref(view)}
            aria-current={view === d.view ? 'page' : undefined}
            className="rounded-md border border-line px-3 py-1 no-underline aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft aria-[current=page]:font-semibold"
          >
            {LEAD_VIEW_LABELS[view]}
          </Link>
        ))}
      </nav>
      {d.items.length === 0 ? (
        <EmptyState title={d.page > 1 ? 'No more leads' : 'No leads here'}>
          <p>Enquiries sent to your agency&apos;s inbound address arrive here by themselves, newest first.</p>
        </EmptyState>
      ) : (
        <ol aria-label="Leads" className="divide-y divide-line rounded-xl border border-line bg-surface">
          {d.items.map((lead) => (
            <li key={lead.id} className="p-4" data-testid="lead-item">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/lead/${lead.id}`} className="font-medium">
                  {lead.contactName ?? lead.contactEmail ?? lead.contactPhone ?? 'Unknown sender'}
                </Link>
                <span className="text-sm text-muted">
                  <time dateTime={lead.arrivedAt} title={formats.exact(lead.arrivedAt)}>
                    {lead.age}
                  </time>
                  {' · '}
                  <span data-testid="lead-status">{LEAD_STATUS_LABELS[lead.status]}</span>
                </span>
              </div>
              <p className="mt-1 text-sm text-muted">
                {LEAD_SOURCE_LABELS[lead.source]}
                {lead.property ? (
                  <>
                    {' · '}
                    <Link to={`/property/${lead.property.id}`}>{lead.property.title}</Link>
                  </>
                ) : null}
                {lead.contactName && lead.contactEmail ? ` · ${lead.contactEmail}` : null}
              </p>
              {lead.excerpt ? <p className="mt-1 break-words text-sm">{lead.excerpt}</p> : lead.subject ? <p className="mt-1 break-words text-sm">{lead.subject}</p> : null}
              {lead.status === 'new' ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="leadId" value={lead.id} />
                  <Button type="submit" name="intent" value="claim" variant="secondary" aria-label={`Claim the lead from ${lead.contactName ?? lead.contactEmail ?? lead.contactPhone ?? 'an unknown sender'}`}>
                    Claim
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {d.page > 1 || d.hasMore ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between text-sm">
          {d.page > 1 ? (
            <Link to={viewHref(d.view, d.page - 1)} rel="prev">
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          {d.hasMore ? (
            <Link to={viewHref(d.view, d.page + 1)} rel="next">
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <SpeedToLeadCard rows={d.speed} />
      {d.routing ? <LeadRoutingCard routing={d.routing} me={d.me} failed={failed} /> : null}
    </>
  )
}

/** The agency's inbound address, for owners and admins, with the way to change it. */
function InboundAddress({ address }: { address: string | null }) {
  return (
    <Card title="Leads by e-mail" className="mb-4">
      {address ? (
        <>
          <p className="text-sm">
            Forward enquiries from portals and your website to this address, or give it to them as your contact address. Each message becomes a lead
            here.
          </p>
          <p className="mt-2 break-all font-mono text-sm" data-testid="lead-address">
            {address}
          </p>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer">Change the address…</summary>
            <p className="mt-2 text-muted">A new address replaces this one at once: mail sent to the old address no longer becomes a lead.</p>
            <Form method="post" className="mt-2">
              <Button type="submit" name="intent" value="rotate-address" variant="secondary">
                Change the address
              </Button>
            </Form>
          </details>
        </>
      ) : (
        <p className="text-sm text-muted">
          Receiving leads by e-mail is not set up on this server yet: its administrator sets INBOUND_MAIL_DOMAIN to the domain that receives them.
        </p>
      )}
    </Card>
  )
}
