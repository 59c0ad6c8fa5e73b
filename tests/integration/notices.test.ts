import { randomBytes } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { shares } from '#db/schema.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { sendDueDigests } from '#app/modules/notices/digest.server.ts'
import { settleShareViews, signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia, propertyForm } from '#tests/support/properties.ts'
import { CookieJar, getPage, postForm, projectDatabaseEnv, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { addressesOf, startSmtpListener, waitFor, type SmtpListener } from '#tests/support/smtp.ts'

let server: ServerProcess | null = null
let smtp: SmtpListener | null = null
afterEach(async () => {
  await server?.dispose()
  server = null
  await smtp?.close()
  smtp = null
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const BATCH_SECONDS = 6

/** A broker with one client whose shortlist holds two properties and is shared; all through the forms. */
async function brokerWithSharedShortlist(url: string) {
  const jar = new CookieJar()
  const email = `notices-${randomBytes(5).toString('hex')}@example.com`
  const password = 'correct-horse-battery-staple'
  expect((await postForm(url, '/auth?mode=signup', { intent: 'signup', fullName: 'Nina Notice', email, password }, jar)).status).toBe(302)
  expect((await postForm(url, '/auth', { intent: 'signin', email, password }, jar)).status).toBe(302)
  const propertyIds: string[] = []
  for (const title of ['Sea view flat', 'Garden house']) {
    const created = await postForm(url, '/property/new/residential', propertyForm({ title }), jar)
    propertyIds.push(/^\/property\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')![1]!)
  }
  const { clientId, sharePath } = await sharedShortlist(url, jar, 'Marta Silva', propertyIds)
  return { jar, email, clientId, propertyIds, sharePath }
}

/** A client of the broker in `jar`, a shortlist of these properties, and its share link. */
async function sharedShortlist(url: string, jar: CookieJar, fullName: string, propertyIds: string[]) {
  const client = await postForm(url, '/client/new', { fullName, email: 'client@example.com', kind: 'buyer', stage: 'new' }, jar)
  const clientId = /^\/client\/([0-9a-f-]{36})$/.exec(client.headers.get('Location') ?? '')![1]!
  for (const propertyId of propertyIds) await postForm(url, `/client/${clientId}/edit-listing`, { intent: 'add', propertyId }, jar)
  const listingPage = `/client/${clientId}/listing`
  await postForm(url, '/shares', { intent: 'create', kind: 'client_listing', targetId: clientId, expiresInDays: '', redirectTo: listingPage }, jar)
  const page = await (await getPage(url, listingPage, jar)).text()
  const sharePath = /\/client-listing\/[A-Za-z0-9_-]{22}/.exec(page)![0]
  return { clientId, sharePath }
}

/** A client's post on the share page, from an address of its own (TRUST_PROXY), as a browser without JavaScript. */
async function react(url: string, sharePath: string, form: Record<string, string>, from: string) {
  const response = await fetch(`${url}${sharePath}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': from },
    body: new URLSearchParams(form),
  })
  expect(response.status).toBe(303)
}

describe('feedback notices through a real SMTP server', () => {
  it('batches reactions into one mail per share per window, starts a new window after it, and mails nothing when off', async () => {
    smtp = await startSmtpListener()
    server = await startServerProcess({
      ...projectDatabaseEnv(),
      SMTP_URL: smtp.url,
      JOBS_IN_PROCESS: '1',
      TRUST_PROXY: '1',
      NOTICE_BATCH_SECONDS: String(BATCH_SECONDS),
    })
    await server.waitUntilHealthy()
    const url = server.url
    const { jar, email, clientId, propertyIds, sharePath } = await brokerWithSharedShortlist(url)
    const [flat, house] = propertyIds as [string, string]
    const from = `203.0.113.${Math.floor(Math.random() * 250) + 1}`
    const other = await sharedShortlist(url, jar, 'Kenji Sato', [house])
    const mine = () => smtp!.received.filter((m) => addressesOf(m).includes(email))
    const aboutMarta = () => mine().filter((m) => m.subject === 'Feedback from Marta Silva on your shortlist')
    const longComment = `Can we visit on Friday? ${'The terrace looks lovely. '.repeat(10)}`

    // Three reactions within the window (the last one 4 s after the first): one mail, listing all three.
    await react(url, sharePath, { propertyId: flat, reaction: 'interested', comment: '' }, from)
    await react(url, sharePath, { propertyId: house, reaction: 'not_for_me', comment: 'Too far from the school.' }, from)
    await sleep(4000)
    await react(url, sharePath, { propertyId: flat, reaction: '', comment: longComment, name: 'Rui' }, from)
    // Another share of the same broker, in the same window: its own mail.
    await react(url, other.sharePath, { propertyId: house, reaction: 'interested', comment: '' }, from)
    const first = await waitFor(() => aboutMarta()[0], 30_000, 'the first notice')
    const firstSeenAt = Date.now()
    expect(first.subject).toBe('Feedback from Marta Silva on your shortlist')
    expect(first.text).toContain('Marta Silva: Interested in Sea view flat')
    expect(first.text).toContain("Marta Silva: Not for me: Garden house; 'Too far from the school.'")
    const quoted = /Rui: Comment on Sea view flat; '([^']*)'/.exec(first.text ?? '')?.[1]
    expect(quoted).toBeDefined()
    expect(quoted!.startsWith('Can we visit on Friday? The terrace looks lovely.')).toBe(true)
    expect(quoted!.length).toBeLessThanOrEqual(141)
    expect(quoted!.endsWith('…')).toBe(true)
    expect(first.text).toContain(`${url}/client/${clientId}/listing`)
    expect(first.text).not.toContain('Kenji')
    const kenji = await waitFor(() => mine().find((m) => m.subject === 'Feedback from Kenji Sato on your shortlist'), 30_000, 'the other share\'s notice')
    expect(kenji.text).toContain('Kenji Sato: Interested in Garden house')
    expect(kenji.text).toContain(`${url}/client/${other.clientId}/listing`)

    // A reaction right after the mail opens a new window: a second mail with only the new line,
    // a whole window later (a job per reaction would have sent it with the third one's job).
    await react(url, sharePath, { propertyId: house, reaction: 'interested', comment: 'Changed my mind.' }, from)
    const second = await waitFor(() => aboutMarta()[1], 30_000, 'the second notice')
    expect(Date.now() - firstSeenAt).toBeGreaterThanOrEqual(BATCH_SECONDS * 1000)
    expect(second.text).toContain("Marta Silva: Interested in Garden house; 'Changed my mind.'")
    expect(second.text).not.toContain('Sea view flat')
    await sleep((BATCH_SECONDS + 2) * 1000)
    expect(aboutMarta()).toHaveLength(2)
    expect(mine()).toHaveLength(3)

    // "Off", chosen on /profile through the form as a browser without JavaScript sends it.
    const saved = await postForm(url, '/profile/account', { intent: 'update-profile', fullName: 'Nina Notice', noticeMode: 'off' }, jar)
    expect(saved.status).toBe(302)
    const profile = await (await getPage(url, '/profile/account', jar)).text()
    expect(profile).toMatch(/<option value="off" selected="">Off<\/option>/)
    await react(url, sharePath, { propertyId: flat, reaction: 'not_for_me', comment: 'Sold on the garden.' }, from)
    await sleep((BATCH_SECONDS + 4) * 1000)
    expect(mine()).toHaveLength(3)
    // Still recorded and shown to the broker.
    expect(await (await getPage(url, `/client/${clientId}/listing`, jar)).text()).toContain('Sold on the garden.')
  }, 180_000)
})

describe('daily digest', () => {
  it("goes out once per local day after 08:00 in the broker's zone, with feedback and share views", async () => {
    const { browser, email } = await signedInBroker('Dora Digest')
    const propertyId = await createPropertyVia(browser, { title: 'Harbour loft' })
    const client = await browser.post('/client/new', { fullName: 'Kenji Sato', email: 'kenji@example.com', kind: 'buyer', stage: 'new' })
    const clientId = /^\/client\/([0-9a-f-]{36})$/.exec(client.headers.get('Location') ?? '')![1]!
    await browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })
    await browser.post('/shares', { intent: 'create', kind: 'client_listing', targetId: clientId, expiresInDays: '', redirectTo: '/home' })
    const [share] = await getDb().select({ id: shares.id }).from(shares).where(eq(shares.clientId, clientId)).orderBy(desc(shares.createdAt)).limit(1)
    const sharePath = `/client-listing/${share!.id}`

    // The setting, posted as a browser without JavaScript sends it; the page shows it chosen.
    const saved = await browser.post('/profile/account', { intent: 'update-profile', fullName: 'Dora Digest', timeZone: 'Asia/Tokyo', noticeMode: 'daily' })
    expect(saved.status).toBe(302)
    const profile = await (await browser.get('/profile/account')).text()
    expect(profile).toMatch(/<option value="daily" selected="">Daily digest at 08:00<\/option>/)
    expect(profile).toMatch(/<option value="Asia\/Tokyo" selected="">/)
    const invalid = await browser.post('/profile/account', { intent: 'update-profile', fullName: 'Dora Digest', noticeMode: 'hourly' })
    expect(invalid.status).toBe(400)

    const visitor = new TestBrowser()
    expect((await visitor.get(sharePath)).status).toBe(200)
    expect((await new TestBrowser().get(sharePath)).status).toBe(200)
    // Views are written in batches, within a second (share-views.server.ts).
    await settleShareViews()
    const feedback = await visitor.post(sharePath, { propertyId, reaction: 'interested', comment: 'Is parking included?' })
    expect(feedback.status).toBe(303)

    // Tokyo is UTC+9 all year: the most recent 08:05 in Tokyo, at or before now.
    const realNow = Date.now()
    const HOUR = 3_600_000
    let target = Date.UTC(new Date(realNow + 9 * HOUR).getUTCFullYear(), new Date(realNow + 9 * HOUR).getUTCMonth(), new Date(realNow + 9 * HOUR).getUTCDate(), 8 - 9, 5)
    if (target > realNow) target -= 24 * HOUR
    const at = (ms: number) => new Date(ms)
    const run = async (now: Date) => {
      const mails: MailRequest[] = []
      await sendDueDigests({ now, send: async (mail) => void mails.push(mail) })
      return mails.filter((mail) => mail.to === email)
    }

    // 07:50 in Tokyo (22:50 UTC, long past 08:00 UTC): not yet.
    expect(await run(at(target - 15 * 60_000))).toEqual([])
    // 08:05 in Tokyo: the digest, with the feedback and the link's views.
    const [digest, ...more] = await run(at(target))
    expect(more).toEqual([])
    expect(digest).toBeDefined()
    const body = digest!.paragraphs.join('\n')
    expect(digest!.subject).toBe('Your daily digest: feedback from Kenji Sato')
    expect(body).toContain("Kenji Sato: Interested in Harbour loft; 'Is parking included?'")
    expect(body).toContain(`/client/${clientId}/listing`)
    expect(body).toContain('Shortlist of Kenji Sato: 2 views')
    // Once a day: not again at 08:20, nor at 08:05 UTC (17:05 in Tokyo, the same local day),
    // even with new feedback waiting.
    expect(await run(at(target + 15 * 60_000))).toEqual([])
    expect((await visitor.post(sharePath, { propertyId, reaction: 'not_for_me', comment: 'Found one closer to work.' })).status).toBe(303)
    expect(await run(at(target + 9 * HOUR))).toEqual([])
    // The next morning in Tokyo: only what is new since the last digest.
    const [next] = await run(at(target + 24 * HOUR))
    const nextBody = next!.paragraphs.join('\n')
    expect(nextBody).toContain("Kenji Sato: Not for me: Harbour loft; 'Found one closer to work.'")
    expect(nextBody).not.toContain('Is parking included?')
  }, 60_000)
})
