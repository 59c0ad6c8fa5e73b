import type { SignInErrors } from '#app/modules/open-houses/rules.ts'
import { SIGN_IN_EMAIL_MAX_LENGTH, SIGN_IN_NAME_MAX_LENGTH, SIGN_IN_PHONE_MAX_LENGTH } from '#app/modules/open-houses/rules.ts'
import type { SignInPage, SignInValues } from '#app/modules/open-houses/view.ts'
import { formatExact } from '#app/lib/when.ts'
import { Honeypot } from './form.tsx'
import { PhotoImage } from './photo.tsx'
import { AgencyLogo, ClientFrame } from './share-page.tsx'

/*
 * The sign-in page at the door of an open house (docs/decisions/038-open-house-sign-in.md): no
 * script, large touch targets (48 px and more), one column that fits a 360 px phone and a tablet
 * in portrait. The browser's own checks (required, type=email, the phone's pattern) run first.
 */

const INPUT = 'mt-2 block min-h-14 w-full rounded-lg border-2 border-line bg-surface px-4 text-lg aria-[invalid]:border-danger'
const LABEL = 'block text-lg font-semibold'

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-base text-danger">
      {message}
    </p>
  )
}

const aria = (name: string, message: string | undefined) => ({ 'aria-invalid': message ? (true as const) : undefined, 'aria-describedby': message ? `${name}-error` : undefined })

export function OpenHouseSignIn({ page, errors, values }: { page: SignInPage; errors: SignInErrors | null; values: SignInValues | null }) {
  const agency = page.broker.agency
  const e = errors ?? {}
  const v = values
  return (
    <ClientFrame broker={page.broker}>
      <header className="flex flex-col gap-3">
        {agency?.logoUrl || agency?.name || page.broker.agencyName ? (
          <div className="flex items-center gap-3">
            {agency?.logoUrl ? <AgencyLogo src={agency.logoUrl} name={agency.name} /> : null}
            <p className="text-lg font-semibold">{agency?.name || page.broker.agencyName}</p>
          </div>
        ) : null}
        <h1 className="text-3xl font-bold">{`Open house: ${page.title}`}</h1>
        <p className="text-lg text-muted">{[page.place, page.when].filter(Boolean).join(' · ')}</p>
        {page.cover ? <PhotoImage photo={page.cover} sizes="(min-width: 48rem) 48rem, 100vw" eager priority className="aspect-[3/2] w-full rounded-xl object-cover" alt={page.title} /> : null}
      </header>
      {page.state === 'running' ? (
        <form method="post" className="flex flex-col gap-6" aria-labelledby="sign-in-title">
          <h2 id="sign-in-title" className="text-2xl font-bold">Welcome! Please sign in</h2>
          {e.form ? (
            <p role="alert" className="rounded-lg border-2 border-danger p-4 text-lg">
              {e.form}
            </p>
          ) : null}
          <div>
            <label htmlFor="name" className={LABEL}>Your name</label>
            <input id="name" name="name" type="text" required maxLength={SIGN_IN_NAME_MAX_LENGTH} autoComplete="name" defaultValue={v?.name} className={INPUT} {...aria('name', e.name)} />
            <FieldError id="name-error" message={e.name} />
          </div>
          <p className="-mb-3 text-base text-muted">Leave an e-mail address, a phone number, or both.</p>
          <div>
            <label htmlFor="email" className={LABEL}>E-mail</label>
            <input id="email" name="email" type="email" maxLength={SIGN_IN_EMAIL_MAX_LENGTH} autoComplete="email" inputMode="email" defaultValue={v?.email} className={INPUT} {...aria('email', e.email)} />
            <FieldError id="email-error" message={e.email} />
          </div>
          <div>
            <label htmlFor="phone" className={LABEL}>Phone</label>
            <input
              id="phone"
              name="phone"
              type="tel"
              maxLength={SIGN_IN_PHONE_MAX_LENGTH}
              pattern="[+0-9][0-9 ().\-/]{4,}"
              title="Digits, with a + in front if you like"
              autoComplete="tel"
              defaultValue={v?.phone}
              className={INPUT}
              {...aria('phone', e.phone)}
            />
            <FieldError id="phone-error" message={e.phone} />
          </div>
          <fieldset {...aria('withAgent', e.withAgent)}>
            <legend className={LABEL}>Are you working with an agent?</legend>
            <div className="mt-2 grid grid-cols-2 gap-3">
              {(['yes', 'no'] as const).map((answer) => (
                <label key={answer} className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border-2 border-line px-4 text-lg has-[:checked]:border-brand">
                  <input type="radio" name="withAgent" value={answer} required defaultChecked={v?.withAgent === answer} className="size-6" />
                  {answer === 'yes' ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
            <FieldError id="withAgent-error" message={e.withAgent} />
          </fieldset>
          <div>
            <label htmlFor="agentName" className={LABEL}>If yes, your agent’s name</label>
            <input id="agentName" name="agentName" type="text" maxLength={SIGN_IN_NAME_MAX_LENGTH} defaultValue={v?.agentName} className={INPUT} {...aria('agentName', e.agentName)} />
            <FieldError id="agentName-error" message={e.agentName} />
          </div>
          <label className="flex cursor-pointer items-start gap-4 rounded-lg border-2 border-line p-4 text-base">
            <input type="checkbox" name="consent" value="yes" defaultChecked={v?.consent} className="mt-1 size-6 shrink-0" />
            <span className="min-w-0">{page.consentText}</span>
          </label>
          <Honeypot />
          <button type="submit" className="min-h-16 rounded-xl bg-brand px-6 text-xl font-bold text-brand-ink">
            Sign in
          </button>
        </form>
      ) : (
        <p role="status" className="rounded-xl border-2 border-line p-6 text-center text-2xl font-semibold">
          {page.state === 'upcoming' ? `This open house starts at ${formatExact(page.startsAt, page.timeZone)}.` : 'This open house has ended.'}
        </p>
      )}
    </ClientFrame>
  )
}
