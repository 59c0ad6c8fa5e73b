import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.server.ts'
import * as schema from '#db/schema.ts'
import { TABLES } from '#db/tables.ts'
import { serverBuild, settleShareViews } from '#tests/support/app.ts'
import { postFormsOf, routeIdOfPost } from '#tests/support/page-forms.ts'
import { matrixRows, type Ctx, type Row } from '#tests/support/role-matrix-rows.ts'
import { ACTORS, createRoleWorld, forbiddenMarks, type Actor, type RoleWorld } from '#tests/support/role-world.ts'
import { actionRouteIdsOfBuild, routeIdsOfBuild } from '#tests/support/world.ts'
import { unzip } from '#tests/support/zip.ts'

/*
 * Issue 26's role matrix: every route of the build by GET (a signed-in page also by the `.data`
 * request React Router makes with JavaScript on) and every form it takes by POST, each intent, as seven people:
 * the agency's owner, an admin, the agent whose records they are, a colleague agent, a member
 * removed from the agency, someone invited who has not accepted, and the owner of another
 * agency. Each answer must have the row's status (404 for what they may not see, 403 for what
 * they see but may not change), and no answer may carry a text of a record they may not see
 * (every record of the world carries one of its own; CSV, vCard and zip downloads are read too).
 * Refused changes must leave the agency's rows exactly as they were.
 *
 * One world, seeded through the app's forms. Reads and refused changes go in parallel (one
 * stream per person); permitted changes one after another, on fresh records where they use one
 * up; signing out and accepting the invitation last.
 */

type Case = { row: Row; actor: Actor; data: boolean }
type Failure = string

let w: RoleWorld
let rows: Row[]
let forbidden: Record<Actor, string[]>
const failures: Failure[] = []
/** "route id intent" of every POST form the matrix's pages offered, with a page that offered it. */
const formsSeen = new Map<string, string>()
const counts = { get: 0, data: 0, post: 0 }

let worldSeconds = 0
const seconds = (n: number) => `${n.toFixed(1)} s`

beforeAll(async () => {
  const since = performance.now()
  w = await createRoleWorld()
  worldSeconds = (performance.now() - since) / 1000
  rows = matrixRows()
  forbidden = forbiddenMarks(w)
}, 180_000)

const expected = (c: Case) => c.row.expect[c.actor]
const isRefusal = (status: number) => status >= 400
/** A signed-in page (under the app layout) that the client can load as `.data` with JavaScript on. */
const isAppPage = (routeId: string) => routeId.startsWith('routes/app/') && Boolean(serverBuild.routes[routeId]?.module.default)

/** The `.data` address React Router's client fetches a page's loaders from. */
function dataPath(path: string) {
  const url = new URL(path, 'http://x')
  return `${url.pathname === '/' ? '/_' : url.pathname.replace(/\/$/, '')}.data${url.search}`
}

/** The answer as text, whatever it is: a zip's entries one after another; nothing of an image. */
async function textOf(response: Response) {
  const type = response.headers.get('Content-Type') ?? ''
  const bytes = Buffer.from(await response.arrayBuffer())
  if (type.startsWith('image/')) return ''
  if (type.includes('zip')) return [...(await unzip(bytes)).values()].map((entry) => entry.toString('utf8')).join('\n')
  return bytes.toString('utf8')
}

async function run(c: Case) {
  const { row, actor } = c
  const want = expected(c)
  let ctx: Ctx = { w, actor, ids: w.ids, me: w.people[actor] }
  if (row.fresh && !isRefusal(want)) {
    const { me, target } = await row.fresh(ctx)
    ctx = { ...ctx, me: me ?? ctx.me, ids: { ...w.ids, target } }
  }
  const path = row.path(ctx)
  let response: Response
  if (row.method === 'GET') {
    response = await ctx.me.browser.get(c.data ? dataPath(path) : path)
  } else {
    const form = await row.form!(ctx)
    response = form instanceof FormData ? await ctx.me.browser.postMultipart(path, form) : await ctx.me.browser.post(path, form)
  }
  counts[c.data ? 'data' : row.method === 'GET' ? 'get' : 'post'] += 1
  const body = await textOf(response)
  const what = `${actor} ${row.method}${c.data ? ' (.data)' : ''} ${path}${row.intent ? ` intent=${row.intent}` : ''} [${row.object}]`
  if (response.status !== want) failures.push(`${what}: expected ${want}, got ${response.status} ${body.slice(0, 160).replace(/\s+/g, ' ')}`)
  if (!row.byLink) {
    const leaked = forbidden[actor].filter((mark) => body.includes(mark)).map((mark) => mark.slice(2 + w.tag.length, -1))
    if (leaked.length) failures.push(`${what}: LEAK of ${leaked.join(', ')}`)
  }
  const missing = (row.shows?.[actor] ?? []).filter((name) => !c.data && !body.includes(w.mark(name)))
  if (missing.length) failures.push(`${what}: does not show ${missing.join(', ')}`)
  const type = response.headers.get('Content-Type') ?? ''
  if (row.method === 'GET' && !c.data && response.status === 200 && type.startsWith('text/html')) {
    for (const form of postFormsOf(body, path)) {
      const routeId = routeIdOfPost(form.action)
      for (const intent of form.intents) if (routeId) formsSeen.set(`${routeId} ${intent}`, `${form.action} on ${path}`)
    }
  }
}

