import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyForm } from '#tests/support/properties.ts'
import { CookieJar, getPage, postForm, projectDatabaseEnv, signedInJar, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { startFakeStripe, type FakeStripe, type FakeSubscription } from '#tests/support/stripe-api.ts'

/*
 * Stripe billing end to end through a real server process (the in-process bundle keeps the
 * manual provider for every other test file): the app's SDK talks to a local fake Stripe API,
 * and webhooks are signed with the SDK's test header, as Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_integration_secret'
const PRICES = { starter: 'price_starter_test', advanced: 'price_advanced_test', professional: 'price_professional_test' }
const DAY_S = 24 * 60 * 60
const nowS = () => Math.floor(Date.now() / 1000)

function stripeEnv(apiBase: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: PRICES.starter,
    STRIPE_PRICE_ADVANCED: PRICES.advanced,
    STRIPE_PRICE_PROFESSIONAL: PRICES.professional,
    STRIPE_API_BASE: apiBase,
  }
}

let stripe: FakeStripe
let server: ServerProcess
let url: string

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET })
  server = await startServerProcess({ ...projectDatabaseEnv(), ...stripeEnv(stripe.url) })
  await server.waitUntilHealthy()
  url = server.url
  stripe.setWebhookUrl(`${url}/webhooks/stripe`)
})

afterAll(async () => {
  await server?.dispose()
  await stripe?.close()
})

/** A signed-in broker who chose `plan` on /pricing: the Checkout session the app created. */
async function chooseOnPricing(jar: CookieJar, plan: keyof typeof PRICES) {
  const response = await postForm(url, '/pricing', { plan }, jar)
  expect([302, 303]).toContain(response.status)
  const location = response.headers.get('Location') ?? ''
  expect(location.startsWith(`${stripe.url}/checkout/`)).toBe(true)
  const session = stripe.sessions.get(location.slice(`${stripe.url}/checkout/`.length))!
  return { location, session }
}

/** A broker who paid for `plan` through Checkout; the hosted page sent the webhooks. */
async function payingBroker(plan: keyof typeof PRICES = 'starter') {
  const jar = await signedInJar(url)
  const { session } = await chooseOnPricing(jar, plan)
  const subscription = await stripe.completeCheckout(session)
  return { jar, session, subscription }
}

/**
 * A broker whose subscription began `daysAgo` days ago: the events carry that time, so later
 * events (also dated in the past) are newer than it.
 */
async function brokerPayingSince(daysAgo: number, plan: keyof typeof PRICES = 'starter') {
  const jar = await signedInJar(url)
  const { session } = await chooseOnPricing(jar, plan)
  const subscription = stripe.newSubscription(session.customer, PRICES[plan])
  const sent = await stripe.sendEvent('customer.subscription.created', subscription, { created: nowS() - daysAgo * DAY_S })
  expect(JSON.parse(sent.body)).toMatchObject({ outcome: 'applied' })
  return { jar, subscription }
}

async function profileText(jar: CookieJar) {
  const response = await getPage(url, '/profile/billing', jar)
  expect(response.status).toBe(200)
  return response.text()
}

const outcomeOf = (sent: { body: string }) => (JSON.parse(sent.body) as { outcome: string }).outcome

describe('choosing a plan with Stripe', () => {
  it('creates a subscription-mode Checkout session for the broker, reusing one Stripe customer', async () => {
    const jar = await signedInJar(url)
    const before = stripe.requests.length
    const first = await chooseOnPricing(jar, 'starter')
    const second = await chooseOnPricing(jar, 'advanced')

    const calls = stripe.requests.slice(before)
    const customers = calls.filter((r) => r.path === '/v1/customers')
    expect(customers).toHaveLength(1)
    const userId = customers[0]!.body['metadata[userId]']
    expect(userId).toMatch(/^[0-9a-f-]{36}$/)

    const checkouts = calls.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.body)
    expect(checkouts).toHaveLength(2)
    for (const body of checkouts) {
      expect(body.mode).toBe('subscription')
      expect(body.client_reference_id).toBe(userId)
      expect(body.customer).toBe(first.session.customer)
      expect(body['line_items[0][quantity]']).toBe('1')
      expect(body.success_url).toBe(`${url}/pricing/checkout-return?session_id={CHECKOUT_SESSION_ID}`)
      expect(body.cancel_url).toBe(`${url}/pricing?checkout=cancelled`)
    }
    expect(checkouts.map((b) => b['line_items[0][price]'])).toEqual([PRICES.starter, PRICES.advanced])
    expect(second.session.customer).toBe(first.session.customer)
    // Nothing changes until Stripe says the subscription exists.
    expect(await profileText(jar)).toContain('Free trial')
  })

  it('after paying, the plan is active and the broker is back on the saved path with the toast', async () => {
    const jar = await signedInJar(url)
    const { session } = await chooseOnPricing(jar, 'advanced')
    await stripe.completeCheckout(session)
    const back = await getPage(url, `/pricing/checkout-return?session_id=${session.id}`, jar)
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe('/home')
    const home = await (await getPage(url, '/home', jar)).text()
    expect(home).toContain('You are now on the Advanced plan.')
    const profile = await profileText(jar)
    expect(profile).toContain('Advanced')
    expect(profile).toContain('Status: Active')
    expect(profile).toMatch(/Renews on \w{3} \d+ \w{3} \d{4}\./)
  })

  it('a gated broker who subscribes again returns to the page that was refused', async () => {
    const { jar, subscription } = await payingBroker('starter')
    stripe.updateSubscription(subscription.id, { status: 'canceled' })
    await stripe.sendEvent('customer.subscription.deleted', subscription)
    expect((await getPage(url, '/clients?stage=new', jar)).headers.get('Location')).toBe('/pricing')

    const { session } = await chooseOnPricing(jar, 'professional')
    await stripe.completeCheckout(session)
    const back = await getPage(url, `/pricing/checkout-return?session_id=${session.id}`, jar)
    expect(back.headers.get('Location')).toBe('/clients?stage=new')
    const clients = await getPage(url, '/clients?stage=new', jar)
    expect(clients.status).toBe(200)
    expect(await clients.text()).toContain('You are now on the Professional plan.')
  })

  it('a return before the webhook says the payment is being confirmed, and a cancelled checkout changes nothing', async () => {
    const jar = await signedInJar(url)
    const { session } = await chooseOnPricing(jar, 'starter')
    const early = await getPage(url, `/pricing/checkout-return?session_id=${session.id}`, jar)
    expect(early.headers.get('Location')).toBe('/profile/billing')
    expect(await profileText(jar)).toContain('Payment received. Your plan switches on')

    const pricing = await getPage(url, '/pricing?checkout=cancelled', jar)
    // Without JavaScript the plan form's redirect to Checkout is governed by form-action.
    expect(pricing.headers.get('Content-Security-Policy')).toContain(`form-action 'self' https://checkout.stripe.com https://billing.stripe.com ${stripe.url}`)
    const cancelled = await pricing.text()
    expect(cancelled).toContain('Checkout was cancelled. Your plan has not changed and nothing was charged.')
    expect(await profileText(jar)).toContain('Free trial')
  })

  it('Manage billing opens a Customer Portal session for the broker’s customer', async () => {
    const { jar, session } = await payingBroker()
    expect(await profileText(jar)).toContain('Manage billing')
    const before = stripe.requests.length
    const response = await postForm(url, '/profile/billing', { intent: 'manage-billing' }, jar)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(new RegExp(`^${stripe.url}/portal/bps_`))
    const call = stripe.requests.slice(before).find((r) => r.path === '/v1/billing_portal/sessions')!
    expect(call.body).toMatchObject({ customer: session.customer, return_url: `${url}/profile/billing` })
  })

  it('Stripe not answering: the choice and the portal say so, nothing changes, no 500', async () => {
    const { jar } = await payingBroker()
    stripe.failNext('/v1/billing_portal/sessions', 4)
    const choice = await postForm(url, '/pricing', { plan: 'advanced' }, jar)
    expect(choice.status).toBe(503)
    expect(await choice.text()).toContain('Payment could not be started just now. Nothing has changed')
    const portal = await postForm(url, '/profile/billing', { intent: 'manage-billing' }, jar)
    expect(portal.headers.get('Location')).toBe('/profile/billing')
    expect(await profileText(jar)).toContain('The billing portal could not be opened just now.')

    // A webhook that cannot read the subscription asks Stripe to deliver again later.
    const other = await payingBroker()
    stripe.failNext(`/v1/subscriptions/${other.subscription.id}`, 2)
    const event = await stripe.sendEvent('customer.subscription.updated', other.subscription)
    expect(event.status).toBe(503)
    const again = await stripe.sendEvent('customer.subscription.updated', other.subscription, { eventId: event.eventId })
    expect(outcomeOf(again)).toBe('applied')
  })

  it('a broker who already pays changes plan in the portal, never in a second Checkout', async () => {
    const { jar, subscription } = await payingBroker()
    const before = stripe.requests.length
    const response = await postForm(url, '/pricing', { plan: 'professional' }, jar)
    expect(response.headers.get('Location')).toMatch(new RegExp(`^${stripe.url}/portal/`))
    const calls = stripe.requests.slice(before)
    expect(calls.some((r) => r.path === '/v1/checkout/sessions')).toBe(false)
    expect(calls.find((r) => r.path === '/v1/billing_portal/sessions')!.body).toMatchObject({
      'flow_data[type]': 'subscription_update',
      'flow_data[subscription_update][subscription]': subscription.id,
    })
  })
})

