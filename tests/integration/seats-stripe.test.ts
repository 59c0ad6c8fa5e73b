import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLAN_SEATS } from '#app/modules/billing/plans.ts'
import { seatsInUseMessage } from '#app/routes/app/agency.tsx'
import { type CookieJar, getPage, postForm, projectDatabaseEnv, signedInJar, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { startFakeStripe, type FakeStripe } from '#tests/support/stripe-api.ts'

/*
 * Extra seats bought on Stripe (issue 26), through a real server process and the local fake
 * Stripe API: the owner's form changes the quantity of the subscription's seat item, Stripe's
 * customer.subscription.updated writes the agency's extra seats, and a quantity changed in
 * Stripe itself (the Customer Portal) arrives the same way.
 */

const WEBHOOK_SECRET = 'whsec_seats_secret'
const PRICES = { starter: 'price_starter_seats', advanced: 'price_advanced_seats', professional: 'price_professional_seats' }
const SEAT_PRICE = 'price_extra_seat'

let stripe: FakeStripe
let server: ServerProcess
let url: string

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET })
  server = await startServerProcess({
    ...projectDatabaseEnv(),
    STRIPE_SECRET_KEY: 'sk_test_seats',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: PRICES.starter,
    STRIPE_PRICE_ADVANCED: PRICES.advanced,
    STRIPE_PRICE_PROFESSIONAL: PRICES.professional,
    STRIPE_PRICE_SEAT: SEAT_PRICE,
    STRIPE_API_BASE: stripe.url,
  })
  await server.waitUntilHealthy()
  url = server.url
  stripe.setWebhookUrl(`${url}/webhooks/stripe`)
})

afterAll(async () => {
  await server?.dispose()
  await stripe?.close()
})

const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'").replace(/<!-- -->/g, '')
const agencyPage = async (jar: CookieJar) => text(await getPage(url, '/agency', jar))
const setSeats = (jar: CookieJar, extraSeats: string) => postForm(url, '/agency', { intent: 'seats', extraSeats }, jar)
const invite = (jar: CookieJar, email: string) => postForm(url, '/agency', { intent: 'invite', email, role: 'agent' }, jar)
const tag = () => Math.random().toString(36).slice(2, 8)

