import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LIST_COUNT_CAP } from '#db/capped-count.server.ts'
import { getDb } from '#db/client.server.ts'
import { CLIENTS_PAGE_SIZE } from '#app/modules/clients/filters.ts'
import { PROPERTIES_PAGE_SIZE } from '#app/modules/properties/catalog.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { findUser } from '#tests/support/db.ts'

const queriesOf = (response: Response) => Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])

async function brokerWith(clientCount: number, propertyCount: number) {
  const { browser, email } = await signedInBroker()
  const ownerId = (await findUser(email)).id
  await getDb().execute(sql`insert into clients (owner_id, full_name) select ${ownerId}, 'Client ' || g from generate_series(1, ${clientCount}) g`)
  if (propertyCount) {
    // More than any plan holds: past the limit trigger, as a portfolio kept after a downgrade is
    // (no triggers run: the agency is named here).
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`
        insert into properties (owner_id, agency_id, category, type, purpose, title, status)
        select ${ownerId}, (select agency_id from agency_members where user_id = ${ownerId} limit 1), 'residential', 'apartment', 'sale', 'Flat ' || g, 'active'
        from generate_series(1, ${propertyCount}) g`)
    })
  }
  return browser
}

describe('list counts stop at 1,000', () => {
  it('/clients says "1,000+" and keeps a Next link past the cap, with the same queries as a short list', async () => {
    const small = await brokerWith(30, 0)
    const big = await brokerWith(1005, 0)
    const smallPage = await small.get('/clients')
    const bigPage = await big.get('/clients')
    expect(queriesOf(bigPage)).toBe(queriesOf(smallPage))
    const html = await bigPage.text()
    expect(html).toContain('1,000+ clients')
    expect(html).toContain(`Page 1 of ${LIST_COUNT_CAP / CLIENTS_PAGE_SIZE}+`)
    expect(html).toMatch(/<a[^>]*rel="next"[^>]*href="\/clients\?page=2"|<a[^>]*href="\/clients\?page=2"[^>]*rel="next"/)
    expect(await (await small.get('/clients')).text()).toContain('30 clients')

    // Paging on past the cap counts a page further: the last page is exact.
    const lastPage = Math.ceil(1005 / CLIENTS_PAGE_SIZE)
    const last = await (await big.get(`/clients?page=${lastPage}`)).text()
    expect(last).toContain(`Page ${lastPage} of ${lastPage}`)
    expect(last).not.toContain('rel="next"')
    expect(last.match(/Client \d+/g)?.length).toBeGreaterThanOrEqual(5)
  })

  it('/properties and its usage line say "1,000+" for a portfolio past the cap', async () => {
    const big = await brokerWith(0, 1003)
    const html = await (await big.get('/properties')).text()
    expect(html).toContain('1,000+ / 5 properties')
    expect(html).toContain('1,000+ properties')
    expect(html).toContain(`Page 1 of ${Math.ceil(LIST_COUNT_CAP / PROPERTIES_PAGE_SIZE)}+`)
    const home = await (await big.get('/home')).text()
    expect(home).toContain('1,000+ / 5 properties')
    // A search most of the portfolio matches counts to the cap and walks the list for its page;
    // one that few match reads them from the broker's index: the same rows either way.
    const common = await (await big.get('/properties?q=flat')).text()
    expect(common).toContain('1,000+ properties')
    expect(common.match(/>Flat \d+</g)?.length).toBe(PROPERTIES_PAGE_SIZE)
    const rare = await (await big.get('/properties?q=1002')).text()
    expect(rare).toContain('1 property')
    expect(rare.match(/>Flat \d+</g)).toEqual(['>Flat 1002<'])
  })

  it('/home counts each status and stage up to the cap, "1,000+" past it, in as many queries as a small portfolio', async () => {
    const small = await brokerWith(3, 2)
    const big = await brokerWith(1005, 1003)
    const smallHome = await small.get('/home')
    const bigHome = await big.get('/home')
    expect(queriesOf(bigHome)).toBe(queriesOf(smallHome))
    const html = await bigHome.text()
    // Every row is active / new: those say "1,000+", the others 0, exactly.
    expect(html).toMatch(/Active<\/dt><dd[^>]*>1,000\+</)
    expect(html).toMatch(/Draft<\/dt><dd[^>]*>0</)
    expect(html).toMatch(/New<\/dt><dd[^>]*>1,000\+</)
    expect(html).toMatch(/Won<\/dt><dd[^>]*>0</)
    const smallHtml = await smallHome.text()
    expect(smallHtml).toMatch(/Active<\/dt><dd[^>]*>2</)
    expect(smallHtml).toMatch(/New<\/dt><dd[^>]*>3</)
  })
})
