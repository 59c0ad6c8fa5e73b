// What the bench measures, written set-based into a fresh database:
//   * the bench broker: 5,000 listings, BV-00001 with 20 photos and two shares (scripts/bench-seed.sql),
//   * the formats broker: 10,000 listings (CSV export, import preview),
//   * the list brokers: 1,000 and 20,000 listings and as many clients (list pages at scale),
//   * with the agency section: a 10-member agency holding a copy of the 20,000-listing broker's
//     listings, assigned round the members (an agent's /properties against the solo broker's),
//   * real photo files for BV-00001 (the phone probe downloads them), in every width the app encodes.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { ROOT } from './util.mjs'

const SEED_SQL_FILE = path.join(ROOT, 'scripts/bench-seed.sql')
const VARIANTS_FILE = path.join(ROOT, 'app/modules/media/variants.ts')

// The e-mail must match the broker lookup in scripts/bench-seed.sql.
export const BROKER = { email: 'bench-broker@brokervault.test', password: 'bench-Password-2468-horse', fullName: 'Bea Bench' }
export const FORMATS_BROKER = { email: 'bench-formats@brokervault.test', fullName: 'Fran Formats' }
export const LIST_BROKERS = {
  small: { email: 'bench-list-1k@brokervault.test', fullName: 'Sam Small', rows: 1000 },
  large: { email: 'bench-list-20k@brokervault.test', fullName: 'Lars Large', rows: 20_000 },
}
// The app's own cost (app/modules/auth/password.server.ts), so sign-in verifies as in production.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 }
/** The agency section's agency: an owner, an admin and eight agents (issue 26). */
export const AGENCY_MEMBERS = 10
export const SEEDED_LISTINGS = 5000
export const FORMATS_LISTINGS = 10_000
export const SHARE_PATHS = { property: '/preview/BenchPropertyShare0001', listing: '/client-listing/BenchListingShare00001' }

/** The widths the app encodes photos at (PHOTO_VARIANT_WIDTHS), read from its source so the bench follows it. */
export function photoVariantWidths() {
  const source = readFileSync(VARIANTS_FILE, 'utf8')
  const body = /PHOTO_VARIANT_WIDTHS\s*=\s*\{([^}]*)\}/.exec(source)?.[1] ?? ''
  const widths = {}
  for (const [, name, width] of body.matchAll(/(\w+)\s*:\s*(\d+)/g)) widths[name] = Number(width)
  if (Object.keys(widths).length === 0) throw new Error(`no PHOTO_VARIANT_WIDTHS in ${VARIANTS_FILE}`)
  return widths
}

/** Everything above; answers the ids the sections need. */
/** photoFiles: a promise of makePhotoFiles()'s result, or null for no files; agency: seed the agency section's agency. */
export async function seedAll(db, { dataDir, photoFiles, agency = false }) {
  const passwordHash = await brokerPasswordHash()
  const brokerId = await insertBroker(db, BROKER, passwordHash, 'Bench Realty')
  await db.exec(readFileSync(SEED_SQL_FILE, 'utf8'))

  const [{ listings }] = await db.query('select count(*)::int as listings from properties where owner_id = $1', [brokerId])
  const [detail] = await db.query(
    `select p.id, count(ph.id)::int as photos from properties p join property_photos ph on ph.property_id = p.id
     where p.reference_code = 'BV-00001' group by p.id`,
  )
  if (listings !== SEEDED_LISTINGS || detail?.photos !== 20) {
    throw new Error(`Seed went wrong: ${listings} listings, ${detail?.photos} photos on BV-00001`)
  }
  await copyListings(db, await insertBroker(db, FORMATS_BROKER, passwordHash), brokerId, FORMATS_LISTINGS)
  const listBrokers = {}
  for (const [size, broker] of Object.entries(LIST_BROKERS)) {
    const id = await insertBroker(db, broker, passwordHash)
    await copyListings(db, id, brokerId, broker.rows)
    await insertClients(db, id, broker.rows)
    listBrokers[size] = { ...broker, id }
  }
  const agencyBench = agency ? await seedListAgency(db, listBrokers.large, passwordHash) : null
  // The steady state of a live database: PostgreSQL's autovacuum (since 13 also after inserts)
  // vacuums a table soon after a bulk load, which sets its visibility map, so capped counts are
  // index-only scans. Without it the planner read a 20,000-row broker's count from the heap
  // (1,800 pages, 4 ms) while a 1,000-row broker's took 0.4 ms.
  // One statement each: VACUUM refuses to run in the implicit transaction of a multi-statement query.
  for (const table of ['properties', 'clients', 'property_photos']) await db.exec(`vacuum analyze ${table}`)
  await attachPhotoFiles(db, detail.id, dataDir, photoFiles)
  // The bench broker's agency website (migration 0030 gives every agency its address).
  const [{ slug: websiteSlug }] = await db.query('select a.slug from agencies a join agency_members m on m.agency_id = a.id where m.user_id = $1', [brokerId])
  return { brokerId, listings, detailPropertyId: detail.id, listBrokers, agency: agencyBench, websiteSlug }
}

