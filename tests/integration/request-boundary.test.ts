import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { clientFeedback, properties } from '#db/schema.ts'
import { signIn, signUpBroker, TestBrowser } from '#tests/support/app.ts'
import { actionRouteIdsOfBuild, createBrokerWorld, routeSamples, type BrokerWorld } from '#tests/support/world.ts'

// React Router writes a console.warn line for an address it cannot decode: none may appear.
const warnings: unknown[][] = []
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  warnings.push(args)
})
afterEach(() => {
  expect(warnings.splice(0), 'unexpected console.warn').toEqual([])
})

let world: BrokerWorld
let formTargets: string[]
beforeAll(async () => {
  world = await createBrokerWorld()
  const samples = routeSamples(world)
  // The Stripe webhook takes Stripe's signed JSON, not a form (its own tests: stripe-billing.test.ts),
  // the inbound-mail webhook a signed raw message (leads-inbound-http.test.ts);
  // the one-click unsubscribe reads no body at all (RFC 8058; client-alerts.test.ts).
  formTargets = actionRouteIdsOfBuild()
    .filter((id) => id !== 'routes/webhooks/stripe' && id !== 'routes/webhooks/inbound-mail' && id !== 'routes/share/unsubscribe')
    .flatMap((id) => samples[id] ?? [`missing sample for ${id}`])
})

/** Signed-in pages are tried signed in; the rest anonymously, as their visitors are. */
const visitorFor = (path: string) =>
  /^\/(auth|theme|pricing|preview|client-listing\/|alerts\/|clear-navigation|logout|no-such)/.test(path) ? new TestBrowser() : world.browser

const NOT_FORMS: [string, Record<string, string>, string][] = [
  ['JSON', { 'Content-Type': 'application/json' }, '{"intent":"signin"}'],
  ['text/plain', { 'Content-Type': 'text/plain' }, 'intent=signin'],
  ['XML', { 'Content-Type': 'application/xml' }, '<intent>signin</intent>'],
  ['no Content-Type', {}, 'intent=signin'],
]

