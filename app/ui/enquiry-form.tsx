import {
  consentWording,
  ENQUIRY_EMAIL_MAX,
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_NAME_MAX,
  ENQUIRY_PHONE_MAX,
  ENQUIRY_VIEWING_TIMES_MAX,
  type EnquiryFormState,
} from '#app/modules/leads/enquiry-fields.ts'
import type { ComponentProps, ReactNode } from 'react'
import { Button, ErrorList, Honeypot } from './form.tsx'

const errorsOf = (message: string | undefined) => (message ? [message] : null)

// The app's control style (ui/form.tsx): the same classes, so share pages carry no new rule.
const CONTROL = 'mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base aria-[invalid]:border-danger'

/**
 * A field of the enquiry form: label, control, hint and the server's message under it. The
 * required mark is a plain asterisk in the text's colour: the app's red one would add its colour
 * and spacing rules to every share page's inline stylesheet (docs/decisions/036).
 */
function EnquiryField({
  id,
  label,
  required = false,
  hint,
  error,
  control,
}: {
  id: string
  label: string
  required?: boolean
  hint?: string
  error?: string
  control: (aria: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode
}) {
  const errorId = error ? `${id}-error` : undefined
  return (
    <div>
      <div className="flex items-baseline text-sm font-medium">
        <label htmlFor={id}>{label}</label>
        {required ? <span aria-hidden="true">&nbsp;*</span> : null}
      </div>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': errorId })}
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={errorId} errors={errorsOf(error)} />
    </div>
  )
}

const input = (props: ComponentProps<'input'>) => (aria: object) => <input {...props} {...aria} className={CONTROL} />

type EnquiryFormProps = {
  /** Where the form posts: the page's enquiry address (…/enquiry). */
  action: string
  /** Whom the consent names (the agency, else the broker). */
  who: string
  heading: string
  /** The page's heading level: h2 inside a page, h1 on the enquiry page itself. */
  headingLevel?: 'h1' | 'h2'
  state?: EnquiryFormState | null
  defaultMessage?: string
}

/**
 * The enquiry form of share pages, alert pages and agency websites (docs/decisions/036-enquiries-and-website.md):
 * a plain POST, no script. Name and message are required and either an e-mail address or a
 * phone (the server checks that one is there); the consent box's words are kept on the lead.
 * The browser's own checks (required, type="email", maxlength) work with JavaScript off too.
 */
export function EnquiryForm({ action, who, heading, headingLevel: Heading = 'h2', state, defaultMessage }: EnquiryFormProps) {
  const values = state?.values
  return (
    <form method="post" action={action} aria-labelledby="enquiry-heading" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 print:hidden" data-enquiry="">
      <Heading id="enquiry-heading" className="font-semibold">
        {heading}
      </Heading>
      <p className="text-xs text-muted">Fields marked * are required.</p>
      <Honeypot />
      {state?.errors.form ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.errors.form}
        </p>
      ) : null}
      <EnquiryField id="enquiry-name" label="Your name" required error={state?.errors.name} control={input({ name: 'name', type: 'text', required: true, maxLength: ENQUIRY_NAME_MAX, autoComplete: 'name', defaultValue: values?.name })} />
      <EnquiryField
        id="enquiry-email"
        label="E-mail"
        hint="An e-mail address or a phone number, or both, so we can answer you."
        error={state?.errors.email}
        control={input({ name: 'email', type: 'email', maxLength: ENQUIRY_EMAIL_MAX, autoComplete: 'email', defaultValue: values?.email })}
      />
      <EnquiryField id="enquiry-phone" label="Phone" error={state?.errors.phone} control={input({ name: 'phone', type: 'tel', maxLength: ENQUIRY_PHONE_MAX, autoComplete: 'tel', defaultValue: values?.phone })} />
      <EnquiryField
        id="enquiry-message"
        label="Message"
        required
        error={state?.errors.message}
        control={(aria) => <textarea name="message" rows={4} required maxLength={ENQUIRY_MESSAGE_MAX} defaultValue={values?.message ?? defaultMessage} {...aria} className={CONTROL} />}
      />
      <EnquiryField
        id="enquiry-viewing-times"
        label="When could you come to a viewing? (optional)"
        hint="For example: weekday evenings, Saturday morning."
        error={state?.errors.viewingTimes}
        control={input({ name: 'viewingTimes', type: 'text', maxLength: ENQUIRY_VIEWING_TIMES_MAX, defaultValue: values?.viewingTimes })}
      />
      <div>
        <div className="flex items-baseline gap-2 text-sm">
          <input
            id="enquiry-consent"
            name="consent"
            type="checkbox"
            value="yes"
            required
            aria-invalid={state?.errors.consent ? true : undefined}
            aria-describedby={state?.errors.consent ? 'enquiry-consent-error' : undefined}
          />
          {/* The privacy notice is linked once, in the page's footer. */}
          {/* min-w-0: the words name the agency or broker, which may be one long word. */}
          <label htmlFor="enquiry-consent" className="min-w-0">{consentWording(who)}</label>
        </div>
        <ErrorList id={state?.errors.consent ? 'enquiry-consent-error' : undefined} errors={errorsOf(state?.errors.consent)} />
      </div>
      <div>
        <Button type="submit">Send enquiry</Button>
      </div>
    </form>
  )
}
