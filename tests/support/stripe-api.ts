import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/*
 * A stand-in for api.stripe.com, on plain node:http: the app's SDK reaches it through
 * STRIPE_API_BASE. It answers only the calls the app makes, records each request (form bodies
 * flattened: `line_items[0][price]`), keeps subscriptions in memory for tests to change, and
 * serves a tiny hosted "Checkout" page whose Pay button sends the app the signed webhooks
 * Stripe would send, then returns the browser to success_url.
 */

export type RecordedRequest = { method: string; path: string; body: Record<string, string> }

export type FakeSubscription = {
  id: string
  object: 'subscription'
  customer: string
  status: string
  cancel_at_period_end: boolean
  created: number
  metadata: Record<string, string>
  items: { object: 'list'; data: FakeSubscriptionItem[] }
}

export type FakeSubscriptionItem = {
  id: string
  object: 'subscription_item'
  price: { id: string; object: 'price' }
  quantity: number
  metadata: Record<string, string>
  current_period_end: number
}

type CheckoutSession = {
  id: string
  object: 'checkout.session'
  mode: string
  customer: string
  client_reference_id: string | null
  status: 'open' | 'complete'
  subscription: string | null
  success_url: string
  cancel_url: string
  url: string
  price: string
}

export type WebhookDelivery = { status: number; body: string }

