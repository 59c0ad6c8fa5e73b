import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb, queryRows, withScope } from '#db/client.server.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { ownerScopeOf } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/*
 * Issue 24 after issue 26 (migration 0033): under row-level security Postgres uses a query's
 * condition as an index condition only when its function is leakproof, so a broker's text search
 * and the lists' status filters had stopped using their indexes. The search now reads the tagged
 * index through scope_property_search, bounded to the asking scope's agency; status and the
 * other filters are index conditions again. Both drivers.
 */

type Broker = { browser: TestBrowser; email: string; scope: Scope }

async function broker(name: string): Promise<Broker> {
  const { browser, email } = await signedInBroker(name)
  return { browser, email, scope: await ownerScopeOf(email) }
}

const pageText = async (response: Response) => (await response.text()).replace(/<!-- -->/g, '')

/** The plan of `query` in the scope, sequential and bitmap scans off: which index conditions can serve it (the test tables are too small for costs to say). */
async function planIn(scope: Scope, query: ReturnType<typeof sql>) {
  return withScope(scope, () =>
    getDb().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_bitmapscan = off`)
      const rows = await queryRows<{ 'QUERY PLAN': string }>(sql`explain ${query}`, tx)
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    }),
  )
}

/** The ids scope_property_search returns to `scope` when it names `tag`. */
async function searchIds(scope: Scope, byAgency: boolean, tag: string, word: string) {
  return withScope(scope, () =>
    getDb().transaction(async (tx) => {
      const rows = await queryRows<{ id: string }>(sql`select scope_property_search(${byAgency}, ${tag}::uuid, prefix_tsquery(array[${word}]::text[])) as id`, tx)
      return rows.map((row) => row.id).sort()
    }),
  )
}

describe('text search under row-level security', () => {
  let ana: Broker
  let bruno: Broker
  let anasFlat: string
  let brunosFlat: string

  beforeAll(async () => {
    ana = await broker('Ana Search')
    bruno = await broker('Bruno Search')
    anasFlat = await createPropertyVia(ana.browser, { title: 'Waterfront loft Ana' })
    brunosFlat = await createPropertyVia(bruno.browser, { title: 'Waterfront loft Bruno', visibility: 'public' })
  })

  it("finds the broker's own listings by a prefix, and never another agency's (public or not)", async () => {
    const page = await pageText(await ana.browser.get('/properties?q=waterf'))
    expect(page).toContain('Waterfront loft Ana')
    expect(page).not.toContain('Waterfront loft Bruno')
    const brunos = await pageText(await bruno.browser.get('/properties?q=loft'))
    expect(brunos).toContain('Waterfront loft Bruno')
    expect(brunos).not.toContain('Waterfront loft Ana')
  })

  it('returns ids of the asking scope only, whatever tag it is asked for', async () => {
    expect(await searchIds(ana.scope, false, ana.scope.memberId, 'waterfront')).toEqual([anasFlat])
    expect(await searchIds(ana.scope, true, ana.scope.agencyId, 'waterfront')).toEqual([anasFlat])
    // Naming another broker or agency returns nothing: the function is bounded by the scope's agency.
    expect(await searchIds(ana.scope, false, bruno.scope.memberId, 'waterfront')).toEqual([])
    expect(await searchIds(ana.scope, true, bruno.scope.agencyId, 'waterfront')).toEqual([])
    expect(await searchIds(bruno.scope, false, bruno.scope.memberId, 'waterfront')).toEqual([brunosFlat])
  })

  it('public listings are found by every broker on the public page', async () => {
    const page = await pageText(await ana.browser.get('/public-properties?q=waterfront'))
    expect(page).toContain('Waterfront loft Bruno')
    expect(page).not.toContain('Waterfront loft Ana')
  })

  it('reads the listings it found by primary key', async () => {
    const search = await planIn(
      ana.scope,
      sql`select id from properties where deleted_at is null and id = any(array(select scope_property_search(false, ${ana.scope.memberId}::uuid, prefix_tsquery(array['waterfront']::text[])))) order by created_at desc limit 20`,
    )
    expect(search).toMatch(/Index Cond: \(id = ANY/)
  })

  it("lets the lists' filters be index conditions under row-level security: their functions are leakproof", async () => {
    const functions = ['enum_eq(anyenum,anyenum)', 'numeric_ge(numeric,numeric)', 'numeric_le(numeric,numeric)', 'textlike(text,text)', 'arraycontains(anyarray,anyarray)', 'ts_match_vq(tsvector,tsquery)']
    const rows = await queryRows<{ name: string; leakproof: boolean }>(
      sql`select f::text as name, (select proleakproof from pg_proc where oid = f::regprocedure) as leakproof from unnest(${sql.param(functions)}::text[]) as f`,
    )
    expect(rows.filter((row) => !row.leakproof).map((row) => row.name)).toEqual([])
  })
})