/** Until /agency shows `seats` ("3 of 5 seats used"): the webhook arrives a moment after the change. */
async function seeSeats(jar: CookieJar, seats: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    if ((await agencyPage(jar)).includes(seats)) return
    if (Date.now() > deadline) throw new Error(`/agency never showed "${seats}"`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** An owner paying for `plan` through Checkout (the hosted page sent the webhooks). */
async function payingOwner(plan: keyof typeof PRICES) {
  const jar = await signedInJar(url)
  const chosen = await postForm(url, '/pricing', { plan }, jar)
  const session = stripe.sessions.get((chosen.headers.get('Location') ?? '').slice(`${stripe.url}/checkout/`.length))!
  const subscription = await stripe.completeCheckout(session)
  // The plan's seats once Checkout's events have arrived.
  await seeSeats(jar, `1 of ${PLAN_SEATS[plan]} seats used`)
  return { jar, subscription }
}

const seatItem = (subscriptionId: string) => stripe.subscriptions.get(subscriptionId)!.items.data.find((item) => item.price.id === SEAT_PRICE)
const updatesOf = (subscriptionId: string) => stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscriptionId}`)

describe('extra seats on Stripe', () => {
  it('round trip: the form sets the seat item’s quantity, the webhook sets the agency’s seats; in-use seats cannot be removed', async () => {
    const { jar, subscription } = await payingOwner('advanced')
    expect(await agencyPage(jar)).toContain('1 of 3 seats used')

    // Adding: the seat item is created with its quantity and the agency named; the seats apply
    // when Stripe's event arrives.
    const added = await setSeats(jar, '2')
    expect(added.status).toBe(302)
    const [first] = updatesOf(subscription.id)
    expect(first?.body).toMatchObject({ 'items[0][price]': SEAT_PRICE, 'items[0][quantity]': '2', proration_behavior: 'create_prorations' })
    expect(first?.body['items[0][metadata][agencyId]']).toMatch(/^[0-9a-f-]{36}$/)
    await seeSeats(jar, '1 of 5 seats used')
    expect(seatItem(subscription.id)?.quantity).toBe(2)
    // The plan's item is still the plan: the seat item beside it changes nothing of the plan.
    expect(await text(await getPage(url, '/profile/billing', jar))).toContain('Advanced')

    for (let i = 0; i < 4; i++) expect((await invite(jar, `seat-${tag()}-${i}@example.com`)).status).toBe(302)
    expect((await invite(jar, `one-too-many-${tag()}@example.com`)).status).toBe(409)

    // Five seats in use, three included: at least two extra must stay; Stripe is not asked.
    const calls = updatesOf(subscription.id).length
    const refused = await setSeats(jar, '1')
    expect(refused.status).toBe(409)
    expect(await text(refused)).toContain(seatsInUseMessage(5, 2))
    expect(updatesOf(subscription.id)).toHaveLength(calls)
    expect(seatItem(subscription.id)?.quantity).toBe(2)

    // Freeing seats, then removing them: the item's quantity is updated, then the item deleted.
    const page = await agencyPage(jar)
    const invitationIds = [...page.matchAll(/name="invitationId" value="([0-9a-f-]{36})"/g)].map((match) => match[1]!)
    expect(invitationIds).toHaveLength(4)
    for (const invitationId of invitationIds.slice(0, 3)) expect((await postForm(url, '/agency', { intent: 'revoke', invitationId }, jar)).status).toBe(302)
    expect((await setSeats(jar, '1')).status).toBe(302)
    expect(updatesOf(subscription.id).at(-1)?.body).toMatchObject({ 'items[0][id]': seatItem(subscription.id)!.id, 'items[0][quantity]': '1' })
    // Lowered at once (no invitation may take a seat being given back), confirmed by the event.
    expect(await agencyPage(jar)).toContain('2 of 4 seats used')
    expect(seatItem(subscription.id)?.quantity).toBe(1)
    await postForm(url, '/agency', { intent: 'revoke', invitationId: invitationIds[3]! }, jar)
    expect((await setSeats(jar, '0')).status).toBe(302)
    expect(updatesOf(subscription.id).at(-1)?.body).toMatchObject({ 'items[0][deleted]': 'true' })
    expect(seatItem(subscription.id)).toBeUndefined()
    await seeSeats(jar, '1 of 3 seats used')
    expect(await agencyPage(jar)).toContain('the agency has 0 extra')
  })

  it('a quantity changed in Stripe itself (the portal) reaches the agency through the webhook', async () => {
    const { jar, subscription } = await payingOwner('advanced')
    const current = stripe.subscriptions.get(subscription.id)!
    current.items.data.push({ id: 'si_portal_seats', object: 'subscription_item', price: { id: SEAT_PRICE, object: 'price' }, quantity: 4, metadata: {}, current_period_end: current.items.data[0]!.current_period_end })
    const sent = await stripe.sendEvent('customer.subscription.updated', current)
    expect(JSON.parse(sent.body)).toMatchObject({ outcome: 'applied' })
    expect(await agencyPage(jar)).toContain('1 of 7 seats used')
    current.items.data.at(-1)!.quantity = 1
    expect(JSON.parse((await stripe.sendEvent('customer.subscription.updated', current)).body)).toMatchObject({ outcome: 'applied' })
    expect(await agencyPage(jar)).toContain('1 of 4 seats used')
    // The lines name no member: Stripe's event did it.
    const audit = await text(await getPage(url, '/agency/audit?kind=seats', jar))
    expect(audit).toContain('BrokerVault</span> · Extra seats set to 4 by the subscription (Stripe)')
    expect(audit).toContain('BrokerVault</span> · Extra seats set to 1 by the subscription (Stripe)')
  })

  it('without a paid subscription, or with Stripe down, says so and changes nothing (no 500)', async () => {
    const trial = await signedInJar(url)
    const noPlan = await setSeats(trial, '1')
    expect(noPlan.status).toBe(409)
    expect(await text(noPlan)).toContain('Extra seats are added to a paid plan: choose a plan first.')
    expect(await agencyPage(trial)).toContain('the agency has 0 extra')

    const { jar, subscription } = await payingOwner('starter')
    stripe.failNext(`/v1/subscriptions/${subscription.id}`, 2)
    const down = await setSeats(jar, '2')
    expect(down.status).toBe(503)
    expect(await text(down)).toContain('Payment could not be changed just now. Nothing has changed')
    expect(seatItem(subscription.id)).toBeUndefined()
    expect(await agencyPage(jar)).toContain('1 of 1 seats used')
  })
})
