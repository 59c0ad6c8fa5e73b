import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.server.ts'
import { deliverMail } from '#app/modules/mail/delivery.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { scheduleViewingVia } from '#tests/support/agenda.ts'
import { signedInBroker, uniqueEmail } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { parseLogOutput } from '#tests/support/logs.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { logs } from '#tests/support/setup-integration.ts'

/*
 * Issue 23: the app logs one JSON object per line (app/lib/logger.server.ts), so text a
 * visitor typed cannot forge log lines.
 */

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
