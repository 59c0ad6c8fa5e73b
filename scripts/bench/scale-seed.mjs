// The scale section's data (issue 24): the same two brokers in a small database and in a large
// one, so a page of theirs can be compared with itself while a million other rows sit beside it.
//
//   small:  a broker owning 1,000 properties and 1,000 clients, one owning 100,000 of each, and
//           an agency of 10 members (owner, admin, 8 agents) with 1,000 of each per member
//           (issue 26: the figures per agency and per member);
//   large:  the same, byte for byte the same rows (the same generator and salts), plus 998
//           other brokers owning 901 properties and 100 clients each: 1,010,198 properties.
//
// Set-based, in SQL (generate_series): no row crosses the wire. The measured brokers' rows are
// inserted each in one statement, as in the small database, so their heap layout is the same in
// both; the others' come in one statement after them. Deterministic: every attribute is a hash
// of (broker salt, row number), so a run measures what the last one did.
// The secondary indexes of the two big tables are dropped for the load and built again after
// it (one sort per index instead of a million index insertions), as a restore would.

export const SCALE_BROKERS = {
  small: { email: 'scale-1k@brokervault.test', fullName: 'Sol Scale', rows: 1000, salt: 1 },
  large: { email: 'scale-100k@brokervault.test', fullName: 'Lea Scale', rows: 100_000, salt: 2 },
}
export const OTHER_BROKERS = 998
export const OTHER_PROPERTIES_EACH = 901
export const OTHER_CLIENTS_EACH = 100
/** The measured agency: 10 members, each assigned this many properties and clients; salts from `salt` up. */
export const SCALE_AGENCY = { prefix: 'scale-agency', members: 10, rowsPerMember: 1000, salt: 100 }
/** What the matching client of each measured broker wants (the client page's "Matching properties"). */
export const MATCHING_CLIENT_NAME = 'Mara Matching'

// r(k): the k-th independent pseudo-random number of row `i` of broker `salt` (bigint, ≥ 0).
const r = (k) => `abs(hashint8((s.salt::bigint << 40) + g.i::bigint * 64 + ${k}))`

/**
 * INSERT of `perOwner` properties for every (owner_id, salt) row `owners` (a SELECT) yields,
 * the newest created a minute ago and each next one an hour older. The same vocabulary as
 * scripts/bench-seed.sql: "Waterfront" is 1 title in 16, Porto 1 city in 12.
 */
