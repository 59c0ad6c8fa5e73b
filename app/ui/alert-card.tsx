import { Form } from 'react-router'
import type { AlertState } from '#app/modules/alerts/state.ts'
import { ErrorList, SubmitButton } from './form.tsx'
import { Card } from './page.tsx'
import { When } from './broker-formats.tsx'

type AlertCardProps = { state: AlertState; hasEmail: boolean; error: string | null }

/**
 * The client's property alerts on the client page: on/off, who confirmed the client's consent
 * and when, or that the client unsubscribed. Turning on needs the consent box ticked.
 */
export function AlertCard({ state, hasEmail, error }: AlertCardProps) {
  const on = state.status === 'on'
  return (
    <Card title="Property alerts">
      <div className="space-y-3 text-sm">
        {state.status === 'never' ? <p className="text-muted">Off. The client gets no e-mail about new properties.</p> : null}
        {state.status === 'on' ? (
          <>
            <p>
              <strong>On</strong>
              {': turned on '}
              <When value={state.consentedAt} className="" />
              {`${state.consentedByName ? `, confirmed by ${state.consentedByName}` : ''}.`}
            </p>
            <p className="text-muted">
              {state.lastMailedAt ? (
                <>
                  {'Last alert '}
                  <When value={state.lastMailedAt} className="" />
                  {` · ${state.mailedCount} sent in all. `}
                </>
              ) : (
                'No alert sent yet. '
              )}
              <a href={state.pagePath}>The client’s alert page</a>
            </p>
          </>
        ) : null}
        {state.status === 'stopped' ? (
          <p>
            {'Off: turned off '}
            <When value={state.stoppedAt!} className="" />
            {'.'}
          </p>
        ) : null}
        {state.status === 'unsubscribed' ? (
          <p>
            <strong>Unsubscribed by the client</strong>
            {' '}
            <When value={state.unsubscribedAt!} className="" />
            {'. Turn alerts on again only if the client asks for them.'}
          </p>
        ) : null}
        {on ? (
          <Form method="post">
            <SubmitButton name="intent" value="alerts-off" pendingText="Saving..." variant="secondary">Turn alerts off</SubmitButton>
          </Form>
        ) : hasEmail ? (
          <Form method="post" className="space-y-2">
            <label className="flex items-start gap-2">
              <input type="checkbox" name="consent" value="yes" required className="mt-1" aria-describedby={error ? 'alert-error' : undefined} />
              <span>The client agreed to receive e-mails about new properties that fit their requirements.</span>
            </label>
            <SubmitButton name="intent" value="alerts-on" pendingText="Saving...">Turn alerts on</SubmitButton>
          </Form>
        ) : (
          <p className="text-muted">Add the client’s e-mail address to offer alerts.</p>
        )}
        <ErrorList id="alert-error" errors={error ? [error] : null} />
      </div>
    </Card>
  )
}
