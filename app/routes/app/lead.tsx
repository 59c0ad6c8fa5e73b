import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { badRequest, notFound, orNotFound } from '#app/lib/http.ts'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, leadAge } from '#app/modules/leads/catalog.ts'
import { discardLead, getLead, restoreLead } from '#app/modules/leads/leads.server.ts'
import { When } from '#app/ui/broker-formats.tsx'
import { Button } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/lead'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.lead.title ?? 'Lead'} · BrokerVault` }]

/**
 * One lead (docs/decisions/035-leads-inbound-mail.md). Everything a mail brought is shown as
 * text, never as HTML; the raw source only when asked for (`?show=source`), since it may weigh
 * a quarter of a megabyte.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const lead = orNotFound(await getLead(scope, params.id))
  const showSource = new URL(request.url).searchParams.get('show') === 'source'
  return {
    lead: {
      id: lead.id,
      title: lead.contactName ?? lead.contactEmail ?? lead.contactPhone ?? 'Unknown sender',
      source: lead.source,
      status: lead.status,
      contactName: lead.contactName,
      contactEmail: lead.contactEmail,
      contactPhone: lead.contactPhone,
      phoneE164: lead.phoneE164,
      message: lead.message,
      viewingTimes: lead.viewingTimes,
      property: lead.property,
      subject: lead.mailSubject,
      from: lead.mailFrom,
      arrivedAt: lead.arrivedAt.toISOString(),
      age: leadAge(lead.arrivedAt, Date.now()),
      originalText: lead.originalText,
      hasSource: lead.rawMessage !== null,
      rawMessage: showSource ? lead.rawMessage : null,
      rawTruncated: lead.rawTruncated,
    },
    showSource,
  }
}

const LeadActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('discard') }), z.object({ intent: z.literal('restore') })])

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const parsed = parseIntentForm(await readForm(request), LeadActionSchema)
  if (!parsed.success) badRequest('Unknown action.')
  const intent = parsed.data.intent
  const change = intent === 'discard' ? await discardLead(scope, params.id) : await restoreLead(scope, params.id)
  if (change === 'not_found') notFound()
  if (change === 'unchanged') {
    setFlash(context, { kind: 'info', message: intent === 'discard' ? 'This lead is not open any more.' : 'This lead is not in the spam.' })
    throw redirect(`/lead/${params.id}`)
  }
  setFlash(context, { kind: 'success', message: intent === 'discard' ? 'Lead discarded as spam.' : 'Lead brought back to the inbox.' })
  throw redirect(intent === 'discard' ? '/leads' : `/lead/${params.id}`)
}

export default function LeadPage({ loaderData: { lead, showSource } }: Route.ComponentProps) {
  const open = lead.status === 'new' || lead.status === 'claimed'
  return (
    <>
      <PageHeader title={lead.title}>
        <Link to="/leads" className="text-sm">
          ← Leads
        </Link>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Contact">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Name</dt>
            <dd className="break-words">{lead.contactName ?? '—'}</dd>
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">{lead.contactEmail ? <a href={`mailto:${lead.contactEmail}`}>{lead.contactEmail}</a> : '—'}</dd>
            <dt className="text-muted">Phone</dt>
            <dd className="break-words">{lead.contactPhone ? lead.phoneE164 ? <a href={`tel:${lead.phoneE164}`}>{lead.contactPhone}</a> : lead.contactPhone : '—'}</dd>
            {lead.viewingTimes ? (
              <>
                <dt className="text-muted">Viewing times</dt>
                <dd className="whitespace-pre-wrap break-words">{lead.viewingTimes}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card title="Lead">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Status</dt>
            <dd data-testid="lead-status">{LEAD_STATUS_LABELS[lead.status]}</dd>
            <dt className="text-muted">Source</dt>
            <dd>{LEAD_SOURCE_LABELS[lead.source]}</dd>
            <dt className="text-muted">Arrived</dt>
            <dd>
              <When value={lead.arrivedAt} className="" /> ({lead.age})
            </dd>
            <dt className="text-muted">Property</dt>
            <dd className="break-words">
              {lead.property ? (
                <Link to={`/property/${lead.property.id}`}>
                  {lead.property.title}
                  {lead.property.referenceCode ? ` (${lead.property.referenceCode})` : ''}
                </Link>
              ) : (
                'Not recognised'
              )}
            </dd>
          </dl>
          <Form method="post" className="mt-4">
            {open ? (
              <Button type="submit" name="intent" value="discard" variant="danger">
                Discard as spam
              </Button>
            ) : lead.status === 'discarded' ? (
              <Button type="submit" name="intent" value="restore" variant="secondary">
                Not spam: bring it back
              </Button>
            ) : null}
          </Form>
        </Card>
      </div>
      <Card title="Message" className="mt-4">
        {lead.message ? <p className="whitespace-pre-wrap break-words text-sm">{lead.message}</p> : <p className="text-sm text-muted">No message.</p>}
      </Card>
      {lead.originalText !== null ? (
        <Card title="Original e-mail" className="mt-4">
          {lead.subject ? <p className="mb-2 break-words text-sm font-medium">{lead.subject}</p> : null}
          {/* Text only: nothing a mail holds is ever rendered as HTML. */}
          <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-md bg-canvas p-3 text-xs" data-testid="lead-original">
            {lead.originalText}
          </pre>
          {lead.hasSource ? (
            showSource ? (
              <>
                <h3 className="mt-4 text-sm font-semibold">Raw source{lead.rawTruncated ? ' (the first 256 KB)' : ''}</h3>
                <pre className="mt-2 max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded-md bg-canvas p-3 text-xs" data-testid="lead-source">
                  {lead.rawMessage}
                </pre>
                <Link to={`/lead/${lead.id}`} className="mt-2 inline-block text-sm">
                  Hide the raw source
                </Link>
              </>
            ) : (
              <Link to={`/lead/${lead.id}?show=source`} className="mt-2 inline-block text-sm">
                Show the raw source
              </Link>
            )
          ) : null}
        </Card>
      ) : null}
    </>
  )
}