/**
 * An agency of `members.length` brokers who can sign in: the first its owner, the others as
 * given ('admin' or 'agent'). Each account comes with an agency of one (the users trigger,
 * migration 0022); the others leave theirs for the first's, as accepting an invitation does.
 * Answers the agency's id and the members with their ids.
 */
export async function insertAgency(db, members, passwordHash) {
  const inserted = []
  for (const member of members) inserted.push({ ...member, id: await insertBroker(db, member, passwordHash) })
  const [owner, ...others] = inserted
  const [{ agency_id: agencyId }] = await db.query('select agency_id from agency_members where user_id = $1', [owner.id])
  for (const member of others) {
    await db.query('delete from agencies where id in (select agency_id from agency_members where user_id = $1)', [member.id])
    await db.query('insert into agency_members (agency_id, user_id, role) values ($1, $2, $3)', [agencyId, member.id, member.role])
  }
  return { agencyId, members: inserted }
}

/** Members of a bench agency: an owner, an admin, and agents, e-mails `{prefix}-{n}@brokervault.test`. */
export function agencyMembers(prefix, count = AGENCY_MEMBERS) {
  return Array.from({ length: count }, (_, i) => ({
    email: `${prefix}-${i + 1}@brokervault.test`,
    fullName: `${i === 0 ? 'Owner' : i === 1 ? 'Admin' : 'Agent'} ${prefix} ${i + 1}`,
    role: i === 0 ? 'owner' : i === 1 ? 'admin' : 'agent',
  }))
}

/**
 * The agency section's data: a 10-member agency holding the same listings as the solo broker
 * `solo` (every column, created_at too, so its list shows the same rows in the same order),
 * assigned round the members. Answers the solo broker and the agent whose page is measured.
 */
async function seedListAgency(db, solo, passwordHash) {
  const { agencyId, members } = await insertAgency(db, agencyMembers('bench-agency'), passwordHash)
  const ids = `'{${members.map((m) => m.id).join(',')}}'::uuid[]`
  await db.exec(`
    begin;
    alter table properties disable trigger properties_enforce_plan_limit;
    insert into properties (owner_id, agency_id, category, type, purpose, rent_period, title, description, reference_code, price, currency,
      street, area, city, region, postal_code, country, built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
      features, tags, status, visibility, created_at, updated_at)
    select (${ids})[(row_number() over (order by created_at desc, id desc) - 1) % ${members.length} + 1], '${agencyId}',
      category, type, purpose, rent_period, title, description, reference_code, price, currency,
      street, area, city, region, postal_code, country, built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
      features, tags, status, visibility, created_at, updated_at
    from properties where owner_id = '${solo.id}';
    alter table properties enable trigger properties_enforce_plan_limit;
    commit;`)
  const [{ n }] = await db.query('select count(*)::int as n from properties where agency_id = $1', [agencyId])
  if (n !== solo.rows) throw new Error(`Agency copy went wrong: ${n} listings, expected ${solo.rows}`)
  return { agencyId, rows: n, solo, agent: members.find((m) => m.role === 'agent'), members: members.length }
}

/** The argon2id hash of the bench brokers' password, at the app's own cost. */
export const brokerPasswordHash = () => hash(BROKER.password, ARGON2_OPTIONS)