/**
 * Every table holding the agency's rows, as one digest each, without what reading changes (a
 * share's view count; the activity feed, where views are logged).
 */
async function agencyDigest(agencyId: string) {
  await settleShareViews()
  const digests: Record<string, string> = {}
  for (const [key, entry] of Object.entries(TABLES)) {
    if (entry.tenancy !== 'agency_id' && key !== 'agencies') continue
    // Reads write lines of their own here: activity (views) and the audit log (exports, downloads).
    if (key === 'activities' || key === 'auditLog') continue
    const name = getTableName((schema as unknown as Record<string, PgTable>)[key]!)
    const column = key === 'agencies' ? 'id' : 'agency_id'
    const [row] = await queryRows<{ digest: string }>(sql`
      select md5(coalesce(string_agg(r.doc, ',' order by r.doc), '')) as digest
      from (select (to_jsonb(t) - 'view_count' - 'last_viewed_at')::text as doc from ${sql.identifier(name)} t where ${sql.identifier(column)} = ${agencyId}) r`)
    digests[name] = row!.digest
  }
  return digests
}

async function inParallelPerActor(cases: Case[]) {
  await Promise.all(ACTORS.map(async (actor) => {
    for (const c of cases.filter((item) => item.actor === actor)) await run(c)
  }))
}

describe('the role matrix', () => {
  it('has a GET row for every route of the build and a POST row for every route with an action', () => {
    const gets = new Set(rows.filter((row) => row.method === 'GET').map((row) => row.route))
    const posts = new Set(rows.filter((row) => row.method === 'POST').map((row) => row.route))
    expect(routeIdsOfBuild().filter((id) => !gets.has(id))).toEqual([])
    expect(actionRouteIdsOfBuild().filter((id) => !posts.has(id))).toEqual([])
    // And no row for a route the build does not have.
    const known = new Set(Object.keys(serverBuild.routes))
    expect(rows.filter((row) => !known.has(row.route)).map((row) => row.route)).toEqual([])
  })

  it('answers every person on every route and form with the status of their role, and shows no one a record they may not see', { timeout: 600_000 }, async () => {
    const all: Case[] = rows.flatMap((row) =>
      ACTORS.flatMap((actor) => {
        const plain = { row, actor, data: false }
        const want = row.expect[actor]
        const withData = row.method === 'GET' && isAppPage(row.route) && [200, 403, 404].includes(want)
        return withData ? [plain, { row, actor, data: true }] : [plain]
      }),
    )
    const reads = all.filter((c) => !c.row.last && (c.row.method === 'GET' || isRefusal(expected(c))))
    const writes = all.filter((c) => !c.row.last && c.row.method === 'POST' && !isRefusal(expected(c)))
    // Refusals first: the invitee's accepting spends the link the others are refused.
    const last = all.filter((c) => c.row.last).sort((a, b) => Number(!isRefusal(expected(a))) - Number(!isRefusal(expected(b))))

    const started = performance.now()
    const before = await agencyDigest(w.agencyId)
    await inParallelPerActor(reads)
    expect(await agencyDigest(w.agencyId), 'refused changes and reads left the agency’s rows as they were').toEqual(before)
    const readsDone = performance.now()
    for (const c of writes) await run(c)
    for (const c of last) await run(c)

    const routes = new Set(rows.map((row) => row.route)).size
    const intents = new Set(rows.filter((row) => row.method === 'POST').map((row) => `${row.route} ${row.intent}`)).size
    console.log(
      `role matrix: ${counts.get + counts.data + counts.post} cases (${counts.get} GET, ${counts.data} .data GET, ${counts.post} POST) ` +
        `of ${rows.length} rows over ${routes} routes and ${intents} forms, ${ACTORS.length} people; ${reads.filter((c) => c.row.method === 'POST').length} refused changes; ` +
        `world ${seconds(worldSeconds)}, reads and refusals ${seconds((readsDone - started) / 1000)}, permitted changes ${seconds((performance.now() - readsDone) / 1000)}`,
    )
    expect(failures).toEqual([])
  })

  it('has a POST row for every form the pages offered', () => {
    const covered = new Set(rows.filter((row) => row.method === 'POST').map((row) => `${row.route} ${row.intent ?? ''}`))
    const uncovered = [...formsSeen].filter(([key]) => !covered.has(key)).map(([key, where]) => `${key} (${where})`)
    expect(formsSeen.size).toBeGreaterThan(30)
    expect(uncovered).toEqual([])
  })
})
