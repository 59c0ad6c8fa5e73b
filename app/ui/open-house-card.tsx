import { Form, Link } from 'react-router'
import type { StartOpenHouseInput } from '#app/modules/open-houses/rules.ts'
import type { OpenHouseView, SignInRow } from '#app/modules/open-houses/view.ts'
import { countOf } from '#app/lib/format.ts'
import { When } from './broker-formats.tsx'
import { Button, ErrorList, SubmitButton } from './form.tsx'

/*
 * Open houses on a listing's pages (docs/decisions/038-open-house-sign-in.md): the start form,
 * each open house with its sign-in link and QR code while visitors can use it, and who signed in.
 * Every form posts to /property/{id}/open-houses, which redirects back (no script needed).
 */

export type StartFormState = { errors: Partial<Record<'date' | 'startTime' | 'endTime' | 'form', string>>; values: StartOpenHouseInput }

const STATE_LABELS = { upcoming: 'Planned', running: 'Running now', ended: 'Ended' } as const
const STATE_STYLES = { upcoming: 'bg-canvas text-ink', running: 'bg-success-soft text-success', ended: 'bg-canvas text-muted' } as const

export const openHousesPath = (propertyId: string) => `/property/${propertyId}/open-houses`

export function OpenHouseItem({ propertyId, openHouse: oh, canChange, redirectTo }: { propertyId: string; openHouse: OpenHouseView; canChange: boolean; redirectTo: string }) {
  const urlId = `open-house-url-${oh.id}`
  return (
    <article aria-label={`Open house ${oh.when}`} className="space-y-3 rounded-lg border border-line p-3 text-sm" data-testid="open-house">
      <div className="flex flex-wrap items-center gap-2">
        <span data-badge="" className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLES[oh.state]}`}>{STATE_LABELS[oh.state]}</span>
        <span className="font-medium">{oh.when}</span>
        {oh.endedEarly ? <span className="text-muted">(ended early)</span> : null}
      </div>
      {oh.state !== 'ended' ? (
        <>
          <div>
            <label htmlFor={urlId} className="text-muted">Sign-in page for the door (open it on a tablet)</label>
            <textarea id={urlId} readOnly rows={2} value={oh.signInUrl} spellCheck={false} className="mt-1 block w-full resize-none break-all rounded-md border border-line bg-canvas px-2 py-1 font-mono text-xs" />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {oh.qrSvg ? (
              <div role="img" aria-label={`QR code of the sign-in page ${oh.signInUrl}`} data-testid="open-house-qr" className="w-28 shrink-0 bg-white" dangerouslySetInnerHTML={{ __html: oh.qrSvg }} />
            ) : null}
            <div className="flex flex-col gap-2">
              <p className="text-muted">Visitors can scan the code with their own phone.</p>
              <Link to={`${openHousesPath(propertyId)}/${oh.id}/sign`} className="self-start rounded-md border border-line px-3 py-1 no-underline">Print the QR sign</Link>
            </div>
          </div>
          {canChange ? (
            <Form method="post" action={openHousesPath(propertyId)}>
              <input type="hidden" name="openHouseId" value={oh.id} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Button type="submit" name="intent" value="end" variant="danger" className="px-3 py-1">
                {oh.state === 'running' ? 'End the open house now' : 'Cancel this open house'}
              </Button>
            </Form>
          ) : null}
        </>
      ) : (
        <p className="text-muted">
          {oh.thanksSent ? 'Visitors who agreed were thanked by e-mail with the listing’s link.' : 'Visitors who agreed get a thank-you e-mail with the listing’s link at 08:00 the next morning.'}
        </p>
      )}
      <SignInList signIns={oh.signIns} />
    </article>
  )
}

function SignInList({ signIns }: { signIns: SignInRow[] }) {
  if (signIns.length === 0) return <p className="text-muted">Nobody has signed in yet.</p>
  return (
    <div>
      <h3 className="font-medium">{`${countOf(signIns.length, 'sign-in', 'sign-ins')}`}</h3>
      <ul className="mt-1 divide-y divide-line" data-testid="open-house-sign-ins">
        {signIns.map((s) => (
          <li key={s.id} className="py-2">
            <p className="font-medium">
              {s.leadId ? <Link to={`/lead/${s.leadId}`}>{s.name}</Link> : s.name}
              <When value={s.signedInAt} only="time" className="ml-2 text-xs font-normal text-muted" />
            </p>
            <p className="break-all">{[s.email, s.phone].filter(Boolean).join(' · ')}</p>
            <p className="text-muted">
              {s.withAgent ? `Working with an agent${s.agentName ? `: ${s.agentName}` : ''}` : 'Not working with an agent'}
              {s.consented ? ' · agreed to be contacted' : ''}
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function StartOpenHouseForm({ propertyId, state, suggested, redirectTo }: { propertyId: string; state: StartFormState | null; suggested: StartOpenHouseInput; redirectTo: string }) {
  const values = state?.values ?? suggested
  const errors = state?.errors ?? {}
  const field = (name: 'date' | 'startTime' | 'endTime', label: string, type: 'date' | 'time') => {
    const id = `open-house-${name}`
    const error = errors[name]
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium">{label}</label>
        <input
          id={id}
          name={name}
          type={type}
          required
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 block rounded-md border border-line bg-surface px-3 py-2 aria-[invalid]:border-danger"
        />
        <ErrorList id={`${id}-error`} errors={error ? [error] : null} />
      </div>
    )
  }
  return (
    <Form method="post" action={openHousesPath(propertyId)} className="space-y-3" id="start-open-house">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="flex flex-wrap items-start gap-3">
        {field('date', 'Day', 'date')}
        {field('startTime', 'From', 'time')}
        {field('endTime', 'To', 'time')}
      </div>
      <p className="text-xs text-muted">Times on your clock. One open house at a time per listing.</p>
      <ErrorList errors={errors.form ? [errors.form] : null} />
      <SubmitButton name="intent" value="start" pendingText="Starting...">Start an open house</SubmitButton>
    </Form>
  )
}

/** The card on the property page: the newest open house (with its sign-ins) and the start form. */
export function OpenHouseCard({ propertyId, openHouses, canChange, suggested }: { propertyId: string; openHouses: OpenHouseView[]; canChange: boolean; suggested: StartOpenHouseInput }) {
  const here = `/property/${propertyId}`
  const [latest] = openHouses
  return (
    <section aria-labelledby="open-house-title" className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="open-house-title" className="font-semibold">Open house</h2>
      {latest ? <OpenHouseItem propertyId={propertyId} openHouse={latest} canChange={canChange} redirectTo={here} /> : <p className="text-sm text-muted">No open house yet. Visitors sign in at the door on a tablet or their phone, and each becomes a lead.</p>}
      {canChange && (!latest || latest.state === 'ended') ? <StartOpenHouseForm propertyId={propertyId} state={null} suggested={suggested} redirectTo={here} /> : null}
      <p className="text-sm">
        <Link to={openHousesPath(propertyId)}>{openHouses.length > 1 ? 'All open houses' : canChange ? 'Plan another open house' : 'Open houses'}</Link>
      </p>
    </section>
  )
}