describe('one request boundary: bodies and methods', () => {
  it('finds every form target of the build (17 and more)', () => {
    expect(formTargets.filter((t) => t.startsWith('missing'))).toEqual([])
    expect(formTargets.length).toBeGreaterThanOrEqual(17)
  })

  it('answers 415 to a body that is not a form, on every form target', async () => {
    for (const target of formTargets) {
      for (const [name, headers, body] of NOT_FORMS) {
        const response = await visitorFor(target).raw(target, { method: 'POST', headers, body })
        expect(response.status, `${name} → ${target}`).toBe(415)
      }
    }
  })

  it('answers 400 to multipart without a boundary or broken, on every form target', async () => {
    const broken = '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsignin'
    for (const target of formTargets) {
      const noBoundary = await visitorFor(target).raw(target, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data' }, body: 'intent=x' })
      expect(noBoundary.status, `no boundary → ${target}`).toBe(400)
    }
    // Broken bodies reach the parser only on targets that read a form (logout and
    // clear-navigation take no fields and ignore the body).
    for (const target of formTargets.filter((t) => !/^\/(logout|clear-navigation)$/.test(t))) {
      const response = await visitorFor(target).raw(target, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' }, body: broken })
      // A property share page and an unknown path take no posts at all: 404 before the body is
      // read; so do an alert page and an agency website that do not exist (the samples' ids are
      // unknown). A real share's enquiry form reads the body: 400.
      const takesNoPost = /^\/preview\/[^/]+$/.test(target) || target.startsWith('/alerts/') || target.startsWith('/a/no-such-agency/') || target === '/no-such-page'
      const expected = takesNoPost ? 404 : 400
      expect(response.status, `broken multipart → ${target}`).toBe(expected)
    }
  })

  it('answers 405 with Allow to a method the route does not take', async () => {
    for (const target of formTargets) {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const response = await visitorFor(target).raw(target, { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: method === 'OPTIONS' ? undefined : 'intent=delete&confirm=yes' })
        expect(response.status, `${method} ${target}`).toBe(405)
        expect(response.headers.get('Allow'), `${method} ${target}`).toBe('GET, HEAD, POST')
      }
    }
    const page = await new TestBrowser().raw('/about', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=b' })
    expect(page.status).toBe(405)
    expect(page.headers.get('Allow')).toBe('GET, HEAD')
    // The DELETE above did nothing.
    expect((await world.browser.get(`/property/${world.propertyId}`)).status).toBe(200)
  })
})

describe('one request boundary: text', () => {
  const notes = async () => (await getDb().select({ notes: properties.privateNotes }).from(properties).where(eq(properties.id, world.propertyId)))[0]?.notes

  it('removes NUL and other control characters from fields, keeping tab and newlines', async () => {
    const response = await world.browser.post(`/property/${world.propertyId}`, {
      intent: 'notes',
      privateNotes: 'a\u0000b\u0001c\u001bd\u007fe\u0085f\tg\r\nh',
    })
    expect(response.status).toBe(302)
    expect(await notes()).toBe('abcdef\tg\r\nh')
  })

  it('takes anonymous share-page feedback with a NUL byte', async () => {
    const path = `/client-listing/${world.listingShare}`
    const response = await new TestBrowser().post(path, { propertyId: world.propertyId, comment: 'Vis\u0000it on Saturday?', name: 'A\u0000na' })
    expect(response.status).toBe(303)
    const rows = await getDb().select().from(clientFeedback).where(eq(clientFeedback.shareId, world.listingShare))
    expect(rows.map((r) => [r.comment, r.authorName])).toContainEqual(['Visit on Saturday?', 'Ana'])
  })

  it('signs in when a NUL byte is sent inside the e-mail address', async () => {
    const browser = new TestBrowser()
    const email = await signUpBroker(browser)
    const response = await signIn(browser, `${email.slice(0, 3)}\u0000${email.slice(3)}`)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/home')
  })

  it('answers 400 to invalid UTF-8 and writes nothing', async () => {
    const before = await notes()
    const raw = (body: string) =>
      world.browser.raw(`/property/${world.propertyId}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body })
    for (const body of ['intent=notes&privateNotes=caf%E9', 'intent=notes&privateNotes=%C3%28', 'intent=notes&privateNotes=%ED%A0%80']) {
      const response = await raw(body)
      expect(response.status, body).toBe(400)
      expect(await response.text()).toContain('The form contains text that is not valid UTF-8.')
    }
    // Raw bytes, not percent-encoded.
    const bytes = new Uint8Array([...new TextEncoder().encode('intent=notes&privateNotes=x'), 0xff, 0xfe])
    expect((await world.browser.raw(`/property/${world.propertyId}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: bytes })).status).toBe(400)
    expect(await notes()).toBe(before)
  })

  it('answers 400 to invalid UTF-8 in a multipart text field', async () => {
    const boundary = 'b0undary'
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-photos\r\n--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`)
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
    const body = new Uint8Array([...head, 0xc3, 0x28, ...tail])
    const response = await world.browser.raw(`/property/${world.propertyId}/media?upload=photos`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('The form contains text that is not valid UTF-8.')
  })
})

describe('one request boundary: addresses', () => {
  it('drops control characters from the query string before any loader reads it', async () => {
    const response = await world.browser.get('/properties?q=Sun%00ny')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('value="Sunny"')
    expect(html).toContain('Sunny two-bedroom flat')
    expect((await world.browser.get(`/property/${world.propertyId}?before=%00%01`)).status).toBe(200)
  })

  it('answers 400 to a query string that is not UTF-8', async () => {
    const response = await world.browser.get('/properties?q=caf%E9')
    expect(response.status).toBe(400)
  })

  it('answers 400 to an address that cannot be decoded, without a log line', async () => {
    for (const path of ['/property/%FF%FE', '/property/%FF%FE.data', '/%E0%A4%A', '/preview/%C0%AF', '/property/a%00b']) {
      const response = await new TestBrowser().get(path)
      expect(response.status, path).toBe(400)
    }
  })
})