const DAY_S = 24 * 60 * 60
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`
const signer = new Stripe('sk_test_signer').webhooks

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

export async function startFakeStripe({ webhookSecret }: { webhookSecret: string }) {
  const requests: RecordedRequest[] = []
  const subscriptions = new Map<string, FakeSubscription>()
  const sessions = new Map<string, CheckoutSession>()
  /** Where the signed events go: set once the app server is up (it needs this server's address first). */
  let webhookUrl = ''
  let base = ''

  function newSubscription(customer: string, price: string, overrides: Partial<FakeSubscription> = {}): FakeSubscription {
    const now = Math.floor(Date.now() / 1000)
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      created: now,
      metadata: {},
      items: {
        object: 'list',
        data: [{ id: id('si'), object: 'subscription_item', price: { id: price, object: 'price' }, quantity: 1, metadata: {}, current_period_end: now + 30 * DAY_S }],
      },
      ...overrides,
    }
    subscriptions.set(subscription.id, subscription)
    return subscription
  }

  /**
   * Signs an event as Stripe does (or with another secret, or at another time: `signedAt`, Unix
   * seconds, is the signature header's `t=`) and posts it to the app's webhook.
   */
  async function sendEvent(
    type: string,
    object: object,
    options: { created?: number; eventId?: string; secret?: string; signedAt?: number; headers?: Record<string, string> } = {},
  ) {
    const event = {
      id: options.eventId ?? id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: options.created ?? Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    }
    const payload = JSON.stringify(event)
    const signature = signer.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      ...(options.signedAt !== undefined && { timestamp: options.signedAt }),
    })
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0', ...options.headers },
      body: payload,
    })
    return { eventId: event.id, payload, status: response.status, headers: response.headers, body: await response.text() }
  }

  /** What paying on the hosted page does: the subscription starts, Stripe tells the app. */
  async function completeCheckout(session: CheckoutSession) {
    const subscription = newSubscription(session.customer, session.price)
    session.status = 'complete'
    session.subscription = subscription.id
    const { url: _url, price: _price, ...sessionObject } = session
    await sendEvent('checkout.session.completed', sessionObject)
    await sendEvent('customer.subscription.created', subscription)
    return subscription
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') })
    res.end(JSON.stringify(body))
  }
  const missing = (res: http.ServerResponse, what: string) =>
    json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } })

  /** Whether an update sends customer.subscription.updated by itself (a test may send it by hand). */
  let autoEvents = true

  /** API paths that answer 500 for their next N calls (an outage; the SDK retries once). */
  const failures = new Map<string, number>()

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', base)
    const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()))
    const method = req.method ?? 'GET'
    requests.push({ method, path: url.pathname, body })
    const failing = failures.get(url.pathname) ?? 0
    if (failing > 0) {
      failures.set(url.pathname, failing - 1)
      return json(res, 500, { error: { type: 'api_error', message: 'Simulated outage' } })
    }
    try {
      if (method === 'POST' && url.pathname === '/v1/customers') {
        return json(res, 200, { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: {} })
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sessionId = id('cs_test')
        const session: CheckoutSession = {
          id: sessionId,
          object: 'checkout.session',
          mode: body.mode ?? '',
          customer: body.customer ?? '',
          client_reference_id: body.client_reference_id ?? null,
          status: 'open',
          subscription: null,
          success_url: (body.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId),
          cancel_url: body.cancel_url ?? '',
          url: `${base}/checkout/${sessionId}`,
          price: body['line_items[0][price]'] ?? '',
        }
        sessions.set(sessionId, session)
        const { price: _price, ...answer } = session
        return json(res, 200, answer)
      }
      const subscriptionPath = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname)
      if (method === 'GET' && subscriptionPath) {
        const subscription = subscriptions.get(subscriptionPath[1]!)
        return subscription ? json(res, 200, subscription) : missing(res, 'subscription')
      }
      // An update of the subscription's items (the extra seats): answered, then — as Stripe does,
      // a moment later — customer.subscription.updated goes to the app's webhook.
      if (method === 'POST' && subscriptionPath) {
        const subscription = subscriptions.get(subscriptionPath[1]!)
        if (!subscription) return missing(res, 'subscription')
        const items = subscription.items.data
        for (let i = 0; body[`items[${i}][id]`] !== undefined || body[`items[${i}][price]`] !== undefined; i++) {
          const itemId = body[`items[${i}][id]`]
          const quantity = Number(body[`items[${i}][quantity]`] ?? 1)
          const metadata = Object.fromEntries(
            Object.entries(body).flatMap(([key, value]) => {
              const match = new RegExp(`^items\\[${i}\\]\\[metadata\\]\\[(\\w+)\\]$`).exec(key)
              return match ? [[match[1]!, value]] : []
            }),
          )
          const existing = itemId ? items.find((item) => item.id === itemId) : undefined
          if (itemId && !existing) return missing(res, 'subscription item')
          if (existing && body[`items[${i}][deleted]`] === 'true') items.splice(items.indexOf(existing), 1)
          else if (existing) Object.assign(existing, { quantity, metadata: { ...existing.metadata, ...metadata } })
          else {
            const price = body[`items[${i}][price]`]!
            if (items.some((item) => item.price.id === price)) {
              return json(res, 400, { error: { type: 'invalid_request_error', message: 'Cannot add multiple subscription items with the same plan' } })
            }
            items.push({ id: id('si'), object: 'subscription_item', price: { id: price, object: 'price' }, quantity, metadata, current_period_end: items[0]!.current_period_end })
          }
        }
        json(res, 200, subscription)
        if (autoEvents) setImmediate(() => void sendEvent('customer.subscription.updated', subscription).catch(() => undefined))
        return
      }
      if (method === 'DELETE' && subscriptionPath) {
        const subscription = subscriptions.get(subscriptionPath[1]!)
        if (!subscription) return missing(res, 'subscription')
        subscription.status = 'canceled'
        return json(res, 200, subscription)
      }
      if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const portalId = id('bps')
        return json(res, 200, { id: portalId, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `${base}/portal/${portalId}` })
      }
      const checkoutPage = /^\/checkout\/([\w]+)(\/pay)?$/.exec(url.pathname)
      const session = checkoutPage ? sessions.get(checkoutPage[1]!) : undefined
      if (checkoutPage && session && method === 'GET' && !checkoutPage[2]) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        return res.end(
          `<!doctype html><html lang="en"><head><title>Fake Checkout</title></head><body><h1>Fake Checkout</h1>` +
            `<p>Price ${session.price}</p><form method="post" action="/checkout/${session.id}/pay"><button>Pay</button></form>` +
            `<a href="${session.cancel_url}">Back</a></body></html>`,
        )
      }
      if (checkoutPage && session && method === 'POST' && checkoutPage[2]) {
        if (session.status === 'open') await completeCheckout(session)
        res.writeHead(303, { Location: session.success_url })
        return res.end()
      }
      if (method === 'GET' && url.pathname.startsWith('/portal/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        return res.end('<!doctype html><html lang="en"><head><title>Fake billing portal</title></head><body><h1>Fake billing portal</h1></body></html>')
      }
      return missing(res, url.pathname)
    } catch (error) {
      return json(res, 500, { error: { type: 'api_error', message: String(error) } })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    requests,
    subscriptions,
    sessions,
    newSubscription,
    sendEvent,
    completeCheckout,
    /** Updates send their webhook event by themselves (default), or wait for the test to send it. */
    sendEventsOnUpdate(on: boolean) {
      autoEvents = on
    },
    failNext(path: string, times: number) {
      failures.set(path, times)
    },
    setWebhookUrl(url: string) {
      webhookUrl = url
    },
    /** Changes a subscription as Stripe would hold it (the app reads it back on the next event). */
    updateSubscription(subscriptionId: string, change: { status?: string; price?: string; cancelAtPeriodEnd?: boolean }) {
      const subscription = subscriptions.get(subscriptionId)
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`)
      if (change.status) subscription.status = change.status
      if (change.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = change.cancelAtPeriodEnd
      if (change.price) subscription.items.data[0]!.price = { id: change.price, object: 'price' }
      return subscription
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
