import { setTimeout } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { listenerName } from '#db/change-notifications.server.ts'
import { getDb } from '#db/client.server.ts'
import { agencyMembers, properties } from '#db/schema.ts'
import { TestBrowser } from '#tests/support/app.ts'
import { sharedWorld } from '#tests/support/share-world.ts'

// Postgres only (vitest.config.ts): another connection stands for another app server or the
// job worker, and this process's LISTEN connection can be cut.

const other = postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: () => {} })
afterAll(() => other.end({ timeout: 1 }))

const queriesOf = (response: Response) => Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])

async function read(browser: TestBrowser, path: string) {
  const response = await browser.get(path)
  return { status: response.status, html: await response.text(), queries: queriesOf(response) }
}

/** Reads until `done` holds, for up to two seconds; returns the last read. */
async function readUntil(browser: TestBrowser, path: string, done: (page: Awaited<ReturnType<typeof read>>) => boolean) {
  let page = await read(browser, path)
  for (let attempt = 0; !done(page) && attempt < 80; attempt++) {
    await setTimeout(25)
    page = await read(browser, path)
  }
  return page
}

/** A property share in memory, served with no query to a returning visitor. */
async function pageInMemory() {
  const world = await sharedWorld()
  const path = `/preview/${world.propertyShare}`
  const browser = new TestBrowser()
  expect((await read(browser, path)).status).toBe(200)
  expect((await readUntil(browser, path, (page) => page.queries === 0)).queries).toBe(0)
  return { ...world, path, browser }
}

describe('share pages in memory on a Postgres server', () => {
  it("shows another server's change and revocation once their commit is heard", async () => {
    const { path, browser, propertyId, propertyShare } = await pageInMemory()
    await other`update properties set title = 'Sea view flat, sold furnished' where id = ${propertyId}`
    const changed = await readUntil(browser, path, (page) => page.html.includes('Sea view flat, sold furnished'))
    expect(changed.html).toContain('Sea view flat, sold furnished')

    await other`update shares set revoked_at = now() where id = ${propertyShare}`
    expect((await readUntil(browser, path, (page) => page.status === 404)).status).toBe(404)
  })

  it("keeps the committed page while this server's own change is uncommitted, and shows the change on the very next request", async () => {
    const { path, browser, propertyId } = await pageInMemory()
    await getDb().transaction(async (tx) => {
      await tx.update(properties).set({ title: 'Sea view flat, price on request' }).where(eq(properties.id, propertyId))
      // The change is announced to this server at once but not committed: the database is asked.
      const during = await read(browser, path)
      expect(during.queries).toBeGreaterThan(0)
      expect(during.html).toContain('Sea view flat')
      expect(during.html).not.toContain('price on request')
    })
    // No wait for the NOTIFY: the page is checked against the database until it arrives.
    expect((await read(browser, path)).html).toContain('Sea view flat, price on request')
  })

  it('asks the database while its LISTEN connection is cut, and trusts memory again once it listens anew', async () => {
    const { path, browser, propertyId } = await pageInMemory()
    const [cut] = await other`
      select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = ${listenerName()}`
    expect(cut?.done).toBe(true)
    // The cut reaches this process as a closed socket a moment later.
    const asking = await readUntil(browser, path, (page) => page.queries > 0)
    expect(asking.queries).toBeGreaterThan(0)
    // Changed while nobody listens: no NOTIFY reaches this server, the version check does (and
    // should the listener be back already, it has forgotten every page it kept).
    await other`update properties set title = 'Sea view flat, unheard change' where id = ${propertyId}`
    expect((await read(browser, path)).html).toContain('Sea view flat, unheard change')
    const trusted = await readUntil(browser, path, (page) => page.queries === 0)
    expect(trusted.queries).toBe(0)
    expect(trusted.html).toContain('Sea view flat, unheard change')
  })
})

describe('share pages of an agency on a Postgres server', () => {
  it("shows another server's change of the agency's identity once its commit is heard", async () => {
    const { path, browser, owner } = await pageInMemory()
    const [{ agencyId } = { agencyId: '' }] = await getDb().select({ agencyId: agencyMembers.agencyId }).from(agencyMembers).where(eq(agencyMembers.userId, owner.ownerId))
    await other`update agencies set name = 'Harbour Homes', address = 'Rua do Porto 1, Porto' where id = ${agencyId}`
    const changed = await readUntil(browser, path, (page) => page.html.includes('Rua do Porto 1, Porto'))
    expect(changed.html).toContain('Harbour Homes')
    // Heard, then trusted again: from memory with the new identity.
    const trusted = await readUntil(browser, path, (page) => page.queries === 0)
    expect(trusted.html).toContain('Rua do Porto 1, Porto')
  })
})