describe('the Stripe webhook', () => {
  it('applies a valid event, refuses a bad signature with 400, and a replay changes nothing', async () => {
    const jar = await signedInJar(url)
    const { session } = await chooseOnPricing(jar, 'starter')
    const subscription = stripe.newSubscription(session.customer, PRICES.starter)

    const forged = await stripe.sendEvent('customer.subscription.created', subscription, { secret: 'whsec_someone_else' })
    expect(forged.status).toBe(400)
    expect(await profileText(jar)).toContain('Free trial')

    const valid = await stripe.sendEvent('customer.subscription.created', subscription)
    expect(valid.status).toBe(200)
    expect(outcomeOf(valid)).toBe('applied')
    expect(await profileText(jar)).toContain('Status: Active')

    // Stripe now holds it canceled; the same event delivered again must not read it back.
    stripe.updateSubscription(subscription.id, { status: 'canceled' })
    const replay = await stripe.sendEvent('customer.subscription.created', subscription, { eventId: valid.eventId })
    expect(replay.status).toBe(200)
    expect(outcomeOf(replay)).toBe('replayed')
    expect(await profileText(jar)).toContain('Status: Active')
  })

  it('refuses a correctly signed event signed more than 5 minutes before or after now (400, nothing applied)', async () => {
    const jar = await signedInJar(url)
    const { session } = await chooseOnPricing(jar, 'starter')
    const subscription = stripe.newSubscription(session.customer, PRICES.starter)

    for (const signedAt of [nowS() + DAY_S, nowS() + 6 * 60, nowS() - DAY_S, nowS() - 6 * 60]) {
      const sent = await stripe.sendEvent('customer.subscription.created', subscription, { signedAt })
      expect(sent.status, `signed at now ${signedAt > nowS() ? '+' : '-'} ${Math.abs(signedAt - nowS())} s`).toBe(400)
      expect(sent.body).toBe('Bad signature.')
    }
    expect(await profileText(jar)).toContain('Free trial')

    // Within the tolerance both ways (clocks a little apart): applied.
    const ahead = await stripe.sendEvent('customer.subscription.created', subscription, { signedAt: nowS() + 4 * 60 })
    expect(ahead.status).toBe(200)
    expect(outcomeOf(ahead)).toBe('applied')
    expect(await profileText(jar)).toContain('Status: Active')
  })

  it('uses the subscription’s own state whatever order events arrive in', async () => {
    const { jar, subscription } = await payingBroker('starter')
    // Deleted (now), then an .updated from a minute earlier that still says active.
    stripe.updateSubscription(subscription.id, { status: 'canceled' })
    expect(outcomeOf(await stripe.sendEvent('customer.subscription.deleted', { ...subscription }))).toBe('applied')
    const late = await stripe.sendEvent('customer.subscription.updated', { ...subscription, status: 'active' }, { created: nowS() - 60 })
    expect(late.status).toBe(200)
    expect(outcomeOf(late)).toBe('stale')
    expect(await profileText(jar)).toContain('Status: Canceled')

    // Created after updated: the newer upgrade stays.
    const other = await brokerPayingSince(1, 'starter')
    stripe.updateSubscription(other.subscription.id, { price: PRICES.professional })
    expect(outcomeOf(await stripe.sendEvent('customer.subscription.updated', other.subscription))).toBe('applied')
    const created = await stripe.sendEvent('customer.subscription.created', { ...other.subscription, items: { object: 'list', data: [] } }, { created: nowS() - 30 })
    expect(outcomeOf(created)).toBe('stale')
    const home = await (await getPage(url, '/home', other.jar)).text()
    expect(home).toContain('0 / 250 properties')
    expect(home).toContain('Professional plan')
  })

  it('reads the subscription from the API, not from the event body', async () => {
    const { jar, subscription } = await payingBroker('starter')
    stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: true })
    // An invoice event carries no subscription state at all: only the API knows it.
    const invoice = { id: 'in_test', object: 'invoice', customer: subscription.customer, parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } } }
    expect(outcomeOf(await stripe.sendEvent('invoice.paid', invoice))).toBe('applied')
    expect(await profileText(jar)).toMatch(/Ends on \w{3} \d+ \w{3} \d{4}\./)
  })

  it('acknowledges an unknown customer with 200 and writes nothing', async () => {
    const stranger: FakeSubscription = stripe.newSubscription('cus_not_ours', PRICES.starter)
    const sent = await stripe.sendEvent('customer.subscription.created', stranger, { headers: { 'X-Request-Id': 'whk-unknown-1' } })
    expect(sent.status).toBe(200)
    expect(outcomeOf(sent)).toBe('unknown-customer')
    // Not recorded as processed: once the customer is known, the same event id would apply.
    // The log line carries the request's id, which the response gives back.
    expect(sent.headers.get('X-Request-Id')).toBe('whk-unknown-1')
    const logged = await server.waitForLog((line) => line.customerId === 'cus_not_ours', 5_000)
    expect(logged).toMatchObject({ level: 'warn', msg: 'Stripe webhook names an unknown customer; acknowledged, nothing written', reqId: 'whk-unknown-1' })
  })

  it('is exempt from the cross-site check; other POSTs are not; only POST is taken', async () => {
    const { jar, subscription } = await payingBroker()
    const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }
    const webhook = await stripe.sendEvent('customer.subscription.updated', subscription, { headers: crossSite })
    expect(webhook.status).toBe(200)

    const pricing = await fetch(`${url}/pricing`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...crossSite, Cookie: jar.header, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'plan=starter',
    })
    expect(pricing.status).toBe(403)
    const profile = await fetch(`${url}/profile/billing`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: 'https://evil.example', Cookie: jar.header, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'intent=manage-billing',
    })
    expect(profile.status).toBe(403)

    expect((await fetch(`${url}/webhooks/stripe`)).status).toBe(405)
    const put = await fetch(`${url}/webhooks/stripe`, { method: 'PUT', body: '{}' })
    expect(put.status).toBe(405)
  })
})

