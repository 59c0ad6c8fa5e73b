import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { expect } from 'vitest'
import { queryRows } from '#db/client.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { signedInBroker, signIn, signUpBroker, TestBrowser, uniqueEmail } from './app.ts'
import { findUser, ownerScopeOf, setSubscription } from './db.ts'

/*
 * An agency at work through the built app (issue 26): an owner on a plan with seats, colleagues
 * who join by the invitation link, the agency's details and logo saved on /agency. Mails are
 * read from the queue (pgboss.job) as the mail worker would send them.
 */

const INVITE_PATH = /\/invite\/[A-Za-z0-9_-]{43}/

/** The messages queued to `email`, oldest first. */
export async function queuedMailsTo(email: string): Promise<MailRequest[]> {
  const rows = await queryRows<{ data: MailRequest | string }>(
    sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${email} order by created_on`,
  )
  return rows.map((row) => (typeof row.data === 'string' ? (JSON.parse(row.data) as MailRequest) : row.data))
}

async function queuedInvitePath(email: string) {
  const mails = await queuedMailsTo(email)
  const path = INVITE_PATH.exec(mails.at(-1)?.action?.url ?? '')?.[0]
  if (!path) throw new Error(`no invitation mail queued to ${email}`)
  return path
}

/** An owner on a plan with room for a team (professional: 10 seats). */
export async function ownerWithSeats(fullName = 'Olga Owner') {
  const owner = await signedInBroker(fullName)
  await setSubscription(owner.email, { plan: 'professional' })
  const scope = await ownerScopeOf(owner.email)
  return { ...owner, userId: scope.memberId, agencyId: scope.agencyId }
}

/** Invites a new address, signs it up and in, and accepts: a colleague in the owner's agency. */
export async function joinAgency(owner: TestBrowser, role: 'admin' | 'agent' = 'agent', fullName = 'Colleague') {
  const email = uniqueEmail(role)
  expect((await owner.post('/agency', { intent: 'invite', email, role })).status).toBe(302)
  const path = await queuedInvitePath(email)
  const browser = new TestBrowser()
  await signUpBroker(browser, fullName, email)
  expect((await signIn(browser, email)).status).toBe(302)
  const accepted = await browser.post(path, {})
  expect(accepted.status).toBe(302)
  return { browser, email, userId: (await findUser(email)).id }
}

export type AgencyDetails = { name: string; licenceNumber?: string; phone?: string; email?: string; website?: string; address?: string }

/** Saves the agency's details through /agency's form. */
export async function saveAgencyDetails(browser: TestBrowser, details: AgencyDetails) {
  const response = await browser.post('/agency', { intent: 'identity', licenceNumber: '', phone: '', email: '', website: '', address: '', ...details })
  expect(response.status).toBe(302)
}

/** A PNG of `width` × `height` with a transparent margin, as logos come. */
export function logoPng(width = 600, height = 200) {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 4, background: '#0b6e4f' } }, gravity: 'centre' }])
    .png()
    .toBuffer()
}

/** Uploads a logo through /agency's form; returns the response (302 when saved). */
export async function uploadLogo(browser: TestBrowser, bytes: Buffer | Uint8Array, name = 'logo.png', type = 'image/png') {
  const form = new FormData()
  form.set('intent', 'upload-logo')
  form.set('logo', new File([new Uint8Array(bytes)], name, { type }))
  return browser.postMultipart('/agency?upload=logo', form)
}