export function propertiesSql(owners, perOwner) {
  return `
    insert into properties (
      owner_id, category, type, purpose, rent_period, title, description, reference_code,
      price, currency, street, area, city, region, postal_code, country,
      built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
      features, tags, status, visibility, created_at, updated_at
    )
    select
      s.owner_id, t.category::property_category, t.type::property_type, v.purpose::property_purpose,
      case when v.purpose = 'rent' then 'monthly'::rent_period end,
      v.adjective || ' ' || initcap(replace(t.type, '_', ' ')) || ' in ' || v.area,
      v.opening || ' ' || v.closing,
      'SC-' || s.salt || '-' || lpad(g.i::text, 6, '0'),
      case when v.purpose = 'rent' then 400 + ${r(7)} % 4600 else 90000 + ${r(7)} % 1200000 end,
      'EUR',
      (${r(8)} % 180 + 1) || ' ' || (array['Oak Street', 'Harbour Road', 'Mill Lane', 'Station Avenue', 'Church Street',
        'Vine Road', 'Castle Hill', 'King Street', 'Park Avenue', 'Bridge Street'])[${r(9)} % 10 + 1],
      v.area, c.city, c.region, lpad((1000 + ${r(8)} % 8999)::text, 4, '0'), c.country,
      case when t.category <> 'land' then 35 + ${r(10)} % 460 end,
      case when t.category = 'land' then 500 + ${r(10)} % 20000 end,
      case when t.category = 'residential' then ${r(11)} % 6 end,
      case when t.category = 'residential' then 1 + ${r(12)} % 3 when t.category = 'commercial' then 1 + ${r(12)} % 2 end,
      case when t.category <> 'land' then ${r(11)} % 3 end,
      case when t.category <> 'land' then 1900 + ${r(12)} % 124 end,
      case when t.category <> 'land' then ${r(9)} % 2 = 0 end,
      array[f.features[${r(13)} % 16 + 1], f.features[(${r(13)} % 16 + 1 + ${r(14)} % 15) % 16 + 1]],
      string_to_array((array['exclusive,new', 'family,new', 'investment,price_drop', 'luxury,exclusive',
        'investment,family', 'new'])[${r(14)} % 6 + 1], ','),
      (array['draft', 'active', 'active', 'under_offer', 'sold', 'rented', 'off_market'])[${r(15)} % 7 + 1]::property_status,
      case when ${r(15)} % 4 = 0 then 'public' else 'private' end::property_visibility,
      now() - make_interval(mins => 1) - make_interval(hours => g.i),
      now() - make_interval(mins => 1) - make_interval(hours => g.i)
    from (${owners}) as s(owner_id, salt)
    cross join generate_series(1, ${perOwner}) as g(i)
    cross join lateral (
      select (array['Lisbon', 'Porto', 'Madrid', 'Barcelona', 'Valencia', 'Seville', 'Athens', 'Rome', 'Milan', 'Berlin',
          'Vienna', 'Prague'])[${r(1)} % 12 + 1] as city,
        (array['Lisboa', 'Norte', 'Madrid', 'Catalonia', 'Valencia', 'Andalusia', 'Attica', 'Lazio', 'Lombardy',
          'Berlin', 'Vienna', 'Prague'])[${r(1)} % 12 + 1] as region,
        (array['PT', 'PT', 'ES', 'ES', 'ES', 'ES', 'GR', 'IT', 'IT', 'DE', 'AT', 'CZ'])[${r(1)} % 12 + 1] as country
    ) as c
    cross join lateral (
      select (array['apartment', 'house', 'villa', 'townhouse', 'studio', 'penthouse', 'office', 'retail', 'warehouse',
          'industrial', 'hotel', 'plot', 'farm_land'])[${r(2)} % 13 + 1] as type,
        case when ${r(2)} % 13 < 6 then 'residential' when ${r(2)} % 13 < 11 then 'commercial' else 'land' end as category
    ) as t
    cross join lateral (
      select case when ${r(3)} % 3 = 0 then 'rent' else 'sale' end as purpose,
        (array['Sunny', 'Renovated', 'Spacious', 'Quiet', 'Modern', 'Charming', 'Bright', 'Elegant', 'Cosy',
          'Luminous', 'Historic', 'Waterfront', 'Classic', 'Restored', 'Generous', 'Airy'])[${r(4)} % 16 + 1] as adjective,
        (array['Old Town', 'Riverside', 'Harbour', 'Hillside', 'Downtown', 'Garden Quarter', 'University', 'Station',
          'Market'])[${r(5)} % 9 + 1] as area,
        (array['Well kept and ready to move in, with good light throughout the day.',
          'Close to schools, shops and public transport, in a calm residential street.',
          'Recently refurbished with quality materials and new electrical installation.',
          'Generous rooms, high ceilings and original details kept during the renovation.',
          'Excellent connection to the motorway and the airport, ideal for commuters.',
          'A rare opportunity in one of the most sought-after parts of the city.',
          'Low running costs thanks to insulation, double glazing and efficient heating.',
          'Flexible layout that suits a family, a home office or a rental investment.'])[${r(6)} % 8 + 1] as opening,
        (array['Viewings by appointment.', 'Documents available on request.', 'Price open to offers.',
          'Available immediately.', 'Floor plans and energy certificate in the file.'])[${r(6)} % 5 + 1] as closing
    ) as v
    cross join (select array['air_conditioning', 'balcony', 'central_heating', 'elevator', 'fireplace', 'garage', 'garden',
      'gym', 'pets_allowed', 'security', 'sea_view', 'solar_panels', 'storage', 'swimming_pool', 'terrace',
      'wheelchair_access'] as features) as f`
}

