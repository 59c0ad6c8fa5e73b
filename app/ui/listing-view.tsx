import type { ReactNode } from 'react'
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_NAME_MAX_LENGTH,
  type FeedbackFormState,
} from '#app/modules/sharing/feedback-fields.ts'
import { Button, ErrorList, Field, TextareaField } from './form.tsx'
import { SharedPropertyView, SharePage } from './share-page.tsx'
import type { BrokerContact, SharedProperty } from '#app/modules/sharing/share-view.ts'
import type { FeedbackReaction } from '#db/reference.ts'
import { countOf } from '#app/lib/format.ts'

type ClientListingViewProps = {
  properties: SharedProperty[]
  broker: BrokerContact
  /** The reaction the client last picked per property id (shown as the pressed button). */
  picked: Record<string, FeedbackReaction>
  /** The refused post, if any: its errors and values go back next to that property's form. */
  feedback: FeedbackFormState | null
  /** What follows the list: the enquiry form (docs/decisions/036-enquiries-and-website.md). */
  after?: ReactNode
}

/** A shared shortlist: each property in the broker's order, each with its feedback form. */
export function ClientListingView({ properties, broker, picked, feedback, after }: ClientListingViewProps) {
  const count = countOf(properties.length, 'property', 'properties')
  return (
    <SharePage broker={broker}>
      <header>
        <h1 className="text-2xl font-semibold">Properties selected for you</h1>
        <p className="text-muted">{`${count} chosen by ${broker.fullName}.`}</p>
      </header>
      {properties.length === 0 ? <p>There are no properties on this shortlist at the moment.</p> : null}
      <ol className="flex flex-col gap-12">
        {properties.map((property, index) => (
          <li key={property.id}>
            <SharedPropertyView property={property} heading="h2" eagerCover={index === 0}>
              <FeedbackForm property={property} picked={picked[property.id] ?? null} state={feedback?.propertyId === property.id ? feedback : null} />
            </SharedPropertyView>
          </li>
        ))}
      </ol>
      {after}
    </SharePage>
  )
}

const errorsOf = (message: string | undefined) => (message ? [message] : null)

/**
 * A plain POST form to this very URL (no script on share pages). The honeypot is hidden from
 * people by CSS; ids carry the property id because the page holds one form per property.
 */
type FeedbackFormProps = { property: SharedProperty; picked: FeedbackReaction | null; state: FeedbackFormState | null }

const REACTION_LABELS: Record<FeedbackReaction, string> = { interested: 'Interested', not_for_me: 'Not for me' }

/** The picked reaction's button: pressed for assistive technology, and outlined with a tick for the eye. */
const PICKED_STYLE = 'picked'

export function FeedbackForm({ property, picked, state }: FeedbackFormProps) {
  const id = property.id
  return (
    <form method="post" aria-label={`Your feedback on ${property.title}`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 print:hidden">
      <h3 className="font-semibold">What do you think?</h3>
      <input type="hidden" name="propertyId" value={id} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`website-${id}`}>Website</label>
        <input id={`website-${id}`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {state?.errors.form ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.errors.form}
        </p>
      ) : null}
      <TextareaField
        label="Comment (optional)"
        errors={errorsOf(state?.errors.comment)}
        textareaProps={{ id: `comment-${id}`, name: 'comment', rows: 3, maxLength: FEEDBACK_COMMENT_MAX_LENGTH, defaultValue: state?.values.comment }}
      />
      <Field
        label="Your name (optional)"
        errors={errorsOf(state?.errors.name)}
        inputProps={{ id: `name-${id}`, name: 'name', type: 'text', maxLength: FEEDBACK_NAME_MAX_LENGTH, autoComplete: 'name', defaultValue: state?.values.name }}
      />
      <div className="flex flex-wrap gap-2">
        {(['interested', 'not_for_me'] as const).map((reaction) => (
          <Button
            key={reaction}
            type="submit"
            name="reaction"
            value={reaction}
            variant={reaction === 'interested' ? 'primary' : 'secondary'}
            aria-pressed={picked === reaction}
            className={PICKED_STYLE}
          >
            {picked === reaction ? <span aria-hidden="true">✓&nbsp;</span> : null}
            {REACTION_LABELS[reaction]}
          </Button>
        ))}
        <Button type="submit" name="reaction" value="" variant="secondary">Send comment</Button>
      </div>
      {picked ? <p className="text-sm text-muted">{`Your answer: ${REACTION_LABELS[picked]}.`}</p> : null}
      <ErrorList errors={errorsOf(state?.errors.reaction)} />
    </form>
  )
}
