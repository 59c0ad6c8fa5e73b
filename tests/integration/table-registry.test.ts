import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.server.ts'
import * as schema from '#db/schema.ts'
import { RAW_SQL_CROSSINGS, TABLES, type TableEntry } from '#db/tables.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { findUser } from '#tests/support/db.ts'

/*
 * Issue 26, first item: one checked table registry (db/tables.ts). The duties kept per table
 * (owner module, tenancy column, export, share-page triggers) are checked here against the
 * schema, the export, the database and the code, instead of lists kept by hand in four places.
 */

const schemaTables = Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [{ name, config: getTableConfig(value) }] : []))
const entries = Object.entries(TABLES) as [string, TableEntry][]
const sqlNameOf = new Map(schemaTables.map(({ name, config }) => [name, config.name]))

describe('the table registry', () => {
  it('names every table of the schema once, with a tenancy column the table has', () => {
    expect(Object.keys(TABLES).sort()).toEqual(schemaTables.map(({ name }) => name).sort())
    for (const { name, config } of schemaTables) {
      const tenancy = TABLES[name as keyof typeof TABLES].tenancy
      if (typeof tenancy === 'string') expect(config.columns.map((column) => column.name), name).toContain(tenancy)
    }
  })

  it('is the table ownership the lint rule enforces (TABLE_OWNERS in eslint.config.js)', async () => {
    const { TABLE_OWNERS } = (await import(pathToFileURL(path.resolve('eslint.config.js')).href)) as { TABLE_OWNERS: Record<string, string> }
    expect(TABLE_OWNERS).toEqual(Object.fromEntries(entries.map(([name, entry]) => [name, entry.module])))
  })

  it('says which tables "Export my data" carries, as the export does', async () => {
    const { email } = await signedInBroker('Rita Registry')
    const brokerId = (await findUser(email)).id
    const { collectTables } = await import('#app/modules/exports/archive.server.ts')
    const exported = Object.keys(await collectTables(brokerId)).sort()
    const registered = entries.flatMap(([name, entry]) => (entry.exported === true ? [sqlNameOf.get(name)] : [])).sort()
    expect(exported).toEqual(registered)
  })

  it('gives every table shown on share pages the triggers that drop kept pages, and no other table', async () => {
    const rows = await queryRows<{ table_name: string; trigger_name: string }>(sql`
      select c.relname as table_name, t.tgname as trigger_name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname = 'bump_share_content_version'`)
    const watched = new Map<string, string[]>()
    for (const row of rows) watched.set(row.table_name, [...(watched.get(row.table_name) ?? []), row.trigger_name])
    const shown = entries.filter(([, entry]) => entry.onSharePages).map(([name]) => sqlNameOf.get(name) ?? name)
    // shares itself announces revocations through its own row triggers (migration 0018), and
    // agencies their identity's changes to the members holding links in them (migration 0027).
    const ownTriggers = new Set(['shares', 'agencies'])
    expect([...watched.keys()].sort()).toEqual(shown.filter((table) => !ownTriggers.has(table)).sort())
    for (const [table, triggers] of watched) {
      expect(triggers.sort(), table).toEqual([`${table}_share_content_delete`, `${table}_share_content_insert`, `${table}_share_content_update`])
    }
    const shareTriggers = await queryRows<{ trigger_name: string }>(sql`
      select t.tgname as trigger_name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname = 'shares'`)
    expect(shareTriggers.map((row) => row.trigger_name)).toEqual(expect.arrayContaining(['shares_link_change_update', 'shares_link_change_delete']))
    const agencyTriggers = await queryRows<{ trigger_name: string }>(sql`
      select t.tgname as trigger_name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and c.relname = 'agencies' and p.proname = 'announce_agency_identity_change'`)
    expect(agencyTriggers.map((row) => row.trigger_name)).toEqual(['agencies_identity_change'])
    // The agency websites' kept pages (migration 0030): the agency and its membership announce the agency.
    const websiteTriggers = await queryRows<{ trigger_name: string }>(sql`
      select t.tgname as trigger_name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname = 'announce_website_change' order by t.tgname`)
    expect(websiteTriggers.map((row) => row.trigger_name)).toEqual(['agencies_website_change', 'agencies_website_delete', 'agency_members_website_change'])
  })

  it("finds no raw SQL in a module that names another module's table, but the listed crossings", () => {
    const moduleOf = new Map(entries.map(([name, entry]) => [sqlNameOf.get(name) ?? name, entry.module]))
    const modulesDir = path.resolve('app/modules')
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const full = path.join(dir, entry)
        return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(entry) ? [full] : []
      })
    const found: { file: string; table: string }[] = []
    for (const file of files(modulesDir)) {
      const module = path.relative(modulesDir, file).split(path.sep)[0]
      const text = readFileSync(file, 'utf8')
      // Only the text of sql`…` templates: comments and strings elsewhere may name anything.
      for (const template of text.matchAll(/sql(?:<[^>]*>)?`([^`]*)`/g)) {
        for (const [, table] of (template[1] ?? '').matchAll(/\b(?:from|join|into|update|exists\s*\(\s*select\s+1\s+from)\s+([a-z_]+)\b/gi)) {
          const owner = moduleOf.get(table ?? '')
          if (owner && owner !== module) found.push({ file: path.relative(process.cwd(), file), table: table ?? '' })
        }
      }
    }
    const unique = [...new Map(found.map((crossing) => [`${crossing.file}:${crossing.table}`, crossing])).values()]
    const allowed = new Set(RAW_SQL_CROSSINGS.map((crossing) => `${crossing.file}:${crossing.table}`))
    expect(unique.filter((crossing) => !allowed.has(`${crossing.file}:${crossing.table}`))).toEqual([])
    // And the allow-list holds no stale entry.
    expect(RAW_SQL_CROSSINGS.filter((crossing) => !unique.some((u) => u.file === crossing.file && u.table === crossing.table))).toEqual([])
  })
})
