import { describe, expect, it } from 'vitest'
import { sessionsOf } from '#tests/support/db.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'

describe('headers', () => {
  it('documents carry an enforced CSP with a per-request nonce on every script', async () => {
    const browser = new TestBrowser()
    const [first, second] = [await browser.get('/'), await browser.get('/')]
    const csp = first.headers.get('Content-Security-Policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(second.headers.get('Content-Security-Policy')).not.toContain(nonce)
    const html = await first.text()
    const scripts = html.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it('every response says nosniff, a referrer policy, the app version and server timing', async () => {
    for (const path of ['/', '/home', '/healthz', '/no-such-page']) {
      const response = await new TestBrowser().get(path)
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
      expect(response.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('X-App-Version'), path).toMatch(/^\d+\.\d+\.\d+$/)
      expect(response.headers.get('Server-Timing'), path).toMatch(/dur=/)
    }
  })
})

describe('cross-site requests', () => {
  it('refuses a cross-site POST by Sec-Fetch-Site with 403 before any action runs', async () => {
    const { browser, email } = await signedInBroker()
    const response = await browser.post('/logout', {}, { headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(response.status).toBe(403)
    expect(await sessionsOf(email)).toHaveLength(1)
  })

  it('refuses a POST from a foreign Origin with 403', async () => {
    const response = await new TestBrowser().post(
      '/auth',
      { intent: 'signin', email: 'a@example.com', password: 'x' },
      { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': '' } },
    )
    expect(response.status).toBe(403)
  })

  it('lets cross-site GETs through (links from mail and chats must work)', async () => {
    const response = await new TestBrowser().get('/pricing', { headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(response.status).toBe(200)
  })
})

describe('no open redirects', () => {
  it('the theme form only returns to same-site paths', async () => {
    const browser = new TestBrowser()
    for (const redirectTo of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      const response = await browser.post('/theme', { theme: 'dark', redirectTo })
      expect(response.headers.get('Location')).toBe('/')
    }
    const ok = await browser.post('/theme', { theme: 'dark', redirectTo: '/pricing' })
    expect(ok.headers.get('Location')).toBe('/pricing')
    expect(await (await browser.get('/pricing')).text()).toContain('data-theme="dark"')
  })

  it('a tampered navigation cookie cannot redirect anywhere', async () => {
    const browser = new TestBrowser()
    browser.cookies.set('bv_nav', 'eyJhdXRoUmVkaXJlY3RQYXRoIjoiaHR0cHM6Ly9ldmlsLmV4YW1wbGUifQ==.forged')
    const response = await browser.get('/auth')
    expect(response.status).toBe(200)
  })
})

describe('bad input never answers 500', () => {
  it.each([
    ['/auth', { intent: 'nonsense' }],
    ['/auth', {}],
    ['/theme', { theme: 'purple' }],
    ['/auth-recovery', { intent: 'explode' }],
  ])('POST %s %j is a 400', async (path, form) => {
    const response = await new TestBrowser().post(path, form as Record<string, string>)
    expect(response.status).toBe(400)
  })

  it('unknown paths are the 404 page, for GET and POST', async () => {
    const browser = new TestBrowser()
    const get = await browser.get('/definitely/not/here')
    expect(get.status).toBe(404)
    expect(await get.text()).toContain('Page not found')
    expect((await browser.post('/definitely/not/here', { a: '1' })).status).toBe(404)
  })

  it('a garbage session cookie is treated as signed out', async () => {
    const browser = new TestBrowser()
    browser.cookies.set('bv_session', 'not-a-signed-value')
    expect((await browser.get('/home')).headers.get('Location')).toBe('/auth')
  })
})

it('/healthz answers 200 while the database is reachable', async () => {
  const response = await new TestBrowser().get('/healthz')
  expect(response.status).toBe(200)
  expect(await response.text()).toBe('ok')
})
