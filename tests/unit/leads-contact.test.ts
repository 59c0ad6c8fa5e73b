import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#app/lib/time.ts'
import { leadAge } from '#app/modules/leads/catalog.ts'
import { callingCodeOf, cleanName, findEmail, normaliseEmail, normalisePhone, singleLine, splitNameAndAddress } from '#app/modules/leads/contact.ts'
import { isInboundMailSigned, signInboundMail } from '#app/modules/leads/inbound-signature.server.ts'
import { readLabelledLines } from '#app/modules/leads/labelled-lines.ts'
import { SMTP_CLOSE_TIMEOUT_MS, SMTP_SOCKET_TIMEOUT_MS } from '#app/modules/leads/limits.ts'

describe("a lead's contact", () => {
  it('normalises e-mail addresses and refuses what is none', () => {
    expect(normaliseEmail(' Ana.Silva@Example.COM ')).toBe('ana.silva@example.com')
    expect(normaliseEmail('mailto:ana@example.pt')).toBe('ana@example.pt')
    expect(normaliseEmail('ana@localhost')).toBeNull()
    expect(normaliseEmail('ana@10.0.0.1')).toBeNull()
    expect(normaliseEmail('not an address')).toBeNull()
    expect(normaliseEmail(`${'a'.repeat(250)}@example.com`)).toBeNull()
    expect(findEmail('Write to "Ana" <ANA@example.pt> today')).toBe('ana@example.pt')
  })

  it('reads phone numbers into E.164 with their own code, 00, (0), or the agency country; keeps others as typed', () => {
    expect(normalisePhone('+351 912 345 678')).toEqual({ display: '+351 912 345 678', e164: '+351912345678' })
    expect(normalisePhone('00351 912 345 678')?.e164).toBe('+351912345678')
    expect(normalisePhone('+44 (0)20 7946 0958')?.e164).toBe('+442079460958')
    expect(normalisePhone('912 345 678', '351')?.e164).toBe('+351912345678')
    expect(normalisePhone('912 345 678')).toEqual({ display: '912 345 678', e164: null })
    expect(normalisePhone('tel:+1-415-555-2671')?.e164).toBe('+14155552671')
    expect(normalisePhone('12345')).toEqual({ display: '12345', e164: null })
    expect(normalisePhone('call me')).toBeNull()
    expect(normalisePhone('n/a')).toBeNull()
    expect(callingCodeOf('+351 21 000 0000')).toBe('351')
    expect(callingCodeOf('21 000 0000')).toBeUndefined()
  })

  it('keeps names and headers on one bounded line', () => {
    expect(singleLine('Ana\r\nBcc: x@example.com', 200)).toBe('Ana Bcc: x@example.com')
    expect(singleLine('a\u0000b\u0007c', 10)).toBe('abc')
    expect(singleLine('x'.repeat(300), 200)).toHaveLength(200)
    expect(cleanName('"Ana Silva"')).toBe('Ana Silva')
    expect(cleanName('ana@example.com')).toBeNull()
    expect(cleanName('+351 912')).toBeNull()
    expect(splitNameAndAddress('Marta Nunes [mailto:marta@example.pt]')).toEqual({ name: 'Marta Nunes', email: 'marta@example.pt' })
    expect(splitNameAndAddress('"Silva, Ana" <ana@example.pt>')).toEqual({ name: 'Silva, Ana', email: 'ana@example.pt' })
  })
})

describe('labelled lines', () => {
  it('reads labels in five languages to their fields, and leaves the rest as the message', () => {
    const { fields, rest } = readLabelledLines(
      ['Hello there', 'Nome: Ana', 'Correo electrónico: ana@example.es', 'Téléphone : 0612345678', 'Nachricht: Hallo', 'zweite Zeile', '--', 'Footer'].join('\n'),
    )
    expect(fields).toMatchObject({ name: 'Ana', email: 'ana@example.es', phone: '0612345678', message: 'Hallo\nzweite Zeile' })
    expect(rest).toBe('Hello there\n--\nFooter')
  })

  it('takes a word that only looks like a label as text ("Names:", "Message me")', () => {
    const { fields, rest } = readLabelledLines('Names: a list\nMessage me later')
    expect(fields).toEqual({})
    expect(rest).toBe('Names: a list\nMessage me later')
  })
})

describe('the inbound signature', () => {
  const body = Buffer.from('From: a@example.com\r\n\r\nhello')
  it('accepts the HMAC-SHA256 of the body with the secret, with or without its sha256= prefix', () => {
    const signature = signInboundMail(body, 'a-secret-of-sixteen+')
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(isInboundMailSigned(body, signature, 'a-secret-of-sixteen+')).toBe(true)
    expect(isInboundMailSigned(body, signature.slice('sha256='.length).toUpperCase(), 'a-secret-of-sixteen+')).toBe(true)
  })
  it('refuses another secret, another body, a missing or malformed header', () => {
    const signature = signInboundMail(body, 'a-secret-of-sixteen+')
    expect(isInboundMailSigned(body, signature, 'another-secret-0000')).toBe(false)
    expect(isInboundMailSigned(Buffer.concat([body, Buffer.from('!')]), signature, 'a-secret-of-sixteen+')).toBe(false)
    expect(isInboundMailSigned(body, null, 'a-secret-of-sixteen+')).toBe(false)
    expect(isInboundMailSigned(body, 'sha256=xyz', 'a-secret-of-sixteen+')).toBe(false)
  })
})

describe('durations', () => {
  it('shows the time since arrival in whole minutes, hours and days', () => {
    const now = new Date('2026-03-02T12:00:00Z')
    expect(leadAge(new Date(now.getTime() - 30_000), now)).toBe('just now')
    expect(leadAge(new Date(now.getTime() - 12 * MINUTE_MS), now)).toBe('12 min')
    expect(leadAge(new Date(now.getTime() - 3 * HOUR_MS - 1), now)).toBe('3 h')
    expect(leadAge(new Date(now.getTime() - 2 * DAY_MS), now)).toBe('2 d')
  })
  it("pins the SMTP receiver's timeouts: a silent sender 60 s, a shutdown 5 s", () => {
    expect(SMTP_SOCKET_TIMEOUT_MS).toBe(60_000)
    expect(SMTP_CLOSE_TIMEOUT_MS).toBe(5_000)
  })
})
