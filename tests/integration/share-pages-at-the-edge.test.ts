import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyForm } from '#tests/support/properties.ts'
import { rawExchange } from '#tests/support/raw-http.ts'
import { type CookieJar, getPage, postForm, projectDatabaseEnv, type ServerProcess, signedInJar, startServerProcess } from '#tests/support/server-process.ts'

/*
 * Issue 24, item 8: `node server.mjs` answers a share page in memory at the Node request level
 * (no Fetch Request, no router): to returning and first visitors, with tracking parameters, and
 * to the broker previewing their own link; HEAD gets the headers only.
 */

const queriesOf = (response: Response) => Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])
// Node's own fetch reads as a bot (no view, no visitor cookie): these are phones.
const PHONE = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 13; SM-A145R) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36' }
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '')

describe('share pages answered at the edge of node server.mjs', () => {
  let server: ServerProcess
  let jar: CookieJar
  let path = ''

  beforeAll(async () => {
    server = await startServerProcess(projectDatabaseEnv())
    await server.waitUntilHealthy()
    jar = await signedInJar(server.url)
    const created = await postForm(server.url, '/property/new/residential', propertyForm({ title: 'Edge view flat' }), jar)
    const propertyPath = created.headers.get('Location') ?? ''
    const propertyId = propertyPath.split('/').pop() ?? ''
    expect((await postForm(server.url, '/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '', redirectTo: propertyPath }, jar)).status).toBe(302)
    const page = await (await getPage(server.url, propertyPath, jar)).text()
    path = /\/preview\/[A-Za-z0-9_-]{22}/.exec(page)?.[0] ?? ''
    expect(path).not.toBe('')
  }, 90_000)

  afterAll(async () => {
    await server?.dispose()
  })

  it('answers from memory with no query: visitors, tracking parameters, the owner previewing, HEAD', async () => {
    const first = await fetch(`${server.url}${path}`, { headers: PHONE })
    expect(first.status).toBe(200)
    const html = withoutNonces(await first.text())
    expect(html).toContain('Edge view flat')
    // Until this server has heard its own writes commit, it may still ask; then it must not.
    let again = await fetch(`${server.url}${path}`, { headers: PHONE })
    for (let attempt = 0; queriesOf(again) !== 0 && attempt < 40; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      again = await fetch(`${server.url}${path}`, { headers: PHONE })
    }
    expect(queriesOf(again)).toBe(0)
    expect(again.headers.get('Content-Encoding')).toBe('gzip')
    expect(again.headers.get('Content-Security-Policy')).toContain("default-src 'self'")
    expect(again.headers.get('X-Frame-Options')).toBe('DENY')
    expect(again.headers.get('X-Request-Id')).toMatch(/^[\w.-]{1,64}$/)
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith('bv_visitor='))).toBe(true)
    expect(withoutNonces(await again.text())).toBe(html)

    const tracked = await fetch(`${server.url}${path}?utm_source=whatsapp&utm_medium=social&fbclid=IwAR`, { headers: PHONE })
    expect(queriesOf(tracked)).toBe(0)
    expect(withoutNonces(await tracked.text())).toBe(html)

    await getPage(server.url, '/home', jar)
    const preview = await fetch(`${server.url}${path}`, { headers: { ...PHONE, Cookie: jar.header } })
    expect(queriesOf(preview)).toBe(0)
    expect(preview.headers.get('Cache-Control')).toBe('private, no-store')
    expect(withoutNonces(await preview.text())).toBe(html)

    const head = await rawExchange(Number(new URL(server.url).port), `HEAD ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    expect(head.statuses).toEqual([200])
    expect(head.received.toString()).not.toContain('<html')
  })
})
