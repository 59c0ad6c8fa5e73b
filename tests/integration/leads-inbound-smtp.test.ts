import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import { startInboundSmtp, type InboundSmtp } from '#app/modules/leads/smtp-receiver.server.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { ownerScopeOf } from '#tests/support/db.ts'
import { logs } from '#tests/support/setup-integration.ts'
import { freePort, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'

/*
 * Issue 27: the built-in SMTP receiver, with real mail sent by nodemailer over a socket, on both
 * drivers. It takes mail for known leads+TOKEN@ addresses only (550 at RCPT TO for any other),
 * refuses messages past 10 MB (552), and files each as a lead; the server starts it when
 * INBOUND_SMTP_PORT is set.
 */

const ADDRESS = /data-testid="lead-address"[^>]*>(leads\+[a-z2-7]{16}@leads\.example\.test)</

let receiver: InboundSmtp
let address: string
let agencyId: string

const transportTo = (port: number) => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })

beforeAll(async () => {
  const owner = await signedInBroker('Smtp Owner')
  address = ADDRESS.exec(await (await owner.browser.get('/leads')).text())?.[1] ?? ''
  expect(address).not.toBe('')
  agencyId = (await ownerScopeOf(owner.email)).agencyId
  receiver = await startInboundSmtp({ port: 0, host: '127.0.0.1' })
  logs.take((line) => line.msg === 'Inbound SMTP receiver listening')
})

afterAll(async () => {
  await receiver?.close()
})

const leadsOf = () => getDb().select().from(leads).where(eq(leads.agencyId, agencyId))

const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Beatriz Lobo\r\nEMAIL:beatriz.lobo@example.com\r\nTEL:+351 934 567 890\r\nEND:VCARD\r\n'

describe('the SMTP receiver', () => {
  it('files a mail sent by nodemailer as a lead, with the contact of its attached vCard', async () => {
    const info = await transportTo(receiver.port).sendMail({
      from: 'Someone <someone@example.org>',
      to: address,
      subject: 'Via SMTP',
      text: 'Hello, I would like to see the villa.',
      attachments: [{ filename: 'beatriz.vcf', content: VCARD, contentType: 'text/vcard' }],
    })
    expect(info.accepted).toEqual([address])
    const lead = (await leadsOf()).find((row) => row.mailSubject === 'Via SMTP')
    expect(lead).toMatchObject({
      source: 'email',
      status: 'new',
      contactName: 'Beatriz Lobo',
      emailNormalized: 'beatriz.lobo@example.com',
      phoneE164: '+351934567890',
      message: 'Hello, I would like to see the villa.',
    })
    expect(lead?.originalText).toContain('beatriz.vcf')
    expect(logs.take((line) => line.msg === 'Lead received by mail').length).toBeGreaterThan(0)
  })

  it('refuses any other recipient at RCPT TO with 550: unknown tokens, other mailboxes, other domains', async () => {
    const transport = transportTo(receiver.port)
    for (const to of ['leads+aaaaaaaaaaaaaaaa@leads.example.test', 'postmaster@leads.example.test', address.replace('leads.example.test', 'elsewhere.example'), 'victim@example.com']) {
      await expect(transport.sendMail({ from: 'x@example.org', to, subject: 'Refused', text: 'no' }), to).rejects.toMatchObject({ responseCode: 550 })
    }
    expect((await leadsOf()).filter((row) => row.mailSubject === 'Refused')).toEqual([])
  })

  it('takes a mail for its known recipient and refuses the others of the same message', async () => {
    const info = await transportTo(receiver.port).sendMail({
      from: 'x@example.org',
      to: [address, 'leads+bbbbbbbbbbbbbbbb@leads.example.test'],
      subject: 'Half known',
      text: 'Name: Half Known\nMessage: hello',
    })
    expect(info.accepted).toEqual([address])
    expect(info.rejected).toEqual(['leads+bbbbbbbbbbbbbbbb@leads.example.test'])
    expect((await leadsOf()).filter((row) => row.mailSubject === 'Half known')).toHaveLength(1)
  })

  it('refuses a message past 10 MB with 552 and files nothing', async () => {
    const send = transportTo(receiver.port).sendMail({ from: 'x@example.org', to: address, subject: 'Too big', text: 'x'.repeat(10 * 1024 * 1024 + 1024) })
    await expect(send).rejects.toMatchObject({ responseCode: 552 })
    expect((await leadsOf()).filter((row) => row.mailSubject === 'Too big')).toEqual([])
  })

  it('runs in the app server when INBOUND_SMTP_PORT is set, and answers for the addresses of its database', async () => {
    const port = await freePort()
    let server: ServerProcess | undefined
    try {
      // A database of its own (embedded, in memory): its background jobs touch nobody else's.
      server = await startServerProcess({ JOBS_IN_PROCESS: '1', PGLITE_DIR: 'memory://', INBOUND_SMTP_PORT: String(port), INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_MAIL_DOMAIN: 'leads.example.test' })
      await server.waitForLog((line) => line.msg === 'Inbound SMTP receiver listening' && line.port === port, 60_000)
      await expect(transportTo(port).sendMail({ from: 'x@example.org', to: address, subject: 'Other database', text: 'no' })).rejects.toMatchObject({ responseCode: 550 })
    } finally {
      await server?.dispose()
    }
  }, 90_000)
})