describe('subscription states', () => {
  it('past_due shows the billing banner for 7 days, then gates', async () => {
    const { jar, subscription } = await brokerPayingSince(10)
    stripe.updateSubscription(subscription.id, { status: 'past_due' })
    const invoice = { id: 'in_failed', object: 'invoice', customer: subscription.customer, parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } } }
    expect(outcomeOf(await stripe.sendEvent('invoice.payment_failed', invoice, { created: nowS() - 2 * DAY_S }))).toBe('applied')

    const home = await getPage(url, '/home', jar)
    expect(home.status).toBe(200)
    const page = await home.text()
    expect(page).toContain('data-testid="past-due-banner"')
    expect(page).toMatch(/<form[^>]*action="\/profile\/billing" method="post"><button[^>]*value="manage-billing"[^>]*>Open the billing portal<\/button>/)
    expect(await profileText(jar)).toContain('Status: Payment past due')

    // Past due since 8 days ago: the grace is over.
    const late = await brokerPayingSince(10)
    stripe.updateSubscription(late.subscription.id, { status: 'past_due' })
    expect(outcomeOf(await stripe.sendEvent('customer.subscription.updated', late.subscription, { created: nowS() - 8 * DAY_S }))).toBe('applied')
    const gated = await getPage(url, '/properties', late.jar)
    expect(gated.status).toBe(302)
    expect(gated.headers.get('Location')).toBe('/pricing')
    expect((await postForm(url, '/property/new/residential', propertyForm(), late.jar)).headers.get('Location')).toBe('/pricing')
  })

  it('canceled is gated like an expired trial, and the broker’s data stays', async () => {
    const { jar, subscription } = await payingBroker()
    const created = await postForm(url, '/property/new/residential', propertyForm({ title: 'Kept through cancellation' }), jar)
    const propertyPath = created.headers.get('Location')!
    expect(propertyPath).toMatch(/^\/property\/[0-9a-f-]{36}$/)

    stripe.updateSubscription(subscription.id, { status: 'canceled' })
    expect(outcomeOf(await stripe.sendEvent('customer.subscription.deleted', subscription))).toBe('applied')
    const gated = await getPage(url, '/properties', jar)
    expect(gated.headers.get('Location')).toBe('/pricing')
    const pricing = await (await getPage(url, '/pricing', jar)).text()
    expect(pricing).toContain('Your subscription is not active. Please choose a plan to access this feature.')
    expect(pricing).toContain('Your subscription is not active. Choose a plan to continue where you left off.')
    expect(pricing).not.toContain('Your free trial has ended.')

    // The edit page stays open to a gated broker, with the property intact.
    const edit = await getPage(url, `${propertyPath}/edit`, jar)
    expect(edit.status).toBe(200)
    expect(await edit.text()).toContain('Kept through cancellation')
  })

  it('a downgrade below the property count deletes nothing and refuses new properties', async () => {
    const { jar, subscription } = await payingBroker('advanced')
    for (let i = 0; i < 26; i++) {
      const created = await postForm(url, '/property/new/residential', propertyForm({ title: `Listing ${i + 1}` }), jar)
      expect(created.status).toBe(302)
    }
    stripe.updateSubscription(subscription.id, { price: PRICES.starter })
    expect(outcomeOf(await stripe.sendEvent('customer.subscription.updated', subscription))).toBe('applied')

    const home = await (await getPage(url, '/home', jar)).text()
    expect(home).toContain('26 / 25 properties')
    expect(home).toContain('Starter plan')
    const refused = await postForm(url, '/property/new/residential', propertyForm({ title: 'One too many' }), jar)
    expect(refused.status).toBe(403)
  })
})

