import { Form, Link } from 'react-router'
import { DEFAULT_VIEWING_MINUTES, MAX_FEEDBACK_CHARS, MAX_NOTES_CHARS, MAX_PLACE_CHARS, MAX_VIEWING_MINUTES, MIN_VIEWING_MINUTES, VIEWING_STATUS_LABELS } from '#app/modules/agenda/schemas.ts'
import type { ViewingStatus } from '#db/reference.ts'
import { Field, RequiredNote, SelectField, SubmitButton, TextareaField } from './form.tsx'
import { Card } from './page.tsx'
import { AssigneeLine } from './assignment-card.tsx'

/** A refused schedule or task form, as the page's action returned it. */
export type AgendaFormState = { agendaIntent: string; fieldErrors: Record<string, string[]>; values: Record<string, string> } | null

export type ViewingRow = {
  id: string
  when: string
  durationMinutes: number
  status: ViewingStatus
  propertyId: string
  propertyTitle: string
  clientId: string
  clientName: string
  rating: number | null
  feedbackComment: string | null
}

/** "★★★★☆ 4/5" with the number spoken, not the stars. */
export function Rating({ value }: { value: number }) {
  return (
    <span>
      <span aria-hidden="true">{'★'.repeat(value) + '☆'.repeat(5 - value)} </span>
      <span>{`${value}/5`}</span>
    </span>
  )
}

/**
 * The viewings of a property (or of a client) with their feedback, and the form that schedules
 * one: on a property page it asks for the client, on a client page for the property.
 */
export function ViewingPanel({
  viewings,
  choose,
  options,
  state,
  timeZone,
  reportHref,
  names = null,
}: {
  viewings: (ViewingRow & { assigneeId?: string })[]
  choose: 'client' | 'property'
  options: { id: string; label: string }[]
  state: AgendaFormState
  timeZone: string
  reportHref?: string
  /** Members' names in an agency of several: each viewing says who shows it. */
  names?: Record<string, string> | null
}) {
  const mine = state?.agendaIntent === 'schedule-viewing' ? state : null
  const errors = (name: string) => mine?.fieldErrors[name] ?? null
  const value = (name: string) => mine?.values[name]
  const chooseName = choose === 'client' ? 'clientId' : 'propertyId'
  return (
    <Card title="Viewings">
      {viewings.length === 0 ? (
        <p className="mb-3 text-sm text-muted">No viewings yet.</p>
      ) : (
        <ul className="mb-3 space-y-2 text-sm" data-testid="viewing-list">
          {viewings.map((v) => (
            <li key={v.id} className="rounded-md border border-line p-2">
              <Link to={`/viewing/${v.id}`}>{v.when}</Link>
              <span className="text-muted">{` · ${v.durationMinutes} min · ${VIEWING_STATUS_LABELS[v.status]} · `}</span>
              {choose === 'client' ? <Link to={`/client/${v.clientId}`}>{v.clientName}</Link> : <Link to={`/property/${v.propertyId}`}>{v.propertyTitle}</Link>}
              {v.rating !== null ? (
                <p className="mt-1" data-testid="viewing-feedback">
                  Feedback: <Rating value={v.rating} />
                  {v.feedbackComment ? <span className="whitespace-pre-line">{` · “${v.feedbackComment}”`}</span> : null}
                </p>
              ) : null}
              <AssigneeLine name={names && v.assigneeId ? (names[v.assigneeId] ?? 'a former member') : null} />
            </li>
          ))}
        </ul>
      )}
      {reportHref ? (
        <p className="mb-3 text-sm">
          <Link to={reportHref}>Viewing report for the owner</Link>
        </p>
      ) : null}
      <details open={mine !== null}>
        <summary className="cursor-pointer text-sm font-medium">Schedule a viewing</summary>
        <Form method="post" className="mt-3 space-y-3" id="schedule-viewing">
          <RequiredNote />
          <SelectField
            label={choose === 'client' ? 'Client' : 'Property'}
            errors={errors(chooseName)}
            placeholder={choose === 'client' ? 'Choose a client' : 'Choose a property'}
            options={options.map((o) => ({ value: o.id, label: o.label }))}
            selectProps={{ id: `viewing-${chooseName}`, name: chooseName, required: true, defaultValue: value(chooseName) ?? '' }}
          />
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Date" errors={errors('date')} inputProps={{ id: 'viewing-date', name: 'date', type: 'date', required: true, defaultValue: value('date') }} />
            <Field label="Time" errors={errors('time')} hint={`Your time zone: ${timeZone}`} inputProps={{ id: 'viewing-time', name: 'time', type: 'time', required: true, defaultValue: value('time') }} />
            <Field
              label="Duration (minutes)"
              errors={errors('durationMinutes')}
              inputProps={{ id: 'viewing-duration', name: 'durationMinutes', type: 'number', inputMode: 'numeric', required: true, min: MIN_VIEWING_MINUTES, max: MAX_VIEWING_MINUTES, step: 5, defaultValue: value('durationMinutes') ?? DEFAULT_VIEWING_MINUTES }}
            />
          </div>
          <Field label="Place" errors={errors('place')} hint="Leave empty for the property's address." inputProps={{ id: 'viewing-place', name: 'place', maxLength: MAX_PLACE_CHARS, defaultValue: value('place') }} />
          <TextareaField label="Notes" errors={errors('notes')} textareaProps={{ id: 'viewing-notes', name: 'notes', rows: 2, maxLength: MAX_NOTES_CHARS, defaultValue: value('notes') }} />
          <SubmitButton name="intent" value="schedule-viewing" pendingText="Scheduling...">Schedule viewing</SubmitButton>
        </Form>
      </details>
    </Card>
  )
}

/** The client's feedback form (zero JavaScript): a rating from 1 to 5 and a comment. */
export function FeedbackForm({ rating, comment, errors }: { rating: number | null; comment: string; errors: Record<string, string[]> | null }) {
  return (
    <Form method="post" className="space-y-4">
      <fieldset aria-describedby={errors?.rating ? 'rating-error' : undefined}>
        <legend className="text-sm font-medium">How was the viewing? (1 = poor, 5 = excellent)</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 rounded-md border border-line px-3 py-2">
              <input type="radio" name="rating" value={n} required defaultChecked={rating === n} /> {n}
            </label>
          ))}
        </div>
        {errors?.rating ? <p id="rating-error" className="mt-1 text-sm text-danger">{errors.rating[0]}</p> : null}
      </fieldset>
      <TextareaField label="Comment" errors={errors?.comment} textareaProps={{ id: 'comment', name: 'comment', rows: 4, maxLength: MAX_FEEDBACK_CHARS, defaultValue: comment }} />
      <SubmitButton pendingText="Sending...">Send feedback</SubmitButton>
    </Form>
  )
}
