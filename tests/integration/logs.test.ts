import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.server.ts'
import { deliverMail } from '#app/modules/mail/delivery.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { scheduleViewingVia } from '#tests/support/agenda.ts'
import { signedInBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { parseLogOutput } from '#tests/support/logs.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { logs } from '#tests/support/setup-integration.ts'
import { sharedWorld } from '#tests/support/share-world.ts'

/*
 * Issue 23: the app logs one JSON object per line (app/lib/logger.server.ts), so text a
 * visitor typed cannot forge log lines, and every request has an id (X-Request-Id).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** Mail jobs queued for an address (no worker runs in these tests: the test delivers them). */
async function queuedMailTo(email: string) {
  return queryRows<{ data: MailRequest }>(sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${email}`)
}

describe('log injection', () => {
  it('a property titled "T\\r\\nBcc: evil@attacker.test", mailed in a viewing invitation through the outbox, leaves one JSON line per log line', async () => {
    const title = 'T\r\nBcc: evil@attacker.test'
    const clientEmail = uniqueEmail('invitee')
    const { browser } = await signedInBroker()
    const propertyId = await createPropertyVia(browser, { title })
    const clientId = await createClientVia(browser, { email: clientEmail })
    await scheduleViewingVia(browser, propertyId, clientId)
    const [job] = await queuedMailTo(clientEmail)
    expect(job?.data.subject).toContain(title)

    // What the mail worker does with the job, on the outbox (no SMTP_URL in the tests).
    await deliverMail(job!.data)

    const written = logs.raw()
    expect(written).not.toContain('\r')
    expect(written).not.toMatch(/\nBcc:/)
    // Each piece between line breaks of any kind is one whole JSON object (parseLogOutput
    // throws otherwise), and splitting on LF alone finds the very same lines.
    const lines = parseLogOutput(written)
    expect(written.split('\n').filter(Boolean)).toHaveLength(lines.length)
    const mailed = lines.filter((line) => line.msg === 'Mail written to the outbox')
    expect(mailed).toEqual([expect.objectContaining({ level: 'info', to: clientEmail, subject: job!.data.subject })])
    expect(lines.some((line) => line.msg.includes('Bcc') || line.msg.includes('evil@'))).toBe(false)

    // The message itself carries no Bcc either: the subject stays the subject.
    const eml = await readFile(path.resolve(process.env.DATA_DIR!, mailed[0]!.file as string))
    const parsed = await simpleParser(eml)
    expect(parsed.bcc).toBeUndefined()
    expect(parsed.headers.has('bcc')).toBe(false)
    expect(parsed.subject).toContain('Bcc: evil@attacker.test')
  })
})

describe('request ids', () => {
  it('every response carries a fresh X-Request-Id', async () => {
    const browser = new TestBrowser()
    const first = await browser.get('/')
    const second = await browser.get('/')
    const missing = await browser.get('/no-such-page')
    const ids = [first, second, missing].map((response) => response.headers.get('X-Request-Id') ?? '')
    for (const id of ids) expect(id).toMatch(UUID)
    expect(new Set(ids).size).toBe(3)
    expect(missing.status).toBe(404)
  })

  it('keeps a safe incoming X-Request-Id, and replaces a hostile one', async () => {
    const browser = new TestBrowser()
    const kept = await browser.get('/', { headers: { 'X-Request-Id': 'lb-7f3a.9_Z-1' } })
    expect(kept.headers.get('X-Request-Id')).toBe('lb-7f3a.9_Z-1')

    // A header cannot hold CR/LF, but it can hold everything else a log or a header reader
    // might choke on; and nothing longer than 64 characters is kept.
    for (const hostile of ['x Bcc: evil@attacker.test', '"},{"level":"fatal', '<script>alert(1)</script>', 'a'.repeat(65), 'ação', 'a\tb']) {
      const response = await browser.get('/', { headers: { 'X-Request-Id': hostile } })
      expect(response.status).toBe(200)
      expect(response.headers.get('X-Request-Id'), hostile).toMatch(UUID)
    }
  })

  it('is on the answers given before the router too: a refused cross-site post, a share page from memory', async () => {
    const browser = new TestBrowser()
    const refused = await browser.post('/auth', { intent: 'signin', email: 'a@example.com', password: 'x' }, {
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'X-Request-Id': 'cross-1' },
    })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('X-Request-Id')).toBe('cross-1')

    const { propertyShare } = await sharedWorld()
    const visitor = new TestBrowser()
    const sharePath = `/preview/${propertyShare}`
    expect((await visitor.get(sharePath)).status).toBe(200)
    // Read again until the page comes from memory, with no query (share-page-cache.test.ts).
    let fromMemory: Response | null = null
    for (let attempt = 0; !fromMemory && attempt < 40; attempt++) {
      const response = await visitor.get(sharePath, { headers: { 'X-Request-Id': `share-${attempt}` } })
      expect(response.status).toBe(200)
      expect(response.headers.get('X-Request-Id')).toBe(`share-${attempt}`)
      await response.arrayBuffer()
      if (/db;desc="0 queries"/.test(response.headers.get('Server-Timing') ?? '')) fromMemory = response
      else await setTimeout(25)
    }
    expect(fromMemory, 'a share page answered from memory').not.toBeNull()
  })
})
