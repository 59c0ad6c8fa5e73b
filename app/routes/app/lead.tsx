import { Form, Link } from 'react-router'
import { readForm } from '#app/http/form-body.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { orNotFound } from '#app/lib/http.ts'
import { canManageMembers, listMembers, memberName } from '#app/modules/agencies/members.server.ts'
import { listClientNames } from '#app/modules/clients/queries.server.ts'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, leadAge } from '#app/modules/leads/catalog.ts'
import { findDuplicateClients } from '#app/modules/leads/conversion.server.ts'
import { getLead } from '#app/modules/leads/leads.server.ts'
import { listLeadConversation, templateValuesFor } from '#app/modules/leads/replies.server.ts'
import { whatsAppLink } from '#app/modules/leads/routing-catalog.ts'
import { fillTemplate } from '#app/modules/leads/templates.ts'
import { listTemplates } from '#app/modules/leads/templates.server.ts'
import { When } from '#app/ui/broker-formats.tsx'
import { Button, ErrorList } from '#app/ui/form.tsx'
import { Conversation } from '#app/ui/lead-conversation.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { handleLeadAction, type LeadActionData } from './lead-actions.server.ts'
import type { Route } from './+types/lead'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.lead.title ?? 'Lead'} · BrokerVault` }]

/** Clients offered in "another client" when converting: the first this many by name. */
const OTHER_CLIENTS_LIMIT = 300

/**
 * One lead (docs/decisions/035-leads-inbound-mail.md and 037-lead-routing-and-replies.md):
 * claim, assign, reply (a template chosen by a plain GET form, `?template=`), convert, and the
 * conversation. Everything a mail brought is shown as text, never as HTML; the raw source only
 * when asked for (`?show=source`), since it may weigh a quarter of a megabyte.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const lead = orNotFound(await getLead(scope, params.id))
  const url = new URL(request.url)
  const showSource = url.searchParams.get('show') === 'source'
  const open = lead.status === 'new' || lead.status === 'claimed'
  const manager = canManageMembers(scope) && !scope.solo
  const [members, conversation, templates, values, duplicates, clients] = await Promise.all([
    listMembers(scope),
    listLeadConversation(scope, lead.id),
    listTemplates(scope),
    templateValuesFor(scope, lead),
    open ? findDuplicateClients(scope, lead) : Promise.resolve([]),
    open ? listClientNames(scope, OTHER_CLIENTS_LIMIT) : Promise.resolve([]),
  ])
  const names = new Map(members.map((member) => [member.userId, memberName(member)]))
  const chosen = templates.find((template) => template.id === url.searchParams.get('template')) ?? templates[0]
  const subject = chosen ? fillTemplate(chosen.subject, values) : ''
  const body = chosen ? fillTemplate(chosen.body, values) : ''
  const duplicateIds = new Set(duplicates.map((client) => client.id))
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
      ownerName: lead.ownerId ? (names.get(lead.ownerId) ?? 'A former member') : null,
      mine: lead.ownerId === scope.memberId,
      clientId: lead.clientId,
      consentText: lead.consentText,
      consentedAt: lead.consentedAt?.toISOString() ?? null,
      escalated: lead.escalatedAt !== null,
    },
    showSource,
    open,
    canAssign: manager && open,
    members: manager ? members.map((member) => ({ userId: member.userId, name: memberName(member) })) : [],
    reply: {
      templates: templates.map((template) => ({ id: template.id, name: template.name })),
      templateId: chosen?.id ?? '',
      subject,
      body,
      whatsApp: lead.phoneE164 ? whatsAppLink(lead.phoneE164, body) : null,
    },
    duplicates,
    otherClients: clients.filter((client) => !duplicateIds.has(client.id)),
    conversation: conversation.map((message) => ({
      ...message,
      createdAt: message.createdAt.toISOString(),
      authorName: message.authorId ? (names.get(message.authorId) ?? null) : null,
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  return handleLeadAction(context, scope, params.id, await readForm(request))
}

const selectStyle = 'mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base'

export default function LeadPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { lead, showSource } = d
  const failed = actionData as LeadActionData | undefined
  const errorsOf = (intent: string, field: string) => (failed?.intent === intent ? failed.fieldErrors[field] : undefined)
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
            {lead.consentText && lead.consentedAt ? (
              <>
                <dt className="text-muted">Consent</dt>
                <dd className="break-words">
                  “{lead.consentText}” (<When value={lead.consentedAt} className="" />)
                </dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card title="Lead">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Status</dt>
            <dd data-testid="lead-status">
              {LEAD_STATUS_LABELS[lead.status]}
              {lead.escalated && lead.status === 'new' ? ' (nobody claimed it in time)' : ''}
            </dd>
            <dt className="text-muted">With</dt>
            <dd data-testid="lead-owner">{lead.ownerName ? (lead.mine ? 'You' : lead.ownerName) : 'Nobody yet'}</dd>
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
            {lead.clientId ? (
              <>
                <dt className="text-muted">Client</dt>
                <dd>
                  <Link to={`/client/${lead.clientId}`}>Open the client</Link>
                </dd>
              </>
            ) : null}
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            {lead.status === 'new' ? (
              <Form method="post">
                <Button type="submit" name="intent" value="claim">
                  Claim this lead
                </Button>
              </Form>
            ) : null}
            {d.open ? (
              <Form method="post">
                <Button type="submit" name="intent" value="discard" variant="danger">
                  Discard as spam
                </Button>
              </Form>
            ) : lead.status === 'discarded' ? (
              <Form method="post">
                <Button type="submit" name="intent" value="restore" variant="secondary">
                  Not spam: bring it back
                </Button>
              </Form>
            ) : null}
          </div>
          {d.canAssign ? (
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
              <div className="min-w-0 grow">
                <label htmlFor="assign-member" className="text-sm font-medium">
                  Assign to
                </label>
                <select id="assign-member" name="memberId" required className={selectStyle} aria-invalid={errorsOf('assign', 'memberId') ? true : undefined}>
                  {d.members.map((member) => (
                    <option key={member.userId} value={member.userId}>
                      {member.name}
                    </option>
                  ))}
                </select>
                <ErrorList errors={errorsOf('assign', 'memberId')} />
              </div>
              <Button type="submit" name="intent" value="assign" variant="secondary">
                Assign
              </Button>
            </Form>
          ) : null}
        </Card>
      </div>
      <Card title="Message" className="mt-4">
        {lead.message ? <p className="whitespace-pre-wrap break-words text-sm">{lead.message}</p> : <p className="text-sm text-muted">No message.</p>}
      </Card>
      <Card title="Conversation" className="mt-4">
        <Conversation messages={d.conversation} />
      </Card>
      {lead.status !== 'discarded' ? <ReplyCard d={d} errorsOf={errorsOf} failed={failed} /> : null}
      {d.open ? <ConvertCard d={d} errorsOf={errorsOf} /> : null}
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

type CardProps = {
  d: Route.ComponentProps['loaderData']
  errorsOf: (intent: string, field: string) => string[] | undefined
}

/** Reply by e-mail (a template filled in, editable) or open WhatsApp with the same text. */
function ReplyCard({ d, errorsOf, failed }: CardProps & { failed: LeadActionData | undefined }) {
  const { lead, reply } = d
  const kept = failed?.intent === 'reply' ? failed.values : undefined
  return (
    <Card title="Reply" className="mt-4">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow">
          <label htmlFor="reply-template" className="text-sm font-medium">
            Template
          </label>
          <select id="reply-template" name="template" defaultValue={reply.templateId} className={selectStyle}>
            {reply.templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Use this template
        </Button>
        <Link to="/leads/templates" className="text-sm">
          Templates…
        </Link>
      </Form>
      {lead.contactEmail ? (
        <Form method="post" className="mt-4 space-y-3" key={reply.templateId}>
          <p className="text-sm text-muted">
            To <span className="break-all">{lead.contactEmail}</span>. Their answer comes back to this page.
          </p>
          <div>
            <label htmlFor="reply-subject" className="text-sm font-medium">
              Subject
            </label>
            <input
              id="reply-subject"
              name="subject"
              required
              maxLength={200}
              defaultValue={kept?.subject ?? reply.subject}
              aria-invalid={errorsOf('reply', 'subject') ? true : undefined}
              aria-describedby={errorsOf('reply', 'subject') ? 'reply-subject-error' : undefined}
              className={selectStyle}
            />
            <ErrorList id="reply-subject-error" errors={errorsOf('reply', 'subject')} />
          </div>
          <div>
            <label htmlFor="reply-body" className="text-sm font-medium">
              Message
            </label>
            <textarea
              id="reply-body"
              name="body"
              required
              maxLength={5000}
              rows={10}
              defaultValue={kept?.body ?? reply.body}
              aria-invalid={errorsOf('reply', 'body') ? true : undefined}
              aria-describedby={errorsOf('reply', 'body') ? 'reply-body-error' : undefined}
              className={selectStyle}
            />
            <ErrorList id="reply-body-error" errors={errorsOf('reply', 'body')} />
          </div>
          <Button type="submit" name="intent" value="reply">
            Send the reply
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-muted">This lead left no e-mail address: call them or use WhatsApp.</p>
      )}
      {reply.whatsApp ? (
        <p className="mt-3 text-sm">
          <a href={reply.whatsApp} target="_blank" rel="noopener noreferrer" data-testid="lead-whatsapp">
            Open WhatsApp with this text
          </a>
        </p>
      ) : null}
    </Card>
  )
}

/** Convert into a new client, or join the lead to one the broker has (duplicates first). */
function ConvertCard({ d, errorsOf }: CardProps) {
  const errors = errorsOf('convert', 'target')
  const otherErrors = errorsOf('convert', 'otherClientId')
  return (
    <Card title="Make a client" className="mt-4">
      <Form method="post" className="space-y-3">
        {d.duplicates.length ? (
          <p className="text-sm" data-testid="lead-duplicates">
            {d.duplicates.length === 1 ? 'A client of yours has' : `${d.duplicates.length} clients of yours have`} the same e-mail or phone. Join the lead to
            them, or make a new client.
          </p>
        ) : null}
        <fieldset className="space-y-2 text-sm" aria-describedby={errors ? 'convert-target-error' : undefined}>
          <legend className="sr-only">Which client</legend>
          {d.duplicates.map((client) => (
            <label key={client.id} className="flex items-start gap-2">
              <input type="radio" name="target" value={client.id} required defaultChecked={client === d.duplicates[0]} className="mt-1" />
              <span className="break-words">
                Join to <strong>{client.fullName}</strong> ({[client.email, client.phone].filter(Boolean).join(', ')}; same {client.matchedBy.join(' and ')})
              </span>
            </label>
          ))}
          <label className="flex items-start gap-2">
            <input type="radio" name="target" value="new" required defaultChecked={d.duplicates.length === 0} className="mt-1" />
            <span>A new client</span>
          </label>
          {d.otherClients.length ? (
            <label className="flex items-start gap-2">
              <input type="radio" name="target" value="other" required className="mt-1" />
              <span>Another client of yours:</span>
            </label>
          ) : null}
          <ErrorList id="convert-target-error" errors={errors} />
        </fieldset>
        {d.otherClients.length ? (
          <div>
            <label htmlFor="convert-other" className="text-sm font-medium">
              The other client
            </label>
            <select id="convert-other" name="otherClientId" className={selectStyle} aria-invalid={otherErrors ? true : undefined} defaultValue="">
              <option value="">Choose…</option>
              {d.otherClients.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.fullName}
                </option>
              ))}
            </select>
            <ErrorList errors={otherErrors} />
          </div>
        ) : null}
        <p className="text-xs text-muted">
          The client keeps where the lead came from and the consent it gave{d.lead.property ? '; the property goes on their shortlist' : ''}.
        </p>
        <Button type="submit" name="intent" value="convert">
          Make a client
        </Button>
      </Form>
    </Card>
  )
}
