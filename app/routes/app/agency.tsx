import { data, Form, Link, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { When } from '#app/ui/broker-formats.tsx'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { getAgency, updateAgency } from '#app/modules/agencies/agency.server.ts'
import { inviteMember, listOpenInvitations, revokeInvitation } from '#app/modules/agencies/invitations.server.ts'
import { changeExtraSeats, type SeatChange } from '#app/modules/agencies/seats.server.ts'
import { canManageMembers, changeRole, leaveAgency, listMembers, listMyAgencies, removeMember, transferOwnership, type MemberChange } from '#app/modules/agencies/members.server.ts'
import { ROLE_LABELS, TeamActionSchema } from '#app/modules/agencies/schemas.ts'
import { MAX_EXTRA_SEATS } from '#app/modules/billing/plans.ts'
import { logoUrl } from '#app/modules/media/logo.ts'
import { chooseSessionAgency } from '#app/modules/session/sessions.server.ts'
import { AgencyLogoForms } from '#app/ui/agency-logo-forms.tsx'
import { ErrorList } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { handleLogoRemoval, handleLogoUpload } from './agency-logo.server.ts'
import { changeWebsiteAddress } from './agency-website.server.ts'
import { getWebsiteSlug } from '#app/modules/agencies/website-address.server.ts'
import { WebsiteAddressCard } from '#app/ui/website-address-card.tsx'
import type { Route } from './+types/agency'

export const meta: Route.MetaFunction = () => [{ title: 'Agency · BrokerVault' }]

export const NO_SEAT_MESSAGE = 'Every seat of your plan is taken. Upgrade your plan or buy more seats to invite someone else.'
/** Where the invite form's refusal sends the owner: the extra-seats form on this page. */
export const SEATS_FORM_PATH = '/agency#seats'

const SEAT_REFUSALS: Record<Exclude<Extract<SeatChange, { ok: false }>['reason'], 'in_use' | 'forbidden'>, { message: string; status: number }> = {
  no_subscription: { message: 'Extra seats are added to a paid plan: choose a plan first.', status: 409 },
  not_sold: { message: 'Extra seats are not sold on this installation: choose a larger plan for more seats.', status: 409 },
  unavailable: { message: 'Payment could not be changed just now. Nothing has changed; please try again in a few minutes.', status: 503 },
}

/** Removing seats that are in use: how many are, and the fewest extra seats that keep them. */
export const seatsInUseMessage = (inUse: number, minimum: number) =>
  `${inUse} seats are in use (members and open invitations): keep at least ${minimum} extra ${minimum === 1 ? 'seat' : 'seats'}, or remove a member or revoke an invitation first.`

export async function loader({ context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const [agency, members, invitations, myAgencies, websiteSlug] = await Promise.all([
    getAgency(scope),
    listMembers(scope),
    listOpenInvitations(scope),
    listMyAgencies(user.id),
    getWebsiteSlug(scope),
  ])
  if (!agency) throw new Response('Not Found', { status: 404 })
  const logo = agency.logoId ? logoUrl(agency.logoId, 96) : null
  // The plan's seats as the database counts them (agency_seat_limit: the owner's plan plus the extra).
  const includedSeats = agency.seatLimit - agency.extraSeats
  return { agency, logo, includedSeats, members, invitations, myAgencies, websiteSlug, me: { id: user.id, role: scope.role }, manage: canManageMembers(scope) }
}

type FieldErrors = Record<string, string[]>
const refused = (intent: string, fieldErrors: FieldErrors, status = 400) => data({ intent, fieldErrors }, { status })

const CHANGE_MESSAGES: Record<Exclude<MemberChange, { ok: true }>['reason'], string> = {
  forbidden: 'Only the owner and admins can manage members.',
  not_found: 'That person is not a member of this agency.',
  owner: "The owner's role changes only by transferring ownership.",
  successor: 'Choose another member to take over the records.',
}

export async function action({ request, context }: Route.ActionArgs) {
  const { scope, user, session } = requireAuth(context)
  // The logo form posts a file: its limits must be known before the body is read.
  if (new URL(request.url).searchParams.get('upload') === 'logo') return handleLogoUpload(request, context, scope, '/agency')
  const form = await readForm(request)
  // The website's address (docs/decisions/036-enquiries-and-website.md).
  if (form.get('intent') === 'website-address') return changeWebsiteAddress(form, context, scope)
  const parsed = parseIntentForm(form, TeamActionSchema)
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {}
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message)
    return refused(String(form.get('intent')), fieldErrors)
  }
  const input = parsed.data
  const done = (message: string, to = '/agency') => {
    setFlash(context, { kind: 'success', message })
    throw redirect(to)
  }
  const memberChange = (result: MemberChange, message: string, to?: string) => {
    if (result.ok) done(message, to)
    const reason = (result as Exclude<MemberChange, { ok: true }>).reason
    if (reason === 'forbidden') throw new Response('Forbidden', { status: 403 })
    // Someone who is not a member here (another agency's id): a 404, with the page and its message.
    return refused(input.intent, { form: [CHANGE_MESSAGES[reason]] }, reason === 'not_found' ? 404 : 400)
  }
  switch (input.intent) {
    case 'identity': {
      const { intent: _intent, ...identity } = input
      if (!(await updateAgency(scope, identity))) throw new Response('Forbidden', { status: 403 })
      return done('Agency details saved.')
    }
    case 'invite': {
      const result = await inviteMember(scope, { email: input.email, role: input.role })
      if (result.ok) return done(`Invitation sent to ${input.email}.`)
      if (result.reason === 'forbidden') throw new Response('Forbidden', { status: 403 })
      if (result.reason === 'member') return refused('invite', { email: ['This person is already a member of the agency.'] })
      return refused('invite', { email: [NO_SEAT_MESSAGE] }, 409)
    }
    case 'revoke':
      if (!canManageMembers(scope)) throw new Response('Forbidden', { status: 403 })
      if (!(await revokeInvitation(scope, input.invitationId))) throw new Response('Not Found', { status: 404 })
      return done('Invitation revoked.')
    case 'role':
      return memberChange(await changeRole(scope, input.userId, input.role), 'Role changed.')
    case 'remove':
      return memberChange(await removeMember(scope, input.userId, input.successorId), 'Member removed; their records were handed over.')
    case 'transfer':
      return memberChange(await transferOwnership(scope, input.userId), 'Ownership transferred.')
    case 'leave':
      return memberChange(await leaveAgency(scope), 'You left the agency.', '/home')
    case 'seats': {
      const result = await changeExtraSeats(scope, input.extraSeats)
      if (result.ok) return done(result.status === 'active' ? 'Extra seats saved.' : 'Extra seats requested: they apply as soon as Stripe confirms the change.')
      if (result.reason === 'forbidden') throw new Response('Forbidden', { status: 403 })
      if (result.reason === 'in_use') return refused('seats', { extraSeats: [seatsInUseMessage(result.inUse, result.minimum)] }, 409)
      const refusal = SEAT_REFUSALS[result.reason as keyof typeof SEAT_REFUSALS]
      return refused('seats', { extraSeats: [refusal.message] }, refusal.status)
    }
    case 'remove-logo':
      return handleLogoRemoval(context, scope, '/agency')
    case 'switch': {
      const mine = await listMyAgencies(user.id)
      if (!mine.some((agency) => agency.agencyId === input.agencyId)) throw new Response('Not Found', { status: 404 })
      await chooseSessionAgency(session.id, input.agencyId)
      return done('Switched agency.', '/home')
    }
  }
}