/** INSERT of `perOwner` clients for every (owner_id, salt) row of `owners`, as varied as the listings. */
export function clientsSql(owners, perOwner) {
  return `
    insert into clients (owner_id, full_name, email, phone, kind, stage, source, tags, notes, budget_min, budget_max,
      budget_currency, wanted_places, min_bedrooms, created_at, updated_at)
    select s.owner_id,
      (array['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Filipe', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Klara', 'Luis'])[${r(21)} % 12 + 1]
        || ' ' || (array['Silva', 'Garcia', 'Rossi', 'Muller', 'Novak', 'Papas', 'Costa', 'Lopez', 'Bauer'])[${r(22)} % 9 + 1] || ' ' || g.i,
      'client' || g.i || '.' || s.salt || '@example.test',
      '+351 9' || lpad((${r(23)} % 100000000)::text, 8, '0'),
      (array['buyer', 'seller', 'tenant', 'landlord', 'investor'])[${r(21)} % 5 + 1]::client_kind,
      (array['new', 'contacted', 'viewing', 'negotiating', 'won', 'lost'])[${r(22)} % 6 + 1]::client_stage,
      (array['Website', 'Referral', 'Portal', 'Walk-in'])[${r(23)} % 4 + 1],
      string_to_array((array['vip', 'investor,cash', 'relocating', 'first_home', ''])[${r(21)} % 5 + 1], ','),
      'Looking for something close to schools and transport.',
      100000 + ${r(22)} % 200000, 300000 + ${r(23)} % 600000, 'EUR',
      array[(array['Lisbon', 'Porto', 'Madrid', 'Rome', 'Berlin'])[${r(23)} % 5 + 1]],
      ${r(21)} % 4,
      now() - make_interval(hours => g.i), now() - make_interval(hours => g.i)
    from (${owners}) as s(owner_id, salt)
    cross join generate_series(1, ${perOwner}) as g(i)`
}

/** The measured brokers' client whose page the bench loads: a sale in Porto (any case or accent), 2+ bedrooms. */
export function matchingClientSql(ownerId) {
  return `
    insert into clients (owner_id, full_name, email, kind, stage, wanted_purpose, wanted_categories, budget_min, budget_max,
      budget_currency, wanted_places, min_bedrooms)
    values ('${ownerId}', '${MATCHING_CLIENT_NAME}', 'mara@example.test', 'buyer', 'viewing', 'sale', '{residential}',
      150000, 900000, 'EUR', '{PÓRTO,Riverside}', 2)
    returning id`
}

/** One cover photo per property of the owner (the list pages and matches read covers). */
export function coverPhotosSql(ownerId) {
  return `
    insert into property_photos (property_id, owner_id, position, caption, original_key, variant_keys, width, height, bytes, created_at)
    select p.id, p.owner_id, 0, 'Front view', 'bench/' || p.id || '/0/original.jpg',
      jsonb_build_object('320', 'bench/' || p.id || '/0/320.webp', '640', 'bench/' || p.id || '/0/640.webp',
        '1280', 'bench/' || p.id || '/0/1280.webp'),
      1600, 1067, 240000, p.created_at
    from properties p where p.owner_id = '${ownerId}'`
}

/** users + profiles + subscriptions for `count` other brokers (e-mails scale-other-N@…), one statement each. */
export function otherBrokersSql(count, passwordHash) {
  return [
    `insert into users (email, password_hash)
       select 'scale-other-' || n || '@brokervault.test', '${passwordHash}' from generate_series(1, ${count}) as n`,
    `insert into profiles (id, full_name)
       select id, 'Other ' || split_part(email, '@', 1) from users where email like 'scale-other-%'`,
    `insert into user_subscriptions (user_id, plan)
       select id, 'professional' from users where email like 'scale-other-%'`,
  ]
}

/** (owner_id, salt) of the other brokers: salts from 1,000 up, never a measured broker's. */
export const OTHER_OWNERS = `select id, 1000 + row_number() over (order by email)::int from users where email like 'scale-other-%'`

/** Secondary indexes of `tables` (not the ones behind a constraint), to drop for a bulk load and build again. */
async function secondaryIndexes(db, tables) {
  return db.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  )
}

