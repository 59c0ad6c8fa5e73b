import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { INVALID_LINK_MESSAGE, RESET_DONE_MESSAGE } from '#app/routes/auth/reset-password.tsx'
import { SENT_MESSAGE } from '#app/routes/auth/forgot-password.tsx'
import { CookieJar, getPage, postForm, projectDatabaseEnv, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { addressesOf, resetLinkOf, startSmtpListener, waitFor, type SmtpListener } from '#tests/support/smtp.ts'

const OLD_PASSWORD = 'correct-horse-battery-staple'
const NEW_PASSWORD = 'violet-otter-lantern-42'

let servers: ServerProcess[] = []
let smtp: SmtpListener | null = null
let dataDir: string | null = null
afterEach(async () => {
  for (const server of servers) await server.dispose()
  servers = []
  await smtp?.close()
  smtp = null
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = null
})

async function start(env: Record<string, string>) {
  const server = await startServerProcess({ ...projectDatabaseEnv(), ...env })
  servers.push(server)
  await server.waitUntilHealthy()
  return server
}

async function signUp(url: string) {
  const email = `reset-${randomBytes(5).toString('hex')}@example.com`
  const signUp = await postForm(url, '/auth?mode=signup', { intent: 'signup', fullName: 'Rita Reset', email, password: OLD_PASSWORD }, new CookieJar())
  expect(signUp.status).toBe(302)
  return email
}

async function signIn(url: string, email: string, password: string) {
  const jar = new CookieJar()
  const response = await postForm(url, '/auth', { intent: 'signin', email, password }, jar)
  return { jar, signedIn: response.status === 302 && response.headers.get('Location') === '/home' }
}

const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'")

describe('password reset through a real SMTP server', () => {
  it('mails a one-time link that works once, ends every session, and answers the same for unknown addresses', async () => {
    smtp = await startSmtpListener()
    const server = await start({ SMTP_URL: smtp.url, JOBS_IN_PROCESS: '1' })
    const email = await signUp(server.url)
    const laptop = await signIn(server.url, email, OLD_PASSWORD)
    const phone = await signIn(server.url, email, OLD_PASSWORD)
    expect(laptop.signedIn && phone.signedIn).toBe(true)

    const asked = await postForm(server.url, '/forgot-password', { email: email.toUpperCase() }, new CookieJar())
    expect(asked.status).toBe(200)
    expect(await text(asked)).toContain(SENT_MESSAGE)
    const unknown = await postForm(server.url, '/forgot-password', { email: 'nobody-here@example.com' }, new CookieJar())
    expect(unknown.status).toBe(200)
    expect(await text(unknown)).toContain(SENT_MESSAGE)

    const mail = await smtp.waitForMail(email)
    expect(mail.subject).toBe('Reset your BrokerVault password')
    expect(mail.text).toContain('BrokerVault')
    expect(mail.text).toContain('support@brokervault.app')
    expect(mail.html).toContain('support@brokervault.app')
    const link = new URL(resetLinkOf(mail))
    expect(link.origin).toBe(server.url)

    const form = await getPage(server.url, link.pathname, new CookieJar())
    expect(form.status).toBe(200)
    expect(await text(form)).toContain(`For ${email}`)
    const weak = await postForm(server.url, link.pathname, { newPassword: 'short', confirmPassword: 'short' }, new CookieJar())
    expect(weak.status).toBe(400)
    expect(await text(weak)).toContain('Use at least 8 characters.')

    const browser = new CookieJar()
    const done = await postForm(server.url, link.pathname, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, browser)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/auth')
    expect(await text(await getPage(server.url, '/auth', browser))).toContain(RESET_DONE_MESSAGE)

    // Every old session is dead; only the new password signs in.
    for (const device of [laptop, phone]) {
      const home = await getPage(server.url, '/home', device.jar)
      expect(home.status).toBe(302)
      expect(home.headers.get('Location')).toMatch(/^\/auth/)
    }
    expect((await signIn(server.url, email, OLD_PASSWORD)).signedIn).toBe(false)
    expect((await signIn(server.url, email, NEW_PASSWORD)).signedIn).toBe(true)

    // The link works exactly once.
    const again = await getPage(server.url, link.pathname, new CookieJar())
    expect(again.status).toBe(404)
    const againText = await text(again)
    expect(againText).toContain(INVALID_LINK_MESSAGE)
    expect(againText).toContain('href="/forgot-password"')
    const replay = await postForm(server.url, link.pathname, { newPassword: 'another-fine-pass-7', confirmPassword: 'another-fine-pass-7' }, new CookieJar())
    expect(replay.status).toBe(404)
    expect((await signIn(server.url, email, 'another-fine-pass-7')).signedIn).toBe(false)
    // One mail for the known address, none for the unknown one.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(smtp.received.filter((m) => addressesOf(m).includes(email))).toHaveLength(1)
    expect(smtp.received.filter((m) => addressesOf(m).includes('nobody-here@example.com'))).toEqual([])
  }, 120_000)

  it('mails every accepted request its own link, at once: 26 in a burst are 26 mails within seconds', async () => {
    // No deduplication by design: each request is a new link (earlier ones stay valid until
    // used or expired), and the limits per address and per e-mail are the throttle, raised here.
    smtp = await startSmtpListener()
    const server = await start({ SMTP_URL: smtp.url, JOBS_IN_PROCESS: '1', RATE_LIMIT_RESET_PER_EMAIL: '1000' })
    const email = await signUp(server.url)
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 26 }, () => postForm(server.url, '/forgot-password', { email }, new CookieJar())))
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 26 }, () => 200))
    const mine = () => smtp!.received.filter((m) => addressesOf(m).includes(email))
    await waitFor(() => (mine().length >= 26 ? true : undefined), 30_000, '26 reset mails')
    // The queue drains back to back (about 6 s here, requests included); at one job a second,
    // pg-boss's own pace, the 26 took 27 s and 9 had arrived after 10 s.
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(new Set(mine().map(resetLinkOf)).size).toBe(26)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(mine()).toHaveLength(26)
  }, 90_000)

  it('limits requests per address and per e-mail with a 429 and Retry-After', async () => {
    // An address of its own (through a trusted proxy), so other tests' requests do not count.
    const server = await start({ TRUST_PROXY: '1', RATE_LIMIT_RESET_PER_IP: '5' })
    const from = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
    const ask = (email: string) =>
      fetch(`${server.url}/forgot-password`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': from },
        body: new URLSearchParams({ email }),
      })
    const email = await signUp(server.url)
    for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(200)
    const fourth = await ask(email)
    expect(fourth.status).toBe(429)
    expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await text(fourth)).toContain('Too many requests from here.')
    // Per address: 5 in 15 minutes whatever the e-mail (the refused fourth counted too).
    expect((await ask('someone-else@example.com')).status).toBe(200)
    expect((await ask('third@example.com')).status).toBe(429)
    const bad = await postForm(server.url, '/forgot-password', { email: 'not an address' }, new CookieJar())
    expect(bad.status).toBe(400)
    expect(await text(bad)).toContain('Enter a valid email address')
  }, 90_000)
})

describe('jobs survive a restart', () => {
  it('a reset requested before a crash is mailed once by the next server', async () => {
    smtp = await startSmtpListener()
    // One database across both servers: the Postgres test database, or an embedded one on disk.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'brokervault-restart-'))
    const database = process.env.DATABASE_URL ? projectDatabaseEnv() : { PGLITE_DIR: path.join(dataDir, 'pglite') }
    const first = await start({ ...database, SMTP_URL: smtp.url, JOBS_IN_PROCESS: '0' })
    const email = await signUp(first.url)
    expect((await postForm(first.url, '/forgot-password', { email }, new CookieJar())).status).toBe(200)
    first.child.kill('SIGKILL')
    await first.exited
    expect(smtp.received).toEqual([])

    const second = await start({ ...database, SMTP_URL: smtp.url, JOBS_IN_PROCESS: '1' })
    const mail = await smtp.waitForMail(email, 30_000)
    expect(new URL(resetLinkOf(mail)).pathname).toMatch(/^\/reset-password\//)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(smtp.received.filter((m) => addressesOf(m).includes(email))).toHaveLength(1)
    await second.dispose()
  }, 120_000)
})
