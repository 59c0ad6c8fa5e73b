import type { ReactNode } from 'react'
import type { FeedbackFormState } from '#app/modules/sharing/feedback-fields.ts'
import type { BrokerContact, SharedProperty } from '#app/modules/sharing/share-view.ts'
import type { FeedbackReaction } from '#db/reference.ts'
import { FeedbackForm } from './listing-view.tsx'
import { SharedPropertyView, SharePage } from './share-page.tsx'

type AlertViewProps = {
  properties: SharedProperty[]
  broker: BrokerContact
  picked: Record<string, FeedbackReaction>
  feedback: FeedbackFormState | null
  /** What follows the list: the enquiry form (docs/decisions/036-enquiries-and-website.md). */
  after?: ReactNode
}

/** A client's alert page: the properties the alerts mailed, each with the shortlist's feedback form. */
export function AlertView({ properties, broker, picked, feedback, after }: AlertViewProps) {
  return (
    <SharePage broker={broker}>
      <header>
        <h1 className="text-2xl font-semibold">New properties for you</h1>
        <p className="text-muted">{`Properties that fit what you told ${broker.fullName || 'your broker'} you are looking for.`}</p>
      </header>
      {properties.length === 0 ? <p>There are no new properties for you at the moment.</p> : null}
      <ol className="space-y-12">
        {properties.map((property) => (
          <li key={property.id}>
            <SharedPropertyView property={property} heading="h2" eagerCover={false}>
              <FeedbackForm property={property} picked={picked[property.id] ?? null} state={feedback?.propertyId === property.id ? feedback : null} />
            </SharedPropertyView>
          </li>
        ))}
      </ol>
      {after}
    </SharePage>
  )
}