/**
 * Seeds the scale section's database: `large` adds the 998 other brokers. Answers the measured
 * brokers with their ids and their matching client's id, and the agency's agent and admin the
 * same way. `insertBroker(db, broker)` makes a broker who can sign in (seed.mjs's, with the
 * bench's password hash); `insertAgency(db, members)` an agency of such brokers (seed.mjs's).
 * `maintenanceWorkMem` (e.g. '256MB') for the index builds; the session's default otherwise.
 */
export async function seedScale(db, { large, passwordHash, insertBroker, insertAgency, agencyMembers, maintenanceWorkMem = null, log = () => {} }) {
  const indexes = await secondaryIndexes(db, ['properties', 'clients'])
  for (const { name } of indexes) await db.exec(`drop index ${name}`)
  // Beyond any plan's limit: the plan-limit trigger (a count per inserted row) is off for the load.
  await db.exec('alter table properties disable trigger properties_enforce_plan_limit')
  const brokers = {}
  for (const [size, broker] of Object.entries(SCALE_BROKERS)) {
    const id = await insertBroker(db, broker)
    const owner = `select '${id}'::uuid, ${broker.salt}`
    await db.exec(propertiesSql(owner, broker.rows))
    await db.exec(clientsSql(owner, broker.rows))
    const [client] = await db.query(matchingClientSql(id))
    await db.exec(coverPhotosSql(id))
    brokers[size] = { ...broker, id, matchingClientId: client.id }
    log(`scale: ${broker.rows} properties and clients of ${broker.email}`)
  }
  const agency = await seedAgency(db, insertAgency, agencyMembers(SCALE_AGENCY.prefix, SCALE_AGENCY.members))
  log(`scale: ${agency.rows} properties and clients of a ${SCALE_AGENCY.members}-member agency`)
  if (large) {
    for (const text of otherBrokersSql(OTHER_BROKERS, passwordHash)) await db.exec(text)
    await db.exec(propertiesSql(OTHER_OWNERS, OTHER_PROPERTIES_EACH))
    await db.exec(clientsSql(OTHER_OWNERS, OTHER_CLIENTS_EACH))
    log(`scale: ${OTHER_BROKERS} other brokers, ${OTHER_BROKERS * OTHER_PROPERTIES_EACH} properties`)
  }
  await db.exec('alter table properties enable trigger properties_enforce_plan_limit')
  // More memory for the index builds than the 64 MB default, where there is memory to spare.
  if (maintenanceWorkMem) await db.exec(`set maintenance_work_mem = '${maintenanceWorkMem}'`)
  for (const { definition } of indexes) await db.exec(definition)
  log(`scale: ${indexes.length} indexes built`)
  // As autovacuum leaves a table after a bulk load: visibility maps set, statistics fresh.
  for (const table of ['properties', 'clients', 'property_photos', 'users']) await db.exec(`vacuum analyze ${table}`)
  const [{ n }] = await db.query('select count(*)::int as n from properties')
  return { brokers, agency, properties: n }
}

/**
 * The measured agency's rows: each member's in one statement for all (the agency is filled in
 * from the member's agency, migration 0022), a matching client and cover photos for each. The
 * agent measured sees the agency's listings and their own clients; the admin sees all of both.
 */
async function seedAgency(db, insertAgency, members) {
  const { agencyId, members: inserted } = await insertAgency(db, members)
  const owners = inserted.map((member, i) => `select '${member.id}'::uuid, ${SCALE_AGENCY.salt + i}`).join(' union all ')
  await db.exec(propertiesSql(owners, SCALE_AGENCY.rowsPerMember))
  await db.exec(clientsSql(owners, SCALE_AGENCY.rowsPerMember))
  for (const member of inserted) await db.exec(coverPhotosSql(member.id))
  const measured = async (role) => {
    const member = inserted.find((m) => m.role === role)
    const [client] = await db.query(matchingClientSql(member.id))
    return { ...member, matchingClientId: client.id }
  }
  return { agencyId, rows: SCALE_AGENCY.rowsPerMember * inserted.length, agent: await measured('agent'), admin: await measured('admin') }
}