/** The way past a full agency: more seats (the owner's form above) or a larger plan. */
function SeatLinks({ owner }: { owner: boolean }) {
  return (
    <>
      <a href="#seats">{owner ? 'Add a seat' : 'Ask the owner to add a seat'}</a> or <Link to="/pricing">upgrade your plan</Link>.
    </>
  )
}

const selectStyle = 'rounded-md border border-line bg-surface px-2 py-1.5 text-sm'
const inputStyle = 'mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5'

export default function AgencyPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const errors = (actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : {}) as FieldErrors
  const logoError = actionData && 'logoError' in actionData ? actionData.logoError : undefined
  const colleagues = d.members.filter((member) => member.userId !== d.me.id)
  const seatsFree = d.agency.seatsTaken < d.agency.seatLimit
  return (
    <>
      <PageHeader title="Agency">
        {d.manage ? (
          <Link to="/agency/audit" className="text-sm">
            Audit log
          </Link>
        ) : null}
      </PageHeader>
      {errors.form ? <ErrorList id="team-form-error" errors={errors.form} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Agency details">
          {d.manage ? (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="identity" />
              {(
                [
                  ['name', 'Agency name', d.agency.name, 'text', true],
                  ['licenceNumber', 'Licence number', d.agency.licenceNumber, 'text', false],
                  ['phone', 'Phone', d.agency.phone, 'tel', false],
                  ['email', 'Email', d.agency.email, 'email', false],
                  ['website', 'Website', d.agency.website, 'url', false],
                  ['address', 'Address', d.agency.address, 'text', false],
                ] as const
              ).map(([name, label, value, type, required]) => (
                <div key={name}>
                  <label htmlFor={`agency-${name}`} className="block text-sm font-medium">
                    {label}
                    {required ? <span aria-hidden="true" className="ml-0.5 text-danger">*</span> : null}
                  </label>
                  <input
                    id={`agency-${name}`}
                    name={name}
                    type={type}
                    required={required}
                    defaultValue={value ?? ''}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={errors[name] ? `agency-${name}-error` : undefined}
                    className={inputStyle}
                  />
                  <ErrorList id={`agency-${name}-error`} errors={errors[name]} />
                </div>
              ))}
              <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink">
                Save agency details
              </button>
            </Form>
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Name</dt>
              <dd>{d.agency.name || '—'}</dd>
              <dt className="text-muted">Phone</dt>
              <dd>{d.agency.phone ?? '—'}</dd>
              <dt className="text-muted">Email</dt>
              <dd>{d.agency.email ?? '—'}</dd>
              <dt className="text-muted">Address</dt>
              <dd>{d.agency.address ?? '—'}</dd>
            </dl>
          )}
        </Card>

        <Card title="Website">
          <WebsiteAddressCard slug={d.websiteSlug} manage={d.manage} errors={errors.slug} />
        </Card>

        <Card title="Logo">
          <AgencyLogoForms name={d.agency.name} src={d.logo} manage={d.manage} error={logoError} />
        </Card>

        <Card title="Members">
          <p className="mb-2 text-sm text-muted" data-testid="seats">
            {d.agency.seatsTaken} of {d.agency.seatLimit} seats used
          </p>
          <ul className="divide-y divide-line">
            {d.members.map((member) => (
              <li key={member.userId} className="py-2" data-testid="member">
                <p className="font-medium">
                  {member.fullName || member.email} <span className="text-sm text-muted">· {ROLE_LABELS[member.role]}</span>
                </p>
                <p className="break-words text-sm text-muted">{member.email}</p>
                {d.manage && member.role !== 'owner' && member.userId !== d.me.id ? (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="userId" value={member.userId} />
                      <label className="sr-only" htmlFor={`role-${member.userId}`}>
                        Role of {member.fullName || member.email}
                      </label>
                      <select id={`role-${member.userId}`} name="role" defaultValue={member.role} className={selectStyle}>
                        <option value="agent">Agent</option>
                        <option value="admin">Admin</option>
                      </select>
                      <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm">
                        Change role
                      </button>
                    </Form>
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="userId" value={member.userId} />
                      <label className="text-sm" htmlFor={`successor-${member.userId}`}>
                        Hand records to
                      </label>
                      <select id={`successor-${member.userId}`} name="successorId" required className={selectStyle} defaultValue={d.me.id}>
                        {d.members
                          .filter((other) => other.userId !== member.userId)
                          .map((other) => (
                            <option key={other.userId} value={other.userId}>
                              {other.fullName || other.email}
                            </option>
                          ))}
                      </select>
                      <button type="submit" className="rounded-md border border-danger px-3 py-1.5 text-sm text-danger">
                        Remove
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {d.me.role === 'owner' && colleagues.length ? (
            <Form method="post" className="mt-3 flex flex-wrap items-center gap-2 border-t border-line pt-3">
              <input type="hidden" name="intent" value="transfer" />
              <label className="text-sm" htmlFor="transfer-to">
                Transfer ownership to
              </label>
              <select id="transfer-to" name="userId" required className={selectStyle}>
                {colleagues.map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {member.fullName || member.email}
                  </option>
                ))}
              </select>
              <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm">
                Transfer
              </button>
            </Form>
          ) : null}
          {d.me.role !== 'owner' ? (
            <Form method="post" className="mt-3 border-t border-line pt-3">
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className="rounded-md border border-danger px-3 py-1.5 text-sm text-danger">
                Leave this agency
              </button>
            </Form>
          ) : null}
        </Card>

        {d.manage ? (
          <section id="seats" className="scroll-mt-20">
            <Card title="Seats">
              <p className="text-sm" data-testid="seat-breakdown">
                Your plan includes {d.includedSeats} {d.includedSeats === 1 ? 'seat' : 'seats'}; the agency has {d.agency.extraSeats} extra. Members and
                open invitations each take one.
              </p>
              {d.me.role === 'owner' ? (
                <Form method="post" className="mt-3 space-y-2">
                  <input type="hidden" name="intent" value="seats" />
                  <label htmlFor="extra-seats" className="block text-sm font-medium">
                    Extra seats<span aria-hidden="true" className="ml-0.5 text-danger">*</span>
                  </label>
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      id="extra-seats"
                      name="extraSeats"
                      type="number"
                      inputMode="numeric"
                      required
                      min={0}
                      max={MAX_EXTRA_SEATS}
                      step={1}
                      defaultValue={d.agency.extraSeats}
                      aria-invalid={errors.extraSeats ? true : undefined}
                      aria-describedby={errors.extraSeats ? 'extra-seats-error' : 'extra-seats-help'}
                      className="w-24 rounded-md border border-line bg-surface px-2 py-1.5"
                    />
                    <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink">
                      Save extra seats
                    </button>
                  </div>
                  <p id="extra-seats-help" className="text-sm text-muted">
                    Billed per seat with your plan. Fewer seats than members and open invitations cannot be set.
                  </p>
                  <ErrorList id="extra-seats-error" errors={errors.extraSeats} />
                </Form>
              ) : (
                <p className="mt-2 text-sm text-muted">The owner can add seats.</p>
              )}
            </Card>
          </section>
        ) : null}

        {d.manage ? (
          <Card title="Invite a colleague">
            {seatsFree || errors.email ? null : (
              <p className="mb-2 text-sm" data-testid="seats-full">
                {NO_SEAT_MESSAGE} <SeatLinks owner={d.me.role === 'owner'} />
              </p>
            )}
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="invite" />
              <div>
                <label htmlFor="invite-email" className="block text-sm font-medium">
                  Email<span aria-hidden="true" className="ml-0.5 text-danger">*</span>
                </label>
                <input
                  id="invite-email"
                  name="email"
                  type="email"
                  required
                  maxLength={200}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? 'invite-email-error' : undefined}
                  className={inputStyle}
                />
                <ErrorList id="invite-email-error" errors={errors.email} />
                {errors.email?.includes(NO_SEAT_MESSAGE) ? (
                  <p className="mt-1 text-sm" data-testid="seat-offer">
                    <SeatLinks owner={d.me.role === 'owner'} />
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor="invite-role" className="block text-sm font-medium">
                  Role
                </label>
                <select id="invite-role" name="role" defaultValue="agent" className={`mt-1 ${selectStyle}`}>
                  <option value="agent">Agent: their own records and what is shared with them</option>
                  <option value="admin">Admin: every record of the agency</option>
                </select>
              </div>
              <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink">
                Send invitation
              </button>
            </Form>
            {d.invitations.length ? (
              <>
                <h3 className="mt-4 text-sm font-semibold">Pending invitations</h3>
                <ul className="divide-y divide-line">
                  {d.invitations.map((invitation) => (
                    <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="invitation">
                      <span className="break-words">
                        {invitation.email} · {ROLE_LABELS[invitation.role]} · valid until <When value={invitation.expiresAt} className="" />
                      </span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="invitationId" value={invitation.id} />
                        <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm">
                          Revoke
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Card>
        ) : null}

        {d.myAgencies.length > 1 ? (
          <Card title="Your agencies">
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="switch" />
              <label htmlFor="switch-agency" className="text-sm">
                Work in
              </label>
              <select id="switch-agency" name="agencyId" className={selectStyle} defaultValue={d.agency.id}>
                {d.myAgencies.map((agency) => (
                  <option key={agency.agencyId} value={agency.agencyId}>
                    {agency.name || 'Unnamed agency'} ({ROLE_LABELS[agency.role]})
                  </option>
                ))}
              </select>
              <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm">
                Switch
              </button>
            </Form>
          </Card>
        ) : null}
      </div>
    </>
  )
}
