import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { BrokenCircuitError } from 'cockatiel'
import { simpleParser } from 'mailparser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isMailDeliveryDown, MAIL_DOWN_MESSAGE, recordMailCircuit } from '#app/modules/mail/circuit.server.ts'
import { deliverMail, MAIL_ATTEMPTS, MAIL_BREAKER_FAILURES, resetMailPolicyForTests } from '#app/modules/mail/delivery.server.ts'
import { renderMail } from '#app/modules/mail/message.ts'
import type { MailTransport } from '#app/modules/mail/transport.server.ts'
import { getMailTransport } from '#app/modules/mail/transport.server.ts'
import { TestBrowser } from '#tests/support/app.ts'
import { logs } from '#tests/support/setup-integration.ts'
import { startSmtpListener } from '#tests/support/smtp.ts'

const request = {
  to: 'ana@example.com',
  subject: 'A <test> message',
  paragraphs: ['First line & more.', 'Second paragraph.'],
  action: { label: 'Open it', url: 'https://brokervault.test/x?a=1&b=2' },
}

afterEach(async () => {
  resetMailPolicyForTests()
  await recordMailCircuit(null)
  vi.useRealTimers()
})

/** A transport that fails `failures` times, then sends; it records when each attempt came. */
function flakyTransport(failures: number) {
  const attempts: number[] = []
  const transport: MailTransport = {
    kind: 'smtp',
    send: async () => {
      attempts.push(Date.now())
      if (attempts.length <= failures) throw new Error('connection refused')
    },
  }
  return { transport, attempts }
}

describe('mail', () => {
  it('renders a plain-text and an HTML part, both with the product name and the support address', () => {
    const mail = renderMail(request, 'help@brokervault.test')
    expect(mail.text).toContain('First line & more.\n\nSecond paragraph.')
    expect(mail.text).toContain('Open it: https://brokervault.test/x?a=1&b=2')
    expect(mail.text).toContain('BrokerVault · Questions? Write to help@brokervault.test')
    expect(mail.html).toContain('<p>First line &amp; more.</p>')
    expect(mail.html).toContain('href="https://brokervault.test/x?a=1&amp;b=2"')
    expect(mail.html).toContain('BrokerVault')
    expect(mail.html).toContain('mailto:help@brokervault.test')
  })

  it('without SMTP_URL writes each message to DATA_DIR/outbox as an .eml file and logs its subject and link', async () => {
    const outbox = path.resolve(process.env.DATA_DIR ?? './data', 'outbox')
    await rm(outbox, { recursive: true, force: true })
    expect(getMailTransport().kind).toBe('outbox')
    await deliverMail(request)
    const [file] = await readdir(outbox)
    expect(file).toMatch(/\.eml$/)
    const parsed = await simpleParser(await readFile(path.join(outbox, file!)))
    expect(parsed.subject).toBe('A <test> message')
    expect(parsed.from?.text).toContain('BrokerVault')
    expect(parsed.text).toContain('Second paragraph.')
    expect(parsed.html).toContain('Second paragraph.')
    expect(logs.take((line) => line.msg === 'Mail written to the outbox')).toEqual([
      expect.objectContaining({
        level: 'info',
        to: 'ana@example.com',
        subject: 'A <test> message',
        file: `outbox/${file}`,
        link: 'https://brokervault.test/x?a=1&b=2',
      }),
    ])
  })

  it('sends through a real SMTP server', async () => {
    const smtp = await startSmtpListener()
    try {
      const { default: nodemailer } = await import('nodemailer')
      const transporter = nodemailer.createTransport({ url: smtp.url })
      const transport: MailTransport = {
        kind: 'smtp',
        send: async (mail) => void (await transporter.sendMail({ from: 'BrokerVault <no-reply@brokervault.test>', ...mail })),
      }
      await deliverMail(request, transport)
      const received = await smtp.waitForMail('ana@example.com')
      expect(received.subject).toBe('A <test> message')
      expect(received.text).toContain('support@brokervault.app')
    } finally {
      await smtp.close()
    }
  })

  it(`tries ${MAIL_ATTEMPTS} times, waiting about 1 s then 2 s (plus up to 1 s), then gives up`, async () => {
    const recovering = flakyTransport(2)
    await deliverMail(request, recovering.transport)
    expect(recovering.attempts).toHaveLength(3)
    const [first, second, third] = recovering.attempts as [number, number, number]
    expect(second - first).toBeGreaterThanOrEqual(1000)
    expect(second - first).toBeLessThan(2000 + 500)
    expect(third - second).toBeGreaterThanOrEqual(2000)
    expect(third - second).toBeLessThan(3000 + 500)

    resetMailPolicyForTests()
    const dead = flakyTransport(Infinity)
    await expect(deliverMail(request, dead.transport)).rejects.toThrow('connection refused')
    expect(dead.attempts).toHaveLength(MAIL_ATTEMPTS)
  }, 30_000)

  it(`opens the breaker after ${MAIL_BREAKER_FAILURES} failed attempts in a row; mail screens then say so`, async () => {
    const dead = flakyTransport(Infinity)
    await expect(deliverMail(request, dead.transport)).rejects.toThrow('connection refused')
    expect(await isMailDeliveryDown()).toBe(false)
    // Attempts 4 and 5 fail, the breaker opens, and the third attempt of this message is refused at once.
    await expect(deliverMail(request, dead.transport)).rejects.toBeInstanceOf(BrokenCircuitError)
    expect(dead.attempts).toHaveLength(MAIL_BREAKER_FAILURES)
    await vi.waitFor(async () => expect(await isMailDeliveryDown()).toBe(true))
    const started = Date.now()
    await expect(deliverMail(request, dead.transport)).rejects.toBeInstanceOf(BrokenCircuitError)
    expect(Date.now() - started).toBeLessThan(200)
    expect(dead.attempts).toHaveLength(MAIL_BREAKER_FAILURES)

    const screen = await new TestBrowser().post('/forgot-password', { email: 'ana@example.com' })
    expect(screen.status).toBe(503)
    expect(await screen.text()).toContain(MAIL_DOWN_MESSAGE)
  }, 30_000)
})