describe('account deletion with Stripe', () => {
  it('cancels the live subscription once the account is gone; its later events are acknowledged and write nothing', async () => {
    const jar = new CookieJar()
    const email = `stripe-delete-${Date.now().toString(36)}@example.com`
    const password = 'correct-horse-battery-staple'
    await postForm(url, '/auth?mode=signup', { intent: 'signup', fullName: 'Gone Broker', email, password }, jar)
    await postForm(url, '/auth', { intent: 'signin', email, password }, jar)
    const { session } = await chooseOnPricing(jar, 'starter')
    const subscription = await stripe.completeCheckout(session)

    const deleted = await postForm(url, '/profile/data', { intent: 'delete-account', password, confirmation: 'DELETE' }, jar)
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/')
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(true)
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled')
    expect(outcomeOf(await stripe.sendEvent('customer.subscription.deleted', subscription))).toBe('unknown-customer')
  })
})

describe('Stripe configuration', () => {
  it('some but not all STRIPE_* settings stop the server at start with the missing names', async () => {
    const half = await startServerProcess({ ...projectDatabaseEnv(), STRIPE_SECRET_KEY: 'sk_test_half', STRIPE_PRICE_STARTER: 'price_x' })
    try {
      const exit = await half.exited
      expect(exit.code).not.toBe(0)
      const log = half.lines.join('\n')
      expect(log).toContain('STRIPE_WEBHOOK_SECRET')
      expect(log).toContain('STRIPE_PRICE_ADVANCED')
      expect(log).toContain('STRIPE_PRICE_PROFESSIONAL')
    } finally {
      await half.dispose()
    }
  })
})
