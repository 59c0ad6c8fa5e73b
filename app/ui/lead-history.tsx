import { Link } from 'react-router'
import { LEAD_SOURCE_LABELS } from '#app/modules/leads/catalog.ts'
import type { LeadSource } from '#db/reference.ts'
import { When } from './broker-formats.tsx'
import { Conversation } from './lead-conversation.tsx'
import { Card } from './page.tsx'

type View = {
  leads: { id: string; source: LeadSource; arrivedAt: string }[]
  messages: Parameters<typeof Conversation>[0]['messages']
  consent: { text: string; at: string } | null
}

/**
 * On a client's page: the leads they came from, the consent they gave, and the conversation
 * (docs/decisions/037-lead-routing-and-replies.md). Nothing when the client was typed in.
 */
export function LeadHistoryCard({ view }: { view: View }) {
  if (view.leads.length === 0 && !view.consent) return null
  return (
    <Card title="From leads">
      {view.leads.length ? (
        <ul className="space-y-1 text-sm">
          {view.leads.map((lead) => (
            <li key={lead.id}>
              <Link to={`/lead/${lead.id}`}>{LEAD_SOURCE_LABELS[lead.source]}</Link>, <When value={lead.arrivedAt} className="" />
            </li>
          ))}
        </ul>
      ) : null}
      {view.consent ? (
        <p className="mt-2 break-words text-sm" data-testid="client-consent">
          Consent: “{view.consent.text}” (<When value={view.consent.at} className="" />)
        </p>
      ) : null}
      {view.leads.length ? (
        <div className="mt-3">
          <Conversation messages={view.messages} />
        </div>
      ) : null}
    </Card>
  )
}