/** A broker who can sign in with the bench's password, on the professional plan. */
export async function insertBroker(db, broker, passwordHash, agencyName = null) {
  const [user] = await db.query('insert into users (email, password_hash) values ($1, $2) returning id', [broker.email, passwordHash])
  await db.query('insert into profiles (id, full_name, agency_name) values ($1, $2, $3)', [user.id, broker.fullName, agencyName])
  await db.query(`insert into user_subscriptions (user_id, plan) values ($1, 'professional')`, [user.id])
  return user.id
}

/**
 * `rows` listings for a broker, copied from the bench broker's 5,000 (as many copies as needed,
 * each a year older and with its own reference code). Beyond any plan's limit, like the main
 * seed: the plan-limit trigger is off for this insert only.
 */
async function copyListings(db, ownerId, fromBrokerId, rows) {
  const copies = Math.ceil(rows / SEEDED_LISTINGS)
  await db.exec(`
    begin;
    alter table properties disable trigger properties_enforce_plan_limit;
    insert into properties (owner_id, category, type, purpose, rent_period, title, description, reference_code, price, currency,
      street, area, city, region, postal_code, country, built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
      features, tags, status, visibility, created_at, updated_at)
    select '${ownerId}', category, type, purpose, rent_period, title, description, reference_code || '-' || copy, price, currency,
      street, area, city, region, postal_code, country, built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
      features, tags, status, visibility, created_at - make_interval(days => 365 * (copy - 1)), updated_at - make_interval(days => 365 * (copy - 1))
    from properties cross join generate_series(1, ${copies}) as copy where owner_id = '${fromBrokerId}'
    order by copy, created_at desc limit ${rows};
    alter table properties enable trigger properties_enforce_plan_limit;
    commit;`)
  const [{ n }] = await db.query('select count(*)::int as n from properties where owner_id = $1', [ownerId])
  if (n !== rows) throw new Error(`Listing copy went wrong: ${n} listings, expected ${rows}`)
}

/** `rows` clients, deterministic (hashes of the row number), as varied as the listings. */
async function insertClients(db, ownerId, rows) {
  await db.exec(`
    insert into clients (owner_id, full_name, email, phone, kind, stage, source, tags, notes, budget_min, budget_max,
      budget_currency, wanted_places, min_bedrooms, created_at, updated_at)
    select '${ownerId}',
      (array['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Filipe', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Klara', 'Luis'])[r1 % 12 + 1]
        || ' ' || (array['Silva', 'Garcia', 'Rossi', 'Muller', 'Novak', 'Papas', 'Costa', 'Lopez', 'Bauer'])[r2 % 9 + 1] || ' ' || g.i,
      'client' || g.i || '@example.test',
      '+351 9' || lpad((r3 % 100000000)::text, 8, '0'),
      (array['buyer', 'seller', 'tenant', 'landlord', 'investor'])[r1 % 5 + 1]::client_kind,
      (array['new', 'contacted', 'viewing', 'negotiating', 'won', 'lost'])[r2 % 6 + 1]::client_stage,
      (array['Website', 'Referral', 'Portal', 'Walk-in'])[r3 % 4 + 1],
      string_to_array((array['vip', 'investor,cash', 'relocating', 'first_home', ''])[r1 % 5 + 1], ','),
      'Looking for something close to schools and transport.',
      100000 + r2 % 200000, 300000 + r3 % 600000, 'EUR',
      array[(array['Lisbon', 'Porto', 'Madrid', 'Rome', 'Berlin'])[r3 % 5 + 1]],
      r1 % 4,
      now() - make_interval(hours => g.i), now() - make_interval(hours => g.i)
    from generate_series(1, ${rows}) as g(i)
    cross join lateral (select abs(hashint4(g.i * 100 + 1)::bigint) as r1, abs(hashint4(g.i * 100 + 2)::bigint) as r2,
      abs(hashint4(g.i * 100 + 3)::bigint) as r3) as r;`)
}

