import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { leadFromMail, MAX_MESSAGE_CHARS } from '#app/modules/leads/lead-from-mail.server.ts'
import { MAX_ORIGINAL_TEXT_CHARS, MAX_RAW_MESSAGE_BYTES, rawSourceToKeep, readMail } from '#app/modules/leads/mail-reader.server.ts'

/*
 * Issue 27: a corpus of inbound mails (tests/fixtures/inbound-mail), each with the parse it must
 * give in a JSON file beside it: portal and website enquiries in five languages, forwards, vCards,
 * links and codes, and hostile mail (HTML only, scripts, encoded headers, forged senders, header
 * injection, control characters, broken bytes, many attachments, a zip bomb, too many parts,
 * nesting past the converter, no headers at all). A key absent from `expected` is not checked;
 * the invariants at the end hold for every mail.
 */

const DIR = path.resolve('tests/fixtures/inbound-mail')

type Expected = {
  parsed?: boolean
  name?: string | null
  email?: string | null
  phone?: string | null
  phoneDisplay?: string | null
  viewingTimes?: string | null
  subject?: string | null
  recipients?: string[]
  hints?: { shareIds: string[]; propertyIds: string[]; referenceCodes: string[]; candidateCodes: string[] }
  messageIncludes?: string[]
  messageExcludes?: string[]
  emptyMessage?: boolean
  messageMaxLength?: number
  readableIncludes?: string[]
  readableExcludes?: string[]
  readableMaxLength?: number
}
type Fixture = {
  description: string
  options: { defaultCallingCode?: string; ignoredAddresses?: string[]; propertyLinkHosts?: string[] }
  expected: Expected
}

const names = readdirSync(DIR)
  .filter((file) => file.endsWith('.eml'))
  .map((file) => file.slice(0, -'.eml'.length))
  .sort()
const fixtureOf = (name: string) => JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Fixture

// Kept text holds no control character but tab and line feed (Postgres refuses NUL; the rest is noise).
// eslint-disable-next-line no-control-regex -- control characters are the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/
const LINE_BREAK = /[\r\n]/

describe('the inbound mail corpus', () => {
  it('holds at least 30 mails, each with its expected parse and a description', () => {
    expect(names.length).toBeGreaterThanOrEqual(30)
    for (const name of names) expect(fixtureOf(name).description, name).toMatch(/\w/)
  })

  it.each(names)('%s', async (name) => {
    const { options, expected: e } = fixtureOf(name)
    const raw = readFileSync(path.join(DIR, `${name}.eml`))
    const read = await readMail(raw)
    const lead = leadFromMail(read, {
      defaultCallingCode: options.defaultCallingCode,
      ignoredAddresses: new Set(options.ignoredAddresses ?? []),
      propertyLinkHosts: new Set(options.propertyLinkHosts ?? []),
    })

    expect(read.parsed, 'parsed by mailparser').toBe(e.parsed ?? true)
    if ('name' in e) expect(lead.name, 'name').toBe(e.name)
    if ('email' in e) expect(lead.email, 'email').toBe(e.email)
    if ('phone' in e) expect(lead.phone?.e164 ?? null, 'phone in E.164').toBe(e.phone)
    if ('phoneDisplay' in e) expect(lead.phone?.display ?? null, 'phone as typed').toBe(e.phoneDisplay)
    if ('viewingTimes' in e) expect(lead.viewingTimes, 'viewing times').toBe(e.viewingTimes)
    if ('subject' in e) expect(read.subject, 'subject').toBe(e.subject)
    if ('recipients' in e) expect(read.recipients, 'recipients').toEqual(e.recipients)
    if ('hints' in e) expect(lead.hints, 'property hints').toEqual(e.hints)
    for (const part of e.messageIncludes ?? []) expect(lead.message, 'message').toContain(part)
    for (const part of e.messageExcludes ?? []) expect(lead.message, 'message').not.toContain(part)
    if (e.emptyMessage) expect(lead.message).toBe('')
    if (e.messageMaxLength) expect(lead.message.length).toBeLessThanOrEqual(e.messageMaxLength)
    for (const part of e.readableIncludes ?? []) expect(read.readable, 'readable original').toContain(part)
    for (const part of e.readableExcludes ?? []) expect(read.readable, 'readable original').not.toContain(part)
    if (e.readableMaxLength) expect(read.readable.length).toBeLessThanOrEqual(e.readableMaxLength)

    // Every mail: headers kept on one line, nothing with control characters, within the limits.
    for (const value of [read.subject, read.fromLine, read.messageId, lead.name, lead.email, lead.phone?.display]) {
      expect(value ?? '', 'a one-line field').not.toMatch(LINE_BREAK)
      expect(value ?? '', 'a one-line field').not.toMatch(CONTROL)
    }
    for (const text of [read.readable, lead.message, lead.viewingTimes ?? '']) expect(text).not.toMatch(CONTROL)
    expect(read.readable).not.toMatch(/<script/i)
    expect(lead.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS)
    expect(read.readable.length).toBeLessThanOrEqual(MAX_ORIGINAL_TEXT_CHARS)
    const source = rawSourceToKeep(raw)
    expect(Buffer.byteLength(source.text)).toBeLessThanOrEqual(MAX_RAW_MESSAGE_BYTES)
    expect(source.text).not.toMatch(CONTROL)
  })
})

describe('mail past the corpus sizes', () => {
  it('reads a 9 MB message (a huge HTML body and an attachment) in bounded time and keeps its bounds', async () => {
    const filler = '<p>' + 'Lorem ipsum dolor sit amet. '.repeat(40) + '</p>\n'
    const html = `<html><body><p>Name: Big Mail</p><p>Message: find me at the top</p>${filler.repeat(3500)}</body></html>`
    const attachment = Buffer.alloc(4 * 1024 * 1024, 7).toString('base64').replace(/.{76}/g, '$&\n')
    const raw = Buffer.from(
      [
        'From: Big <big.mail@example.com>',
        'To: leads+abcdefghijklmnop@leads.example.test',
        'Subject: Huge',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/html; charset=utf-8',
        '',
        html,
        '--b',
        'Content-Type: application/octet-stream; name="blob.bin"',
        'Content-Transfer-Encoding: base64',
        '',
        attachment,
        '--b--',
        '',
      ].join('\n'),
    )
    expect(raw.length).toBeGreaterThan(8 * 1024 * 1024)
    const started = Date.now()
    const read = await readMail(raw)
    const lead = leadFromMail(read)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(lead.name).toBe('Big Mail')
    expect(lead.message.startsWith('find me at the top')).toBe(true)
    expect(lead.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS)
    expect(read.readable.length).toBeLessThanOrEqual(MAX_ORIGINAL_TEXT_CHARS)
    expect(read.readable).toContain('blob.bin')
    const source = rawSourceToKeep(raw)
    expect(source.truncated).toBe(true)
    expect(Buffer.byteLength(source.text)).toBeLessThanOrEqual(MAX_RAW_MESSAGE_BYTES)
  })
})