/**
 * Photo-like test images (smooth noise, so WebP sizes resemble a real photo's: ~25 kB at 320w,
 * ~60 kB at 640w), a few distinct ones encoded once per run in every variant width at the app's
 * quality (80), plus the original as JPEG; photo n gets set n % count (each its own file).
 * Returns [{ original: Buffer, [width]: Buffer }].
 */
export async function makePhotoFiles(count = 4) {
  const { default: sharp } = await import('sharp')
  const widths = [...new Set(Object.values(photoVariantWidths()))]
  const files = []
  for (let position = 0; position < count; position++) {
    const [w, h] = [1600, 1067]
    const small = Buffer.alloc(200 * 134 * 3)
    // Deterministic noise (xorshift32): every run measures the same bytes.
    let state = 0x9e3779b9 ^ (position + 1)
    for (let i = 0; i < small.length; i++) {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      small[i] = (Math.sin(i * 0.0007 * (position + 3)) * 90 + 128 + ((state >>> 0) % 50)) & 255
    }
    const base = sharp(small, { raw: { width: 200, height: 134, channels: 3 } }).resize(w, h, { kernel: 'cubic' })
    const original = await base.clone().jpeg({ quality: 90 }).toBuffer()
    const set = { original }
    for (const width of widths) set[width] = await sharp(original).resize({ width }).webp({ quality: 80 }).toBuffer()
    files.push(set)
  }
  return files
}

/** Writes the files under DATA_DIR/files/photos/{propertyId}/ and points BV-00001's photo rows at them. */
async function attachPhotoFiles(db, propertyId, dataDir, pendingPhotoFiles) {
  if (!pendingPhotoFiles) return
  const photoFiles = await pendingPhotoFiles
  const folder = path.join(dataDir, 'files', 'photos', propertyId)
  mkdirSync(folder, { recursive: true })
  const photos = await db.query('select id, position from property_photos where property_id = $1 order by position', [propertyId])
  for (const photo of photos) {
    const set = photoFiles[photo.position % photoFiles.length]
    const write = (data, ext) => {
      const name = `${randomBytes(16).toString('hex')}.${ext}`
      writeFileSync(path.join(folder, name), data)
      return `photos/${propertyId}/${name}`
    }
    const variantKeys = {}
    for (const [width, data] of Object.entries(set)) if (width !== 'original') variantKeys[width] = write(data, 'webp')
    await db.query(`update property_photos set original_key = $1, variant_keys = $2::jsonb, bytes = $3 where id = $4`, [
      write(set.original, 'jpg'),
      JSON.stringify(variantKeys),
      set.original.length,
      photo.id,
    ])
  }
}

/**
 * --explain: the plans of the two benchmarked list queries. The SQL mirrors what listProperties
 * (app/modules/properties/queries.server.ts) sends, with the values inlined.
 */
export async function explainListQueries(db, brokerId) {
  const columns = `id, title, type, purpose, rent_period, price, currency, city, area, status, bedrooms`
  // The broker's search (owner_search / owner_query, migration 0020) and the capped count it runs first.
  const waterfront = `owner_search(owner_id, search) @@ owner_query('${brokerId}'::uuid,
    coalesce(prefix_tsquery('{waterfront}') || websearch_to_tsquery('simple', fold_text('waterfront')),
      websearch_to_tsquery('simple', fold_text('waterfront'))))`
  const queries = {
    'q=waterfront (count)': `select count(*) from (select 1 from properties where ${waterfront} limit 1001) as matching`,
    'q=waterfront': `select ${columns} from properties where ${waterfront}
      order by created_at desc, id desc limit 24 offset 0`,
    'city=Porto&minBedrooms=2&sort=price_asc': `select ${columns} from properties
      where owner_id = '${brokerId}' and (city_folded like 'porto%' or area_folded like 'porto%') and bedrooms >= 2
      order by price asc nulls last, created_at desc limit 24 offset 0`,
    'unfiltered /properties': `select ${columns} from properties where owner_id = '${brokerId}'
      order by created_at desc, id desc limit 24 offset 0`,
  }
  for (const [name, text] of Object.entries(queries)) {
    const rows = await db.query(`explain (analyze, costs off) ${text}`)
    console.log(`\nEXPLAIN ANALYZE ${name}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`)
  }
}

